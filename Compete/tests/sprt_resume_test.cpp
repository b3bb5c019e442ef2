// Through the real Compete binary: the statistics after each round and in
// <result>.stats.json, the SPRT stopping a match, bad --sprt / --resume input,
// and --resume after kill -9 at random moments giving the files of an
// uninterrupted match.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "../../common/json_read.h"
#include "harness.h"
#include "json_check.h"
#include "match_helpers.h"

namespace {

judge::JsonValue summary_of(const std::string& dir) {
  judge::JsonValue v;
  std::string error;
  const std::string text = ct::read_file(dir + "/result.txt.stats.json");
  INFO("summary: " << text);
  REQUIRE(judge::parse_json(text, &v, &error));
  return v;
}

// A record line without its timings (the only part of a game that depends on the machine).
std::string without_times(const std::string& line) {
  static const std::regex move_time("(\\[\"[AB]\",-?[0-9]+,-?[0-9]+)(,[-0-9.e+]+)+\\]");
  static const std::regex totals("\"(time_[ab]_(ms|us)|peak_rss_[ab]_mb)\":[-0-9.e+]+,");
  return std::regex_replace(std::regex_replace(line, move_time, "$1]"), totals, "");
}

std::multiset<std::string> games_without_times(const std::vector<std::string>& records) {
  std::multiset<std::string> games;
  for (const std::string& r : records) games.insert(without_times(r));
  return games;
}

bool no_file_but(const std::string& dir, const std::vector<std::string>& allowed) {
  for (const std::string& name : ct::list_dir(dir))
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) return false;
  return true;
}

// The scratch folder (/tmp/compete.XXXXXX) of the Compete process `judge`, found
// through its plugin hosts' working folders; "" if none is running.
std::string scratch_of(pid_t judge, const std::string& plugin) {
  for (pid_t host : ct::processes_mentioning("--plugin-host " + plugin)) {
    std::string stat = ct::read_file("/proc/" + std::to_string(host) + "/stat");
    size_t paren = stat.rfind(')');
    if (paren == std::string::npos || std::stoi(stat.substr(paren + 4)) != judge) continue;
    char target[4096];
    ssize_t n = readlink(("/proc/" + std::to_string(host) + "/cwd").c_str(), target, sizeof target - 1);
    if (n <= 0) continue;
    std::string cwd(target, static_cast<size_t>(n));
    return cwd.substr(0, cwd.rfind('/'));
  }
  return "";
}

}  // namespace

TEST_SUITE_BEGIN("sprt and resume");
TEST_CASE("bad --sprt or --resume input: exit 2 before any game, the problem named") {
  ct::TempDir dir;
  struct Bad {
    std::vector<std::string> options;
    const char* named;
  } bad[] = {
      {{"--sprt", "elo0=10 elo1=0"}, "elo0 (10) must be below elo1 (0)"},
      {{"--sprt", "elo0=0 elo1=10 alpha=1.5"}, "alpha must lie strictly between 0 and 1"},
      {{"--sprt", "elo0=0 elo1=10 beta=0"}, "beta must lie strictly between 0 and 1"},
      {{"--sprt", "elo0=0,elo1"}, "'elo1' is not key=value"},
      {{"--sprt", "elo1=10"}, "elo0 is missing"},
      {{"--sprt"}, "--sprt needs"},
      {{"--sprt", "elo0=0 elo1=5", "--sprt-model", "binomial"}, "--sprt-model needs pentanomial or trinomial"},
  };
  for (const Bad& b : bad) {
    std::vector<std::string> args = {ct::plugin("random_a"), ct::plugin("random_b"), "result.txt", "4"};
    args.insert(args.end(), b.options.begin(), b.options.end());  // options last: "--sprt" alone lacks its value
    ct::RunResult r = ct::run_compete(args, dir.path(), 20000);
    INFO(std::string(b.named) << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(b.named) != std::string::npos);
    CHECK(ct::list_dir(dir.path()).empty());  // no game, no file
  }
  ct::RunResult r = ct::run_compete({"--resume", ct::plugin("random_a"), ct::plugin("random_b"), "result.txt", "4"},
                                    dir.path(), 20000);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--resume needs --record") != std::string::npos);
  CHECK(ct::list_dir(dir.path()).empty());
}

