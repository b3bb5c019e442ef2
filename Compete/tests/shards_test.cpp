// A match spread over machines: --shard K/N runs, then --merge, give the files
// of a single run.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "harness.h"
#include "match_helpers.h"

namespace {

// The record without its timings (the only part of a game that depends on the machine).
std::string without_times(const std::string& record) {
  static const std::regex move_time("(\\[\"[AB]\",-?[0-9]+,-?[0-9]+)(,[-0-9.e+]+)+\\]");
  static const std::regex totals("\"(time_[ab]_(ms|us)|peak_rss_[ab]_mb)\":[-0-9.e+]+,");
  return std::regex_replace(std::regex_replace(record, move_time, "$1]"), totals, "");
}

// The usual command line of a 5-round match between two deterministic plugins, plus `extra`.
std::vector<std::string> match(const std::string& result, std::vector<std::string> extra, int rounds = 5) {
  std::vector<std::string> args = {
      ct::plugin("random_a"), ct::plugin("random_b"), result, std::to_string(rounds), "--seed", "3"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("Compete --shard 0/2 and 1/2, then --merge: the single run's result file, summary and record") {
  ct::TempDir dir;
  const std::string d = dir.path();
  REQUIRE(ct::run_compete(match(d + "/all.txt", {"--record", d + "/all.jsonl"}), d).exit_code == 0);
  for (const char* k : {"0", "1"}) {
    ct::RunResult r = ct::run_compete(
        match(d + "/result.txt", {"--shard", std::string(k) + "/2", "--record", d + "/s" + k + ".jsonl"}), d);
    INFO("shard " << k << " stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    // Shard 0 plays rounds 0, 2, 4; shard 1 rounds 1, 3.
    CHECK(ct::count_of(r.err, "Finished game ") == (k[0] == '0' ? 6 : 4));
  }
  CHECK(ct::file_exists(d + "/result.txt.shard-0-of-2"));
  CHECK_FALSE(ct::file_exists(d + "/result.txt"));
  const std::vector<std::string> merge =
      match(d + "/result.txt", {"--record", d + "/merged.jsonl", "--merge", d + "/s0.jsonl", d + "/s1.jsonl"});
  ct::RunResult m = ct::run_compete(merge, d);
  INFO("merge stdout: " << m.out << "\nstderr: " << m.err);
  REQUIRE(m.exit_code == 0);
  CHECK(m.err.find("Finished game") == std::string::npos);  // nothing played
  CHECK(m.out.find("Merged from the shards' records: 10 of 10 games") != std::string::npos);
  CHECK(ct::read_file(d + "/result.txt") == ct::read_file(d + "/all.txt"));
  CHECK(ct::read_file(d + "/result.txt.stats.json") == ct::read_file(d + "/all.txt.stats.json"));
  const std::string merged = ct::read_file(d + "/merged.jsonl"), all = ct::read_file(d + "/all.jsonl");
  CHECK(merged.find("\"shard\"") == std::string::npos);
  CHECK(std::count(merged.begin(), merged.end(), '\n') == 10);
  CHECK(without_times(merged) == without_times(all));
}

TEST_CASE("Compete --merge names a missing shard; the shard run again plays only its missing games") {
  ct::TempDir dir;
  const std::string d = dir.path();
  for (const char* k : {"0", "1", "2"})
    REQUIRE(ct::run_compete(
                match(d + "/result.txt", {"--shard", std::string(k) + "/3", "--record", d + "/s" + k + ".jsonl"}), d)
                .exit_code == 0);
  const std::vector<std::string> merge =
      match(d + "/result.txt", {"--merge", d + "/s0.jsonl", d + "/s1.jsonl", d + "/s2.jsonl"});
  REQUIRE(ct::run_compete(merge, d).exit_code == 0);
  const std::string whole = ct::read_file(d + "/result.txt");

  std::remove((d + "/s1.jsonl").c_str());
  ct::RunResult lost = ct::run_compete(merge, d);
  CHECK(lost.exit_code == 1);
  CHECK(lost.err.find("missing shard 1/3 (none of its 4 games is in the records)") != std::string::npos);
  CHECK(lost.err.find("no such record: " + d + "/s1.jsonl") != std::string::npos);

  // Shard 0 cut short after its first game: named, then completed by running it again.
  std::string s0 = ct::read_file(d + "/s0.jsonl");
  s0.erase(s0.find('\n') + 1);
  std::ofstream(d + "/s0.jsonl", std::ios::binary | std::ios::trunc) << s0;
  REQUIRE(ct::run_compete(match(d + "/result.txt", {"--shard", "1/3", "--record", d + "/s1.jsonl"}), d).exit_code == 0);
  ct::RunResult short0 = ct::run_compete(merge, d);
  CHECK(short0.exit_code == 1);
  CHECK(short0.err.find("missing shard 0/3 (3 of its 4 games are not in its record: run it again)") !=
        std::string::npos);
  ct::RunResult again = ct::run_compete(match(d + "/result.txt", {"--shard", "0/3", "--record", d + "/s0.jsonl"}), d);
  REQUIRE(again.exit_code == 0);
  CHECK(again.out.find("Resumed from the record: 1 of 10 games already played") != std::string::npos);
  CHECK(ct::count_of(again.err, "Finished game ") == 3);
  REQUIRE(ct::run_compete(merge, d).exit_code == 0);
  CHECK(ct::read_file(d + "/result.txt") == whole);
}

TEST_CASE("Compete --merge refuses records of another configuration, naming the setting; bad shard lines") {
  ct::TempDir dir;
  const std::string d = dir.path();
  REQUIRE(ct::run_compete(match(d + "/result.txt", {"--shard", "0/2", "--record", d + "/s0.jsonl"}), d).exit_code == 0);
  REQUIRE(ct::run_compete(
              match(d + "/result.txt", {"--shard", "1/2", "--record", d + "/s1.jsonl", "--time-limit", "2000"}), d)
              .exit_code == 0);
  ct::RunResult r = ct::run_compete(match(d + "/result.txt", {"--merge", d + "/s0.jsonl", d + "/s1.jsonl"}), d);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--merge: record '" + d +
                   "/s1.jsonl' line 1: made by another command line: --time-limit differs: record 2000, now 3000") !=
        std::string::npos);
  CHECK_FALSE(ct::file_exists(d + "/result.txt"));
  ct::RunResult rounds = ct::run_compete(match(d + "/result.txt", {"--merge", d + "/s0.jsonl"}, 6), d);
  CHECK(rounds.exit_code == 2);
  CHECK(rounds.err.find("the round count differs: record 5, now 6") != std::string::npos);
  // A shard's record is not another shard's.
  ct::RunResult other = ct::run_compete(match(d + "/result.txt", {"--shard", "1/2", "--record", d + "/s0.jsonl"}), d);
  CHECK(other.exit_code == 2);
  CHECK(other.err.find("a game of shard 0/2, not of shard 1/2") != std::string::npos);
  // Command lines a shard or a merge cannot run.
  const struct {
    std::vector<std::string> extra;
    const char* message;
  } bad[] = {
      {{"--shard", "2/2", "--record", d + "/x.jsonl"}, "--shard needs K/N, 0 <= K < N <= 1000, not '2/2'"},
      {{"--shard", "0/2"}, "--shard needs --record FILE"},
      {{"--merge"}, "--merge needs the shards' records after <rounds>"},
      {{"--merge", d + "/s0.jsonl", "--shard", "0/2"}, "--merge and --shard"},
  };
  for (const auto& b : bad) {
    ct::RunResult r2 = ct::run_compete(match(d + "/other.txt", b.extra), d);
    INFO(r2.err);
    CHECK(r2.exit_code == 2);
    CHECK(r2.err.find(b.message) != std::string::npos);
  }
  std::vector<std::string> no_seed = {
      ct::plugin("random_a"), ct::plugin("random_b"), d + "/other.txt", "5", "--shard", "0/2", "--record",
      d + "/x.jsonl"};
  CHECK(ct::run_compete(no_seed, d).err.find("--shard needs --seed S") != std::string::npos);
}

TEST_CASE("Compete shards run by GNU parallel on two job slots, then merged: the single run's files") {
  ct::TempDir dir;
  const std::string d = dir.path();
  REQUIRE(ct::run_compete(match(d + "/all.txt", {"--record", d + "/all.jsonl"}), d).exit_code == 0);
  std::string shard = ct::compete_binary();
  for (const std::string& word : match(d + "/result.txt", {"--shard", "{}/3", "--record", d + "/s{}.jsonl"}))
    shard += " " + word;
  ct::RunResult run = ct::run(
      {"/usr/bin/parallel", "--will-cite", "-j", "2", "--halt", "now,fail=1", shard, ":::", "0", "1", "2"}, d, 120000);
  INFO("parallel: " << run.out << run.err);
  REQUIRE(run.exit_code == 0);
  ct::RunResult m = ct::run_compete(match(d + "/result.txt", {"--record", d + "/merged.jsonl", "--merge",
                                                              d + "/s0.jsonl", d + "/s1.jsonl", d + "/s2.jsonl"}),
                                    d);
  REQUIRE(m.exit_code == 0);
  CHECK(ct::read_file(d + "/result.txt") == ct::read_file(d + "/all.txt"));
  CHECK(ct::read_file(d + "/result.txt.stats.json") == ct::read_file(d + "/all.txt.stats.json"));
  CHECK(without_times(ct::read_file(d + "/merged.jsonl")) == without_times(ct::read_file(d + "/all.jsonl")));
}
