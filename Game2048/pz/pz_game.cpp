#include "pz_game.h"

#include "../engine/slide.h"

namespace g2048 {
namespace pz {

Target normalize_target(long long requested) {
  if (requested <= 4) return {8, "Target too low. Automatically changed target to 8."};
  if (requested > kMaxTarget) return {8192, "Target too large. Automatically changed target to 8192."};
  long long power = 8;
  while (power < requested) power *= 2;
  if (power == requested) return {static_cast<int>(requested), ""};
  return {static_cast<int>(power),
          "Target is not a power of 2. Automatically changed target to " + std::to_string(power) + "."};
}

Game::Game(int rows, int cols, int target, uint64_t seed)
    : rows_(rows), cols_(cols), target_(target), rng_(seed), cells_(static_cast<size_t>(rows) * cols, 0) {
  spawn();
}

void Game::spawn() {
  const int n = static_cast<int>(cells_.size());
  const int empty = count_empty(cells_.data(), n);
  if (empty == 0) return;
  const uint32_t where = draw();
  const uint32_t what = draw();
  cells_[kth_empty(cells_.data(), n, static_cast<int>(where % static_cast<uint32_t>(empty)))] = what % 10 == 0 ? 4 : 2;
}

bool Game::move(int dir) {
  std::vector<int> before = cells_;
  int64_t gained = 0;
  if (!slide_board(cells_.data(), rows_, cols_, dir, &gained)) return false;
  saved_cells_.swap(before);
  saved_score_ = score_;
  saved_steps_ = steps_;
  can_undo_ = true;
  score_ += gained;
  ++steps_;
  spawn();
  return true;
}

bool Game::undo() {
  if (!can_undo_) return false;
  cells_.swap(saved_cells_);
  score_ = saved_score_;
  steps_ = saved_steps_;
  can_undo_ = false;
  return true;
}

void Game::set_position(const std::vector<int>& cells, int64_t score, int64_t steps) {
  cells_ = cells;
  score_ = score;
  steps_ = steps;
  can_undo_ = false;
}

bool Game::reached_target() const { return max_value(cells_.data(), static_cast<int>(cells_.size())) >= target_; }

bool Game::stuck() const { return !any_move(cells_.data(), rows_, cols_); }

}  // namespace pz
}  // namespace g2048
