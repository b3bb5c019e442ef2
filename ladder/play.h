// `ladder play`: claims pairings one at a time under the folder's lock and
// plays their games with -j workers (common/ordered_pool.h), each game's line
// appended as soon as it ends.
//
// Claiming, under the lock, on the ledger as it is now:
//   1. a pairing left open by a process of this machine that is gone (kill -9)
//      is taken over: its missing games only are played (a game is never
//      played twice; at most the games in flight when it died are lost);
//   2. with --shard K/N, the next pairing of shard K of the plan (below) not
//      finished nor held by a live process;
//   3. otherwise matchmaking (matchmaking.h) picks a new pairing, counting the
//      pairings other processes hold as played.
//
// A sharded plan (--shard K/N --seed S): the --games N games of the plan, as
// pairings "s<S>-<i>" chosen in turn by matchmaking on the ledger without the
// plan's own games; shard K plays the pairings with i % N == K. Every shard
// computes the same plan from the same ledger, on any machine, and a shard
// run again plays only what its folder lacks; `ladder merge` brings the
// shards' games together.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

#include "folder.h"
#include "referee.h"

namespace ladder {

struct PlayRequest {
  int games = 2;  // without shards: games this run plays; with: the plan's games, all shards together
  int jobs = 1;
  int shard = 0, shards = 1;
  uint64_t seed = 0;  // the plan's seed (with shards)
};

// Plays; progress to `out`, warnings to `err`. Returns the exit status.
int run_play(const Folder& folder, const PlaySettings& settings, const PlayRequest& request, std::ostream& out,
             std::ostream& err);

}  // namespace ladder
