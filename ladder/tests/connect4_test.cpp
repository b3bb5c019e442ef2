// The ladder on ConnectFour plugins, end to end through the binary: ratings
// that recover the sample ladder's order, bad entrants, zips, versions, a
// latecomer after many games.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "../../common/tests/oj_programs.h"
#include "../game_record.h"
#include "../roster.h"
#include "ladder_harness.h"

namespace {

// Adds `file` as `name`; returns what the ladder printed.
std::string add(const std::string& dir, const std::string& name, const std::string& file) {
  const ct::RunResult r = lt::ladder({"add", dir, name, file});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  return r.out;
}

// Games per player id, from games.jsonl.
std::map<std::string, int> games_by_player(const std::string& dir) {
  std::map<std::string, int> count;
  for (const judge::JsonValue& g : lt::json_lines(dir + "/games.jsonl")) {
    ++count[lt::text(g, "a")];
    ++count[lt::text(g, "b")];
  }
  return count;
}

}  // namespace

TEST_CASE("ratings recover the order of far-apart sample levels") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  REQUIRE(lt::ladder({"init", dir, "--game", "connect4"}).exit_code == 0);
  for (int level : {1, 25, 50}) add(dir, "level" + std::to_string(level), lt::sample(level));
  const ct::RunResult play = lt::ladder({"play", dir, "--games", "18", "-j", "2", "--move-time", "20"}, 240000);
  INFO(play.out << play.err);
  REQUIRE(play.exit_code == 0);
  CHECK(play.out.find("played 18 games") != std::string::npos);
  const auto ratings = lt::ratings(dir);
  REQUIRE(ratings.size() == 3);
  CHECK(ratings[0].first == "level50@1");
  CHECK(ratings[1].first == "level25@1");
  CHECK(ratings[2].first == "level1@1");
  // Every pairing is two games on one board, each side moving first once.
  std::map<std::string, std::vector<judge::JsonValue>> by_pairing;
  for (const judge::JsonValue& g : lt::json_lines(dir + "/games.jsonl"))
    by_pairing[lt::text(g, "pairing")].push_back(g);
  CHECK(by_pairing.size() == 9);
  for (const auto& [id, games] : by_pairing) {
    REQUIRE(games.size() == 2);
    const judge::JsonValue* r0 = games[0].find("record");
    const judge::JsonValue* r1 = games[1].find("record");
    REQUIRE(r0);
    REQUIRE(r1);
    CHECK(lt::text(*r0, "seed") == lt::text(*r1, "seed"));
    CHECK(lt::text(*r0, "first") != lt::text(*r1, "first"));
    CHECK(lt::text(*r0, "a") == lt::text(games[0], "a"));  // the record names players by id, not by path
    // A pair is always recorded the same way round: the player added first as a.
    CHECK(lt::text(games[0], "a") < lt::text(games[0], "b"));  // level1 < level25 < level50, as added
  }
  // One replay page per pair, every game linked to it.
  CHECK(ct::list_dir(dir + "/replays").size() == 0);  // written by `standings`, not by `play`
  REQUIRE(lt::ladder({"standings", dir}).exit_code == 0);
  CHECK(ct::list_dir(dir + "/replays") == std::vector<std::string>{"level1@1--level25@1.html",
                                                                   "level1@1--level50@1.html",
                                                                   "level25@1--level50@1.html", "manifest.json"});
  // standings.txt is the same table.
  CHECK(ct::read_file(dir + "/standings.txt").find("level50@1") != std::string::npos);
}

TEST_CASE("entrants that cannot play are listed with the reason, and the ladder goes on") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  REQUIRE(lt::ladder({"init", dir, "--game", "connect4"}).exit_code == 0);
  CHECK(add(dir, "noget", lt::test_plugin("no_get")).find("NOT playable: missing symbol") != std::string::npos);
  CHECK(add(dir, "text", lt::test_plugin("not_elf")).find("NOT playable: not an ELF") != std::string::npos);
  // A zip as grade-class takes it: one that builds, one that does not.
  const std::string src = tmp / "src";
  std::filesystem::create_directories(src);
  std::filesystem::copy_file(lt::repo_root() + "/Compete/tests/plugins/random_move.cpp", src + "/Strategy.cpp");
  std::filesystem::copy_file(lt::repo_root() + "/Compete/tests/plugins/plugin_util.h", src + "/plugin_util.h");
  std::filesystem::copy_file(lt::repo_root() + "/Compete/framework/Point.h", src + "/Point.h");
  REQUIRE(test_shell::run_in(src, "zip -q good.zip Strategy.cpp plugin_util.h Point.h") == 0);
  {
    std::ofstream broken(src + "/Broken.cpp");
    broken << "int getPoint( {\n";
  }
  REQUIRE(test_shell::run_in(src, "zip -q bad.zip Broken.cpp") == 0);
  CHECK(add(dir, "zipped", src + "/good.zip").find(": playable") != std::string::npos);
  CHECK(add(dir, "broken", src + "/bad.zip").find("NOT playable: does not build") != std::string::npos);
  CHECK(add(dir, "random", lt::test_plugin("random_a")).find(": playable") != std::string::npos);
  // A program in any language, over the OJ's protocol: random legal moves in Python.
  test_programs::python_random_player(src + "/random.py");
  CHECK(add(dir, "script", src + "/random.py").find(": playable") != std::string::npos);
  // A missing file is an error (non-zero), and so is a bad name.
  ct::RunResult missing = lt::ladder({"add", dir, "ghost", tmp / "nothing.so"});
  CHECK(missing.exit_code != 0);
  CHECK(missing.err.find("nothing.so") != std::string::npos);
  CHECK(lt::ladder({"add", dir, "../evil", lt::test_plugin("random_a")}).exit_code == 2);
  // The playable two play; the others stay listed with their reasons.
  const ct::RunResult play = lt::ladder({"play", dir, "--games", "6"});
  INFO(play.out << play.err);
  REQUIRE(play.exit_code == 0);
  const auto count = games_by_player(dir);
  CHECK(count.size() == 3);
  CHECK(count.at("zipped@1") + count.at("random@1") + count.at("script@1") == 12);
  for (const char* player : {"zipped@1", "random@1", "script@1"}) CHECK(count.at(player) >= 2);
  // Every game ends by the rules: no fault of any side.
  for (const char* fault : {"bug occurred", "illegal move", "timed out", "cannot be loaded"})
    CHECK(play.out.find(fault) == std::string::npos);
  const std::string table = ct::read_file(dir + "/standings.txt");
  CHECK(table.find("not playable: missing symbol") != std::string::npos);
  CHECK(table.find("not playable: does not build") != std::string::npos);
  // Every entrant's file is kept, with its sha256.
  for (const judge::JsonValue& p : lt::json_lines(dir + "/players.jsonl")) {
    CHECK(std::filesystem::exists(dir + "/" + lt::text(p, "file")));
    CHECK(lt::text(p, "sha256").size() == 64);
  }
}

