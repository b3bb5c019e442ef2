// pdd-referee's run on the run loop (common/run_loop.h): the record read back
// (--resume, a shard run again, --merge), the games played `jobs` at a time,
// each committed in order to the record and the replay page, the totals.
#pragma once
#include "command.h"

namespace pdd {

// Plays the run `command` describes; returns the exit status: 0 every game
// played, 1 a game could not be played (--merge: games missing), 2 a record of
// another run, 3 the record or the page could not be written.
int run_referee(const RefereeCommand& command);

}  // namespace pdd
