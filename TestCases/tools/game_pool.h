// The tools' side of Compete's game driver (Compete/game_pool.h): the players
// every game shares, from the tools' options, and the plugin host the tools
// run as. Their main() must start with
// `if (is_plugin_host(argc, argv)) return run_as_plugin_host(argv);`.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "../../Compete/game_pool.h"

namespace sample_tools {

struct PoolOptions {
  int jobs = 1;
  c4::PlayerDescription a, b;       // the sides' limits and move budgets (each game names its plugins)
  judge::WorkdirSettings workdirs;  // --keep-workdirs, --workdir-size
};

// Plays every game (c4::play_games; each game's plugins by absolute path), the
// working folders under a root of their own. done(i, result) runs one call at
// a time, in the list's order. False with *error if no folder for the plugins
// could be made, or the judge could not play a game.
bool play_games(const std::vector<c4::ScheduledGame>& games, const PoolOptions& options,
                const std::function<void(size_t, const c4::GameResult&)>& done, std::string* error);

bool is_plugin_host(int argc, char** argv);
int run_as_plugin_host(char** argv);

}  // namespace sample_tools
