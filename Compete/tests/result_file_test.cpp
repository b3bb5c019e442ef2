// The original judge's result file (result_file.h), the result codes, and the
// --record JSON line (match.h), as unit tests on the formatting code.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../game.h"
#include "../match.h"
#include "../result_file.h"
#include "harness.h"
#include "json_check.h"

namespace {

c4::GameLine line(int code, int64_t us_a, int64_t us_b) {
  c4::GameLine l;
  l.finished = true;
  l.code = code;
  l.time_us_a = us_a;
  l.time_us_b = us_b;
  return l;
}

}  // namespace

TEST_CASE("ratios print like a default-configured ostream double") {
  CHECK(c4::format_ratio(1) == "1");
  CHECK(c4::format_ratio(0) == "0");
  CHECK(c4::format_ratio(0.8) == "0.8");
  CHECK(c4::format_ratio(1.0 / 3) == "0.333333");
  CHECK(c4::format_ratio(2.0 / 3) == "0.666667");
  CHECK(c4::format_ratio(0.05) == "0.05");
  CHECK(c4::format_ratio(1.0 / 2000000) == "5e-07");
}

TEST_CASE("a finished match: the original layout, byte for byte") {
  std::vector<c4::RoundLines> rounds(2);
  rounds[0].game[0] = line(c4::kAWins, 12300000, 9999999);  // times truncate to whole seconds
  rounds[0].game[1] = line(c4::kBWins, 8000000, 13000001);
  rounds[1].game[0] = line(c4::kTie, 0, 999999);
  rounds[1].game[1] = line(c4::kARuntimeError, 0, 1000000);
  const std::string want =
      "0:\n"
      "1\t12\t9\n"
      "2\t8\t13\n"
      "\n"
      "1:\n"
      "0\t0\t0\n"
      "3\t0\t1\n"
      "\n"
      "Stat:\n"
      "ratio of A wins : 0.25\n"
      "ratio of B wins : 0.5\n"
      "ratio of Tie : 0.25\n"
      "\n"
      "ratio of (A wins + tie) : 0.5\n"
      "ratio of (B wins + tie) : 0.75\n";
  CHECK(c4::format_result_file(rounds) == want);
  ct::ParsedResult parsed = ct::parse_result_file(want);
  CHECK(parsed.ok);
}

TEST_CASE("every code is credited as the table of result codes says; load errors count for neither side") {
  struct Case {
    int code;
    c4::Side side;
  };
  const Case cases[] = {{0, c4::kEmpty},  {1, c4::kA},      {2, c4::kB},     {3, c4::kB}, {4, c4::kB},
                        {5, c4::kA},      {6, c4::kA},      {7, c4::kB},     {8, c4::kA}, {-1, c4::kEmpty},
                        {-2, c4::kEmpty}, {-3, c4::kEmpty}, {-4, c4::kEmpty}};
  for (const Case& c : cases) {
    INFO("code " << c.code);
    CHECK(c4::credited_side(c.code) == c.side);
    CHECK(c4::counts_for_nobody(c.code) == (c.code < 0));
    std::vector<c4::RoundLines> rounds(1);
    rounds[0].game[0] = line(c.code, 0, 0);
    c4::Tally t = c4::tally(rounds);
    CHECK(t.games == 1);
    CHECK(t.a_wins == (c.side == c4::kA && c.code >= 0 ? 1 : 0));
    CHECK(t.b_wins == (c.side == c4::kB ? 1 : 0));
    CHECK(t.ties == (c.code == 0 ? 1 : 0));
    CHECK(c4::format_stat_block(t) == ct::expected_stat_block({c.code}));
  }
}

TEST_CASE("result lines in words") {
  CHECK(c4::describe_result(0) == "tie");
  CHECK(c4::describe_result(1) == "A - won");
  CHECK(c4::describe_result(2) == "B - won");
  CHECK(c4::describe_result(3) == "A - bug occurred");
  CHECK(c4::describe_result(4) == "A - illegal move");
  CHECK(c4::describe_result(5) == "B - bug occurred");
  CHECK(c4::describe_result(6) == "B - illegal move");
  CHECK(c4::describe_result(7) == "A - timed out");
  CHECK(c4::describe_result(8) == "B - timed out");
  CHECK(c4::describe_result(-1) == "A - cannot be loaded");
  CHECK(c4::describe_result(-2) == "B - cannot be loaded");
  CHECK(c4::describe_result(-3).find("A - lacks") == 0);
  CHECK(c4::describe_result(-4).find("B - lacks") == 0);
}

