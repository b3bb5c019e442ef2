// The top rungs: Monte Carlo tree search (UCT) with a fixed number of
// iterations, so its strength never depends on the clock or the machine.
//
// The tree grows one expansion per iteration; a node's children are the moves
// that do not lose at once (only the winning move when there is one). The
// playout policy is one of: uniformly random moves; tactical (win when possible,
// else block, else a random move that does not let the opponent land on his
// winning cell); tactical and also keeping one's own threats (never filling
// the cell under one's own winning cell, which would only let the opponent
// block it); the last with the random choice weighted towards the centre
// (tuning only: no stronger in duels); or the threat-keeping choice that
// follows up, playing on top of the opponent's last stone 9 times in 10 when
// that column is allowed (how Connect-Four players claim every other row). The move played is the root's most
// visited child (a proven win first, a proven loss last).
//
// Options for the top rungs: a solver (MCTS-solver: positions proven won or
// lost are propagated up the tree, proven losses are never chosen again, a
// proven win is played at once) and a proof depth (a short alpha-beta search
// over wins and losses first plays a forced win or drops the root moves that
// lose by force).
//
// Playouts and the tree descent run on a board that keeps each side's
// winning cells incrementally: a stone adds winning cells only along its own
// four lines, so a ply never recomputes whole-board threats; the playout
// policy works on column sets through the cells above the playable ones.
#pragma once
#include <cstdint>

#include "position.h"
#include "rng.h"

namespace samples {

enum class Playout {
  kRandom,       // uniformly random legal moves
  kTactical,     // win, else block, else random but not under the opponent's winning cell
  kKeepThreats,  // kTactical, and not under one's own winning cell either
  kCentre,       // kKeepThreats, the random choice weighted towards the centre columns
  kFollowUp,     // kKeepThreats, and 9 times in 10 on top of the opponent's last stone when allowed
};

struct MctsParams {
  int iterations = 1000;
  double exploration = 0.5;  // UCB1 constant, rewards in [0, 1]
  Playout policy = Playout::kTactical;
  int proof_depth = 0;  // > 0: first prove root moves won or lost by a search this deep (wins and losses only)
  bool solver = false;  // MCTS-solver: propagate proven wins and losses
};

// Requires a playable cell.
Bits mcts_move(const Position& pos, const MctsParams& params, Rng& rng);

// One playout from `pos`: 1 if the side to move there wins, 0 if it loses, 0.5 for a full board.
double playout(const Position& pos, Playout policy, Rng& rng);

// For the tests: plays random moves from `pos` to the end on the search board and on a
// Position side by side; false as soon as their playable or winning cells differ.
bool search_board_agrees(const Position& pos, Rng& rng);

}  // namespace samples
