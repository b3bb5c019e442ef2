#include "player_options.h"

#include "../common/cli.h"

namespace c4 {

void PlayerOptions::add_to(judge::OptionTable* table, bool per_side, const std::string& seed_help,
                           const std::string& jobs_help) {
  // --move-time and --move-iterations set both sides; their -a / -b forms one side.
  auto per_side_number = [this](long long* both, long long max) {
    return [this, both, max](const std::string& option, const std::string& value) {
      long long n = 0;
      if (!judge::parse_int(value, 1, max, &n)) return false;
      const char last = option[option.size() - 1];
      const bool one_side = option[option.size() - 2] == '-' && (last == 'a' || last == 'b');
      if (!one_side || last == 'a') both[0] = n;
      if (!one_side || last == 'b') both[1] = n;
      return true;
    };
  };
  auto refuse = [this](const std::string& option, const std::string&) {
    if (refused.empty())
      refused = option + ": every player gets the same settings here (use " + option.substr(0, option.size() - 2) + ")";
    return true;
  };
  const std::string ms = "milliseconds from 1 to 3600000";
  table->unsigned64("--seed", "S", &seed, seed_help, "an unsigned integer", &have_seed)
      .integer("-j", "N", 1, 64, &jobs, jobs_help, "a whole number from 1 to 64")
      .integer("--time-limit", "MS", 1, 3600000, &time_limit_ms, "wall time allowed per getPoint call (default 3000)",
               ms)
      .custom("--move-time", "MS", per_side_number(move_time_ms, 3600000),
              per_side ? "sets STRATEGY_MOVE_MS=MS for both plugins (strategies that read it think that long);\n"
                         "--move-time-a MS, --move-time-b MS: one side only (handicap matches)"
                       : "sets STRATEGY_MOVE_MS=MS for every player (strategies that read it think that long)",
              ms);
  if (per_side)
    table->custom("--move-time-a", "MS", per_side_number(move_time_ms, 3600000), "", ms)
        .custom("--move-time-b", "MS", per_side_number(move_time_ms, 3600000), "", ms);
  else
    table->custom("--move-time-a", "MS", refuse, "", ms).custom("--move-time-b", "MS", refuse, "", ms);
  table->custom("--move-iterations", "N", per_side_number(move_iterations, 1LL << 40),
                per_side ? "sets STRATEGY_MOVE_ITERATIONS=N for both plugins (--move-iterations-a/-b N: one side)"
                         : "sets STRATEGY_MOVE_ITERATIONS=N for every player",
                "a positive whole number");
  if (per_side)
    table
        ->custom("--move-iterations-a", "N", per_side_number(move_iterations, 1LL << 40), "", "a positive whole number")
        .custom("--move-iterations-b", "N", per_side_number(move_iterations, 1LL << 40), "", "a positive whole number");
  else
    table->custom("--move-iterations-a", "N", refuse, "", "a positive whole number")
        .custom("--move-iterations-b", "N", refuse, "", "a positive whole number");
  table->integer("--memory-limit", "MB", 16, 1 << 20, &memory_mb,
                 "resident memory per side, checked as it moves (default 1024, the OJ's; address space: 4x)",
                 "megabytes from 16 to 1048576");
  table->flag("--no-freeze", &no_freeze,
              "let a plugin's threads run during the opponent's moves too, as the course's\n"
              "framework does (default: its process group is stopped between its moves)");
  judge::add_workdir_options(table, &workdirs);
}

PlayerDescription describe_player(const PlayerOptions& o, int side, const std::string& path) {
  PlayerDescription d;
  d.path = path;
  d.time_limit_ms = static_cast<int>(o.time_limit_ms);
  d.memory_mb = o.memory_mb;
  d.freeze = !o.no_freeze;
  d.move_time_ms = o.move_time_ms[side];
  d.move_iterations = o.move_iterations[side];
  return d;
}

}  // namespace c4
