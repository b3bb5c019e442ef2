// A plan of games for many machines, on the judges' shared run
// (common/run_loop.h): `ladder play DIR --shard K/N --seed S --games G
// --record FILE` and `ladder merge DIR RECORD...`.
//
// The plan: G games as pairings "s<S>-<i>", chosen in turn by matchmaking on
// the ledger without the plan's own games, so every shard computes the same
// plan from the same folder. Unit 2i+g is game g of pairing i; it belongs to
// shard i % N (a pairing's two games stay together).
//
// A shard reads the folder (under its lock) and writes only its own record:
// per game the games.jsonl line with the players' sha256 and the plan's
// settings added, then "shard":"K/N". Run again, it plays only what its record
// lacks; a record made on another plan (the ladder changed), another seed or
// other limits is refused, naming the setting.
//
// The merge reads the shards' records back through the shared reader (every
// game of the plan present, each once, all of one plan), checks that each
// player is in DIR with the same file (sha256), and appends under the folder's
// lock the games DIR lacks: a merge run twice adds nothing.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "../common/judge_run.h"
#include "folder.h"
#include "referee.h"

namespace ladder {

// Plays this shard's games of the plan of `games` games; progress to `out`,
// problems to `err`. Returns the exit status (2: a record that cannot be read
// or is of another plan).
int run_plan_shard(const Folder& folder, const PlaySettings& settings, const judge::RunSettings& run, int games,
                   std::ostream& out, std::ostream& err);

// Appends the shards' games to DIR's games.jsonl. Returns the exit status: 1
// when a shard's games are missing (named) or a player differs, 2 when a record
// cannot be read or mixes plans.
int run_plan_merge(const Folder& folder, GameKind game, const std::vector<std::string>& records, std::ostream& out,
                   std::ostream& err);

}  // namespace ladder
