// The top rungs: Monte Carlo tree search (UCT) with a fixed number of
// iterations, so its strength never depends on the clock or the machine.
//
// The tree grows one expansion per iteration; a node's children are the moves
// that do not lose at once (only the winning move when there is one). The
// playouts follow the same tactics when `tactical` is set: win when possible,
// else block, else a random move that does not let the opponent land on his
// winning cell. The move played is the root's most visited child. With a
// proof depth, a short alpha-beta search over wins and losses first plays a
// forced win or drops the root moves that lose by force (MCTS-minimax hybrid).
#pragma once
#include <cstdint>

#include "position.h"
#include "rng.h"

namespace ladder {

struct MctsParams {
  int iterations = 1000;
  double exploration = 0.5;  // UCB1 constant, rewards in [0, 1]
  bool tactical = true;      // tactical playouts (else uniformly random ones)
  int proof_depth = 0;       // > 0: first prove root moves won or lost by a search this deep (wins and losses only)
};

// Requires a playable cell.
Bits mcts_move(const Position& pos, const MctsParams& params, Rng& rng);

// One playout from `pos`: 1 if the side to move there wins, 0 if it loses, 0.5 for a full board.
double playout(Position pos, bool tactical, Rng& rng);

}  // namespace ladder
