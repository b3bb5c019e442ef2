// Plays a list of ConnectFour games between plugins with Compete's sandboxed
// referee (c4::play_game), several at once. The tools that use it run
// themselves as the plugin host: their main() must start with
// `if (is_plugin_host(argc, argv)) return run_as_plugin_host(argv);`.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "../../Compete/game.h"
#include "../../Compete/player.h"

namespace ladder_tools {

struct GameSpec {
  std::string a, b;  // plugin paths; A is the first player of the pair
  int M = 0, N = 0, noX = 0, noY = 0;
  uint64_t seed = 0;  // the board's seed, for the record
  c4::Side first = c4::kA;
  std::string id;  // the game's working folders are "<id>-A", "<id>-B" (e.g. "round7-game1")
};

// The board of round `round` of a match seeded `seed`: the same one Compete draws.
GameSpec board_for_round(uint64_t seed, int round);

struct PoolOptions {
  int jobs = 1;
  int time_limit_ms = 3000;
  std::vector<std::pair<std::string, std::string>> env_a, env_b;  // e.g. STRATEGY_MOVE_MS
  judge::WorkdirSettings workdirs;                                // --keep-workdirs, --workdir-size
  bool freeze = true;                                             // stop each host between its moves (--no-freeze: not)
};

// Plays every game, `jobs` at a time. `done(i, result)` is called one call at
// a time and in the list's order (i = 0, 1, ...), as soon as game i and every
// game before it have ended. Each game gives each side a fresh working
// folder (workdir.h). False with *error if no folder for the plugins could be
// made.
bool play_games(const std::vector<GameSpec>& games, const PoolOptions& options,
                const std::function<void(size_t, const c4::GameResult&)>& done, std::string* error);

bool is_plugin_host(int argc, char** argv);
int run_as_plugin_host(char** argv);

// An absolute path, so that plugins find it from their scratch folder.
std::string absolute_path(const std::string& path);

}  // namespace ladder_tools
