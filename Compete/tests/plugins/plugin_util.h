// Shared by the test plugins: a deterministic, uniformly random legal move,
// and a check that the arrays the judge handed over obey the ABI.
//
// Every test plugin is stateless: its move depends only on the position it is
// shown (hashed with SALT), so a seeded match is reproducible whatever -j.
#ifndef COMPETE_TEST_PLUGIN_UTIL_H_
#define COMPETE_TEST_PLUGIN_UTIL_H_

#include "Point.h"

#ifndef SALT
#define SALT 1
#endif

namespace test_plugin {

inline unsigned long long mix(unsigned long long x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A hash of everything the plugin is shown.
inline unsigned long long position_hash(int M, int N, const int* top, const int* board, int lastX, int lastY, int noX,
                                        int noY) {
  unsigned long long h = mix(SALT);
  const int head[6] = {M, N, noX, noY, lastX, lastY};
  for (int i = 0; i < 6; ++i) h = mix(h ^ static_cast<unsigned long long>(head[i] + 1000));
  for (int y = 0; y < N; ++y) h = mix(h ^ static_cast<unsigned long long>(top[y]));
  for (int i = 0; i < M * N; ++i) h = mix(h ^ static_cast<unsigned long long>(board[i] * 7 + i));
  return h;
}

// The column of a uniformly random open column (by the position's hash), or -1.
inline int random_column(int N, const int* top, unsigned long long h) {
  int open = 0;
  for (int y = 0; y < N; ++y)
    if (top[y] > 0) ++open;
  if (open == 0) return -1;
  int pick = static_cast<int>(h % static_cast<unsigned long long>(open));
  for (int y = 0; y < N; ++y)
    if (top[y] > 0 && pick-- == 0) return y;
  return -1;
}

// True if the arrays obey the ABI: top[y] - 1 is the lowest empty, unblocked
// cell of column y (every cell below it is a stone or the blocked cell, every
// cell above it empty), the blocked cell reads 0, the stone counts fit
// alternate moves, and (lastX, lastY) is an opponent stone (-1, -1 only before
// our first move).
inline bool abi_ok(int M, int N, const int* top, const int* board, int lastX, int lastY, int noX, int noY) {
  if (M < 9 || M > 12 || N < 9 || N > 12 || noX < 0 || noX >= M || noY < 0 || noY >= N) return false;
  if (board[noX * N + noY] != 0) return false;
  int mine = 0, theirs = 0;
  for (int y = 0; y < N; ++y) {
    if (top[y] < 0 || top[y] > M) return false;
    if (top[y] > 0 && top[y] - 1 == noX && y == noY) return false;
    for (int x = 0; x < M; ++x) {
      int v = board[x * N + y];
      if (v < 0 || v > 2) return false;
      bool blocked = x == noX && y == noY;
      if (x < top[y] ? v != 0 : (!blocked && v == 0)) return false;
      if (v == 2) ++mine;
      if (v == 1) ++theirs;
    }
  }
  if (theirs - mine != 0 && theirs - mine != 1) return false;
  if (lastX == -1 && lastY == -1) return mine == 0;
  if (lastX < 0 || lastX >= M || lastY < 0 || lastY >= N) return false;
  return board[lastX * N + lastY] == 1;
}

// Both of the above: a legal random move, or the off-board point (-100, -100)
// when the judge broke the ABI (the test sees an illegal move and the reason).
inline Point* checked_random_move(int M, int N, const int* top, const int* board, int lastX, int lastY, int noX,
                                  int noY) {
  if (!abi_ok(M, N, top, board, lastX, lastY, noX, noY)) return new Point(-100, -100);
  int y = random_column(N, top, position_hash(M, N, top, board, lastX, lastY, noX, noY));
  if (y < 0) return new Point(-100, -100);
  return new Point(top[y] - 1, y);
}

}  // namespace test_plugin

#endif
