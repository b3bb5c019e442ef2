// The runner's handle on a bot plugin running in its own sandboxed host
// process (common/sandbox.h, common/plugin.h), one process for many games.
#pragma once
#include <cstdint>
#include <string>

#include "../../common/plugin.h"
#include "../../common/workdir.h"

namespace g2048 {

struct BotConfig {
  std::string plugin_path;
  std::string host_executable;  // the runner binary, re-run with --plugin-host
  uint64_t run_seed = 0;
  int call_limit_ms = 10000;  // watchdog: wall time per g2048_move / g2048_new_game
  int load_limit_ms = 60000;  // wall time to load the plugin (static constructors)
  long long memory_limit_bytes = 2048LL << 20;
  std::string log_path;  // the bot's stdout/stderr; "" discards them
  std::string workdir;   // its working folder ("" = none it may write), unless workdirs is set
  // Each start of a host makes it a fresh folder of its own, "<workdir_name>-host<n>" (workdir.h).
  const judge::WorkdirRoot* workdirs = nullptr;
  std::string workdir_name = "bot";
};

// What one call came to.
struct BotAnswer {
  enum Kind { kOk, kCrashed, kTimedOut } kind = kCrashed;
  int dir = -1;         // g2048_move's answer, as returned
  int64_t cpu_us = 0;   // the bot's CPU time in the call (host's measure)
  int64_t wall_us = 0;  // from the request to the reply (or the kill)
  std::string detail;   // kCrashed / kTimedOut: what happened, in words
};

class SandboxedBot {
 public:
  ~SandboxedBot() { stop(); }
  // Starts the host, loads the plugin and asks it whether it can play
  // (g2048_check): kOk or why it cannot (*message).
  judge::LoadStatus start(const BotConfig& config, std::string* message);
  // After a start that failed: true if the bot loaded but its g2048_check said
  // it cannot play (*message of start is then the bot's own reason).
  bool not_ready() const { return not_ready_; }
  BotAnswer new_game(int game, uint64_t seed);
  BotAnswer move(const int tiles[16], int64_t score, int64_t moves);
  // Asks the host to quit, then ends it (killing whatever it left running).
  void stop();
  bool running() { return plugin_.process().running(); }
  // What the sandbox refused the bot since its host started (common/refusals.h).
  std::vector<judge::Refusal> refusals() const { return plugin_.process().refusals(); }
  // At a game's end: kills what the bot started and left running (its host
  // lives on), or, if a fault ended the host in the game, what reaping it
  // killed; returns how many.
  int kill_leftovers();

 private:
  BotAnswer call(const void* request, size_t size);
  BotConfig config_;
  judge::Workdir workdir_;  // the host's folder, for its life (closed when the next one starts, or by the destructor)
  int starts_ = 0;
  bool not_ready_ = false;
  judge::PluginProcess plugin_;
};

}  // namespace g2048
