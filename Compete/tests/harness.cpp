#include "harness.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#ifndef COMPETE_TEST_ROOT
#error "the makefile defines COMPETE_TEST_ROOT and COMPETE_TEST_BUILD"
#endif

namespace ct {

std::string repo_root() { return COMPETE_TEST_ROOT; }
std::string compete_binary() { return repo_root() + "/Compete/Compete"; }
std::string plugin(const std::string& name) {
  return std::string(COMPETE_TEST_BUILD) + "/Compete/tests/plugins/" + name + ".so";
}

bool file_exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::vector<std::string> list_dir(const std::string& path) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(path.c_str())) {
    while (dirent* e = ::readdir(d))
      if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.push_back(e->d_name);
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

RunResult run(const std::vector<std::string>& argv, const std::string& cwd, int timeout_ms, Watcher watcher) {
  RunResult result;
  TempDir capture;
  const std::string out_path = capture / "stdout", err_path = capture / "stderr";
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    int in = ::open("/dev/null", O_RDONLY);
    int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(126);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  if (pid < 0) return result;
  ::setpgid(pid, pid);
  int raw = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &raw, WNOHANG);
    if (r == pid) break;
    double elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (elapsed_ms > timeout_ms) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &raw, 0);
      break;
    }
    if (watcher && watcher(pid, read_file(err_path))) watcher = nullptr;
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(raw)) {
    result.exited = true;
    result.exit_code = WEXITSTATUS(raw);
  } else if (WIFSIGNALED(raw)) {
    result.signal = WTERMSIG(raw);
  }
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  return result;
}

