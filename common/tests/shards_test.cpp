// The pieces every judge's --shard K/N and --merge share (common/shards.h).
#include "../shards.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

TEST_CASE("shards: a shard's file and name; its record line made the single run's") {
  CHECK(judge::shard_name(2, 8) == "2/8");
  CHECK(judge::shard_result_path("Results/stats.txt", 0, 4) == "Results/stats.txt.shard-0-of-4");
  CHECK(judge::without_shard_member(R"({"game":3,"x":1,"shard":"2/4"})", "2/4") == R"({"game":3,"x":1})");
  // Only its own shard, only as the last member.
  CHECK(judge::without_shard_member(R"({"game":3,"shard":"2/4"})", "1/4") == R"({"game":3,"shard":"2/4"})");
  CHECK(judge::without_shard_member(R"({"shard":"2/4","game":3})", "2/4") == R"({"shard":"2/4","game":3})");
  CHECK(judge::without_shard_member(R"({"game":3})", "") == R"({"game":3})");
}

TEST_CASE("shards: the missing units named by shard, whole or in part") {
  auto shard_of = [](int i) { return i % 3; };
  std::vector<bool> present(8, true);
  CHECK(judge::missing_shards(present, 3, shard_of, "games") == "");
  present[1] = present[4] = present[7] = false;  // all of shard 1
  present[3] = false;                            // one of shard 0's three
  CHECK(judge::missing_shards(present, 3, shard_of, "games") ==
        "missing shard 0/3 (1 of its 3 games are not in its record: run it again); "
        "missing shard 1/3 (none of its 3 games is in the records)");
  // Units grouped otherwise: a match's games 2r and 2r+1 are round r's.
  std::vector<bool> rounds(8, true);
  rounds[5] = false;
  CHECK(judge::missing_shards(
            rounds, 2, [](int i) { return (i / 2) % 2; }, "games") ==
        "missing shard 0/2 (1 of its 4 games are not in its record: run it again)");
}

TEST_CASE("shards: the first setting that differs, named as the command line names it") {
  const judge::SettingLabels label = {{"seed", "--seed"}};
  const std::string now = R"({"seed":5,"games":7})";
  CHECK(judge::settings_difference(now, now, label, "Run2048") == "");
  CHECK(judge::settings_difference(R"({"seed":6,"games":7})", now, label, "Run2048") ==
        "--seed differs: record 6, now 5");
  CHECK(judge::settings_difference(R"({"seed":5})", now, label, "Run2048") == "'games': not in the record");
  CHECK(judge::settings_difference(R"({"seed":5,"games":7,"x":1})", now, label, "Run2048") ==
        "'x': in the record, unknown to this Run2048");
  CHECK(judge::settings_difference("[1]", now, label, "Run2048") == "its settings are not a JSON object");
}
