#include "game_pool.h"

#include <algorithm>

#include "../common/cpu_share.h"
#include "../common/ordered_pool.h"
#include "match.h"

namespace c4 {

bool play_games(const std::vector<ScheduledGame>& games, const PlayerConfig& a, const PlayerConfig& b, int jobs,
                const GameDone& done, std::string* error) {
  const int count = static_cast<int>(games.size());
  judge::OrderedPool<GameResult> pool(count, jobs);
  const int slots = std::max(1, std::min(jobs, count));
  auto play = [&](int worker, int i, GameResult* result) {
    const ScheduledGame& game = games[i];
    PlayerConfig pa = a, pb = b;
    if (!game.plugin_a.empty()) pa.plugin_path = game.plugin_a;
    if (!game.plugin_b.empty()) pb.plugin_path = game.plugin_b;
    pa.cpus = pb.cpus = judge::cpu_share(worker, slots);  // both sides of a game on the game's cores
    *result = play_game(game.setup, pa, pb);
    return result->judge_error.empty() || pool.fail(i, result->judge_error);
  };
  auto commit = [&](int i, GameResult& result) {
    switch (done(static_cast<size_t>(i), games[i], result)) {
      case AfterGame::kGoOn: return true;
      case AfterGame::kStartNoMore: pool.stop_handing_out(); return true;
      case AfterGame::kStop: return false;
    }
    return false;
  };
  pool.run(play, commit);
  if (pool.failure().empty()) return true;
  if (error) *error = pool.failure();
  return false;
}

GameSetup round_setup(uint64_t match_seed, int round, Side first, const std::string& prefix) {
  const RoundBoard rb = round_board(match_seed, round);
  GameSetup setup;
  setup.M = rb.M;
  setup.N = rb.N;
  setup.noX = rb.noX;
  setup.noY = rb.noY;
  setup.seed = rb.seed;
  setup.first = first;
  setup.id = prefix + "round" + std::to_string(round) + "-game" + (first == kA ? "1" : "2");
  return setup;
}

}  // namespace c4
