// Static evaluation for the search: what a position is worth to one player.
//
// For each colour: the score it already has (networks of islands), plus part
// of the score it could reach: every group counts as a fraction of an island
// by how surely it can still be completed (an island 1, a sandbank less the
// smaller it is and the fewer legal cells it can grow into, a dead one 0), and
// networks are merged through every bridge that could be built now. Links the
// opponent can cut with one move (all their covered cells fit in two tiles),
// and sandbanks of three it can stop growing, count much less for the side
// that does not move next. A network of n islands is worth n(n+1)/2, so
// linkable islands are worth much more than isolated ones, and cutting the
// opponent's links is worth as much.
#pragma once
#include "../rules/board.h"

namespace pdd {

// Value of the position for `me` minus its value for the opponent.
// `board` is used as scratch space and restored.
double evaluate(Board& board, Colour me);

// Exact value of a finished game for `me`: points first, then islands, then bridges.
double final_value(const Board& board, Colour me);

}  // namespace pdd
