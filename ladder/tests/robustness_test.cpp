// A ladder's folder under stress: kill -9 mid-run, two play processes at
// once, a torn last line, a malformed line, shards merged.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "ladder_harness.h"

namespace {

// A connect4 ladder of four instant players.
void make_ladder(const std::string& dir, const std::string& plugin = "random_a") {
  REQUIRE(lt::ladder({"init", dir, "--game", "connect4"}).exit_code == 0);
  for (const char* name : {"w", "x", "y", "z"})
    REQUIRE(lt::ladder({"add", dir, name, lt::test_plugin(plugin)}).exit_code == 0);
}

// Checks games.jsonl line by line: no (pairing, game) twice, every pairing
// of claims.jsonl complete with games 0 and 1, the same two players in both.
// Returns the number of games.
int check_complete(const std::string& dir) {
  std::set<std::pair<std::string, std::string>> seen;
  std::map<std::string, std::set<std::string>> games_of;
  int games = 0;
  for (const judge::JsonValue& g : lt::json_lines(dir + "/games.jsonl")) {
    const std::string pairing = lt::text(g, "pairing"), game = lt::text(g, "game");
    INFO("pairing " << pairing << " game " << game);
    CHECK(seen.insert({pairing, game}).second);
    games_of[pairing].insert(game);
    ++games;
  }
  for (const judge::JsonValue& c : lt::json_lines(dir + "/claims.jsonl")) {
    INFO("claimed pairing " << lt::text(c, "pairing"));
    CHECK(games_of[lt::text(c, "pairing")] == std::set<std::string>{"0", "1"});
  }
  return games;
}

}  // namespace

TEST_CASE("kill -9 mid-run, then play again: nothing lost, nothing played twice") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  make_ladder(dir, "random_slow");
  // Killed once some games are recorded, with others in flight.
  const ct::RunResult killed =
      lt::ladder({"play", dir, "--games", "200", "-j", "2"}, 120000, [&](pid_t pid, const std::string&) {
        if (lt::raw_lines(dir + "/games.jsonl").size() < 5) return false;
        ::kill(pid, SIGKILL);
        return true;
      });
  CHECK_FALSE(killed.exited);
  const size_t before = lt::raw_lines(dir + "/games.jsonl").size();
  // Its open pairings are taken over by the next run, which plays only their missing games.
  const ct::RunResult again = lt::ladder({"play", dir, "--games", "4", "-j", "2"});
  INFO(again.out << again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(again.out.find("taking over pairing") != std::string::npos);
  // --games counts the taken-over games too: what it played is exactly what was missing, and more.
  const size_t said = again.out.find("played ");
  REQUIRE(said != std::string::npos);
  const int played = std::stoi(again.out.substr(said + 7));
  CHECK(played >= 1);
  const int games = check_complete(dir);
  CHECK(static_cast<size_t>(games) == before + played);
  // A game is on disk once; `standings` agrees with the file.
  REQUIRE(lt::ladder({"standings", dir, "--no-html"}).exit_code == 0);
  CHECK(ct::read_file(dir + "/standings.txt").find("Standings: " + std::to_string(games) + " games") !=
        std::string::npos);
}

TEST_CASE("two play processes on one folder at once") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  make_ladder(dir);
  ct::RunResult first, second;
  std::thread other([&] { first = lt::ladder({"play", dir, "--games", "20", "-j", "2"}); });
  second = lt::ladder({"play", dir, "--games", "20", "-j", "2"});
  other.join();
  CHECK(first.exit_code == 0);
  CHECK(second.exit_code == 0);
  CHECK(check_complete(dir) == 40);
  // Each pairing claimed once (no process took over a live one's pairing).
  std::set<std::string> claimed;
  for (const judge::JsonValue& c : lt::json_lines(dir + "/claims.jsonl"))
    CHECK(claimed.insert(lt::text(c, "pairing")).second);
  CHECK(claimed.size() == 20);
}

