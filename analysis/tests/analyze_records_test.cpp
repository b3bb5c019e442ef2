// build/bin/analyze on real Run2048 and pdd-referee records: every line kept
// and annotated, the same bytes at -j 1 and -j 2, the summary's totals.
#include <doctest/doctest.h>

#include <string>

#include "../../common/tests/shell.h"

namespace {

const std::string kRoot = ANALYSIS_TEST_ROOT;

// Analyses `record` in `dir` at -j 1 and -j 2; checks the two outputs are equal and that every
// line is the record's with its analysis appended. Returns the summary.
std::string analyse_both_ways(const test_shell::TempDir& dir, const std::string& record, int games) {
  std::string summary, out;
  const std::string analyze = kRoot + "/build/bin/analyze " + record + " --depth-pdd 1 ";
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o one.jsonl --summary", &summary) == 0);
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o two.jsonl -j 2", &out) == 0);
  const std::string one = test_shell::read_file(dir / "one.jsonl"), plain = test_shell::read_file(dir / record);
  CHECK(one == test_shell::read_file(dir / "two.jsonl"));
  int lines = 0;
  for (size_t p = 0, a = 0; p < plain.size(); ++lines) {
    const size_t p_end = plain.find('\n', p), a_end = one.find('\n', a);
    const std::string line = plain.substr(p, p_end - p), annotated = one.substr(a, a_end - a);
    CHECK(annotated.compare(0, line.size() - 1, line, 0, line.size() - 1) == 0);
    CHECK(annotated.find(",\"analysis\":{\"line\":" + std::to_string(lines + 1) + ",\"engine\":") == line.size() - 1);
    p = p_end + 1;
    a = a_end + 1;
  }
  CHECK(lines == games);
  return summary;
}

}  // namespace

TEST_CASE("analyze: a Run2048 record, each move's four values; the summary gives each game's accuracy") {
  test_shell::TempDir dir;
  std::string out;
  REQUIRE(test_shell::run_in(dir.path(),
                             kRoot + "/build/bin/Run2048 " + kRoot +
                                 "/build/so/simple.so --games 3 --seed 7 --out stats.txt "
                                 "--record r.jsonl --progress off --bot-log none",
                             &out) == 0);
  const std::string summary = analyse_both_ways(dir, "r.jsonl", 3);
  for (int g = 1; g <= 3; ++g) CHECK(summary.find("game " + std::to_string(g) + ": accuracy ") != std::string::npos);
  CHECK(summary.find("total: 3 games, mean accuracy ") != std::string::npos);
}

TEST_CASE("analyze: a pdd-referee record, each action against the best; the summary gives the largest loss") {
  test_shell::TempDir dir;
  std::string out;
  REQUIRE(test_shell::run_in(dir.path(),
                             kRoot + "/build/bin/pdd-referee " + kRoot + "/build/bin/pdd-greedy " + kRoot +
                                 "/build/bin/pdd-random --games 2 --seed 3 --dir games --record p.jsonl "
                                 "--quiet",
                             &out) == 0);
  const std::string summary = analyse_both_ways(dir, "p.jsonl", 2);
  for (int g = 1; g <= 2; ++g)
    CHECK(summary.find("game " + std::to_string(g) + ": largest loss ") != std::string::npos);
  CHECK(summary.find("total: 2 games, largest loss of an action ") != std::string::npos);
}
