// Run2048 spread over machines: --shard K/N runs (by hand and through GNU
// parallel), then --merge, give the files and summary of a single run; a
// missing shard is named, a shard run again completes it, and records of
// another command line are refused naming the setting; --resume continues a
// stopped run.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "helpers.h"

using g2048_test::contains;
using g2048_test::lines_starting;
using g2048_test::Outcome;
using g2048_test::read_file;
using g2048_test::ScratchDir;
using g2048_test::without_cpu;
using g2048_test::without_cpu_lines;
using g2048_test::without_time;

namespace {

// Run2048 <simple bot> --games 7 --seed 5 --out DIR/stats.txt, quiet, plus `extra`.
std::vector<std::string> command(const ScratchDir& dir, std::vector<std::string> extra, int games = 7) {
  std::vector<std::string> argv = {g2048_test::program("Run2048"),
                                   g2048_test::plugin("simple.so"),
                                   "--games",
                                   std::to_string(games),
                                   "--seed",
                                   "5",
                                   "--out",
                                   dir.file("stats.txt"),
                                   "--progress",
                                   "off",
                                   "--bot-log",
                                   "none"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return argv;
}

Outcome run(const ScratchDir& dir, const std::vector<std::string>& extra, int games = 7) {
  return g2048_test::run_program(command(dir, extra, games), dir);
}

// Shard k of 3 into DIR/sK.jsonl.
Outcome shard(const ScratchDir& dir, int k, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"--shard", std::to_string(k) + "/3", "--record",
                                   dir.file("s" + std::to_string(k) + ".jsonl")};
  args.insert(args.end(), extra.begin(), extra.end());
  return run(dir, args);
}

Outcome merge(const ScratchDir& dir, std::vector<std::string> extra = {}, int games = 7) {
  std::vector<std::string> args = extra;
  for (const char* record : {"--merge", "s0.jsonl", "s1.jsonl", "s2.jsonl"})
    args.push_back(record[0] == '-' ? record : dir.file(record));
  return run(dir, args, games);
}

// What Run2048 prints on stdout: from its first line, which names the bot, on (stderr's lines come first).
std::string stdout_of(const Outcome& outcome) {
  const size_t at = outcome.output.find("Run2048: " + g2048_test::plugin("simple.so"));
  return at == std::string::npos ? "" : outcome.output.substr(at);
}

}  // namespace

TEST_CASE("Run2048 --merge of a run's own record rewrites its files and summary byte for byte") {
  ScratchDir dir;
  const Outcome single =
      run(dir, {"--record", dir.file("all.jsonl"), "--html", dir.file("all.html"), "--out", dir.file("all.txt")});
  REQUIRE(single.exit_code == 0);
  const Outcome again = run(dir, {"--record", dir.file("again.jsonl"), "--html", dir.file("again.html"), "--out",
                                  dir.file("again.txt"), "--merge", dir.file("all.jsonl")});
  INFO(again.output);
  REQUIRE(again.exit_code == 0);
  CHECK(contains(again.output, "Run2048: merged 7 games from 1 records"));
  CHECK(read_file(dir.file("again.txt")) == read_file(dir.file("all.txt")));
  CHECK(read_file(dir.file("again.jsonl")) == read_file(dir.file("all.jsonl")));
  CHECK(read_file(dir.file("again.html")) == read_file(dir.file("all.html")));
  CHECK(stdout_of(again) == stdout_of(single));
  CHECK(contains(stdout_of(again), "verdict: valid\n"));
}

TEST_CASE("Run2048 shards run by GNU parallel on two job slots, then merged: the single run's files") {
  ScratchDir dir;
  const Outcome single = run(dir, {"--record", dir.file("all.jsonl"), "--out", dir.file("all.txt")});
  REQUIRE(single.exit_code == 0);
  std::string line;
  for (const std::string& word : command(dir, {"--shard", "{}/3", "--record", dir.file("s{}.jsonl")}))
    line += (line.empty() ? "" : " ") + word;
  const Outcome parallel = g2048_test::run_program(
      {"/usr/bin/parallel", "--will-cite", "-j", "2", "--halt", "now,fail=1", line, ":::", "0", "1", "2"}, dir);
  INFO("parallel: " << parallel.output);
  REQUIRE(parallel.exit_code == 0);
  // Shard 1 of 3 played games 2 and 5 (g - 1 = 1 modulo 3), into its own stats file.
  const std::string s1 = read_file(dir.file("s1.jsonl"));
  CHECK(lines_starting(s1, "{\"game\":2,").size() == 1);
  CHECK(lines_starting(s1, "{\"game\":5,").size() == 1);
  CHECK(lines_starting(s1, "{").size() == 2);
  CHECK(contains(s1, "\"shard\":\"1/3\"}\n"));
  CHECK(contains(read_file(dir.file("stats.txt.shard-1-of-3")), "#Rounds: 2\n"));
  CHECK_FALSE(g2048_test::file_exists(dir.file("stats.txt")));

  const Outcome merged = merge(dir, {"--record", dir.file("merged.jsonl")});
  INFO("merge: " << merged.output);
  REQUIRE(merged.exit_code == 0);
  CHECK(without_time(read_file(dir.file("stats.txt"))) == without_time(read_file(dir.file("all.txt"))));
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 7\n"));
  const std::string record = read_file(dir.file("merged.jsonl"));
  CHECK_FALSE(contains(record, "\"shard\""));
  CHECK(without_cpu(record) == without_cpu(read_file(dir.file("all.jsonl"))));
  CHECK(without_cpu_lines(stdout_of(merged)) == without_cpu_lines(stdout_of(single)));
}

