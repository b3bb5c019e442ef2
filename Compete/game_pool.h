// The one driver of many ConnectFour games: Compete's match (Tournament's pairs
// through it), Grade, grade-class and the ladder's bench play their games here,
// `jobs` at a time, each game's two hosts on the game's share of the cores
// (cpu_share.h), and handed back one at a time in the list's order
// (ordered_pool.h), whatever order they end in.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../common/run_loop.h"
#include "game.h"
#include "match.h"
#include "player.h"

namespace c4 {

// One game to play: its board, first mover and id (setup.id names its working
// folders), and its plugins ("" keeps the base player's plugin_path).
struct ScheduledGame {
  GameSetup setup;
  std::string plugin_a, plugin_b;
};

// What the driver does after handing a game back.
using AfterGame = judge::AfterUnit;

// Plays every game with the players `a` and `b` (their limits, environment,
// working folders; the game's plugins), `jobs` at a time. done(i, game, result)
// runs one call at a time, for i = 0, 1, 2, ... in turn. False with *error
// (when not null) when the judge itself could not play a game (a folder it
// needs): the run ends before that game.
using GameDone = std::function<AfterGame(size_t index, const ScheduledGame& game, const GameResult& result)>;
bool play_games(const std::vector<ScheduledGame>& games, const PlayerConfig& a, const PlayerConfig& b, int jobs,
                const GameDone& done, std::string* error);

// The game on `board`, `first` moving first; `id` names its working folders.
GameSetup game_setup(const RoundBoard& board, Side first, const std::string& id);

// Round `round` of a match seeded `match_seed` (round_board) as a game's setup,
// `first` moving first, named "round<R>-game<1|2>" after `prefix`.
GameSetup round_setup(uint64_t match_seed, int round, Side first, const std::string& prefix = "");

}  // namespace c4
