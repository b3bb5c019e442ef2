#include "ladder_harness.h"

#include <doctest/doctest.h>

#include <sstream>

#ifndef LADDER_TEST_ROOT
#error "the makefile defines LADDER_TEST_ROOT and LADDER_TEST_BUILD"
#endif

namespace lt {

std::string repo_root() { return LADDER_TEST_ROOT; }
std::string build_dir() { return LADDER_TEST_BUILD; }
std::string ladder_binary() { return build_dir() + "/bin/ladder"; }
std::string test_plugin(const std::string& name) { return build_dir() + "/Compete/tests/plugins/" + name + ".so"; }
std::string sample(int level) { return repo_root() + "/TestCases/" + std::to_string(level) + ".so"; }
std::string pdd_program(const std::string& name) { return build_dir() + "/bin/pdd-" + name; }

ct::RunResult ladder(const std::vector<std::string>& args, int timeout_ms, ct::Watcher watcher) {
  std::vector<std::string> argv = {ladder_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  ct::RunResult r = ct::run(argv, "/tmp", timeout_ms, watcher);
  INFO("ladder " << args[0] << " stderr: " << r.err.substr(0, 3000));
  REQUIRE_FALSE(r.timed_out);
  return r;
}

std::vector<std::string> raw_lines(const std::string& path) {
  std::vector<std::string> lines;
  std::istringstream in(ct::read_file(path));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

std::vector<judge::JsonValue> json_lines(const std::string& path) {
  std::vector<judge::JsonValue> values;
  for (const std::string& line : raw_lines(path)) {
    judge::JsonValue v;
    std::string error;
    INFO(path << ": " << line.substr(0, 200));
    REQUIRE(judge::parse_json(line, &v, &error));
    values.push_back(v);
  }
  return values;
}

std::string text(const judge::JsonValue& v, const std::string& key) {
  const judge::JsonValue* m = v.find(key);
  return m ? m->text : "";
}

std::vector<std::pair<std::string, double>> ratings(const std::string& dir) {
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(ct::read_file(dir + "/standings.json"), &v, &error));
  std::vector<std::pair<std::string, double>> out;
  for (const judge::JsonValue& p : v.find("players")->items) out.push_back({text(p, "id"), p.find("elo")->number});
  return out;
}

}  // namespace lt
