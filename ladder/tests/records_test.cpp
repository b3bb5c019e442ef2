// The ladder's records and pure parts: hashes, the roster's versions, the
// games' reading (duplicates, torn lines), the repair before an append,
// matchmaking and the bracket.
#include <doctest/doctest.h>

#include <fstream>
#include <set>

#include "../../common/tests/shell.h"
#include "../folder.h"
#include "../game_record.h"
#include "../knockout.h"
#include "../ledger_cache.h"
#include "../matchmaking.h"
#include "../roster.h"
#include "../sha256.h"
#include "../standings.h"

using namespace ladder;

namespace {

Player make_player(const std::string& name, int version) {
  Player p;
  p.name = name;
  p.version = version;
  p.id = name + "@" + std::to_string(version);
  p.kind = "so";
  p.file = p.program = "players/" + p.id + "/x.so";
  p.sha256 = sha256_hex(p.id);
  p.playable = true;
  p.added = "2026-11-27T00:00:00Z";
  return p;
}

GameLine make_game(const std::string& pairing, int game, const std::string& a, const std::string& b, double score_a) {
  GameLine g;
  g.pairing = pairing;
  g.game = game;
  g.a = a;
  g.b = b;
  g.score_a = score_a;
  g.result = score_a == 1 ? "a" : score_a == 0 ? "b" : "draw";
  g.reason = "test";
  g.time = "2026-11-27T00:00:00Z";
  return g;
}

}  // namespace

TEST_CASE("sha256 gives the standard digests") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("a new version retires the old one and remove retires every version") {
  Roster roster;
  std::string error;
  REQUIRE(roster.apply("l1: ", add_line(make_player("alice", 1)), &error));
  REQUIRE(roster.apply("l2: ", add_line(make_player("bob", 1)), &error));
  REQUIRE(roster.apply("l3: ", add_line(make_player("alice", 2)), &error));
  CHECK(roster.latest_version("alice") == 2);
  CHECK(roster.players()[0].retired);
  CHECK_FALSE(roster.players()[0].active());
  CHECK(roster.players()[2].active());
  REQUIRE(roster.apply("l4: ", remove_line("alice"), &error));
  CHECK_FALSE(roster.players()[2].active());
  CHECK(roster.players()[1].active());
  // The same id twice, or an id that does not match its name and version, is an error naming the line.
  CHECK_FALSE(roster.apply("players.jsonl line 5: ", add_line(make_player("bob", 1)), &error));
  CHECK(error.find("players.jsonl line 5") != std::string::npos);
  Player odd = make_player("carol", 1);
  odd.id = "carol@7";
  CHECK_FALSE(roster.apply("players.jsonl line 6: ", add_line(odd), &error));
  CHECK(error.find("carol@7") != std::string::npos);
  CHECK(valid_name("s_12-b.v2"));
  CHECK_FALSE(valid_name("../x"));
  CHECK_FALSE(valid_name("a b"));
  CHECK_FALSE(valid_name(""));
}

TEST_CASE("a game read twice counts once, a torn last line is skipped, a bad line is an error") {
  const std::string line0 = game_line(make_game("p1", 0, "a@1", "b@1", 1));
  const std::string line1 = game_line(make_game("p1", 1, "a@1", "b@1", 0.5));
  std::vector<GameLine> games;
  std::vector<std::string> warnings;
  std::string error;
  REQUIRE(read_games(line0 + "\n" + line1 + "\n" + line0 + "\n" + line1.substr(0, 30), "games.jsonl", &games, &warnings,
                     &error));
  CHECK(games.size() == 2);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("line 3") != std::string::npos);
  CHECK(warnings[1].find("cut short") != std::string::npos);
  games.clear();
  std::string bad = line1;
  bad.replace(bad.find("\"score_a\":0.5"), 13, "\"score_a\":0.7");
  CHECK_FALSE(read_games(line0 + "\n" + bad + "\n" + line0 + "\n", "games.jsonl", &games, &warnings, &error));
  CHECK(error.find("games.jsonl line 2") != std::string::npos);
  CHECK(error.find("0.7") != std::string::npos);
}

