#include "mcts.h"

#include <cmath>

#include "../engine/board4.h"

namespace bot2048 {

namespace b4 = g2048::b4;

MonteCarlo::MonteCarlo(const MonteCarloSettings& settings, uint64_t seed) : settings_(settings), rng_(seed) {}

uint64_t MonteCarlo::random() {  // splitmix64
  uint64_t z = (rng_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

uint64_t MonteCarlo::spawn(uint64_t after) {
  const int empty = b4::count_empty(after);
  const uint64_t r = random();
  const int k = int(((r >> 32) * uint64_t(empty)) >> 32);
  return b4::spawn(after, k, (r & 0xFFFF) % 10 == 0 ? 2 : 1);
}

uint64_t MonteCarlo::playout(uint64_t board) {
  // Guided playouts draw LEFT, DOWN, RIGHT, UP with weights 4 : 4 : 1.5 : 0.5.
  static const unsigned kGuided[20] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3};
  uint64_t score = 0;
  for (;;) {
    const uint64_t r = random();
    const unsigned first = settings_.guided ? kGuided[(r >> 8) % 20] : unsigned(r & 3);
    bool moved = false;
    for (unsigned k = 0; k < 4 && !moved; ++k) {
      // After the drawn direction fails, the others in a random rotation order.
      const unsigned d = k == 0 ? first : (first + k * (1 + ((r >> 16) & 1) * 2)) & 3;
      uint32_t gained = 0;
      const uint64_t after = b4::move(board, int(d), &gained);
      if (after == board) continue;
      score += gained;
      board = spawn(after);
      moved = true;
    }
    if (!moved) return score;
  }
}

int MonteCarlo::choose_move(uint64_t board) {
  uint64_t after[4];
  uint32_t reward[4];
  int moves[4], k = 0;
  for (int d = 0; d < 4; ++d) {
    reward[d] = 0;
    after[d] = b4::move(board, d, &reward[d]);
    if (after[d] != board) moves[k++] = d;
  }
  if (k == 0) return -1;
  if (k == 1) return moves[0];
  double sum[4] = {0, 0, 0, 0};
  int visits[4] = {0, 0, 0, 0};
  for (int n = 0; n < settings_.playouts_per_move; ++n) {
    int pick = -1;
    if (n < k) {
      pick = n;
    } else {
      double best_mean = 1;
      for (int i = 0; i < k; ++i) best_mean = std::max(best_mean, sum[i] / visits[i]);
      double best_ucb = -1;
      for (int i = 0; i < k; ++i) {
        const double ucb =
            sum[i] / visits[i] / best_mean + settings_.exploration * std::sqrt(std::log(double(n)) / visits[i]);
        if (ucb > best_ucb) best_ucb = ucb, pick = i;
      }
    }
    const int d = moves[pick];
    sum[pick] += double(reward[d]) + double(playout(spawn(after[d])));
    ++visits[pick];
  }
  int best = 0;
  for (int i = 1; i < k; ++i)
    if (sum[i] / visits[i] > sum[best] / visits[best]) best = i;
  return moves[best];
}

}  // namespace bot2048
