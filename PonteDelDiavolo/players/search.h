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

}  // namespace pdd
