// Whole matches through the real Compete binary: the golden result file of a
// seeded match, -j, plugins that are unruly but legal, old-style plugins, bad
// command lines, and an interrupted match.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "../framework/Judge.h"
#include "../../common/workdir.h"
#include "harness.h"
#include "json_check.h"
#include "match_helpers.h"

namespace {

const char kGolden[] = "Compete/tests/golden/random_a_vs_random_b_seed42_4rounds.txt";

// Replays a recorded game on a board of our own, with its own gravity and
// Judge.cpp's win checks, and returns the code the judge should have given.
int replay(const std::string& record) {
  const int M = static_cast<int>(ct::json_int(record, "M")), N = static_cast<int>(ct::json_int(record, "N"));
  const int noX = static_cast<int>(ct::json_int(record, "noX")), noY = static_cast<int>(ct::json_int(record, "noY"));
  REQUIRE(M >= 9);
  REQUIRE(M <= 12);
  REQUIRE(N >= 9);
  REQUIRE(N <= 12);
  std::vector<std::vector<int>> cells(M, std::vector<int>(N, 0));
  std::vector<int*> rows;
  for (auto& r : cells) rows.push_back(r.data());
  std::vector<int> top(N, M);
  if (noX == M - 1) top[noY] = M - 1;
  const char first = ct::json_int(record, "game") == 1 ? 'A' : 'B';
  char expected_side = first;
  const auto moves = ct::json_moves(record);
  for (size_t i = 0; i < moves.size(); ++i) {
    const char side = std::get<0>(moves[i]);
    const int x = std::get<1>(moves[i]), y = std::get<2>(moves[i]);
    REQUIRE(side == expected_side);
    REQUIRE(y >= 0);
    REQUIRE(y < N);
    REQUIRE(top[y] > 0);
    REQUIRE(x == top[y] - 1);  // the lowest free cell
    cells[x][y] = side == 'A' ? 1 : 2;
    top[y] = (x - 1 == noX && y == noY) ? noX : x;
    const bool won = side == 'A' ? userWin(x, y, M, N, rows.data()) : machineWin(x, y, M, N, rows.data());
    if (won) {
      REQUIRE(i + 1 == moves.size());  // the game stops at the first four
      return side == 'A' ? 1 : 2;
    }
    if (isTie(N, top.data())) {
      REQUIRE(i + 1 == moves.size());
      return 0;
    }
    expected_side = side == 'A' ? 'B' : 'A';
  }
  FAIL("the recorded game ends without a win or a full board");
  return -100;
}

}  // namespace

TEST_SUITE_BEGIN("match");
TEST_CASE("golden: a seeded match between two deterministic plugins gives the same result file, byte for byte") {
  ct::TempDir dir;
  ct::Match m = ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("random_b"), 4, {}, 42);
  INFO("stdout:\n" << m.run.out << "\nstderr:\n" << m.run.err);
  REQUIRE(m.run.exit_code == 0);
  const std::string golden = ct::read_file(ct::repo_root() + "/" + kGolden);
  REQUIRE_MESSAGE(!golden.empty(), "missing " << kGolden);
  CHECK(m.result_text == golden);
  REQUIRE(m.parsed.ok);
  CHECK(m.parsed.rounds.size() == 4);

  // Every game replays to the code the judge gave it.
  REQUIRE(m.records.size() == 8);
  std::vector<int> codes(8, -100);
  for (const std::string& r : m.records) {
    CHECK(ct::JsonChecker::valid(r));
    const int index = static_cast<int>(2 * ct::json_int(r, "round") + ct::json_int(r, "game") - 1);
    REQUIRE(index >= 0);
    REQUIRE(index < 8);
    codes[index] = replay(r);
    CHECK(ct::json_int(r, "code") == codes[index]);
  }
  CHECK(m.parsed.all_codes() == codes);

  // Standard output: the seed, each round's board, who moved first, the pictures, the results, the score.
  CHECK(m.run.out.rfind("Match seed: 42  A: ", 0) == 0);
  for (int round = 0; round < 4; ++round) {
    CHECK(m.run.out.find("Round " + std::to_string(round) + " seed: ") != std::string::npos);
  }
  CHECK(ct::count_of(m.run.out, "Game 1: A moves first\n") == 4);
  CHECK(ct::count_of(m.run.out, "Game 2: B moves first\n") == 4);
  CHECK(ct::count_of(m.run.out, " X") + ct::count_of(m.run.out, "\nX ") >= 8);  // the blocked cell in each picture
  CHECK(m.run.out.find(ct::expected_stat_block(codes)) != std::string::npos);
  CHECK(m.run.out.find("Score of A vs B: ") != std::string::npos);
  CHECK(ct::count_of(m.run.err, "Finished game ") == 8);
  CHECK(m.run.err.find("Finished game 8 of 8 (random_a vs random_b): ") != std::string::npos);
  // A second run is identical, and a different seed is not.
  ct::TempDir again;
  CHECK(ct::play(again.path(), ct::plugin("random_a"), ct::plugin("random_b"), 4, {}, 42).result_text == golden);
  ct::TempDir other;
  CHECK(ct::play(other.path(), ct::plugin("random_a"), ct::plugin("random_b"), 4, {}, 43).run.out != m.run.out);
}

