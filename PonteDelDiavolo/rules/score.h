// Scoring (RULES.md §8): a network is a set of one colour's groups linked by that
// colour's bridges (through sandbanks too); a network of n islands scores
// n(n+1)/2. Ties: more islands, then more bridges, else a draw.
#pragma once
#include <string>

#include "board.h"

namespace pdd {

struct PlayerScore {
  int points = 0;
  int islands = 0;
  int bridges = 0;              // bridges of this colour
  int connected_islands = 0;    // islands whose network holds at least one other island
  int independent_islands = 0;  // islands linked by no bridge to any other group
};

inline int triangular(int n) { return n * (n + 1) / 2; }

PlayerScore score(const Board& board, Colour colour);

// The winner (kEmpty for a draw) and why, e.g. "more points (6 vs 3)".
Colour decide_winner(const PlayerScore& white, const PlayerScore& black, std::string* reason);

}  // namespace pdd
