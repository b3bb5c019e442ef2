#include "arena_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <regex>
#include <thread>

#include <doctest/doctest.h>
#include <httplib.h>
#include <strings.h>

namespace at {

std::string repo_root() { return ARENA_TEST_ROOT; }
std::string arena_binary() { return std::string(ARENA_TEST_BUILD) + "/bin/arena"; }
std::string test_plugin(const std::string& name) {
  return std::string(ARENA_TEST_BUILD) + "/Compete/tests/plugins/" + name + ".so";
}

judge::JsonValue Reply::json() const {
  judge::JsonValue value;
  std::string error;
  const bool ok = judge::parse_json(body, &value, &error);
  INFO("body: ", body, " error: ", error);
  CHECK(ok);
  return value;
}

std::string Reply::header(const std::string& name) const {
  for (const auto& h : headers)
    if (strcasecmp(h.first.c_str(), name.c_str()) == 0) return h.second;
  return "";
}

ArenaProcess::ArenaProcess(const std::vector<std::string>& args) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  std::vector<std::string> argv = {arena_binary(), "--port", "0"};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = fork();
  REQUIRE(pid_ >= 0);
  if (pid_ == 0) {
    setpgid(0, 0);
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> c_argv;
    for (std::string& a : argv) c_argv.push_back(a.data());
    c_argv.push_back(nullptr);
    execv(c_argv[0], c_argv.data());
    _exit(127);
  }
  close(fds[1]);
  out_fd_ = fds[0];
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (start_line_.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    pollfd p{out_fd_, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    char c[256];
    const ssize_t n = read(out_fd_, c, sizeof c);
    if (n <= 0) break;
    start_line_.append(c, n);
  }
  REQUIRE_MESSAGE(start_line_.find('\n') != std::string::npos, "the arena printed no start line");
  start_line_.resize(start_line_.find('\n'));
  std::smatch m;
  REQUIRE(std::regex_match(start_line_, m, std::regex(R"(arena: http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32}))")));
  port_ = std::stoi(m[1]);
  token_ = m[2];
}

bool ArenaProcess::alive() const { return pid_ > 0 && kill(pid_, 0) == 0 && waitpid(pid_, nullptr, WNOHANG) == 0; }

ArenaProcess::~ArenaProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    for (int i = 0; i < 500; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (pid_ > 0) {
      kill(-pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  if (out_fd_ >= 0) close(out_fd_);
}

Reply ArenaProcess::post(const std::string& path, const std::string& body, const char* token, const char* host) const {
  return request("POST", path, body, token, host);
}
Reply ArenaProcess::get(const std::string& path, const char* token, const char* host) const {
  return request("GET", path, "", token, host);
}

Reply ArenaProcess::request(const std::string& method, const std::string& path, const std::string& body,
                            const char* token, const char* host) const {
  httplib::Client client("127.0.0.1", port_);
  client.set_read_timeout(30, 0);
  httplib::Headers headers = {{"Host", host ? host : "127.0.0.1:" + std::to_string(port_)}};
  const std::string t = token ? token : token_;
  if (!t.empty()) headers.emplace("X-Arena-Token", t);
  auto result = method == "POST" ? client.Post(path.c_str(), headers, body, "application/json")
                                 : client.Get(path.c_str(), headers);
  Reply reply;
  if (!result) return reply;
  reply.status = result->status;
  reply.body = result->body;
  for (const auto& h : result->headers) reply.headers.emplace_back(h.first, h.second);
  return reply;
}

}  // namespace at
