// Bridge legality (RULES.md §5): both endpoints are the mover's tiles (V8), each
// free of any other bridge (V7), at Chebyshev distance 2 (V10), with every
// covered cell empty and under no other bridge, and, in strict mode, no
// crossing of another bridge's centre-to-centre segment (V6).
#pragma once
#include <string>

#include "board.h"
#include "violation.h"

namespace pdd {

enum class Crossing {
  kStrict,     // shared covered cell OR intersecting segments (default, RULES.md §5)
  kCellsOnly,  // shared covered cell only (the literal course text)
};

// The first rule broken by a bridge from a to b for `colour`; kNone when legal.
// *detail (if not null) explains it with cells.
Violation check_bridge(const Board& board, Colour colour, int a, int b, Crossing crossing,
                       std::string* detail = nullptr);

// Fast legality test of bridge `id` for `colour` (search and enumeration).
bool bridge_legal(const Board& board, Colour colour, int id, Crossing crossing);

}  // namespace pdd