TEST_CASE("Run2048 --merge names a missing shard; the shard run again plays only its missing games") {
  ScratchDir dir;
  for (int k = 0; k < 3; ++k) REQUIRE(shard(dir, k).exit_code == 0);
  REQUIRE(merge(dir).exit_code == 0);
  const std::string whole = read_file(dir.file("stats.txt"));

  std::remove(dir.file("s1.jsonl").c_str());
  const Outcome lost = merge(dir);
  CHECK(lost.exit_code == 1);
  CHECK(contains(lost.output, "missing shard 1/3 (none of its 2 games is in the records)"));
  CHECK(contains(lost.output, "no such record: " + dir.file("s1.jsonl")));
  REQUIRE(shard(dir, 1).exit_code == 0);

  // Shard 0 (games 1, 4, 7) cut to its first game, the next one's line cut short.
  const std::string s0 = read_file(dir.file("s0.jsonl"));
  const size_t first = s0.find('\n') + 1;
  g2048_test::write_file(dir.file("s0.jsonl"), s0.substr(0, first + 40));
  const Outcome torn = merge(dir);
  CHECK(torn.exit_code == 2);
  CHECK(contains(torn.output, "the record '" + dir.file("s0.jsonl") + "' ends in a line cut short"));
  g2048_test::write_file(dir.file("s0.jsonl"), s0.substr(0, first));
  const Outcome short0 = merge(dir);
  CHECK(short0.exit_code == 1);
  CHECK(contains(short0.output, "missing shard 0/3 (2 of its 3 games are not in its record: run it again)"));

  g2048_test::write_file(dir.file("s0.jsonl"), s0.substr(0, first + 40));  // the rerun drops the cut line
  const Outcome again = shard(dir, 0);
  INFO(again.output);
  REQUIRE(again.exit_code == 0);
  CHECK(contains(again.output, "resumed: 1 of the 3 games are in the record already"));
  const std::string rerun = read_file(dir.file("s0.jsonl"));
  CHECK(rerun.compare(0, first, s0, 0, first) == 0);  // the recorded game kept as it was
  CHECK(lines_starting(rerun, "{").size() == 3);
  CHECK(lines_starting(again.output, "game ").size() == 3);  // its games, the recorded one printed as recorded
  const Outcome done = merge(dir);
  INFO(done.output);
  REQUIRE(done.exit_code == 0);
  CHECK(without_time(read_file(dir.file("stats.txt"))) == without_time(whole));
}

