// What Compete's test suites and its benchmark share: where things are built,
// running the real Compete binary as a subprocess, reading its result file,
// and finding processes that outlived it.
#pragma once
#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

#include "../../common/tests/shell.h"

namespace ct {

// Absolute paths, fixed at build time by the makefile.
std::string repo_root();
std::string compete_binary();                 // Compete/Compete
std::string plugin(const std::string& name);  // build/Compete/tests/plugins/<name>.so

using test_shell::read_file;  // "" if it cannot be read
using test_shell::TempDir;
bool file_exists(const std::string& path);
std::vector<std::string> list_dir(const std::string& path);  // names, sorted, without . and ..

// How a subprocess ended, and what it printed.
struct RunResult {
  bool exited = false;  // false: killed by a signal (or by the timeout)
  int exit_code = -1;
  int signal = 0;
  bool timed_out = false;  // still running after the timeout: killed, a test failure
  std::string out, err;
  double seconds = 0;
};

// Called every few milliseconds while the program runs, with its pid and the
// stderr written so far; return true once it has done its job (it is not called again).
using Watcher = std::function<bool(pid_t pid, const std::string& err_so_far)>;

// Runs argv (argv[0] a path) in `cwd` in its own process group, stdout and
// stderr each captured in full, stdin from /dev/null. On timeout the group is
// killed and timed_out set.
RunResult run(const std::vector<std::string>& argv, const std::string& cwd, int timeout_ms = 60000,
              Watcher watcher = nullptr);

// Runs Compete with `args` (options and positionals, in that order) in `cwd`.
RunResult run_compete(const std::vector<std::string>& args, const std::string& cwd, int timeout_ms = 60000,
                      Watcher watcher = nullptr);

// Live (not zombie) processes whose command line contains `marker`.
std::vector<pid_t> processes_mentioning(const std::string& marker);
// Waits up to `ms` for them to vanish; returns those still alive.
std::vector<pid_t> survivors(const std::string& marker, int ms = 2000);
// True if `pid` exists and is not a zombie.
bool process_alive(pid_t pid);

// A result file as the original judge writes it, parsed strictly.
struct ParsedResult {
  bool ok = false;
  std::string error;  // what broke the format, with the line number
  struct Round {
    int index = -1;
    std::vector<int> codes;  // one or two games
    std::vector<long long> seconds_a, seconds_b;
  };
  std::vector<Round> rounds;
  std::vector<std::string> stat_values;  // the five ratios, as printed
  std::vector<int> all_codes() const;
};
ParsedResult parse_result_file(const std::string& text);

// The Stat block the original would print for these codes, computed here
// independently of Compete's own code (the tests' reference).
std::string expected_stat_block(const std::vector<int>& codes);

}  // namespace ct
