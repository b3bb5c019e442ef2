#include "player_options.h"

#include "../common/cli.h"

namespace c4 {

OptionResult parse_player_option(int argc, char** argv, int* i, bool per_side, PlayerOptions* o, std::string* problem) {
  const std::string arg = argv[*i];
  const bool move_time = arg == "--move-time" || arg == "--move-time-a" || arg == "--move-time-b";
  const bool iterations = arg == "--move-iterations" || arg == "--move-iterations-a" || arg == "--move-iterations-b";
  if (!move_time && !iterations && arg != "--time-limit" && arg != "--memory-limit") return OptionResult::kNotMine;
  if (!per_side && (arg.back() == 'a' || arg.back() == 'b') && arg[arg.size() - 2] == '-') {
    *problem = arg + ": every player gets the same settings here (use " + arg.substr(0, arg.size() - 2) + ")";
    return OptionResult::kBad;
  }
  const char* v = *i + 1 < argc ? argv[++*i] : nullptr;
  long long n = 0;
  if (arg == "--time-limit") {
    if (v && judge::parse_int(v, 1, 3600000, &o->time_limit_ms)) return OptionResult::kTaken;
    *problem = "--time-limit needs milliseconds from 1 to 3600000";
  } else if (arg == "--memory-limit") {
    if (v && judge::parse_int(v, 16, 1 << 20, &o->memory_mb)) return OptionResult::kTaken;
    *problem = "--memory-limit needs megabytes from 16 to 1048576";
  } else if (move_time) {
    if (v && judge::parse_int(v, 1, 3600000, &n)) {
      if (arg != "--move-time-b") o->move_time_ms[0] = n;
      if (arg != "--move-time-a") o->move_time_ms[1] = n;
      return OptionResult::kTaken;
    }
    *problem = arg + " needs milliseconds from 1 to 3600000";
  } else {
    if (v && judge::parse_int(v, 1, 1LL << 40, &n)) {
      if (arg != "--move-iterations-b") o->move_iterations[0] = n;
      if (arg != "--move-iterations-a") o->move_iterations[1] = n;
      return OptionResult::kTaken;
    }
    *problem = arg + " needs a positive whole number";
  }
  return OptionResult::kBad;
}

void apply_player_options(const PlayerOptions& o, int side, PlayerConfig* p) {
  p->time_limit_ms = static_cast<int>(o.time_limit_ms);
  p->memory_limit_bytes = o.memory_mb << 20;
  p->env.clear();
  if (o.move_time_ms[side] > 0) p->env.push_back({"STRATEGY_MOVE_MS", std::to_string(o.move_time_ms[side])});
  if (o.move_iterations[side] > 0)
    p->env.push_back({"STRATEGY_MOVE_ITERATIONS", std::to_string(o.move_iterations[side])});
}

}  // namespace c4
