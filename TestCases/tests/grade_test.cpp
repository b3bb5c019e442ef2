// The grade: points per result code, forfeits, group sums and total, the
// results file, and the Grade tool end to end on plugins that forfeit.
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "../../Compete/game.h"
#include "../../common/tests/oj_programs.h"
#include "../tools/grade_score.h"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs a shell command; its stdout (and stderr, unless told not to) and its exit code.
std::string run(const std::string& command, int* exit_code, bool with_stderr = true) {
  std::string output;
  FILE* pipe = popen((command + (with_stderr ? " 2>&1" : " 2>/dev/null")).c_str(), "r");
  REQUIRE(pipe);
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  int status = pclose(pipe);
  *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("groups are the OJ's: odd samples, five per group") {
  CHECK(grade::group_samples(1) == std::vector<int>{1, 3, 5, 7, 9});
  CHECK(grade::group_samples(2) == std::vector<int>{11, 13, 15, 17, 19});
  CHECK(grade::group_samples(5) == std::vector<int>{41, 43, 45, 47, 49});
  CHECK(grade::kGroupPoints == 100);
  CHECK(grade::kTotalPoints == 500);
}

TEST_CASE("points per result code: win 10, tie 5, loss 0; forfeits count for the other side") {
  CHECK(grade::points_for(c4::kAWins) == 10);
  CHECK(grade::points_for(c4::kTie) == 5);
  CHECK(grade::points_for(c4::kBWins) == 0);
  // The strategy's own faults lose the game.
  CHECK(grade::points_for(c4::kARuntimeError) == 0);
  CHECK(grade::points_for(c4::kAIllegalMove) == 0);
  CHECK(grade::points_for(c4::kATimeout) == 0);
  CHECK(grade::points_for(c4::kALoadError) == 0);
  CHECK(grade::points_for(c4::kAMissingSymbol) == 0);
  // The sample's faults win it.
  CHECK(grade::points_for(c4::kBRuntimeError) == 10);
  CHECK(grade::points_for(c4::kBIllegalMove) == 10);
  CHECK(grade::points_for(c4::kBTimeout) == 10);
  // A sample that cannot be loaded gives nothing, and is flagged.
  CHECK(grade::points_for(c4::kBLoadError) == 0);
  CHECK(grade::sample_failed_to_load(c4::kBLoadError));
  CHECK(grade::sample_failed_to_load(c4::kBMissingSymbol));
  CHECK_FALSE(grade::sample_failed_to_load(c4::kBTimeout));
  CHECK(grade::outcome_text(c4::kATimeout) == "lost: timed out");
  CHECK(grade::outcome_text(c4::kBIllegalMove) == "won: the sample made an illegal move");
}

TEST_CASE("group sums and the total") {
  std::vector<grade::GameEntry> games;
  // Group 1: everything won (100). Group 2: all ties (50). Group 3: lost, one
  // crash, one timeout, one sample crash (10).
  for (int s : grade::group_samples(1))
    for (bool first : {true, false}) games.push_back({1, s, first, c4::kAWins});
  for (int s : grade::group_samples(2))
    for (bool first : {true, false}) games.push_back({2, s, first, c4::kTie});
  int codes3[10] = {c4::kBWins, c4::kBWins,         c4::kARuntimeError, c4::kBWins, c4::kATimeout,
                    c4::kBWins, c4::kBRuntimeError, c4::kBWins,         c4::kBWins, c4::kAIllegalMove};
  int i = 0;
  for (int s : grade::group_samples(3))
    for (bool first : {true, false}) games.push_back({3, s, first, codes3[i++]});
  grade::Report r = grade::score(games);
  CHECK(r.points[1] == 100);
  CHECK(r.points[2] == 50);
  CHECK(r.points[3] == 10);
  CHECK(r.points[4] == 0);
  CHECK(r.games[3] == 10);
  CHECK(r.games[4] == 0);
  CHECK(r.total == 160);
  CHECK(r.wins == 11);
  CHECK(r.ties == 10);
  CHECK(r.losses == 9);
  CHECK(r.forfeits == 3);
}

TEST_CASE("the results file reads back, and bad lines are named") {
  std::vector<grade::GameEntry> games = {
      {1, 1, true, c4::kAWins}, {1, 1, false, c4::kTie}, {2, 11, true, c4::kATimeout}};
  std::string text = grade::format_results(games, "a test");
  std::vector<grade::GameEntry> back;
  std::string error;
  REQUIRE(grade::parse_results(text, &back, &error));
  REQUIRE(back.size() == 3);
  CHECK(back[1].strategy_first == false);
  CHECK(back[2].code == c4::kATimeout);
  CHECK(grade::score(back).total == 15);

  CHECK_FALSE(grade::parse_results("1\t1\tstrategy\t1\t5\twon\n", &back, &error));
  CHECK(error.find("line 1") != std::string::npos);
  CHECK(error.find("points 5") != std::string::npos);
  CHECK_FALSE(grade::parse_results("# x\n7\t1\tstrategy\t1\t10\twon\n", &back, &error));
  CHECK(error.find("line 2: group 7") != std::string::npos);
  CHECK_FALSE(grade::parse_results("1\t1\tnobody\t1\t10\twon\n", &back, &error));
  CHECK(error.find("nobody") != std::string::npos);
}

TEST_CASE("a recorded grade scores to the total it printed") {
  // TestCases/tests/data/recorded_grade.tsv and .txt: a real run of
  // build/bin/Grade (see the .txt's first line), kept with its printed output.
  std::string recorded = read_file("TestCases/tests/data/recorded_grade.tsv");
  std::string printed = read_file("TestCases/tests/data/recorded_grade.txt");
  REQUIRE(!recorded.empty());
  REQUIRE(!printed.empty());
  std::vector<grade::GameEntry> games;
  std::string error;
  REQUIRE_MESSAGE(grade::parse_results(recorded, &games, &error), error);
  CHECK(games.size() == 50);
  grade::Report r = grade::score(games);
  for (int g = 1; g <= grade::kGroups; ++g) {
    CHECK(r.games[g] == 10);
    CHECK(printed.find("Group " + std::to_string(g) + ": " + std::to_string(r.points[g]) + " / 100") !=
          std::string::npos);
  }
  CHECK(printed.find("Total: " + std::to_string(r.total) + " / 500") != std::string::npos);
}

TEST_CASE("Grade names the strategy's forfeits and scores them 0") {
  struct Fault {
    const char* plugin;
    const char* outcome;
  } faults[] = {{"crash", "lost: crashed"}, {"illegal", "lost: illegal move"}, {"timeout", "lost: timed out"}};
  for (const Fault& f : faults) {
    CAPTURE(f.plugin);
    int code = 0;
    std::string results = "build/TestCases/tests/grade_" + std::string(f.plugin) + ".tsv";
    std::string out = run("build/bin/Grade --group 1 --seed 5 -j 2 --time-limit 300 --results " + results +
                              " build/TestCases/faulty/" + f.plugin + ".so",
                          &code, false);
    CHECK(code == 0);
    CHECK(count(out, f.outcome) == 10);
    CHECK(out.find("Group 1: 0 / 100") != std::string::npos);
    CHECK(out.find("Total: 0 / 100") != std::string::npos);
    CHECK(out.find("10 forfeited by the strategy") != std::string::npos);
    std::vector<grade::GameEntry> games;
    std::string error;
    REQUIRE(grade::parse_results(read_file(results), &games, &error));
    CHECK(games.size() == 10);
    CHECK(grade::score(games).forfeits == 10);
  }
}

TEST_CASE("Grade grades a program the OJ's way: a Python script of random legal moves, and one that prints") {
  const std::string folder = "build/TestCases/tests/programs";
  std::filesystem::create_directories(folder);
  for (const bool noisy : {false, true}) {
    CAPTURE(noisy);
    const std::string script = test_programs::python_random_player(folder + (noisy ? "/noisy.py" : "/random.py"),
                                                                   noisy ? "print('thinking about', y)" : "");
    int code = 0;
    const std::string out = run("build/bin/Grade --group 1 --seed 5 -j 2 " + script, &code, false);
    INFO(out);
    CHECK(code == 0);
    CHECK(out.find("Total: ") != std::string::npos);
    if (noisy) {
      CHECK(out.find("Total: 0 / 100") != std::string::npos);
      CHECK(count(out, "lost: crashed") == 10);  // the OJ counts the garbled reply as a runtime error
    } else {
      CHECK(out.find("; 0 forfeited by the strategy)") != std::string::npos);
    }
  }
}

TEST_CASE("Grade plays each sample twice on one board, first and second, and adds up") {
  int code = 0;
  std::string results = "build/TestCases/tests/grade_random.tsv", record = "build/TestCases/tests/grade_random.jsonl",
              page = "build/TestCases/tests/grade_random.html";
  std::remove(record.c_str());
  std::remove(page.c_str());
  const std::string files = " --results " + results + " --record " + record + " --html " + page;
  std::string out = run("build/bin/Grade --group 1 --seed 11 -j 2" + files + " TestCases/1.so", &code);
  CHECK(code == 0);
  std::vector<grade::GameEntry> games;
  std::string error;
  REQUIRE(grade::parse_results(read_file(results), &games, &error));
  REQUIRE(games.size() == 10);
  for (size_t i = 0; i < games.size(); i += 2) {
    CHECK(games[i].sample == games[i + 1].sample);
    CHECK(games[i].strategy_first);
    CHECK_FALSE(games[i + 1].strategy_first);
  }
  // The record: one line per game in the results' order, the sample's number as the
  // round, the strategy as A, and the same result code; the page holds every game.
  const std::string recorded = read_file(record);
  auto record_lines = [](const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  };
  std::vector<std::string> lines = record_lines(recorded);
  REQUIRE(lines.size() == games.size());
  for (size_t i = 0; i < games.size(); ++i) {
    CAPTURE(lines[i]);
    CHECK(lines[i].find("\"round\":" + std::to_string(games[i].sample) + ",") != std::string::npos);
    CHECK(lines[i].find(std::string("\"first\":\"") + (games[i].strategy_first ? "A" : "B") + "\"") !=
          std::string::npos);
    CHECK(lines[i].find("\"code\":" + std::to_string(games[i].code) + ",") != std::string::npos);
  }
  const std::string html = read_file(page);
  CHECK(html.find("<html") != std::string::npos);
  CHECK(count(html, "\"round\":") == 10);
  // --resume keeps every game and its line: nothing is played again.
  out = run("build/bin/Grade --group 1 --seed 11 --resume" + files + " TestCases/1.so", &code);
  CHECK(code == 0);
  CHECK(out.find("Kept 10 games") != std::string::npos);
  CHECK(read_file(record) == recorded);
  grade::Report r = grade::score(games);
  CHECK(out.find("Group 1: " + std::to_string(r.points[1]) + " / 100") != std::string::npos);
  CHECK(out.find("Total: " + std::to_string(r.total) + " / 100") != std::string::npos);
  // The same seed, the same boards and the same deterministic players: the same grade.
  std::string again = run("build/bin/Grade --group 1 --seed 11 TestCases/1.so", &code);
  CHECK(again.find("Total: " + std::to_string(r.total) + " / 100") != std::string::npos);
}

TEST_CASE("Grade --keep-workdirs keeps each game's folders, named by the sample and who moved first") {
  int code = 0;
  const std::string kept = "build/TestCases/tests/grade_kept";
  std::filesystem::remove_all(kept);
  run("build/bin/Grade --group 1 --seed 11 -j 2 --results build/TestCases/tests/grade_kept.tsv --keep-workdirs " +
          kept + " TestCases/1.so",
      &code);
  CHECK(code == 0);
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(kept)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  std::vector<std::string> want;
  for (int sample : {1, 3, 5, 7, 9})
    for (const char* game : {"1", "2"})
      for (const char* side : {"A", "B"})
        want.push_back("round" + std::to_string(sample) + "-game" + game + "-" + side);
  std::sort(want.begin(), want.end());
  CHECK(names == want);
  std::filesystem::remove_all(kept);
}

TEST_CASE("Grade rejects bad command lines with a clear message and exit code 2") {
  int code = 0;
  std::string out = run("build/bin/Grade --group 6 TestCases/1.so", &code);
  CHECK(code == 2);
  CHECK(out.find("--group needs a group from 1 to 5") != std::string::npos);
  out = run("build/bin/Grade no/such/plugin.so", &code);
  CHECK(code == 2);
  CHECK(out.find("no/such/plugin.so") != std::string::npos);
  out = run("build/bin/Grade --samples /nonexistent TestCases/1.so", &code);
  CHECK(code == 2);
  CHECK(out.find("/nonexistent/1.so is missing") != std::string::npos);
  out = run("build/bin/Grade --bogus", &code);
  CHECK(code == 2);
  CHECK(out.find("unknown option '--bogus'") != std::string::npos);
}

TEST_CASE("bench_ladder and duel: --help prints the table's usage; a bad option or value exits 2 naming it") {
  int code = 0;
  for (const std::string program : {"bench_ladder", "duel"}) {
    CAPTURE(program);
    std::string out = run("build/TestCases/" + program + " --help", &code, false);
    CHECK(code == 0);
    CHECK(out.find("usage: " + program) == 0);
    out = run("build/TestCases/" + program + " --bogus", &code);
    CHECK(code == 2);
    CHECK(out.find(program + ": unknown option '--bogus'\nusage: " + program) == 0);
  }
  std::string out = run("build/TestCases/bench_ladder --only 51", &code);
  CHECK(code == 2);
  CHECK(out.find("bench_ladder: --only needs a whole number from 1 to 50, not '51'\n") == 0);
  out = run("build/TestCases/duel 1 6 ten", &code);
  CHECK(code == 2);
  CHECK(out.find("duel: rounds needs a whole number from 1 to 1000000, not 'ten'\n") == 0);
}
