#include "game_pool.h"

#include <algorithm>

#include "../common/run_loop.h"
#include "match.h"

namespace c4 {

bool play_games(const std::vector<ScheduledGame>& games, const PlayerConfig& a, const PlayerConfig& b, int jobs,
                const GameDone& done, std::string* error) {
  judge::OrderedPool<GameResult> pool(static_cast<int>(games.size()), jobs);
  auto play = [&](int, int i, const std::vector<int>& cores, GameResult* result) {
    const ScheduledGame& game = games[i];
    PlayerConfig pa = a, pb = b;
    if (!game.plugin_a.empty()) pa.plugin_path = game.plugin_a;
    if (!game.plugin_b.empty()) pb.plugin_path = game.plugin_b;
    pa.cpus = pb.cpus = cores;  // both sides of a game on the game's cores
    *result = play_game(game.setup, pa, pb);
    return result->judge_error.empty() || pool.fail(i, result->judge_error);
  };
  auto commit = [&](int i, GameResult& result) { return done(static_cast<size_t>(i), games[i], result); };
  return judge::play_units<GameResult>(&pool, play, commit, error);
}

GameSetup game_setup(const RoundBoard& board, Side first, const std::string& id) {
  GameSetup setup;
  setup.M = board.M;
  setup.N = board.N;
  setup.noX = board.noX;
  setup.noY = board.noY;
  setup.seed = board.seed;
  setup.first = first;
  setup.id = id;
  return setup;
}

GameSetup round_setup(uint64_t match_seed, int round, Side first, const std::string& prefix) {
  return game_setup(round_board(match_seed, round), first,
                    prefix + "round" + std::to_string(round) + "-game" + (first == kA ? "1" : "2"));
}

}  // namespace c4
