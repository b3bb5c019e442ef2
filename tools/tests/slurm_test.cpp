// Sharded runs on Slurm: a one-node cluster started on this machine runs the
// array of shards and the merge that depends on it (tools/cluster/) for a
// grade, a Compete match, a 2048 run and a class ladder's plan; the merged files equal one run's
// (byte for byte; the match record and the 2048 files but for their timings).
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "../../common/cli.h"
#include "../../common/tests/shell.h"

namespace {

namespace fs = std::filesystem;

std::string root() { return judge::path_beside_executable("../.."); }  // build/tools/ -> the checkout

int run(const std::string& command, std::string* output = nullptr) {
  return test_shell::run_in(root(), command, output);
}

using test_shell::read_file;

// The cluster, started once for the suite, stopped and removed at its end whatever happens.
struct LocalSlurm {
  fs::path dir;
  bool up = false;
  std::string log;
  LocalSlurm() {
    char pattern[] = "/tmp/slurm_test_XXXXXX";
    dir = ::mkdtemp(pattern);
    up = run("tools/cluster/slurm-local.sh start '" + dir.string() + "'", &log) == 0;
  }
  ~LocalSlurm() {
    run("tools/cluster/slurm-local.sh stop '" + dir.string() + "'");
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string env() const { return "SLURM_CONF='" + (dir / "slurm.conf").string() + "' "; }

  // Runs a tools/cluster/slurm-*.sh command line (it prints the merge job's id
  // last) and waits for the queue to empty (at most 300 s); false if the
  // submission failed, with its output in *text.
  bool submit_and_wait(const std::string& command, std::string* text) const {
    if (run(env() + command, text) != 0) return false;
    std::string queue;
    for (int second = 0; second < 300; ++second) {
      run(env() + "squeue -h -o %i", &queue);
      if (queue.find_first_of("0123456789") == std::string::npos) return true;
      run("sleep 1");
    }
    *text += "still queued after 300 s: " + queue;
    return false;
  }
};

LocalSlurm& cluster() {
  static LocalSlurm slurm;
  REQUIRE_MESSAGE(slurm.up, slurm.log << read_file(slurm.dir / "log" / "slurmctld.log"));
  return slurm;
}

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// Record lines without their timings (the only part of a game that depends on the machine).
std::string without_times(const std::string& record) {
  static const std::regex move_time("(\\[\"[AB]\",-?[0-9]+,-?[0-9]+)(,[-0-9.e+]+)+\\]");
  static const std::regex totals("\"(time_[ab]_(ms|us)|peak_rss_[ab]_mb|bot_cpu_s|bot_cpu_us)\":[-0-9.e+]+,");
  return std::regex_replace(std::regex_replace(record, move_time, "$1]"), totals, "");
}

}  // namespace

TEST_CASE("Slurm: an array of grade shards and a merge job after it give one run's results file") {
  LocalSlurm& slurm = cluster();
  const fs::path out = slurm.dir / "grade";
  const std::string options = "--group 1 --seed 5 --time-limit 10000";
  std::string text;
  REQUIRE_MESSAGE(run("build/bin/Grade " + options + " --results " + quoted(slurm.dir / "single.tsv") + " '" + root() +
                          "/TestCases/5.so'",
                      &text) == 0,
                  text);
  // (the script names the strategy by its absolute path, as the single run above does)
  REQUIRE_MESSAGE(
      slurm.submit_and_wait("tools/cluster/slurm-grade.sh 3 " + quoted(out) + " TestCases/5.so " + options, &text),
      text);
  INFO("merge job: " << read_file(out / "merge.log"));
  CHECK(fs::is_regular_file(out / "shard-0.tsv"));
  CHECK(fs::is_regular_file(out / "shard-2.tsv"));
  CHECK(read_file(out / "merge.log").find("Merged 10 games of Grade of " + root() + "/TestCases/5.so, seed 5") !=
        std::string::npos);
  CHECK(read_file(out / "grade.tsv") == read_file(slurm.dir / "single.tsv"));
  // The shards' records became the whole grade's: its 10 games, in the OJ's order, and their page.
  const std::string record = read_file(out / "record.jsonl");
  CHECK(std::count(record.begin(), record.end(), '\n') == 10);
  CHECK(record.find("\"round\":1,") < record.find("\"round\":9,"));
  CHECK(read_file(out / "grade.html").find("Grade of " + root() + "/TestCases/5.so, seed 5") != std::string::npos);
}

TEST_CASE("Slurm: a Compete match in shards of its rounds, merged, gives one run's result file and record") {
  LocalSlurm& slurm = cluster();
  const fs::path out = slurm.dir / "match";
  const std::string a = root() + "/TestCases/5.so", b = root() + "/TestCases/11.so";
  std::string text;
  REQUIRE_MESSAGE(run("Compete/Compete '" + a + "' '" + b + "' " + quoted(slurm.dir / "single.txt") +
                          " 6 --seed 5 --record " + quoted(slurm.dir / "single.jsonl"),
                      &text) == 0,
                  text);
  REQUIRE_MESSAGE(
      slurm.submit_and_wait(
          "tools/cluster/slurm-compete.sh 3 " + quoted(out) + " TestCases/5.so TestCases/11.so 6 --seed 5", &text),
      text);
  INFO("merge job: " << read_file(out / "merge.log"));
  CHECK(fs::is_regular_file(out / "shard-1.jsonl"));
  CHECK(fs::is_regular_file(out / "match.txt.shard-2-of-3"));
  CHECK(read_file(out / "merge.log").find("Merged from the shards' records: 12 of 12 games") != std::string::npos);
  CHECK(read_file(out / "match.txt") == read_file(slurm.dir / "single.txt"));
  CHECK(read_file(out / "match.txt.stats.json") == read_file(slurm.dir / "single.txt.stats.json"));
  CHECK(without_times(read_file(out / "record.jsonl")) == without_times(read_file(slurm.dir / "single.jsonl")));
}

TEST_CASE("Slurm: a 2048 run in shards of its games, merged, gives one run's stats file and record") {
  LocalSlurm& slurm = cluster();
  const fs::path out = slurm.dir / "run2048";
  const std::string bot = root() + "/build/so/simple.so";
  std::string text;
  REQUIRE_MESSAGE(run("build/bin/Run2048 '" + bot + "' --games 9 --seed 5 --progress off --bot-log none --out " +
                          quoted(slurm.dir / "single.txt") + " --record " + quoted(slurm.dir / "single.jsonl"),
                      &text) == 0,
                  text);
  REQUIRE_MESSAGE(slurm.submit_and_wait(
                      "tools/cluster/slurm-2048.sh 3 " + quoted(out) + " build/so/simple.so --games 9 --seed 5", &text),
                  text);
  INFO("merge job: " << read_file(out / "merge.log"));
  CHECK(fs::is_regular_file(out / "shard-2.jsonl"));
  CHECK(fs::is_regular_file(out / "stats.txt.shard-0-of-3"));
  CHECK(read_file(out / "merge.log").find("Run2048: merged 9 games from 3 records") != std::string::npos);
  CHECK(read_file(out / "merge.log").find("verdict: valid") != std::string::npos);
  const std::string stats = read_file(out / "stats.txt"), single = read_file(slurm.dir / "single.txt");
  CHECK(stats.find("#Rounds: 9\n") == 0);
  CHECK(stats.substr(0, stats.find("Time: ")) == single.substr(0, single.find("Time: ")));
  CHECK(without_times(read_file(out / "record.jsonl")) == without_times(read_file(slurm.dir / "single.jsonl")));
}

TEST_CASE("Slurm: a class ladder's plan in shards, each into its own record, merged into the ladder") {
  LocalSlurm& slurm = cluster();
  const fs::path dir = slurm.dir / "class";
  std::string text;
  REQUIRE_MESSAGE(run("build/bin/ladder init " + quoted(dir) + " --game connect4", &text) == 0, text);
  for (const char* level : {"3", "5", "11"})
    REQUIRE_MESSAGE(
        run("build/bin/ladder add " + quoted(dir) + " s" + level + " TestCases/" + level + ".so", &text) == 0, text);
  REQUIRE_MESSAGE(slurm.submit_and_wait("ladder/cluster/slurm-ladder.sh 3 " + quoted(dir) + " 6 7", &text), text);
  const fs::path shards = slurm.dir / "class.shards";
  INFO("merge job: " << read_file(shards / "logs" / "merge.log"));
  for (const char* k : {"0", "1", "2"}) {
    const std::string record = read_file(shards / ("shard-" + std::string(k) + ".jsonl"));
    CHECK(std::count(record.begin(), record.end(), '\n') == 2);
    CHECK(record.find(",\"shard\":\"" + std::string(k) + "/3\"}\n") != std::string::npos);
  }
  CHECK(read_file(shards / "logs" / "merge.log").find("merged 6 new games of the plan's 6") != std::string::npos);
  const std::string games = read_file(dir / "games.jsonl");
  CHECK(std::count(games.begin(), games.end(), '\n') == 6);
  CHECK(games.find("{\"pairing\":\"s7-0\",\"game\":0,") == 0);
  CHECK(games.find("\"shard\"") == std::string::npos);
}