TEST_CASE("statistics after every round and in <result>.stats.json; the result file stays the original") {
  ct::TempDir dir;
  ct::Match m = ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("random_b"), 4, {}, 42);
  INFO("stdout:\n" << m.run.out);
  REQUIRE(m.run.exit_code == 0);
  CHECK(m.result_text ==
        ct::read_file(ct::repo_root() + "/Compete/tests/golden/random_a_vs_random_b_seed42_4rounds.txt"));
  for (int round = 0; round < 4; ++round)
    CHECK(m.run.out.find("After round " + std::to_string(round) + ": A ") != std::string::npos);
  CHECK(m.run.out.find("  Elo    ") != std::string::npos);
  CHECK(m.run.out.find("normalized Elo") != std::string::npos);
  judge::JsonValue s = summary_of(dir.path());
  CHECK(s.find("status")->text == "finished");
  CHECK(s.find("rounds_counted")->number == 4);
  CHECK(s.find("sprt")->type == judge::JsonValue::kNull);
  // The figures agree with the result file's own counts.
  const judge::JsonValue* games = s.find("games");
  CHECK(m.run.out.find("Score of A vs B: " + games->find("a_wins")->text + " - " + games->find("b_wins")->text + " - " +
                       games->find("draws")->text) != std::string::npos);
  double pairs = 0;
  for (const judge::JsonValue& bin : s.find("pairs")->find("pentanomial")->items) pairs += bin.number;
  CHECK(pairs == 4);
  CHECK(m.cwd_after == ct::kMatchFiles);
}

TEST_CASE("SPRT: a plugin against itself accepts H0, a winner against a faulty loser H1, the same at any -j") {
  // random_a against itself: each board's two games are mirror images, so every
  // pair scores 1 point and the test soon finds no difference.
  int h0_rounds = -1;
  for (const char* jobs : {"1", "3"}) {
    ct::TempDir dir;
    ct::Match m = ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("random_a"), 200,
                           {"--sprt", "elo0=0 elo1=50", "-j", jobs}, 3);
    INFO("-j " << jobs << "\nstdout tail:\n"
               << m.run.out.substr(m.run.out.size() > 2000 ? m.run.out.size() - 2000 : 0));
    REQUIRE(m.run.exit_code == 0);
    judge::JsonValue s = summary_of(dir.path());
    CHECK(s.find("status")->text == "stopped by the SPRT: H0 accepted");
    CHECK(s.find("sprt")->find("verdict")->text == "H0 accepted");
    const int counted = static_cast<int>(s.find("rounds_counted")->number);
    CHECK(counted < 200);
    if (h0_rounds < 0) h0_rounds = counted;
    CHECK(counted == h0_rounds);  // the decision does not depend on -j
    CHECK(s.find("sprt")->find("llr")->number <= s.find("sprt")->find("lower_bound")->number);
    CHECK(m.run.out.find("SPRT: H0 accepted after " + std::to_string(counted) + " rounds") != std::string::npos);
    CHECK(ct::count_of(m.run.out, ", LLR ") == counted);  // printed after every round
    // Games other workers finished after the decision stay in the files, outside the figures.
    CHECK(static_cast<int>(m.records.size()) == static_cast<int>(s.find("games_finished")->number));
    CHECK(s.find("games_finished")->number == 2 * counted + s.find("games_after_decision")->number);
    CHECK(m.parsed.ok);
  }
  ct::TempDir dir;
  ct::Match m = ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("fault_null_get"), 200,
                         {"--sprt", "elo0=0 elo1=50", "--sprt-model", "trinomial"}, 3);
  REQUIRE(m.run.exit_code == 0);
  judge::JsonValue s = summary_of(dir.path());
  CHECK(s.find("sprt")->find("verdict")->text == "H1 accepted");
  CHECK(s.find("sprt")->find("model")->text == "trinomial");
  CHECK(s.find("rounds_counted")->number < 200);
  CHECK(m.run.out.find("H1 accepted after ") != std::string::npos);
}