TEST_CASE("Run2048 --merge refuses records of another command line, naming the setting; bad shard lines") {
  ScratchDir dir;
  REQUIRE(shard(dir, 0).exit_code == 0);
  REQUIRE(shard(dir, 1, {"--idle-limit", "50"}).exit_code == 0);
  REQUIRE(shard(dir, 2).exit_code == 0);
  const Outcome idle = merge(dir);
  CHECK(idle.exit_code == 2);
  CHECK(contains(idle.output, "--merge: record '" + dir.file("s1.jsonl") +
                                  "' line 1: made by another command line: --idle-limit differs: record 50, now 1000"));
  CHECK_FALSE(g2048_test::file_exists(dir.file("stats.txt")));
  const Outcome games = merge(dir, {}, 8);
  CHECK(games.exit_code == 2);
  CHECK(contains(games.output, "--games differs: record 7, now 8"));
  std::vector<std::string> other_bot = command(dir, {"--merge", dir.file("s0.jsonl")});
  other_bot[1] = g2048_test::test_bot("seeded_bot");
  const Outcome bot = g2048_test::run_program(other_bot, dir);
  CHECK(bot.exit_code == 2);
  CHECK(contains(bot.output, "the bot differs: record \"" + g2048_test::plugin("simple.so") + "\""));
  // Shards of another split: shard 3/4 holds game 4, shard 2/3 games 3 and 6.
  REQUIRE(run(dir, {"--shard", "3/4", "--record", dir.file("quarter.jsonl")}).exit_code == 0);
  const Outcome split = run(dir, {"--merge", dir.file("s2.jsonl"), dir.file("quarter.jsonl")});
  CHECK(split.exit_code == 2);
  CHECK(contains(split.output, "'" + dir.file("quarter.jsonl") + "' holds shard 3/4 but '" + dir.file("s2.jsonl") +
                                   "' a shard of 3: not the same split"));
  // A shard's record is not another shard's.
  const Outcome swapped = run(dir, {"--shard", "1/3", "--record", dir.file("s0.jsonl")});
  CHECK(swapped.exit_code == 2);
  CHECK(contains(swapped.output, "game 1 is a game of shard 0/3, not of shard 1/3"));
  // Command lines a shard or a merge cannot run.
  const struct {
    std::vector<std::string> extra;
    const char* message;
  } bad[] = {
      {{"--shard", "3/3", "--record", dir.file("x.jsonl")}, "K/N, 0 <= K < N <= 1000"},
      {{"--shard", "0/3"}, "--shard needs --record FILE"},
      {{"--merge"}, "--merge needs the shards' records after the bot"},
      {{"--merge", dir.file("s0.jsonl"), "--shard", "0/3", "--record", dir.file("x.jsonl")}, "--merge and --shard"},
      {{"--merge", dir.file("s0.jsonl"), "--stop-on-fault"}, "not with --shard or --merge"},
  };
  for (const auto& b : bad) {
    const Outcome r = run(dir, b.extra);
    INFO(r.output);
    CHECK(r.exit_code == 2);
    CHECK(contains(r.output, b.message));
  }
  // A line whose moves do not read back (the spawns' first tile garbled) is refused, naming the item.
  std::string text = read_file(dir.file("s0.jsonl"));
  text.replace(text.find("\"spawns\":\"") + 10, 2, "z9");
  g2048_test::write_file(dir.file("s0.jsonl"), text);
  const Outcome spawns = merge(dir);
  CHECK(spawns.exit_code == 2);
  CHECK(
      contains(spawns.output, "--merge: record '" + dir.file("s0.jsonl") +
                                  "' line 1: field 'spawns' item 1 is 'z9' (expected a cell 0-f and a value 2 or 4)"));
}

TEST_CASE("Run2048 --resume after a stop mid-write keeps the recorded games and plays only the rest") {
  ScratchDir dir;
  const Outcome whole = run(dir, {"--record", dir.file("all.jsonl"), "--out", dir.file("all.txt")});
  REQUIRE(whole.exit_code == 0);
  // The stopped run: its first three games, then the fourth's line cut short.
  const std::string all = read_file(dir.file("all.jsonl"));
  size_t end3 = 0;
  for (int i = 0; i < 3; ++i) end3 = all.find('\n', end3) + 1;
  const std::string kept = all.substr(0, end3);
  {
    FILE* f = std::fopen(dir.file("part.jsonl").c_str(), "w");
    REQUIRE(f != nullptr);
    std::fputs((kept + all.substr(end3, 40)).c_str(), f);
    std::fclose(f);
  }
  const Outcome resumed = run(dir, {"--record", dir.file("part.jsonl"), "--resume"});
  INFO(resumed.output);
  REQUIRE(resumed.exit_code == 0);
  CHECK(contains(resumed.output, "the record's last line was cut short"));
  CHECK(contains(resumed.output, "resumed: 3 of the 7 games are in the record already"));
  const std::string part = read_file(dir.file("part.jsonl"));
  CHECK(part.compare(0, kept.size(), kept) == 0);  // the recorded games, byte for byte
  CHECK(without_cpu(part) == without_cpu(all));
  CHECK(without_time(read_file(dir.file("stats.txt"))) == without_time(read_file(dir.file("all.txt"))));
  // Run again: nothing is left to play.
  const Outcome done = run(dir, {"--record", dir.file("part.jsonl"), "--resume"});
  CHECK(done.exit_code == 0);
  CHECK(contains(done.output, "resumed: 7 of the 7 games"));
  CHECK(read_file(dir.file("part.jsonl")) == part);
  // Another command line is refused by name, the record untouched.
  const Outcome other = run(dir, {"--record", dir.file("part.jsonl"), "--resume", "--idle-limit", "50"});
  CHECK(other.exit_code == 2);
  CHECK(contains(other.output, "--idle-limit differs: record 1000, now 50"));
  CHECK(read_file(dir.file("part.jsonl")) == part);
  CHECK(contains(run(dir, {"--resume"}).output, "--resume needs --record FILE"));
}