TEST_CASE("-j 2 gives the same result file and the same games as -j 1") {
  ct::TempDir one, two;
  ct::Match m1 = ct::play(one.path(), ct::plugin("random_a"), ct::plugin("random_b"), 6, {"-j", "1"}, 99);
  ct::Match m2 = ct::play(two.path(), ct::plugin("random_a"), ct::plugin("random_b"), 6, {"-j", "2"}, 99);
  REQUIRE(m1.run.exit_code == 0);
  REQUIRE(m2.run.exit_code == 0);
  REQUIRE(m1.parsed.ok);
  CHECK(m1.parsed.rounds.size() == 6);
  CHECK(m1.result_text == m2.result_text);
  CHECK(ct::games_of(m1.records) == ct::games_of(m2.records));
  CHECK(m2.records.size() == 12);
}

TEST_CASE("180 MB of files in the working folder fit under its 256 MB cap, and not under a 128 MB one") {
  if (!judge::workdir_cap_active()) {
    MESSAGE("skipped: " << judge::workdir_cap_report());
    return;
  }
  ct::TempDir dir;
  ct::Match m =
      ct::play(dir.path(), ct::plugin("fault_big_cache"), ct::plugin("random_b"), 1, {"--workdir-size", "128"});
  REQUIRE(m.parsed.ok);
  CHECK(m.parsed.all_codes() == std::vector<int>({3, 3}));  // its third file fails: it aborts
  for (const std::string& r : m.records) CHECK(r.find("crashed in getPoint: killed by signal 6") != std::string::npos);
}

TEST_CASE("unruly but legal plugins play exactly the games their well-behaved twin plays") {
  // Each of these moves like random_a (same seed salt); only its manners differ.
  for (const char* name : {"fault_print", "fault_write_file", "fault_big_cache", "fault_scribble", "old_abi"}) {
    CAPTURE(name);
    for (char side : {'A', 'B'}) {
      CAPTURE(side);
      ct::TempDir twin_dir, dir;
      const std::string other = ct::plugin("random_b");
      ct::Match twin = side == 'A' ? ct::play(twin_dir.path(), ct::plugin("random_a"), other, 2)
                                   : ct::play(twin_dir.path(), other, ct::plugin("random_a"), 2);
      ct::Match m = side == 'A' ? ct::play(dir.path(), ct::plugin(name), other, 2)
                                : ct::play(dir.path(), other, ct::plugin(name), 2);
      INFO("stdout:\n" << m.run.out << "\nstderr:\n" << m.run.err);
      REQUIRE(m.run.exit_code == 0);
      REQUIRE(m.parsed.ok);
      for (int code : m.parsed.all_codes()) CHECK(code >= 0);
      for (int code : m.parsed.all_codes()) CHECK(code <= 2);
      CHECK(m.result_text == twin.result_text);
      CHECK(ct::games_of(m.records) == ct::games_of(twin.records));
      CHECK(m.run.out.find("PLUGIN-NOISE") == std::string::npos);
      CHECK(m.run.err.find("PLUGIN-NOISE") == std::string::npos);
      CHECK(m.result_text.find("PLUGIN-NOISE") == std::string::npos);
      CHECK(m.cwd_after == ct::kMatchFiles);
      CHECK_FALSE(ct::file_exists(ct::repo_root() + "/compete_test_written_by_plugin.txt"));
      CHECK_FALSE(ct::file_exists(ct::plugin("x").substr(0, ct::plugin("x").size() - 4) +
                                  "compete_test_written_by_plugin.txt"));
      CHECK(ct::survivors(ct::plugin(name)).empty());
    }
  }
}

