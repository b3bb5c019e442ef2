#include "Judge.h"

bool four_through(const int* cells, int M, int N, int x, int y) {
  const int who = cells[x * N + y];
  const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (const auto& s : steps) {
    int run = 1;
    for (int sign = -1; sign <= 1; sign += 2)
      for (int i = x + sign * s[0], j = y + sign * s[1]; i >= 0 && i < M && j >= 0 && j < N && cells[i * N + j] == who;
           i += sign * s[0], j += sign * s[1])
        ++run;
    if (run >= 4) return true;
  }
  return false;
}
