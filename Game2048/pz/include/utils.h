// The course's random helpers (PZ2048 "utils.h"), for a student's user_logic.cpp.
// They act on the game's own generator (std::mt19937_64), as in the course.
#ifndef PUZZLE_2048_UTILS_HPP
#define PUZZLE_2048_UTILS_HPP

#include <utility>

using uint = unsigned int;

namespace PZ2048 {

// Restarts the generator from `seed`.
void srand(uint seed);
// Restarts the generator from the system clock.
void tsrand();
// The next draw, truncated to 32 bits.
uint rand();
// The seed last given to srand().
uint get_seed();

}  // namespace PZ2048

#endif  // PUZZLE_2048_UTILS_HPP
