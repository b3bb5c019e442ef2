// pdd-referee's record: one JSON line per game (programs, winner and reason,
// the violation, scores, the stepLog, move times, what the sandbox did, the
// game's folder and, for a shard, "shard":"K/N" last), and how its lines read
// back for --resume and --merge (common/judge_run.h). The lines keep their
// bytes: what decides a game's settings is made from each line's own members.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../../common/judge_run.h"
#include "../../common/sandbox_record.h"
#include "../rules/score.h"
#include "match.h"

namespace pdd {

// What the sandbox did to each side's attempts, White first.
std::vector<judge::SideEvents> sandbox_events(const GameResult& r);

// A game as a line of the record: one struct, one writer, one reader. The
// referee and the class ladder write it; --resume and --merge, the analysis
// read it back. (The replay page checks the lines of all three games itself.)
struct RecordLine {
  int game = 0;              // from 1
  uint64_t seed = 0;         // the game's own
  std::string white, black;  // the programs
  std::string winner;        // "W", "B" or "draw"
  std::string reason;
  std::string violation, violator, detail;  // the violation's code, "W" or "B", details; "" for none
  long long time_limit_ms = 0;
  PlayerScore white_score, black_score;
  int actions = 0, skips = 0;
  std::string steplog;                      // the stepLog's lines, joined by spaces
  std::vector<int64_t> white_ms, black_ms;  // each side's actions' times, rounded to milliseconds
  std::vector<judge::SideEvents> sandbox;   // what the sandbox did (written, not read back)
  std::string folder;                       // the game's folder
  std::string shard;                        // "K/N" for a shard's line, else ""
};

// Game `game`'s line; `shard` "K/N" for a shard's run, else "".
RecordLine record_of(int game, uint64_t seed, const MatchOptions& o, const GameResult& r, const std::string& shard);

// The line as written (no line break), its members in the order above, the
// sandbox's events only when something happened, "shard" last.
std::string write_record_line(const RecordLine& line);

// write_record_line(record_of(game, seed, o, r, shard)).
std::string record_line(int game, uint64_t seed, const MatchOptions& o, const GameResult& r, const std::string& shard);

// Reads a line back (all but the sandbox's events). False with *problem
// naming the first member that is missing or wrong ("field 'winner' is not W,
// B or draw").
bool read_record_line(const judge::JsonValue& v, RecordLine* line, std::string* problem);

// The run's settings that its record lines keep: the two programs in command-line
// order (game g of an --alternate run swaps them when g is even), the first game's
// seed and the time limit. (--memory-limit and --crossing are not in the lines.)
struct RefereeSettings {
  std::string first, second;
  uint64_t seed = 0;
  long long time_limit_ms = 0;
  bool alternate = false;
  std::string json() const;
};

// How the run's record lines read back: unit game - 1 of `games`, of shard
// game - 1 modulo N, a line's settings made from its members. Without --seed
// (`seed_given` false) the run takes the first line's (into run->seed).
judge::RecordFormat record_format(RefereeSettings* run, long long games, bool seed_given);

}  // namespace pdd