TEST_CASE("a new version keeps the old one's games apart; a latecomer plays without replaying anything") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  REQUIRE(lt::ladder({"init", dir, "--game", "connect4"}).exit_code == 0);
  // A class of 20 instant players with 200 recorded games (synthetic: written, not played).
  std::string players, games;
  for (int k = 0; k < 20; ++k) add(dir, "s" + std::to_string(k), lt::test_plugin(k % 2 ? "random_a" : "random_b"));
  for (int g = 0; g < 200; ++g) {
    ladder::GameLine line;
    line.pairing = "syn" + std::to_string(g / 2);
    line.game = g % 2;
    const int a = (g / 2) % 20, b = (a + 1 + (g / 40) % 19) % 20;
    line.a = "s" + std::to_string(a) + "@1";
    line.b = "s" + std::to_string(b) + "@1";
    line.score_a = a > b ? 1 : 0;
    line.result = a > b ? "a" : "b";
    line.reason = "synthetic";
    line.time = "2026-11-27T00:00:00Z";
    games += ladder::game_line(line) + "\n";
  }
  {
    std::ofstream out(dir + "/games.jsonl");
    out << games;
  }
  add(dir, "late", lt::test_plugin("random_a"));
  ct::RunResult play = lt::ladder({"play", dir, "--games", "8", "-j", "2"});
  INFO(play.out << play.err);
  REQUIRE(play.exit_code == 0);
  const std::string after = ct::read_file(dir + "/games.jsonl");
  CHECK(after.compare(0, games.size(), games) == 0);  // nothing earlier rewritten or replayed
  const auto lines = lt::raw_lines(dir + "/games.jsonl");
  REQUIRE(lines.size() == 208);
  std::set<std::string> opponents;
  for (size_t k = 200; k < lines.size(); ++k) {
    judge::JsonValue g;
    std::string error;
    REQUIRE(judge::parse_json(lines[k], &g, &error));
    const bool late_a = lt::text(g, "a") == "late@1";
    CHECK((late_a || lt::text(g, "b") == "late@1"));
    opponents.insert(lt::text(g, late_a ? "b" : "a"));
  }
  CHECK(opponents.size() == 4);  // its first pairings spread over the field
  bool rated = false;
  for (const auto& [id, elo] : lt::ratings(dir)) rated = rated || id == "late@1";
  CHECK(rated);

  // A new version of s0: its own rating from its own games; s0@1's games stay.
  add(dir, "s0", lt::test_plugin("random_b"));
  play = lt::ladder({"play", dir, "--games", "4"});
  REQUIRE(play.exit_code == 0);
  const auto count = games_by_player(dir);
  const int old_games = count.at("s0@1");
  CHECK(old_games > 0);
  CHECK(count.at("s0@2") == 4);
  // No new game for the retired version.
  int old_after = 0;
  for (const judge::JsonValue& g : lt::json_lines(dir + "/games.jsonl"))
    if (lt::text(g, "pairing").rfind("syn", 0) != 0)
      old_after += lt::text(g, "a") == "s0@1" || lt::text(g, "b") == "s0@1";
  CHECK(old_after == 0);
  const std::string table = ct::read_file(dir + "/standings.txt");
  CHECK(table.find("retired (s0@2 is newer)") != std::string::npos);
  // remove: out of matchmaking, in the history.
  const int late_games = games_by_player(dir).at("late@1");
  REQUIRE(lt::ladder({"remove", dir, "late"}).exit_code == 0);
  REQUIRE(lt::ladder({"play", dir, "--games", "6"}).exit_code == 0);
  CHECK(games_by_player(dir).at("late@1") == late_games);
  CHECK(lt::ladder({"remove", dir, "nobody"}).exit_code != 0);
}
