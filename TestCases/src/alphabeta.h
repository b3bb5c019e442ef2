// The middle rungs: depth-limited negamax with alpha-beta pruning over the
// moves that do not lose at once, and a threat-counting evaluation at the
// leaves. The budget is the depth, so the answer never depends on the clock.
#pragma once
#include <cstdint>

#include "position.h"
#include "rng.h"

namespace samples {

constexpr int kWinScore = 100000;  // a won position; minus plies to the win

// The side to move's heuristic score: its winning cells (cells that would
// complete a four) against the opponent's, those it can reach on its own
// parity counted more, and stones on the centre columns.
int evaluate(const Position& pos);
// The centre term of evaluate() alone.
int centre_score(const Position& pos);

struct SearchStats {
  int64_t nodes = 0;
};

// What the leaves are scored by.
enum class Evaluation {
  kNone,    // 0: the search sees only wins and losses within its depth
  kCentre,  // stones on the centre columns
  kFull,    // evaluate(): threats and centre
};

// The best move at `depth` plies (depth >= 1), chosen at random among equally
// scored ones. Requires a playable cell.
Bits alphabeta_move(const Position& pos, int depth, Evaluation eval, Rng& rng, SearchStats* stats = nullptr);

// The outcome of playing `move` (playable) in `pos`, searched `depth` plies
// for wins and losses only: > 0 a forced win for the side to move in `pos`,
// < 0 a forced loss, 0 unknown within the depth.
int proven_score(const Position& pos, const Bits& move, int depth);

}  // namespace samples