TEST_CASE("--log-dir keeps each side's output apart from the judge's") {
  ct::TempDir dir;
  ct::Match m = ct::play(dir.path(), ct::plugin("fault_print"), ct::plugin("random_b"), 1, {"--log-dir", "logs"});
  REQUIRE(m.run.exit_code == 0);
  const std::string log_a = ct::read_file(dir / "logs/A.log");
  CHECK(log_a.find("PLUGIN-NOISE from a static constructor") != std::string::npos);
  CHECK(log_a.find("PLUGIN-NOISE printf 1") != std::string::npos);
  CHECK(log_a.find("PLUGIN-NOISE cerr 1") != std::string::npos);
  CHECK(log_a.find("PLUGIN-NOISE raw write") != std::string::npos);
  CHECK(ct::read_file(dir / "logs/B.log").find("PLUGIN-NOISE") == std::string::npos);
  CHECK(m.run.out.find("PLUGIN-NOISE") == std::string::npos);
}

TEST_CASE("a plugin built like the old samples (no libstdc++ or libm in DT_NEEDED) loads and plays") {
  const std::string path = ct::plugin("old_abi");
  std::string dynamic, undefined;
  char buf[4096];
  if (FILE* p = popen(("readelf -d " + path).c_str(), "r")) {
    while (fgets(buf, sizeof buf, p)) dynamic += buf;
    pclose(p);
  }
  if (FILE* p = popen(("nm -D --undefined-only " + path).c_str(), "r")) {
    while (fgets(buf, sizeof buf, p)) undefined += buf;
    pclose(p);
  }
  INFO(dynamic << undefined);
  REQUIRE(dynamic.find("(NEEDED)") != std::string::npos);
  CHECK(dynamic.find("libstdc++") == std::string::npos);
  CHECK(dynamic.find("libm.") == std::string::npos);
  CHECK(undefined.find("_Zna") != std::string::npos);  // operator new[]
  CHECK(undefined.find("lgamma") != std::string::npos);
  ct::TempDir dir;
  ct::Match m = ct::play(dir.path(), path, ct::plugin("random_b"), 1);
  REQUIRE(m.parsed.ok);
  for (int code : m.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
}

TEST_CASE("plugin paths with or without ./, relative to the working folder") {
  ct::TempDir dir;
  std::filesystem::copy_file(ct::plugin("random_a"), dir / "a.so");
  std::filesystem::copy_file(ct::plugin("random_b"), dir / "b.so");
  ct::Match bare = ct::play(dir.path(), "a.so", "./b.so", 1);
  REQUIRE(bare.parsed.ok);
  for (int code : bare.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
  ct::TempDir ref;
  CHECK(ct::play(ref.path(), ct::plugin("random_a"), ct::plugin("random_b"), 1).result_text == bare.result_text);
}

TEST_CASE("bad command lines: exit code 2 and a message naming the problem, no result file") {
  ct::TempDir dir;
  const std::string a = ct::plugin("random_a"), b = ct::plugin("random_b");
  std::filesystem::create_directory(dir / "a_folder");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{}, "missing arguments"},
      {{a, b, "result.txt"}, "missing arguments"},
      {{a, b, "result.txt", "0"}, "'0'"},
      {{a, b, "result.txt", "-3"}, "-3"},
      {{a, b, "result.txt", "abc"}, "positive whole number, not 'abc'"},
      {{a, b, "result.txt", "1.5"}, "'1.5'"},
      {{a, b, "result.txt", ""}, "positive whole number"},
      {{a, b, "result.txt", "2", "extra"}, "unexpected argument 'extra'"},
      {{a, b, "/nonexistent/folder/result.txt", "1"}, "/nonexistent/folder"},
      {{a, b, "a_folder", "1"}, "a_folder"},
      {{"--bogus", a, b, "result.txt", "1"}, "unknown option '--bogus'"},
      {{"--seed", a, b, "result.txt", "1"}, "--seed needs"},
      {{"--seed", "-5", a, b, "result.txt", "1"}, "--seed needs"},
      {{"-j", "0", a, b, "result.txt", "1"}, "-j needs"},
      {{"--time-limit", "fast", a, b, "result.txt", "1"}, "--time-limit needs"},
      {{"--memory-limit", "1", a, b, "result.txt", "1"}, "--memory-limit needs"},
      {{"--record", "/nonexistent/folder/r.jsonl", a, b, "result.txt", "1"}, "record file"},
      {{a, b, "result.txt", "1", "--record"}, "--record needs"},
  };
  for (const Case& c : cases) {
    std::string joined;
    for (const std::string& s : c.args) joined += "[" + s + "] ";
    CAPTURE(joined);
    ct::RunResult r = ct::run_compete(c.args, dir.path(), 10000);
    INFO("stderr: " << r.err);
    CHECK(r.exited);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(c.message) != std::string::npos);
    CHECK(r.err.find("usage: Compete") != std::string::npos);
    CHECK(r.out == "");
    CHECK(ct::list_dir(dir.path()) == std::vector<std::string>({"a_folder"}));
  }
  ct::RunResult help = ct::run_compete({"--help"}, dir.path(), 10000);
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("usage: Compete") != std::string::npos);
}