TEST_CASE("--resume after kill -9 at random moments ends with the files of an uninterrupted match") {
  const std::string slow = ct::plugin("random_slow");
  const int rounds = 8;
  for (bool sprt : {false, true}) {
    const std::string variant = sprt ? "with --sprt" : "without --sprt";
    INFO(variant);
    std::vector<std::string> options = {"--time-limit", "5000"};
    // With the SPRT, the plugin against itself: H0 is accepted within the cap, so
    // some runs resume a match already decided.
    if (sprt) options.insert(options.end(), {"--sprt", "elo0=0 elo1=100"});
    const std::string other = sprt ? slow : ct::plugin("random_b");
    ct::TempDir whole;
    ct::Match reference = ct::play(whole.path(), slow, other, rounds, options, 19);
    REQUIRE(reference.run.exit_code == 0);
    if (sprt) REQUIRE(ct::read_file(whole / "result.txt.stats.json").find("H0 accepted") != std::string::npos);

    // -j 2 while interrupted (without the SPRT; with it, -j 1, so that no game
    // runs past the decision): the record's order may differ, never its games.
    ct::TempDir dir;
    std::vector<std::string> resumed = options;
    resumed.insert(resumed.end(), {"-j", sprt ? "1" : "2"});
    std::random_device device;
    std::mt19937 rng(device());
    int kills = 0;
    std::string moments;
    for (int attempt = 0; attempt < 4; ++attempt) {
      // A moment before the last game left to play.
      const int recorded = attempt == 0 ? 0 : ct::count_of(ct::read_file(dir / "record.jsonl"), "\n");
      const int left = static_cast<int>(reference.records.size()) - recorded;
      if (left < 2) break;
      const int after_games = std::uniform_int_distribution<int>(1, left - 1)(rng);
      const int extra_ms = std::uniform_int_distribution<int>(0, 40)(rng);
      bool killed = false;
      std::string scratch;
      ct::Watcher kill9 = [&](pid_t pid, const std::string& err) {
        if (scratch.empty()) scratch = scratch_of(pid, slow);
        if (ct::count_of(err, "Finished game ") < after_games) return false;
        usleep(extra_ms * 1000);
        if (scratch.empty()) scratch = scratch_of(pid, slow);
        ::kill(pid, SIGKILL);  // the judge alone, as a crash would: its hosts die with it
        killed = true;
        return true;
      };
      std::vector<std::string> args = resumed;
      if (attempt > 0) args.push_back("--resume");
      ct::Match m = ct::play(dir.path(), slow, other, rounds, args, 19, kill9);
      moments += "after " + std::to_string(after_games) + " games + " + std::to_string(extra_ms) +
                 " ms: " + (killed ? "killed" : "ran to the end") + "; ";
      if (!scratch.empty()) std::filesystem::remove_all(scratch);  // what a killed judge cannot remove
      kills += killed;
      // Its hosts died with it, the one stopped between its moves too (a host that
      // changed user keeps its parent-death signal).
      if (killed) CHECK(ct::survivors("--plugin-host " + slow, 3000).empty());
    }
    ct::Match last = ct::play(
        dir.path(), slow, other, rounds,
        [&] {
          auto args = resumed;
          args.push_back("--resume");
          return args;
        }(),
        19);
    INFO("moments: " << moments << "\nlast run's stderr:\n" << last.run.err);
    REQUIRE(last.run.exit_code == 0);
    CHECK(kills >= 1);
    CHECK(last.result_text == reference.result_text);
    CHECK(ct::read_file(dir / "result.txt.stats.json") == ct::read_file(whole / "result.txt.stats.json"));
    CHECK(games_without_times(last.records) == games_without_times(reference.records));
    for (const std::string& r : last.records) CHECK(ct::JsonChecker::valid(r));
    CHECK(no_file_but(dir.path(), ct::kMatchFiles));
  }
}

