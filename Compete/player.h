// The judge's handle on one ConnectFour player for the length of one game, in
// the sandbox: a plugin in its own host process, or a program (an executable,
// a "#!" script, or a zip or folder built the OJ's way) that speaks the OJ's
// protocol over stdin/stdout (judge::path_kind tells which).
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
  // Resident memory (the OJ's 1 GB), checked while the player moves; address space is capped
  // only far above it (kAddressSpaceFactor times), as a backstop.
  long long memory_limit_bytes = 1LL << 30;
  std::vector<std::pair<std::string, std::string>> env;  // e.g. STRATEGY_MOVE_MS
  std::string log_path;  // a plugin's stdout and stderr, a program's stderr; "" discards them
  std::string workdir;   // plugin's working folder; "" keeps the judge's
  // Where play_game makes each game's fresh working folder (workdir.h); nullptr: workdir as it is.
  const judge::WorkdirRoot* workdirs = nullptr;
  std::vector<int> cpus;  // the cores its game may use (cpu_share.h); empty: any
  bool freeze = true;     // stop the host's process group between its moves (--no-freeze: not)
};

// A player as a judge's options describe it. player_config() turns it into
// the sandboxed player's configuration: the one step from a description to a
// process, whichever judge (Compete, Tournament, Grade, the ladder, the arena).
struct PlayerDescription {
  std::string path;               // the plugin, program, zip or folder
  int time_limit_ms = 3000;       // wall time per move
  long long memory_mb = 1024;     // resident memory
  long long move_time_ms = 0;     // STRATEGY_MOVE_MS for strategies that read it; 0: unset
  long long move_iterations = 0;  // STRATEGY_MOVE_ITERATIONS; 0: unset
  bool freeze = true;             // stopped between its moves
};

// The configuration of the player `player` describes, hosted by this judge's
// binary, its games' working folders under `workdirs` (nullptr: none).
PlayerConfig player_config(const PlayerDescription& player, const judge::WorkdirRoot* workdirs);

// What one getPoint call came to.
struct Answer {
  // kProtocolError: a program's stdout broke the OJ's protocol (detail says how).
  enum Kind { kMove, kNullPoint, kCrashed, kTimedOut, kProtocolError } kind = kCrashed;
  int x = -1, y = -1;
  int64_t wall_us = 0;  // from the request to clearPoint's return (or the kill)
  int64_t cpu_us = 0;   // CPU the host used, when it reported it
  std::string detail;   // for kCrashed / kTimedOut: what happened, in words
};

class SandboxedPlayer {
 public:
  // Starts the host and loads the plugin, or starts the program (building it
  // first from sources); kOk or the reason it cannot play.
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
  // The player's peak resident memory in this game so far, in KiB (its host's or its program's).
  long long peak_resident_kb() const { return peak_kb_; }

 private:
  judge::LoadStatus start_program(const std::string& path, std::string* message);
  // What a host and a program share: the game's folder, cores, log, memory caps, the channel;
  // `readable` the one file outside the system folders it may read.
  judge::SpawnOptions spawn_options(const std::string& readable) const;
  // Why the player's process ended, for an answer: its exit or signal, or the memory (over_kb > 0)
  // or output limit that ended it.
  std::string end_detail(const judge::ExitStatus& status, long long over_kb) const;
  // Reads what the player sends, 1 to `size` bytes (*got), before `deadline`, checking its
  // resident memory every few milliseconds: kOk, kTimeout or kClosed; over the limit it is
  // killed, kClosed, with *over_kb its resident memory.
  judge::IoResult read_some(void* data, size_t size, judge::Deadline deadline, size_t* got, long long* over_kb);
  // Exactly `size` bytes, the same way.
  judge::IoResult read_exact(void* data, size_t size, judge::Deadline deadline, long long* over_kb);
  void note_peak();
  // A move whose peak resident memory (VmHWM) passed the limit between two checks: the player
  // killed, the answer a runtime error; true then.
  bool over_at_peak(Answer* answer, const char* stage);
  // An answer that came after the time limit: the player killed, the answer a time-out; true then.
  bool late(Answer* answer, const char* verb);
  bool log_full() const;  // its log (--log-dir) has reached the file size cap
  Answer get_point_program(const Board& board, Side me, int lastX, int lastY);

  PlayerConfig config_;
  judge::PluginProcess plugin_;  // a program runs in its process() too
  bool program_ = false;
  bool told_board_ = false;     // a program has been sent "M N noX noY"
  std::string pending_stdout_;  // a program's bytes read past its last reply
  long long peak_kb_ = 0;
};

// How far above the resident limit a player's address space is capped.
constexpr long long kAddressSpaceFactor = 4;

}  // namespace c4
