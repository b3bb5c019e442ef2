// The PZ2048 course's command: reads the course's test input and prints its
// transcript.
//
// Input: `rows cols target seed` (whitespace separated), then operation
// characters, whitespace ignored: w up, a left, s down, d right, z undo; '#'
// (or the end of the input) stops. Output, exactly the course's:
//   [announcement about the target, if it changed]
//   [0] Steps: 0 Score: 0
//   <board: each row's values, each followed by a space>
// then per character i (from 1):
//   [i] Swiped upward. Operation succeeded.        (leftward, downward, rightward;
//   Steps: N Score: S                               "Operation failed." when the
//   <board>                                         move changes nothing)
//   [i] Tried to undo previous operation. Operation succeeded.   (or failed), the same two parts
//   [i] Invalid operation.                           (any other character; alone)
// The game stops after "You've merged a T tile!" (largest tile >= target) or
// "You've stuck." (no move possible), checked after each operation line only
// (never for the starting board); then "Game ended.", "Steps: N", "Score: S".
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

namespace g2048 {
namespace pz {

constexpr long long kMaxSide = 4096;  // rows and columns: 1 .. kMaxSide

// The input's header, as read (the target not yet normalized).
struct Header {
  long long rows = 0, cols = 0, target = 0;
  uint64_t seed = 0;
};
extern const char* const kHeaderFields[4];  // "rows", "cols", "target", "seed"
// Reads header field `field` (0..3) from `token` into *header; false with
// *problem naming the field and the value ("rows '0' is not a whole number
// from 1 to 4096"). Rows and cols must be 1 .. max_side.
bool parse_header_field(int field, const std::string& token, long long max_side, Header* header, std::string* problem);

// Plays the input; returns false (with *error naming the line and the value)
// if the header is malformed. Nothing is printed in that case.
bool run_transcript(std::istream& in, std::ostream& out, std::ostream& console, std::string* error);

}  // namespace pz
}  // namespace g2048