TEST_CASE("--resume: a record cut mid-line replays that game; a record of another command line is refused by name") {
  const std::string a = ct::plugin("random_a"), b = ct::plugin("random_b");
  ct::TempDir whole;
  ct::Match reference = ct::play(whole.path(), a, b, 5, {}, 23);
  REQUIRE(reference.run.exit_code == 0);

  ct::TempDir dir;
  ct::Match first = ct::play(dir.path(), a, b, 5, {}, 23);
  REQUIRE(first.run.exit_code == 0);
  // Keep four games and half of the fifth line, as a power cut mid-write would.
  std::string record;
  for (int i = 0; i < 4; ++i) record += first.records[i] + "\n";
  record += first.records[4].substr(0, first.records[4].size() / 2);
  std::ofstream(dir / "record.jsonl", std::ios::binary | std::ios::trunc) << record;

  SUBCASE("another command line, each setting named") {
    struct Other {
      std::vector<std::string> options;
      int rounds;
      const char* named;
    } others[] = {
        {{"--seed", "24"}, 5, "--seed differs: record 23, now 24"},
        {{"--seed", "23"}, 6, "the round count differs: record 5, now 6"},
        {{"--seed", "23", "--move-time", "50"}, 5, "A's --move-time / --move-iterations differs"},
        {{"--seed", "23", "--move-iterations-b", "900"}, 5, "B's --move-time / --move-iterations differs"},
        {{"--seed", "23", "--sprt", "elo0=0 elo1=5"}, 5, "--sprt differs: record null"},
        {{"--seed", "23", "--time-limit", "1000"}, 5, "--time-limit differs: record 2000, now 1000"},
    };
    for (const Other& o : others) {
      std::vector<std::string> args = {"--record", "record.jsonl", "--resume", "--time-limit", "2000"};
      args.insert(args.end(), o.options.begin(), o.options.end());
      args.insert(args.end(), {a, b, "result.txt", std::to_string(o.rounds)});
      ct::RunResult r = ct::run_compete(args, dir.path(), 20000);
      INFO(std::string(o.named) << "\nstderr: " << r.err);
      CHECK(r.exit_code == 2);
      CHECK(r.err.find("record 'record.jsonl' line 1: made by another command line") != std::string::npos);
      CHECK(r.err.find(o.named) != std::string::npos);
      CHECK(ct::read_file(dir / "record.jsonl") == record);  // untouched
    }
    std::vector<std::string> args = {"--record", "record.jsonl", "--resume", "--seed", "23", b, a, "result.txt", "5"};
    ct::RunResult swapped = ct::run_compete(args, dir.path(), 20000);
    CHECK(swapped.exit_code == 2);
    CHECK(swapped.err.find("strategy A differs") != std::string::npos);
  }
  SUBCASE("the same command line without --seed: the record's seed, the cut game played again") {
    std::vector<std::string> args = {"--record", "record.jsonl", "--resume", "--time-limit", "2000", a,
                                     b,          "result.txt",   "5"};
    ct::RunResult r = ct::run_compete(args, dir.path(), 60000);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("last line was cut short") != std::string::npos);
    CHECK(r.out.rfind("Match seed: 23 ", 0) == 0);
    CHECK(r.out.find("Resumed from the record: 4 of 10 games") != std::string::npos);
    CHECK(ct::count_of(r.err, "Finished game ") == 6);
    CHECK(ct::read_file(dir / "result.txt") == reference.result_text);
    CHECK(ct::read_file(dir / "result.txt.stats.json") == ct::read_file(whole / "result.txt.stats.json"));
    std::vector<std::string> lines;
    std::string line;
    for (char c : ct::read_file(dir / "record.jsonl")) {
      if (c == '\n')
        lines.push_back(line), line.clear();
      else
        line += c;
    }
    CHECK(line.empty());
    CHECK(games_without_times(lines) == games_without_times(reference.records));
  }
  SUBCASE("a malformed line before the last is named, not skipped") {
    std::string broken = first.records[0] + "\nnot json\n" + first.records[1] + "\n";
    std::ofstream(dir / "record.jsonl", std::ios::binary | std::ios::trunc) << broken;
    std::vector<std::string> args = {"--record", "record.jsonl", "--resume", "--time-limit", "2000", a,
                                     b,          "result.txt",   "5"};
    ct::RunResult r = ct::run_compete(args, dir.path(), 20000);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("line 2: not a JSON object") != std::string::npos);
  }
}
TEST_SUITE_END();  // "sprt and resume"

TEST_CASE("kill -9 of Compete under a subreaper: its host stopped between moves dies with it") {
  // A process that adopts orphans (a service manager, a batch system's step,
  // a shell's job control) keeps a dead judge's hosts out of the orphaned
  // process groups the kernel wakes with SIGHUP: only the hosts' own
  // parent-death signal ends them. The subreaper is a child of this suite;
  // it exits with the number of the judge's hosts still alive after 3 s.
  ct::TempDir dir;
  const std::string slow = ct::plugin("random_slow"), other = ct::plugin("random_b");
  auto hosts = [&] {  // the judge's hosts, alive
    std::vector<pid_t> both = ct::processes_mentioning("--plugin-host " + slow);
    for (pid_t pid : ct::processes_mentioning("--plugin-host " + other)) both.push_back(pid);
    return both;
  };
  const pid_t reaper = ::fork();
  REQUIRE(reaper >= 0);
  if (reaper == 0) {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    const pid_t judge = ::fork();
    if (judge == 0) {
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      const std::string compete = ct::compete_binary(), result = dir / "result.txt";
      ::execl(compete.c_str(), compete.c_str(), slow.c_str(), other.c_str(), result.c_str(), "4", "--time-limit",
              "5000", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // Both hosts started: one thinking, the other stopped until its move.
    for (int waited = 0; waited < 5000 && hosts().size() < 2; waited += 10) ::usleep(10000);
    ::usleep(200 * 1000);
    ::kill(judge, SIGKILL);
    int left = 0;
    for (int waited = 0; waited <= 3000; waited += 20) {
      while (::waitpid(-1, nullptr, WNOHANG) > 0) {
      }  // the adopted ones, reaped
      left = static_cast<int>(hosts().size());
      if (left == 0) break;
      ::usleep(20000);
    }
    for (pid_t pid : hosts()) ::kill(pid, SIGKILL);  // nothing left behind either way
    while (::waitpid(-1, nullptr, 0) > 0) {
    }
    ::_exit(left);
  }
  int status = 0;
  REQUIRE(::waitpid(reaper, &status, 0) == reaper);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
