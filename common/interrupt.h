// Dying of Ctrl-C (SIGINT), SIGTERM or SIGHUP without tearing a game's results
// apart: a judge writes each finished game to two files (a result or stats file
// and a record line) under results_mutex(); the handler takes that mutex first,
// so an interrupted judge leaves both files with the same games.
#pragma once
#include <functional>

namespace judge {

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (so call it before
// starting other threads: they inherit the mask) and starts a thread that waits
// for them with sigwait. On the first one it takes results_mutex() and keeps
// it, runs `cleanup` (ordinary code: it may allocate, print, remove files),
// kills every child the judge started (sandbox.h) and removes the runs'
// working folders (workdir.h), then dies of that same signal, so the shell
// sees the usual status.
void die_cleanly_on_signal(std::function<void(int signal)> cleanup);

}  // namespace judge