TEST_CASE("an append first repairs a torn last line") {
  test_shell::TempDir dir;
  const std::string path = dir / "games.jsonl";
  const std::string whole = game_line(make_game("p1", 0, "a@1", "b@1", 1));
  {
    std::ofstream out(path);
    out << whole << "\n" << whole.substr(0, 40);
  }
  std::vector<std::string> warnings;
  std::string error;
  REQUIRE(append_record_line(path, game_line(make_game("p1", 1, "a@1", "b@1", 0)), &warnings, &error));
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("games.jsonl:2: the last line was cut short") != std::string::npos);
  std::vector<GameLine> games;
  warnings.clear();
  REQUIRE(read_games(test_shell::read_file(path), "games.jsonl", &games, &warnings, &error));
  CHECK(games.size() == 2);
  CHECK(warnings.empty());
  // A whole last line that lost only its newline is kept.
  {
    std::ofstream out(path, std::ios::app);
    out << game_line(make_game("p2", 0, "a@1", "b@1", 1));
  }
  REQUIRE(append_record_line(path, game_line(make_game("p2", 1, "a@1", "b@1", 1)), &warnings, &error));
  games.clear();
  REQUIRE(read_games(test_shell::read_file(path), "games.jsonl", &games, &warnings, &error));
  CHECK(games.size() == 4);
}

TEST_CASE("a newcomer's first opponents span the field, then the least-met close pairs play") {
  Roster roster;
  std::string error;
  for (int k = 0; k < 9; ++k) REQUIRE(roster.apply("", add_line(make_player("p" + std::to_string(k), 1)), &error));
  // A round robin of the 9 where the higher index always wins: a clear order.
  std::vector<GameLine> games;
  int pairing = 0;
  for (int i = 0; i < 9; ++i)
    for (int j = i + 1; j < 9; ++j) {
      const std::string id = "r" + std::to_string(pairing++);
      const std::string a = "p" + std::to_string(i) + "@1", b = "p" + std::to_string(j) + "@1";
      games.push_back(make_game(id, 0, a, b, 0));
      games.push_back(make_game(id, 1, a, b, 0.5));
    }
  REQUIRE(roster.apply("", add_line(make_player("new", 1)), &error));
  const Standings standings = compute_standings(roster, games);
  Field field(roster, standings, games, {});
  std::vector<int> ranks;  // the newcomer's opponents' ranks among the 9, best first
  for (int k = 0; k < kSpreadOpponents; ++k) {
    int a = 0, b = 0;
    REQUIRE(field.choose(&a, &b));
    CHECK(roster.players()[a].id == "new@1");
    ranks.push_back(8 - b);  // p8 is the best
    field.count(a, b);
  }
  // The middle, then a quarter from the top, then a quarter from the bottom, ...
  CHECK(ranks[0] == 4);
  CHECK(ranks[1] == 2);
  CHECK(ranks[2] == 6);
  CHECK(std::set<int>(ranks.begin(), ranks.end()).size() == ranks.size());
  // Then an established pair: never the newcomer again at once against the same player.
  int a = 0, b = 0;
  REQUIRE(field.choose(&a, &b));
  CHECK(field.games_between(a, b) <= 2);
}

TEST_CASE("seeded bracket: 1 meets the lowest seed, 1 and 2 only in the final") {
  const auto b8 = seeded_bracket(8);
  REQUIRE(b8.size() == 4);
  CHECK(b8[0] == std::make_pair(1, 8));
  CHECK(b8[1] == std::make_pair(4, 5));
  CHECK(b8[2] == std::make_pair(2, 7));
  CHECK(b8[3] == std::make_pair(3, 6));
  const auto b2 = seeded_bracket(2);
  REQUIRE(b2.size() == 1);
  CHECK(b2[0] == std::make_pair(1, 2));
}

