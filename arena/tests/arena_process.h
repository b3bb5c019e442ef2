// What the arena's suites share: the arena started as a real process on a
// free port (its start line read back), and HTTP calls to it.
#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

#include "../../common/json_read.h"

namespace at {

// Absolute paths, fixed at build time by the makefile.
std::string repo_root();
std::string arena_binary();                        // build/bin/arena
std::string test_plugin(const std::string& name);  // build/Compete/tests/plugins/<name>.so

// One HTTP exchange's outcome.
struct Reply {
  int status = 0;  // 0: no answer
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  judge::JsonValue json() const;  // the body parsed (fails the test if it is not JSON)
  std::string header(const std::string& name) const;
};

class ArenaProcess {
 public:
  // Starts build/bin/arena --port 0 with `args`; fails the test without a start line in 5 s.
  explicit ArenaProcess(const std::vector<std::string>& args = {});
  ~ArenaProcess();  // SIGTERM, then waits (SIGKILL after 5 s)
  ArenaProcess(const ArenaProcess&) = delete;
  ArenaProcess& operator=(const ArenaProcess&) = delete;

  const std::string& start_line() const { return start_line_; }
  int port() const { return port_; }
  const std::string& token() const { return token_; }
  pid_t pid() const { return pid_; }
  bool alive() const;

  // A request with the token as the X-Arena-Token header (unless `token` is
  // given: then that one, "" for none) and Host 127.0.0.1:PORT (unless `host`).
  Reply post(const std::string& path, const std::string& body, const char* token = nullptr,
             const char* host = nullptr) const;
  Reply get(const std::string& path, const char* token = nullptr, const char* host = nullptr) const;

 private:
  Reply request(const std::string& method, const std::string& path, const std::string& body, const char* token,
                const char* host) const;
  pid_t pid_ = -1;
  int out_fd_ = -1;
  std::string start_line_, token_;
  int port_ = 0;
};

}  // namespace at
