// `ladder play`: claims pairings one at a time under the folder's lock and
// plays their games with -j workers (common/ordered_pool.h), each game's line
// appended as soon as it ends.
//
// Claiming, under the lock, on the ledger as it is now:
//   1. a pairing left open by a process of this machine that is gone (kill -9)
//      is taken over: its missing games only are played (a game is never
//      played twice; at most the games in flight when it died are lost);
//   2. otherwise matchmaking (matchmaking.h) picks a new pairing, counting the
//      pairings other processes hold as played.
// A plan for many machines (--shard K/N) is plan.h's.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

#include "folder.h"
#include "referee.h"

namespace ladder {

struct PlayRequest {
  int games = 2;  // games this run plays
  int jobs = 1;
};

// Plays; progress to `out`, warnings to `err`. Returns the exit status.
int run_play(const Folder& folder, const PlaySettings& settings, const PlayRequest& request, std::ostream& out,
             std::ostream& err);

}  // namespace ladder