TEST_CASE("standings: ratings in the order of the results, void games apart") {
  Roster roster;
  std::string error;
  for (const char* name : {"weak", "mid", "strong"}) REQUIRE(roster.apply("", add_line(make_player(name, 1)), &error));
  std::vector<GameLine> games;
  for (int k = 0; k < 6; ++k) {
    games.push_back(make_game("a" + std::to_string(k), 0, "mid@1", "weak@1", k < 5 ? 1 : 0));
    games.push_back(make_game("b" + std::to_string(k), 0, "strong@1", "mid@1", k < 5 ? 1 : 0));
  }
  GameLine v = make_game("c", 0, "strong@1", "weak@1", 0.5);
  v.result = "void";
  games.push_back(v);
  const Standings s = compute_standings(roster, games);
  CHECK(s.games_counted == 12);
  CHECK(s.games_void == 1);
  REQUIRE(s.ranking.size() == 3);
  CHECK(roster.players()[s.ranking[0]].id == "strong@1");
  CHECK(roster.players()[s.ranking[2]].id == "weak@1");
  CHECK(s.between(1, 0).wins == 5);
  CHECK(s.between(0, 1).losses == 5);
  const std::string text = format_standings(roster, s);
  CHECK(text.find("Crosstable") != std::string::npos);
}

TEST_CASE("the ledger cache reads only whole appended lines, and starts over on a shorter file") {
  test_shell::TempDir dir;
  std::string error;
  REQUIRE(init_folder(dir / "l", GameKind::kConnectFour, &error));
  Folder folder;
  GameKind kind;
  REQUIRE(open_folder(dir / "l", &folder, &kind, &error));
  {
    std::ofstream players(folder.players());
    players << add_line(make_player("a", 1)) << "\n" << add_line(make_player("b", 1)) << "\n";
  }
  LedgerCache cache(folder);
  REQUIRE(cache.refresh(&error));
  CHECK(cache.ledger().roster.size() == 2);
  CHECK(cache.ledger().games.empty());
  const std::string g0 = game_line(make_game("p1", 0, "a@1", "b@1", 1));
  const std::string g1 = game_line(make_game("p1", 1, "a@1", "b@1", 0));
  {
    std::ofstream games(folder.games());
    games << g0 << "\n" << g1.substr(0, 25);  // a line being written (or torn)
  }
  REQUIRE(cache.refresh(&error));
  CHECK(cache.ledger().games.size() == 1);
  CHECK(cache.standings().games_counted == 1);
  {
    std::ofstream games(folder.games(), std::ios::app);
    games << g1.substr(25) << "\n" << g0 << "\n";  // the rest of it, then a copy of game 0
  }
  {
    Claim claim;
    claim.pairing = "p1";
    claim.a = "a@1";
    claim.b = "b@1";
    claim.owner = "elsewhere:1:1";
    std::ofstream claims(folder.claims());
    claims << claim_line(claim) << "\n";
    claim.pairing = "p2";
    claims << claim_line(claim) << "\n";
  }
  REQUIRE(cache.refresh(&error));
  CHECK(cache.ledger().games.size() == 2);
  CHECK(cache.standings().games_counted == 2);
  CHECK(cache.games_done("p1") == 3);
  CHECK(cache.games_done("p2") == 0);
  REQUIRE(cache.open_claims().size() == 1);  // p1 is finished
  CHECK(cache.open_claims()[0].pairing == "p2");
  CHECK_FALSE(cache.ledger().warnings.empty());  // the copy, skipped
  {
    std::ofstream games(folder.games());  // rewritten shorter: read again from the start
    games << g1 << "\n";
  }
  REQUIRE(cache.refresh(&error));
  REQUIRE(cache.ledger().games.size() == 1);
  CHECK(cache.ledger().games[0].game == 1);
  CHECK(cache.ledger().roster.size() == 2);
  {
    std::ofstream games(folder.games(), std::ios::app);
    games << "{\"pairing\":3}\n";
  }
  CHECK_FALSE(cache.refresh(&error));
  CHECK(error.find("games.jsonl line 2") != std::string::npos);
}
