// The SJTU PZ2048 course's game: any rows x cols board, a target tile, a seed
// and one-level undo, on the generic rules of engine/slide.h.
//
// Randomness (the course's, reproduced exactly): std::mt19937_64 seeded with
// the seed, each draw truncated to 32 bits. A spawn takes two draws in order:
// cell = first % (empty cells, counted row-major), tile = 4 if second % 10 == 0
// else 2. A game starts with one tile.
// Undo restores the board from before the last successful move (its spawned
// tile goes too), the score and the step count. It fails when no successful
// move happened since the start or since the last undo, and never rewinds the
// random generator.
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace g2048 {
namespace pz {

constexpr long long kMinTarget = 8;
constexpr long long kMaxTarget = 8192;

// The target the game plays to and, if it had to change the requested one,
// the course's announcement (one line, no newline); "" when unchanged.
struct Target {
  int value;
  std::string announcement;
};
// <= 4 -> 8, > 8192 -> 8192, any other non-power of two -> the next power of two.
Target normalize_target(long long requested);

class Game {
 public:
  // Requires rows, cols >= 1. Spawns the first tile.
  Game(int rows, int cols, int target, uint64_t seed);

  // 0 LEFT, 1 DOWN, 2 RIGHT, 3 UP. A move that changes the board adds its
  // merges to the score, counts one step, spawns a tile and becomes undoable;
  // otherwise returns false and nothing changes.
  bool move(int dir);
  // See the header comment; returns false when there is nothing to undo.
  bool undo();

  // The generator, shared with whoever plays (the course's PZ2048::rand() and
  // srand() draw from and reseed the game's own generator): one draw, counted.
  uint32_t draw() {
    ++draws_;
    return static_cast<uint32_t>(rng_());
  }
  // Restarts the generator from `seed` (the draw count goes on).
  void reseed(uint64_t seed) { rng_.seed(seed); }
  // Makes n draws, as someone else sharing the generator would have.
  void skip_draws(uint64_t n) {
    rng_.discard(n);
    draws_ += n;
  }
  // Draws made since construction (the starting tile's two among them).
  uint64_t draws() const { return draws_; }
  // Puts the board, score and steps of another copy of the game in place
  // (for a player's copy of the judge's game); nothing to undo afterwards.
  // Requires cells.size() == rows * cols.
  void set_position(const std::vector<int>& cells, int64_t score, int64_t steps);

  bool reached_target() const;  // the largest tile is at least the target
  bool stuck() const;           // no direction changes the board

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int target() const { return target_; }
  int at(int row, int col) const { return cells_[row * cols_ + col]; }
  const std::vector<int>& cells() const { return cells_; }
  int64_t score() const { return score_; }
  int64_t steps() const { return steps_; }

 private:
  void spawn();

  int rows_, cols_, target_;
  std::mt19937_64 rng_;
  uint64_t draws_ = 0;
  std::vector<int> cells_;
  int64_t score_ = 0, steps_ = 0;
  // The state before the last successful move, while it may be restored.
  bool can_undo_ = false;
  std::vector<int> saved_cells_;
  int64_t saved_score_ = 0, saved_steps_ = 0;
};

}  // namespace pz
}  // namespace g2048
