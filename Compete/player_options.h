// The command-line options that shape how the plugins play, shared by Compete
// and Tournament: time and memory limits, and the move budget given to
// strategies through the environment.
#pragma once
#include <string>

#include "player.h"

namespace c4 {

struct PlayerOptions {
  long long move_time_ms[2] = {0, 0};     // STRATEGY_MOVE_MS for side A, B (0: unset)
  long long move_iterations[2] = {0, 0};  // STRATEGY_MOVE_ITERATIONS
  long long memory_mb = 1024;
  long long time_limit_ms = 3000;
};

enum class OptionResult { kNotMine, kTaken, kBad };

// If argv[*i] is --time-limit, --memory-limit, --move-time[-a|-b] or
// --move-iterations[-a|-b], reads it and its value (advancing *i) and returns
// kTaken, or kBad with *problem naming what is wrong; else kNotMine.
// Without `per_side`, the -a / -b forms are refused.
OptionResult parse_player_option(int argc, char** argv, int* i, bool per_side, PlayerOptions* options,
                                 std::string* problem);

// Sets the time limit, the memory limit and the environment of side `side`
// (0: A, 1: B) in `player`.
void apply_player_options(const PlayerOptions& options, int side, PlayerConfig* player);

}  // namespace c4
