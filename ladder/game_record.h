// The lines of DIR/games.jsonl and DIR/claims.jsonl.
//
// A pairing is two games between the same two players on the same start
// (ConnectFour: one board, each side moving first once; PDD: each side White
// once), named by an id unique across machines. A game is known by
// (pairing, game): the ledger keeps the first line of each and drops any copy
// (a merge run twice, say) with a warning, so no game ever counts twice.
//
//   games.jsonl: {"pairing":"p1a2b3c4d5e6f708","game":0,"a":"alice@2","b":"bob@1",
//                 "seed":123,"plan":"","score_a":1,"result":"a","reason":"…",
//                 "time":"…","record":{the judge's record line}}
//     game 0: a moves first (PDD: a is White); game 1: b does. score_a is 1,
//     0.5 or 0; result "a", "b", "draw", or "void" (neither could be judged:
//     no score, e.g. a plugin that would not load).
//   claims.jsonl: {"pairing":"…","a":"…","b":"…","seed":123,"plan":"",
//                  "owner":"host:pid:start","time":"…"}
//     the latest claim of a pairing names who plays its missing games.
#pragma once
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../common/json_read.h"

namespace ladder {

struct GameLine {
  std::string pairing;
  int game = 0;  // 0 or 1 within the pairing (knockouts: any number)
  std::string a, b;
  uint64_t seed = 0;
  std::string plan;  // "" for matchmaking's pairings; "s<seed>" for a sharded plan's
  double score_a = 0.5;
  std::string result;  // "a", "b", "draw", "void"
  std::string reason;
  std::string time;
  std::string record;  // the judge's JSON record of the game (viewer/record.h); "" if none
  bool counts() const { return result != "void"; }
};

struct Claim {
  std::string pairing, a, b, plan, owner, time;
  uint64_t seed = 0;
};

std::string game_line(const GameLine& game);
std::string claim_line(const Claim& claim);

// Reads a ledger file's JSON lines (games, claims, players): each(where,
// line, value, &problem) for every line, `where` being "<source> line N: ".
// A torn last line is skipped with a warning; false with *error (the line
// that is not JSON, or each's problem) at the first bad line.
using LedgerLine = std::function<bool(const std::string& where, const std::string& line, const judge::JsonValue& value,
                                      std::string* problem)>;
bool read_ledger_lines(const std::string& text, const std::string& source, const LedgerLine& each,
                       std::vector<std::string>* warnings, std::string* error);

// Reads games.jsonl: every game once, in file order. A line repeating a
// (pairing, game) already read is dropped, and a torn last line skipped,
// each with a warning; any other bad line is an error naming file and line.
bool read_games(const std::string& text, const std::string& source, std::vector<GameLine>* games,
                std::vector<std::string>* warnings, std::string* error);
bool read_claims(const std::string& text, const std::string& source, std::vector<Claim>* claims,
                 std::vector<std::string>* warnings, std::string* error);

// One line of each, parsed; false with *error beginning with `where`.
bool parse_game(const judge::JsonValue& line, const std::string& where, GameLine* game, std::string* error);
bool parse_claim(const judge::JsonValue& line, const std::string& where, Claim* claim, std::string* error);
// Appends `game` to *games unless its (pairing, game) is in *seen (then a warning, and false).
bool add_game(GameLine game, const std::string& where, std::set<std::pair<std::string, int>>* seen,
              std::vector<GameLine>* games, std::vector<std::string>* warnings);

// "host:pid:start": this process, told apart from a later one with its pid.
std::string this_owner();
// False only when `owner` is a process of this machine that is gone; a
// process of another machine is taken to be alive.
bool owner_alive(const std::string& owner);

// A fresh pairing id, "p" and 16 hex digits.
std::string new_pairing_id();
// The seed of a pairing's start, from its id.
uint64_t seed_of_pairing(const std::string& id);

}  // namespace ladder
