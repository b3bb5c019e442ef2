// Developer's tool for tuning the ladder: plays two levels (or any plans)
// against each other in-process, without the sandbox, on random boards, each
// board twice with the colours swapped. Prints wins, ties and time per move.
//   duel A B [rounds] [seed] [threads]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/ordered_pool.h"
#include "../src/levels.h"

using namespace samples;

int main(int argc, char** argv) {
  judge::OptionTable options("duel", "usage: duel LEVEL_A LEVEL_B [rounds=10] [seed=1] [threads=2]\n");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (positional.size() < 2) return options.error("missing arguments: need two levels or plans");
  if (positional.size() > 5) return options.error("unexpected argument '" + positional[5] + "'");
  long long rounds = 10, threads = 2;
  uint64_t seed = 1;
  if (positional.size() > 2 && !judge::parse_int(positional[2], 1, 1000000, &rounds))
    return options.error("rounds needs a whole number from 1 to 1000000, not '" + positional[2] + "'");
  if (positional.size() > 3 && !judge::parse_u64(positional[3], &seed))
    return options.error("seed needs an unsigned 64-bit integer, not '" + positional[3] + "'");
  if (positional.size() > 4 && !judge::parse_int(positional[4], 1, 1024, &threads))
    return options.error("threads needs a whole number from 1 to 1024, not '" + positional[4] + "'");
  int la = std::atoi(positional[0].c_str()), lb = std::atoi(positional[1].c_str());
  LevelPlan plans[2] = {parse_plan(positional[0].c_str()), parse_plan(positional[1].c_str())};
  int wins[2] = {0, 0}, ties = 0;
  double max_ms[2] = {0, 0}, total_ms[2] = {0, 0};
  long moves[2] = {0, 0};
  // One game as it ended: the winner (-1 a tie), each side's longest and total move time and moves.
  struct Game {
    int winner = -1;
    double mx[2] = {0, 0}, tot[2] = {0, 0};
    long mv[2] = {0, 0};
  };
  // The games are the judges' pool's units (common/ordered_pool.h), summed in game order.
  judge::OrderedPool<Game> pool(static_cast<int>(2 * rounds), static_cast<int>(threads));
  auto play = [&](int, int g, Game* game) {
    Rng board_rng(mix_seed(seed, g / 2));
    int M = 9 + board_rng.below(4), N = 9 + board_rng.below(4);
    int noX = board_rng.below(M), noY = board_rng.below(N);
    Position pos(M, N, noX, noY);
    Rng rng[2] = {Rng(mix_seed(seed * 7 + g, la)), Rng(mix_seed(seed * 7 + g, lb + 100))};
    int mover = g % 2;  // game 0 of a round: A first
    int& winner = game->winner;
    double* mx = game->mx;
    double* tot = game->tot;
    long* mv = game->mv;
    while (pos.playable().any()) {
      auto t0 = std::chrono::steady_clock::now();
      Bits m = plan_move(plans[mover], pos, rng[mover]);
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      mx[mover] = std::max(mx[mover], ms);
      tot[mover] += ms;
      ++mv[mover];
      pos.play(m);
      if (pos.last_mover_won()) {
        winner = mover;
        break;
      }
      mover ^= 1;
    }
    return true;
  };
  pool.run(play, [&](int, Game& game) {
    if (game.winner < 0)
      ++ties;
    else
      ++wins[game.winner];
    for (int s = 0; s < 2; ++s) {
      max_ms[s] = std::max(max_ms[s], game.mx[s]);
      total_ms[s] += game.tot[s];
      moves[s] += game.mv[s];
    }
    return true;
  });
  std::printf("%2d (%s) vs %2d (%s): %d - %d - %d  A wins %.0f%%   ms/move A %.1f (max %.0f)  B %.1f (max %.0f)\n", la,
              describe(plans[0]).c_str(), lb, describe(plans[1]).c_str(), wins[0], wins[1], ties,
              100.0 * wins[0] / (2 * rounds), total_ms[0] / std::max(1L, moves[0]), max_ms[0],
              total_ms[1] / std::max(1L, moves[1]), max_ms[1]);
  return 0;
}
