// Sample strategy number LEVEL of the ladder (see levels.h), as a framework
// plugin. Built once per level: g++ -DLEVEL=k ... -shared -o TestCases/k.so.
//
// Its random stream is reseeded from the level and the board at its first
// move of every game, so a game depends only on the moves played, however
// many games the process has played before. It prints nothing, writes no
// file and never reads the clock.
#ifndef LEVEL
#error "compile with -DLEVEL=k, 1 <= k <= 50"
#endif

#pragma GCC visibility push(default)
#include "../../Compete/framework/Point.h"
#include "../../Compete/framework/Strategy.h"
#pragma GCC visibility pop

#include "levels.h"

static_assert(LEVEL >= 1 && LEVEL <= samples::kLevels, "LEVEL must be 1..50");

namespace {

samples::Rng g_rng(samples::mix_seed(0x5a3b1e, LEVEL));

// A seed for a fresh game: the level, the board and the stones already on it.
uint64_t game_seed(int M, int N, const int* board, int noX, int noY) {
  uint64_t s = samples::mix_seed(0x5a3b1e, LEVEL);
  s = samples::mix_seed(s, static_cast<uint64_t>(M * 16 + N));
  s = samples::mix_seed(s, static_cast<uint64_t>(noX * 16 + noY));
  for (int i = 0; i < M * N; ++i)
    if (board[i] != 0) s = samples::mix_seed(s, static_cast<uint64_t>(i * 4 + board[i]));
  return s;
}

}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  if (M < 1 || M > samples::kMaxSide || N < 1 || N > samples::kMaxSide || noX < 0 || noX >= M || noY < 0 || noY >= N)
    return nullptr;
  samples::Position pos = samples::Position::from_framework(M, N, _board, noX, noY);
  if (pos.stones() < 2) g_rng = samples::Rng(game_seed(M, N, _board, noX, noY));
  int y = -1;
  if (pos.playable().any()) y = samples::plan_move(samples::level_plan(LEVEL), pos, g_rng).column();
  // The judge's top[] has the last word: should the board disagree, take any open column.
  if (y < 0 || top[y] <= 0) {
    y = -1;
    for (int c = 0; c < N && y < 0; ++c)
      if (top[c] > 0) y = c;
    if (y < 0) return nullptr;
  }
  return new Point(top[y] - 1, y);
}

extern "C" void clearPoint(Point* p) { delete p; }

void clearArray(int M, int N, int** board) {
  (void)N;
  for (int i = 0; i < M; ++i) delete[] board[i];
  delete[] board;
}
