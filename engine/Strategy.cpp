// The plugin: getPoint / clearPoint over a UCT search that keeps its tree
// between the moves of one game.
//
// Time: each call thinks for STRATEGY_MOVE_MS milliseconds (default 2600),
// measured from entry with a monotonic clock, and stops early when the result
// is proven. STRATEGY_MOVE_ITERATIONS, when set, also stops each search after
// that many iterations (load-independent, reproducible matches). Memory: two node pools of kPoolNodes nodes (16 bytes
// each), allocated once on the first call.
#include <stdlib.h>

#include <chrono>

#include "Strategy.h"
#include "position.h"
#include "uct.h"

namespace {

const double kDefaultMoveMs = 2600;
#ifndef UCT_EXPLORATION
#define UCT_EXPLORATION 0.6f  // tuned by self-play, see README
#endif
const uint32_t kPoolNodes = 12u << 20;  // 2 x 192 MiB

// What the plugin remembers between calls of one game.
struct Game {
  bool active;
  c4engine::Geometry geometry;
  c4engine::Position position;  // after our last move
  c4engine::Uct search;
  bool search_ready;
  Game() : active(false), search_ready(false) {}
};
Game game;

double elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
}

double move_budget_ms() {
  const char* text = getenv("STRATEGY_MOVE_MS");
  if (text) {
    double ms = atof(text);
    if (ms > 0) return ms;
  }
  return kDefaultMoveMs;
}

uint64_t move_iterations() {
  const char* text = getenv("STRATEGY_MOVE_ITERATIONS");
  return text ? strtoull(text, 0, 10) : 0;
}

// True if `pos` (us = player 0) shows exactly the framework's board.
bool matches(const c4engine::Position& pos, int M, int N, const int* top, const int* board) {
  for (int y = 0; y < N; ++y)
    if (pos.free_row(y) != top[y] - 1) return false;
  for (int x = 0; x < M; ++x)
    for (int y = 0; y < N; ++y) {
      int expected = board[x * N + y] == 2 ? 0 : board[x * N + y] == 1 ? 1 : -1;
      if (pos.stone(x, y) != expected) return false;
    }
  return true;
}

// Builds the position from the framework's arrays, us (2) as player 0 to move.
void set_up(c4engine::Position* pos, const c4engine::Geometry* g, const int* board) {
  pos->reset(g);
  for (int y = 0; y < g->N; ++y)
    for (int x = g->M - 1; x >= 0; --x) {
      int v = board[x * g->N + y];
      if (x == g->noX && y == g->noY) continue;
      if (v == 0) break;
      pos->place(v == 2 ? 0 : 1, y);
    }
  pos->set_to_move(0);
}

}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  const double budget = move_budget_ms();
  if (!game.search_ready) {
    game.search_ready = game.search.init(kPoolNodes) || game.search.init(kPoolNodes / 8);
    game.search.set_exploration(UCT_EXPLORATION);
    game.search.set_seed(0x5eed0000u ^ static_cast<uint64_t>(M * 131 + N * 17 + noX * 7 + noY));
  }

  // Continue the stored game if this call follows from it; otherwise start afresh.
  const c4engine::Geometry& g = game.geometry;
  bool continues = game.active && lastX >= 0 && g.M == M && g.N == N && g.noX == noX && g.noY == noY && lastY >= 0 &&
                   lastY < N && game.position.free_row(lastY) == lastX;
  if (continues) {
    game.position.play(lastY);
    game.search.advance(lastY);
    continues = matches(game.position, M, N, top, _board);
  }
  if (!continues) {
    game.geometry.init(M, N, noX, noY);
    set_up(&game.position, &game.geometry, _board);
    game.search.clear();
    game.active = true;
  }

  int column = -1;
  if (game.search_ready) {
    c4engine::SearchLimits limits;
    limits.time_ms = budget - elapsed_ms(start);
    limits.max_iterations = move_iterations();
    if (limits.time_ms < 1) limits.time_ms = 1;
    column = game.search.search(game.position, limits, 0);
  }
  if (column < 0 || game.position.free_row(column) < 0) {  // no memory for a tree: first open column
    for (column = 0; column < N && top[column] == 0; ++column) {
    }
  }
  const int row = game.position.free_row(column);
  game.position.play(column);
  game.search.advance(column);
  return new Point(row, column);
}

extern "C" void clearPoint(Point* p) { delete p; }

void clearArray(int M, int N, int** board) {
  (void)N;
  for (int i = 0; i < M; ++i) delete[] board[i];
  delete[] board;
}
