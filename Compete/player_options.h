// The command-line options that shape how the plugins play, shared by Compete
// and Tournament: time and memory limits, the move budget given to strategies
// through the environment, the seed and the number of games at once. Both
// judges take these rows from add_to(), so they parse and document them alike.
#pragma once
#include <cstdint>
#include <string>

#include "../common/options.h"
#include "../common/workdir.h"
#include "player.h"

namespace c4 {

struct PlayerOptions {
  long long move_time_ms[2] = {0, 0};     // STRATEGY_MOVE_MS for side A, B (0: unset)
  long long move_iterations[2] = {0, 0};  // STRATEGY_MOVE_ITERATIONS
  long long memory_mb = 1024;
  long long time_limit_ms = 3000;
  uint64_t seed = 0;
  bool have_seed = false;
  long long jobs = 1;
  bool no_freeze = false;           // --no-freeze
  judge::WorkdirSettings workdirs;  // --keep-workdirs, --workdir-size
  // Without per-side options (Tournament), the -a / -b forms are refused:
  // the first one given, as "<option>: every player gets the same settings here".
  std::string refused;

  // Adds the rows --seed, -j, --time-limit, --move-time, --move-iterations,
  // --memory-limit, --no-freeze, --keep-workdirs and --workdir-size to `table`; with `per_side`, also --move-time-a/-b
  // and
  // --move-iterations-a/-b. The rows store into this object, which must outlive
  // the table's parse().
  void add_to(judge::OptionTable* table, bool per_side, const std::string& seed_help, const std::string& jobs_help);
};

// Side `side` (0: A, 1: B) as the options describe it, playing `path`.
PlayerDescription describe_player(const PlayerOptions& options, int side, const std::string& path);

}  // namespace c4