TEST_CASE("a torn last line is ignored with a warning, then repaired; a bad line is an error") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  make_ladder(dir);
  REQUIRE(lt::ladder({"play", dir, "--games", "4"}).exit_code == 0);
  const std::string whole = ct::read_file(dir + "/games.jsonl");
  {
    std::ofstream out(dir + "/games.jsonl", std::ios::app);
    out << "{\"pairing\":\"p00\",\"game\":0,\"a\":\"w@1\",\"b\":";
  }
  ct::RunResult standings = lt::ladder({"standings", dir, "--no-html"});
  CHECK(standings.exit_code == 0);
  CHECK(standings.err.find("cut short") != std::string::npos);
  CHECK(standings.out.find("Standings: 4 games") != std::string::npos);
  const ct::RunResult play = lt::ladder({"play", dir, "--games", "2"});
  CHECK(play.exit_code == 0);
  CHECK(play.err.find("cut short") != std::string::npos);
  CHECK(lt::json_lines(dir + "/games.jsonl").size() == 6);  // every line whole again
  CHECK(ct::read_file(dir + "/games.jsonl").compare(0, whole.size(), whole) == 0);
  // A malformed line in the middle stops everything with its file, line and value.
  std::string text = ct::read_file(dir + "/games.jsonl");
  const size_t at = text.find("\"score_a\":");
  text.replace(at, 11, "\"score_a\":\"");
  text.insert(text.find(',', at + 11), "\"");
  {
    std::ofstream out(dir + "/games.jsonl");
    out << text;
  }
  const ct::RunResult bad = lt::ladder({"standings", dir});
  CHECK(bad.exit_code != 0);
  CHECK(bad.err.find("games.jsonl line 1") != std::string::npos);
  CHECK(bad.err.find("score_a") != std::string::npos);
}

