// What the ladder's suites share: where things are built, the ladder binary
// run as a subprocess, and a ladder folder's files read back.
#pragma once
#include <string>
#include <vector>

#include "../../Compete/tests/harness.h"
#include "../../common/json_read.h"

namespace lt {

std::string repo_root();
std::string build_dir();
std::string ladder_binary();                       // build/bin/ladder
std::string test_plugin(const std::string& name);  // build/Compete/tests/plugins/<name>.so
std::string sample(int level);                     // TestCases/<level>.so
std::string pdd_program(const std::string& name);  // build/bin/pdd-<name>

// Runs `ladder args...`; fails the test when it does not end by itself in time.
ct::RunResult ladder(const std::vector<std::string>& args, int timeout_ms = 120000, ct::Watcher watcher = nullptr);

// The non-empty lines of a file, each parsed (fails the test on a line that is not JSON).
std::vector<judge::JsonValue> json_lines(const std::string& path);
// The raw lines of a file (the last one even without its newline).
std::vector<std::string> raw_lines(const std::string& path);

// Member `key` of an object as text ("" if absent; numbers as written).
std::string text(const judge::JsonValue& v, const std::string& key);

// The ratings in standings.json: player id -> Elo.
std::vector<std::pair<std::string, double>> ratings(const std::string& dir);

}  // namespace lt
