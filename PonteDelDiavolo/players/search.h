// The strategy's search: iterative-deepening alpha-beta (negamax) over a
// selective move list. At each node the candidates are every legal bridge,
// pairs formed from the best single cells (each cell ranked by the evaluation
// after placing it), and the pairs completing the mover's sandbanks of two;
// children are ordered by their static value and only the best few are
// searched deeper. Stops at the deadline and answers with the deepest
// completed iteration.
#pragma once
#include <cstdint>

#include "../rules/actions.h"

namespace pdd {

struct SearchLimits {
  int think_ms = 2000;  // wall time for the whole decision
  int max_depth = 8;    // deepest iteration (plies) of the iterative deepening
};

struct SearchReport {
  int depth = 0;        // deepest completed iteration
  long long nodes = 0;  // positions expanded
  double value = 0;
};

// Best action for `me`; false if it has no legal action. `change_offered`:
// Black may take White's opening tiles (Y).
bool choose_action(const Board& board, Colour me, bool change_offered, const SearchLimits& limits, Action* out,
                   SearchReport* report = nullptr);

// The same search at a fixed depth, with no clock (analysis: the same position
// and depth give the same answer on any machine). Values are for `me`, in the
// units of the evaluation (a finished game: final_value, 1000 a point).
// `nodes` (if given) gets the positions expanded added.
//
// The value of playing `action` (legal for `me`) at `depth` plies (1: the static
// value after it), as the search values its root's actions.
double action_value(const Board& board, Colour me, const Action& action, int depth, long long* nodes = nullptr);
// What choose_action answers with limits.max_depth = depth and all the time it
// needs, and its value, action_value(board, me, *best, depth). False if `me`
// has no legal action.
bool best_action_value(const Board& board, Colour me, bool change_offered, int depth, Action* best, double* value,
                       long long* nodes = nullptr);

}  // namespace pdd