TEST_CASE("shards of a plan, each into its own record, merged once or twice") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  make_ladder(dir);
  REQUIRE(lt::ladder({"play", dir, "--games", "4"}).exit_code == 0);
  const auto before = lt::raw_lines(dir + "/games.jsonl");
  REQUIRE(before.size() == 4);
  // The shards as GNU parallel runs them (ladder/README.md): all on the one folder, each into its own record.
  auto record = [&](int k) { return tmp / ("shard-" + std::to_string(k) + ".jsonl"); };
  auto shard = [&](int k, const std::string& folder) {
    return lt::ladder(
        {"play", folder, "--games", "12", "--shard", std::to_string(k) + "/3", "--seed", "7", "--record", record(k)});
  };
  std::string output;
  const std::string command = "parallel --will-cite '" + lt::ladder_binary() +
                              " --shard {}/3 play c4 --games 12 --seed 7 --record shard-{}.jsonl' ::: 0 1 2";
  REQUIRE(test_shell::run_in(tmp.path(), command, &output) == 0);
  INFO(output);
  CHECK(output.find("played 4 games") != std::string::npos);
  CHECK(lt::raw_lines(dir + "/games.jsonl") == before);  // a shard writes its record only
  for (int k = 0; k < 3; ++k) {
    const auto lines = lt::raw_lines(record(k));
    REQUIRE(lines.size() == 4);
    for (const std::string& line : lines) {
      CHECK(line.find("\"plan\":\"s7\"") != std::string::npos);
      CHECK(line.size() > 15);
      CHECK(line.substr(line.size() - 15) == ",\"shard\":\"" + std::to_string(k) + "/3\"}");
    }
    // Run again, a shard plays nothing more.
    const ct::RunResult again = shard(k, dir);
    CHECK(again.out.find("played 0 games") != std::string::npos);
  }
  // A record whose last line was cut short (kill -9 mid-write): that game only is played again.
  {
    const auto lines = lt::raw_lines(record(1));
    std::ofstream out(record(1), std::ios::trunc);
    for (size_t i = 0; i + 1 < lines.size(); ++i) out << lines[i] << "\n";
    out << lines.back().substr(0, lines.back().size() / 2);
  }
  const ct::RunResult torn = shard(1, dir);
  INFO(torn.out << torn.err);
  CHECK(torn.err.find("the record's last line was cut short; that game is played again") != std::string::npos);
  CHECK(torn.out.find("played 1 games") != std::string::npos);
  CHECK(lt::raw_lines(record(1)).size() == 4);

  // A merge without a shard's record names the shard and adds nothing.
  const ct::RunResult partial = lt::ladder({"merge", dir, record(0), record(1)});
  CHECK(partial.exit_code == 1);
  CHECK(partial.err.find("missing shard 2/3 (none of its 4 games is in the records)") != std::string::npos);
  CHECK(lt::raw_lines(dir + "/games.jsonl") == before);
  ct::RunResult merge = lt::ladder({"merge", dir, record(0), record(1), record(2)});
  INFO(merge.out << merge.err);
  REQUIRE(merge.exit_code == 0);
  CHECK(merge.out.find("merged 12 new games of the plan's 12") != std::string::npos);
  merge = lt::ladder({"merge", dir, record(2), record(0), record(1)});
  CHECK(merge.exit_code == 0);
  CHECK(merge.out.find("merged 0 new games") != std::string::npos);
  // Each game is its shard's line without the members the shard adds, in the plan's order.
  std::map<std::string, std::string> shard_line;  // "pairing/game" -> the games.jsonl line it makes
  for (int k = 0; k < 3; ++k)
    for (const std::string& line : lt::raw_lines(record(k))) {
      judge::JsonValue v;
      std::string error;
      REQUIRE(judge::parse_json(line, &v, &error));
      shard_line[lt::text(v, "pairing") + "/" + v.find("game")->text] =
          line.substr(0, line.find(",\"sha256_a\":")) + "}";
    }
  const auto lines = lt::raw_lines(dir + "/games.jsonl");
  REQUIRE(lines.size() == 16);
  std::vector<std::string> merged_order;
  for (size_t i = 4; i < lines.size(); ++i) {
    judge::JsonValue v;
    std::string error;
    REQUIRE(judge::parse_json(lines[i], &v, &error));
    const std::string key = lt::text(v, "pairing") + "/" + v.find("game")->text;
    merged_order.push_back(key);
    CHECK(shard_line[key] == lines[i]);
  }
  CHECK(merged_order.front() == "s7-0/0");
  CHECK(merged_order.back() == "s7-5/1");
  CHECK(check_complete(dir) == 16);

  // The ladder changed (a new player): the shard's plan is another one, and its record is refused.
  REQUIRE(lt::ladder({"add", dir, "v", lt::test_plugin("random_b")}).exit_code == 0);
  const ct::RunResult changed = shard(0, dir);
  CHECK(changed.exit_code == 2);
  CHECK(changed.err.find("the plan (its pairings and players; the ladder has changed since) differs") !=
        std::string::npos);
  // Another ladder's games are refused by their players; a folder is not a record.
  const std::string stranger = tmp / "stranger";
  REQUIRE(lt::ladder({"init", stranger, "--game", "connect4"}).exit_code == 0);
  REQUIRE(lt::ladder({"add", stranger, "q", lt::test_plugin("random_b")}).exit_code == 0);
  REQUIRE(lt::ladder({"add", stranger, "r", lt::test_plugin("random_a")}).exit_code == 0);
  REQUIRE(lt::ladder({"play", stranger, "--games", "2", "--shard", "0/2", "--seed", "3", "--record", tmp / "q0.jsonl"})
              .exit_code == 0);
  REQUIRE(lt::ladder({"play", stranger, "--games", "2", "--shard", "1/2", "--seed", "3", "--record", tmp / "q1.jsonl"})
              .exit_code == 0);
  const ct::RunResult refused = lt::ladder({"merge", dir, tmp / "q0.jsonl", tmp / "q1.jsonl"});
  CHECK(refused.exit_code == 1);
  CHECK(refused.err.find("game 0 of pairing s3-0: player 'q@1' is not in") != std::string::npos);
  const std::string pdd = tmp / "pdd";
  REQUIRE(lt::ladder({"init", pdd, "--game", "pdd"}).exit_code == 0);
  const ct::RunResult other_game = lt::ladder({"merge", pdd, record(0), record(1), record(2)});
  CHECK(other_game.exit_code == 2);
  CHECK(other_game.err.find("the records are games of connect4, " + pdd + "/ladder.json is a ladder of pdd") !=
        std::string::npos);
  const ct::RunResult none = lt::ladder({"merge", dir, tmp / "nothing.jsonl"});
  CHECK(none.exit_code == 1);
  CHECK(none.err.find("none of the records holds a game of a plan") != std::string::npos);
  const ct::RunResult folder = lt::ladder({"merge", dir, stranger});
  CHECK(folder.exit_code == 2);
  CHECK(folder.err.find("is a folder: the merge takes the shards' records") != std::string::npos);
  CHECK(lt::raw_lines(dir + "/games.jsonl").size() == 16);
}

TEST_CASE("two adds of one name at once make two versions") {
  ct::TempDir tmp;
  const std::string dir = tmp / "c4";
  REQUIRE(lt::ladder({"init", dir, "--game", "connect4"}).exit_code == 0);
  ct::RunResult first, second;
  std::thread other([&] { first = lt::ladder({"add", dir, "twin", lt::test_plugin("random_a")}); });
  second = lt::ladder({"add", dir, "twin", lt::test_plugin("random_b")});
  other.join();
  CHECK(first.exit_code == 0);
  CHECK(second.exit_code == 0);
  std::set<std::string> ids;
  for (const judge::JsonValue& p : lt::json_lines(dir + "/players.jsonl")) {
    ids.insert(lt::text(p, "id"));
    CHECK(std::filesystem::exists(dir + "/" + lt::text(p, "program")));
  }
  CHECK(ids == std::set<std::string>{"twin@1", "twin@2"});
  CHECK(ct::list_dir(dir + "/players") == std::vector<std::string>{"twin@1", "twin@2"});
}
