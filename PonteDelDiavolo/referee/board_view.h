// A text picture of a position for people: W / B tiles, '.' water, '+' under a
// bridge, and the list of bridges with their numbers.
#pragma once
#include <string>

#include "../rules/board.h"

namespace pdd {

std::string render_board(const Board& board);

}  // namespace pdd
