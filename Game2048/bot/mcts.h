// A Monte Carlo agent in the manner of the 2014 MathorCup paper: random (or
// lightly guided) playouts to the end of the game after each candidate move,
// playouts shared among the root moves by UCB1, and the move with the best
// mean playout score chosen.
#pragma once
#include <cstdint>

namespace bot2048 {

struct MonteCarloSettings {
  int playouts_per_move = 300;
  double exploration = 0.25;  // UCB1 constant, on scores normalised by the best mean
  bool guided = false;        // playouts prefer LEFT/DOWN, avoid UP
};

class MonteCarlo {
 public:
  MonteCarlo(const MonteCarloSettings& settings, uint64_t seed);
  void reseed(uint64_t seed) { rng_ = seed; }
  // The direction with the best mean playout score, or -1 if none is valid.
  int choose_move(uint64_t board);

 private:
  uint64_t random();
  // Score of a playout from `board` (a position after a spawn) to the end.
  uint64_t playout(uint64_t board);
  uint64_t spawn(uint64_t afterstate);

  MonteCarloSettings settings_;
  uint64_t rng_;
};

}  // namespace bot2048
