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
#include "match.h"

namespace pdd {

// What the sandbox did to each side's attempts, White first.
std::vector<judge::SideEvents> sandbox_events(const GameResult& r);

// Game `game`'s record line; `shard` "K/N" for a shard's run, else "".
std::string record_line(int game, uint64_t seed, const MatchOptions& o, const GameResult& r, const std::string& shard);

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
