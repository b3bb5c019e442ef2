// What Run2048 and its bot host say to each other over the sandbox channel.
// Fixed-size messages, each starting with kMagic so that stray bytes from a
// misbehaving bot are recognised as garbage.
#pragma once
#include <cstdint>

namespace g2048 {

constexpr int32_t kHostMagic = 0x32303438;  // "2048"

// Runner -> host.
struct HostRequest {
  enum Kind : int32_t { kNewGame = 1, kMove = 2, kQuit = 3 };
  int32_t magic;
  int32_t kind;
  int32_t game;   // kNewGame: the game's index from 0
  int32_t score;  // kMove
  int32_t moves;  // kMove: valid moves so far in this game
  int32_t unused;
  uint64_t seed;      // kNewGame: the bot's seed for this game
  int32_t tiles[16];  // kMove: tile values, row-major
};

// Host -> runner, once the bot's function has returned.
struct HostReply {
  int32_t magic;
  int32_t dir;     // kMove: the bot's answer as it returned it; kNewGame: 0
  int64_t cpu_us;  // the host's CPU time (all threads) spent in the call
};

// Host -> runner, once, after the load report of a bot that loaded: whether
// the bot can play (g2048_check), and if not, why.
struct HostReady {
  int32_t magic;
  int32_t ready;     // 1: play; 0: `reason` says why not
  char reason[504];  // NUL-terminated, cut to fit
};

// The host: loads the bot, reports, reports whether it is ready (HostReady), seeds srand() from the run seed's bot
// stream, then serves requests until kQuit or the runner goes away. Returns
// the process exit code.
int run_bot_host(const char* plugin_path, uint64_t run_seed);

}  // namespace g2048
