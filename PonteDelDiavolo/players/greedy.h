// The greedy baseline: the action that maximises its own score right after it
// (points, then islands, then how grown its groups are), ties at random.
#pragma once
#include <cstdint>

#include "../rules/actions.h"

namespace pdd {

bool greedy_action(const Board& board, Colour me, bool change_offered, uint64_t seed, Action* out);

}  // namespace pdd