TEST_CASE("an interrupted match (SIGINT after a few games) leaves a valid file with the finished games") {
  ct::TempDir dir;
  std::string scratch;  // the plugin's private working folder, seen while it plays
  std::string staged;   // the staged copies' folder, where the checkout is closed to others
  const std::string slow = ct::plugin("random_slow");
  int finished_at_signal = -1;
  ct::Watcher interrupt = [&](pid_t pid, const std::string& err) {
    if (scratch.empty())
      for (pid_t host : ct::processes_mentioning("--plugin-host " + slow)) {
        char target[4096];
        ssize_t n = readlink(("/proc/" + std::to_string(host) + "/cwd").c_str(), target, sizeof target - 1);
        if (n > 0) scratch = std::string(target, static_cast<size_t>(n));
        std::string cmdline = ct::read_file("/proc/" + std::to_string(host) + "/cmdline");
        if (cmdline.rfind("/tmp/judge-stage.", 0) == 0) staged = cmdline.substr(0, cmdline.find('/', 5));
      }
    if (ct::count_of(err, "Finished game ") < 3) return false;
    finished_at_signal = ct::count_of(err, "Finished game ");
    ::kill(-pid, SIGINT);  // as Ctrl-C in a terminal: the judge's whole process group
    return true;
  };
  ct::Match m = ct::play(dir.path(), slow, ct::plugin("random_b"), 40, {}, 5, interrupt);
  INFO("stderr:\n" << m.run.err << "\nresult file:\n" << m.result_text);
  REQUIRE(finished_at_signal >= 3);
  CHECK_FALSE(m.run.timed_out);
  CHECK(((!m.run.exited && m.run.signal == SIGINT) || (m.run.exited && m.run.exit_code == 130)));
  REQUIRE(m.parsed.ok);
  const std::vector<int> codes = m.parsed.all_codes();
  const int in_progress_lines = ct::count_of(m.run.err, "Finished game ");
  CHECK(static_cast<int>(codes.size()) >= in_progress_lines);
  CHECK(static_cast<int>(codes.size()) <= in_progress_lines + 1);
  CHECK(codes.size() < 80);
  CHECK(m.result_text.substr(m.result_text.size() - ct::expected_stat_block(codes).size()) ==
        ct::expected_stat_block(codes));
  CHECK(m.records.size() == codes.size());
  for (const std::string& r : m.records) CHECK(ct::JsonChecker::valid(r));
  CHECK(m.cwd_after == ct::kMatchFiles);
  CHECK(ct::survivors(slow).empty());
  REQUIRE_FALSE(scratch.empty());
  const std::string scratch_root = scratch.substr(0, scratch.rfind('/'));  // /tmp/compete.XXXXXX
  CHECK_MESSAGE(!ct::file_exists(scratch_root), "the plugins' scratch folder " << scratch_root << " was left behind");
  if (!staged.empty()) CHECK_MESSAGE(!ct::file_exists(staged), "the staged copies " << staged << " were left behind");
}

TEST_CASE("bench_judge and bench_fairness: --help prints the table's usage; a bad option or value exits 2") {
  ct::TempDir dir;
  for (const std::string program : {"bench_judge", "bench_fairness"}) {
    const std::string path = std::string(COMPETE_TEST_BUILD) + "/Compete/tests/" + program;
    CAPTURE(program);
    ct::RunResult help = ct::run({path, "--help"}, dir.path(), 10000);
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("usage: " + program) == 0);
    ct::RunResult bad = ct::run({path, "--frobnicate"}, dir.path(), 10000);
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find(program + ": unknown option '--frobnicate'\nusage: " + program) == 0);
    CHECK(bad.out == "");
  }
  ct::RunResult odd =
      ct::run({std::string(COMPETE_TEST_BUILD) + "/Compete/tests/bench_judge", "--games", "3"}, dir.path(), 10000);
  CHECK(odd.exit_code == 2);
  CHECK(odd.err.find("bench_judge: --games needs an even whole number from 2 to 1000000, not '3'\n") == 0);
  ct::RunResult rounds =
      ct::run({std::string(COMPETE_TEST_BUILD) + "/Compete/tests/bench_fairness", "two"}, dir.path(), 10000);
  CHECK(rounds.exit_code == 2);
  CHECK(rounds.err.find("bench_fairness: rounds needs a whole number from 1 to 1000, not 'two'\n") == 0);
}
TEST_SUITE_END();  // "match"
