// The exact value of a ConnectFour position (any board of the course, blocked
// cell included) for the side to move, by negamax alpha-beta over the
// strategy's Position, with a transposition table, within a node budget.
//
// Scores are absolute, as in Pons's solver: a win whose last stone is stone
// number t of the game scores kBase - t for the winner and t - kBase for the
// loser (kBase = the board's playable cells + 1), a draw 0; so a faster win
// scores more and negamax needs no adjustment between plies. The table keys
// on the stones (Zobrist hashing) and stores a score with its bound.
#pragma once
#include <stdint.h>

#include <vector>

#include "../engine/position.h"

namespace analysis {

struct SolveResult {
  bool proven = false;  // false: the node budget ran out first
  int outcome = 0;      // for the side to move: 1 win, 0 draw, -1 loss
  int distance = 0;     // plies to the game's end with best play (0 for a finished position)
  uint16_t best = 0;    // the columns that keep the value (the score: the same outcome at the same distance)
  uint16_t keeps = 0;   // the columns that keep the outcome (a win, a draw or a loss, at any distance)
  long long nodes = 0;  // positions searched
};

class Solver {
 public:
  // A table of 2^log2_entries entries (16 bytes each).
  explicit Solver(int log2_entries = 20);
  // Solves `pos` (not finished: nobody has four, the board not full) in at
  // most `budget` nodes. The table is kept between calls on the same board.
  SolveResult solve(const c4engine::Position& pos, long long budget);
  // Forgets the table (a new board).
  void clear();

 private:
  struct Entry {
    uint64_t key;
    int16_t score;
    uint8_t bound;  // kExact, kLower, kUpper; 0: empty
  };
  enum Bound : uint8_t { kEmpty = 0, kExact = 1, kLower = 2, kUpper = 3 };

  int negamax(const c4engine::Position& pos, uint64_t key, int alpha, int beta);
  uint64_t key_after(const c4engine::Position& pos, uint64_t key, int y) const;
  uint64_t key_of(const c4engine::Position& pos) const;

  std::vector<Entry> table_;
  uint64_t mask_;
  uint64_t zobrist_[2][c4engine::kMaxSide * c4engine::kMaxSide];
  int base_ = 0;  // kBase of the board being solved
  long long nodes_ = 0, budget_ = 0;
  bool out_of_budget_ = false;
};

}  // namespace analysis
