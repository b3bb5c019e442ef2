// The judge's handle on one ConnectFour plugin running in its own sandboxed
// host process for the length of one game.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../common/plugin.h"
#include "../common/workdir.h"
#include "board.h"

namespace c4 {

struct PlayerConfig {
  std::string plugin_path;
  std::string host_executable;  // the judge binary, re-run with --plugin-host
  int time_limit_ms = 3000;     // wall time per getPoint + clearPoint
  long long memory_limit_bytes = 1LL << 30;
  std::vector<std::pair<std::string, std::string>> env;  // e.g. STRATEGY_MOVE_MS
  std::string log_path;                                  // plugin's stdout/stderr; "" discards them
  std::string workdir;                                   // plugin's working folder; "" keeps the judge's
  // Where play_game makes each game's fresh working folder (workdir.h); nullptr: workdir as it is.
  const judge::WorkdirRoot* workdirs = nullptr;
  std::vector<int> cpus;  // the cores its game may use (cpu_share.h); empty: any
  bool freeze = true;     // stop the host's process group between its moves (--no-freeze: not)
};

// What one getPoint call came to.
struct Answer {
  enum Kind { kMove, kNullPoint, kCrashed, kTimedOut } kind = kCrashed;
  int x = -1, y = -1;
  int64_t wall_us = 0;  // from the request to clearPoint's return (or the kill)
  int64_t cpu_us = 0;   // CPU the host used, when it reported it
  std::string detail;   // for kCrashed / kTimedOut: what happened, in words
};

class SandboxedPlayer {
 public:
  // Starts the host and loads the plugin; kOk or the reason it cannot play.
  judge::LoadStatus start(const PlayerConfig& config, std::string* message);
  // Asks for a move as `me` sees the board. After kCrashed or kTimedOut the
  // host is gone and the player must not be asked again.
  Answer get_point(const Board& board, Side me, int lastX, int lastY);
  // Ends the host (killing whatever it left running).
  void stop() { plugin_.process().kill(); }
  // What the sandbox refused the plugin in this game so far, the host gone or not.
  std::vector<judge::Refusal> refusals() const { return plugin_.process().refusals(); }
  // How many processes the plugin left running, killed when its host ended (stop() or a fault).
  int daemons_killed() const { return plugin_.process().daemons_killed(); }

 private:
  PlayerConfig config_;
  judge::PluginProcess plugin_;
};

}  // namespace c4