RunResult run_compete(const std::vector<std::string>& args, const std::string& cwd, int timeout_ms, Watcher watcher) {
  std::vector<std::string> argv = {compete_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return run(argv, cwd, timeout_ms, watcher);
}

bool process_alive(pid_t pid) {
  std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  if (stat.empty()) return false;
  size_t paren = stat.rfind(')');
  if (paren == std::string::npos || paren + 2 >= stat.size()) return false;
  return stat[paren + 2] != 'Z' && stat[paren + 2] != 'X';
}

namespace {

// True if `cmdline` contains `marker`, or the sandbox's staged copy of it: a
// checkout closed to other users runs plugins from copies under
// /tmp/judge-stage.*, named like the originals (common/staging.h).
bool mentions(const std::string& cmdline, const std::string& marker) {
  if (cmdline.find(marker) != std::string::npos) return true;
  const size_t path = marker.find('/');
  if (path == std::string::npos) return false;
  // The words before the path ("--plugin-host "), then a staged path ending in the same name.
  const std::string staged = marker.substr(0, path) + "/tmp/judge-stage.", name = marker.substr(marker.rfind('/'));
  for (size_t at = cmdline.find(staged); at != std::string::npos; at = cmdline.find(staged, at + 1)) {
    size_t end = cmdline.find(' ', at + path);
    if (end == std::string::npos) end = cmdline.size();
    if (cmdline.compare(end - name.size(), name.size(), name) == 0) return true;
  }
  return false;
}

}  // namespace

std::vector<pid_t> processes_mentioning(const std::string& marker) {
  std::vector<pid_t> found;
  const pid_t self = ::getpid();
  for (const std::string& name : list_dir("/proc")) {
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    pid_t pid = static_cast<pid_t>(std::stol(name));
    if (pid == self) continue;
    std::string cmdline = read_file("/proc/" + name + "/cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (mentions(cmdline, marker) && process_alive(pid)) found.push_back(pid);
  }
  return found;
}

std::vector<pid_t> survivors(const std::string& marker, int ms) {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    std::vector<pid_t> left = processes_mentioning(marker);
    if (left.empty() || std::chrono::steady_clock::now() > until) return left;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::vector<int> ParsedResult::all_codes() const {
  std::vector<int> codes;
  for (const Round& r : rounds) codes.insert(codes.end(), r.codes.begin(), r.codes.end());
  return codes;
}

namespace {

std::vector<std::string> split_lines(const std::string& text, bool* ends_with_newline) {
  std::vector<std::string> lines;
  std::string line;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  *ends_with_newline = line.empty();
  if (!line.empty()) lines.push_back(line);
  return lines;
}

bool parse_whole_int(const std::string& s, long long* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  *out = std::strtoll(s.c_str(), &end, 10);
  return *end == '\0';
}

}  // namespace

ParsedResult parse_result_file(const std::string& text) {
  ParsedResult parsed;
  bool newline_end = false;
  std::vector<std::string> lines = split_lines(text, &newline_end);
  size_t i = 0;
  auto fail = [&](const std::string& why) {
    parsed.ok = false;
    parsed.error = "line " + std::to_string(i + 1) + ": " + why + (i < lines.size() ? " ('" + lines[i] + "')" : "");
    return parsed;
  };
  if (!newline_end) return fail("the file does not end with a newline");
  while (i < lines.size() && lines[i] != "Stat:") {
    ParsedResult::Round round;
    long long index = 0;
    const std::string& head = lines[i];
    if (head.size() < 2 || head.back() != ':' || !parse_whole_int(head.substr(0, head.size() - 1), &index))
      return fail("expected a round header 'i:'");
    round.index = static_cast<int>(index);
    if (!parsed.rounds.empty() && round.index <= parsed.rounds.back().index) return fail("rounds out of order");
    ++i;
    while (i < lines.size() && !lines[i].empty()) {
      std::vector<std::string> fields;
      std::stringstream fs(lines[i]);
      std::string field;
      while (std::getline(fs, field, '\t')) fields.push_back(field);
      long long code, ta, tb;
      if (fields.size() != 3 || !parse_whole_int(fields[0], &code) || !parse_whole_int(fields[1], &ta) ||
          !parse_whole_int(fields[2], &tb))
        return fail("expected 'code<TAB>secondsA<TAB>secondsB'");
      if (code < -4 || code > 8) return fail("no such result code");
      if (ta < 0 || tb < 0) return fail("negative time");
      round.codes.push_back(static_cast<int>(code));
      round.seconds_a.push_back(ta);
      round.seconds_b.push_back(tb);
      ++i;
    }
    if (round.codes.empty() || round.codes.size() > 2) return fail("a round needs one or two game lines");
    if (i >= lines.size()) return fail("missing the empty line after a round");
    ++i;  // the empty line
    parsed.rounds.push_back(round);
  }
  if (i >= lines.size()) return fail("missing 'Stat:'");
  ++i;
  const char* labels[] = {"ratio of A wins : ",         "ratio of B wins : ",        "ratio of Tie : ", "",
                          "ratio of (A wins + tie) : ", "ratio of (B wins + tie) : "};
  for (const char* label : labels) {
    if (i >= lines.size()) return fail("the Stat block is cut short");
    std::string want = label;
    if (want.empty()) {
      if (!lines[i].empty()) return fail("expected the empty line inside the Stat block");
    } else {
      if (lines[i].compare(0, want.size(), want) != 0) return fail("expected '" + want + "'");
      parsed.stat_values.push_back(lines[i].substr(want.size()));
    }
    ++i;
  }
  if (i != lines.size()) return fail("text after the Stat block");
  parsed.ok = true;
  return parsed;
}

std::string expected_stat_block(const std::vector<int>& codes) {
  int a = 0, b = 0, tie = 0;
  for (int code : codes) {
    if (code == 1 || code == 5 || code == 6 || code == 8)
      ++a;
    else if (code == 2 || code == 3 || code == 4 || code == 7)
      ++b;
    else if (code == 0)
      ++tie;
  }
  double games = codes.empty() ? 1 : static_cast<double>(codes.size());
  std::ostringstream out;
  out << "Stat:\n"
      << "ratio of A wins : " << a / games << "\n"
      << "ratio of B wins : " << b / games << "\n"
      << "ratio of Tie : " << tie / games << "\n\n"
      << "ratio of (A wins + tie) : " << (a + tie) / games << "\n"
      << "ratio of (B wins + tie) : " << (b + tie) / games << "\n";
  return out.str();
}

}  // namespace ct