TEST_CASE("a partial match lists only finished games, and the Stat block covers just those") {
  std::vector<c4::RoundLines> rounds(4);
  SUBCASE("nothing finished yet: an empty Stat block, still well formed") {
    const std::string text = c4::format_result_file(rounds);
    CHECK(text == ct::expected_stat_block({}));
    CHECK(ct::parse_result_file(text).ok);
  }
  SUBCASE("rounds 0 and 2 half or fully done, 1 and 3 not started") {
    rounds[0].game[0] = line(c4::kBTimeout, 0, 3100000);
    rounds[2].game[1] = line(c4::kBLoadError, 0, 0);
    rounds[2].game[0] = line(c4::kAIllegalMove, 0, 0);
    const std::string text = c4::format_result_file(rounds);
    CHECK(text == "0:\n8\t0\t3\n\n2:\n4\t0\t0\n-2\t0\t0\n\n" + ct::expected_stat_block({8, 4, -2}));
    ct::ParsedResult parsed = ct::parse_result_file(text);
    REQUIRE(parsed.ok);
    CHECK(parsed.rounds.size() == 2);
    CHECK(parsed.rounds[1].index == 2);
  }
  SUBCASE("under -j a round's second game can finish first: its line waits for the first game's") {
    rounds[1].game[1] = line(c4::kAWins, 1000000, 2000000);
    std::string text = c4::format_result_file(rounds);
    CHECK(text == ct::expected_stat_block({}));
    rounds[1].game[0] = line(c4::kBWins, 0, 0);
    text = c4::format_result_file(rounds);
    CHECK(text == "1:\n2\t0\t0\n1\t1\t2\n\n" + ct::expected_stat_block({2, 1}));
  }
}

TEST_CASE("the --record line: every field, escaped, in a valid JSON object, with the settings --resume checks") {
  c4::MatchConfig config;
  config.a.plugin_path = "/x/a\"q.so";
  config.b.plugin_path = "/x/b\\.so";
  c4::GameSetup setup;
  setup.M = 9;
  setup.N = 10;
  setup.noX = 8;
  setup.noY = 0;
  setup.seed = UINT64_MAX;
  setup.first = c4::kB;
  c4::GameResult result;
  result.code = c4::kAIllegalMove;
  result.time_us_a = 2;
  result.time_us_b = 1500;
  result.moves.push_back({c4::kB, 8, 1, 1500, 750});
  result.moves.push_back({c4::kA, 7, 1, 2, 1});
  result.reason = "A made an illegal move: line1\nline2\t\x01";
  result.has_illegal = true;
  result.illegal_x = -1;
  result.illegal_y = 12;
  config.a.time_limit_ms = 2500;
  result.peak_resident_kb[c4::kA] = 2048;
  result.peak_resident_kb[c4::kB] = 1536;
  const std::string json = c4::record_line(config, 3, setup, result);
  CHECK(
      json ==
      "{\"round\":3,\"game\":2,\"seed\":18446744073709551615,\"M\":9,\"N\":10,\"noX\":8,\"noY\":0,"
      "\"a\":\"/x/a\\\"q.so\",\"b\":\"/x/b\\\\.so\",\"first\":\"B\",\"time_limit_ms\":2500,"
      "\"moves\":[[\"B\",8,1,1.5,0.75],[\"A\",7,1,0.002,0.001]],\"illegal\":[-1,12],"
      "\"code\":4,\"result\":\"A - illegal move\",\"reason\":\"A made an illegal move: line1\\nline2\\t\\u0001\","
      "\"time_a_ms\":0.002,\"time_b_ms\":1.5,\"time_a_us\":2,\"time_b_us\":1500,"
      "\"peak_rss_a_mb\":2,\"peak_rss_b_mb\":1.5,"
      "\"settings\":{\"match_seed\":0,\"rounds\":1,\"a\":\"/x/a\\\"q.so\",\"b\":\"/x/b\\\\.so\","
      "\"time_limit_ms\":2500,\"memory_limit_mb\":1024,\"env_a\":[],\"env_b\":[],\"sprt\":null,\"sprt_model\":null}}");
  CHECK(ct::JsonChecker::valid(json));
  CHECK(json.find('\n') == std::string::npos);  // one line per game

  SUBCASE("a won game lists its winning line, cell by cell") {
    result.code = c4::kBWins;
    result.has_illegal = false;
    result.win = {{8, 1}, {7, 2}, {6, 3}, {5, 4}};
    const std::string won = c4::record_line(config, 3, setup, result);
    CHECK(
        won.find(
            "\"moves\":[[\"B\",8,1,1.5,0.75],[\"A\",7,1,0.002,0.001]],\"win\":[[8,1],[7,2],[6,3],[5,4]],\"code\":2,") !=
        std::string::npos);
    CHECK(won.find("\"illegal\":") == std::string::npos);
  }

  SUBCASE("a game lost at loading has no moves and still a valid line") {
    c4::GameResult lost;
    lost.code = c4::kALoadError;
    lost.reason = "A: cannot read '/x/a\"q.so': No such file or directory";
    const std::string empty = c4::record_line(config, 0, setup, lost);
    CHECK(empty.find("\"moves\":[]") != std::string::npos);
    CHECK(ct::JsonChecker::valid(empty));
  }
}

TEST_CASE("the JSON checker used on records rejects what a strict parser rejects") {
  CHECK(ct::JsonChecker::valid("{\"a\":[1,-2.5e3,\"x\",true,null,{}]}"));
  CHECK_FALSE(ct::JsonChecker::valid("{\"a\":1,}"));
  CHECK_FALSE(ct::JsonChecker::valid("{\"a\":\"tab\there\"}"));
  CHECK_FALSE(ct::JsonChecker::valid("{\"a\":nan}"));
  CHECK_FALSE(ct::JsonChecker::valid("{\"a\":01}"));
  CHECK_FALSE(ct::JsonChecker::valid("{\"a\":1}{"));
}
