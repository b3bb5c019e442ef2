// The course's "common.h": nothing in it but the namespace.
#ifndef PUZZLE_2048_COMMON_H
#define PUZZLE_2048_COMMON_H

namespace PZ2048 {}

#endif  // PUZZLE_2048_COMMON_H
