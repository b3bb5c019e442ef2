// Our strategy as a plugin (build/engine/Strategy.so, the kit's copy built with
// the OJ's flags) through the framework's ABI: tactics it must never miss,
// legal moves everywhere, and games that do not leak into each other.
#include <dlfcn.h>
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "../../Compete/board.h"

namespace {

struct PluginPoint {
  int x, y;
};
using GetPointFn = PluginPoint* (*)(int, int, const int*, const int*, int, int, int, int);
using ClearPointFn = void (*)(PluginPoint*);

// build/engine/Strategy.so, loaded once, thinking 60 ms a move unless told otherwise.
struct Plugin {
  GetPointFn get_point = nullptr;
  ClearPointFn clear_point = nullptr;
  Plugin() {
    setenv("STRATEGY_MOVE_MS", "60", 1);
    void* handle = dlopen("build/engine/Strategy.so", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return;
    get_point = reinterpret_cast<GetPointFn>(dlsym(handle, "getPoint"));
    clear_point = reinterpret_cast<ClearPointFn>(dlsym(handle, "clearPoint"));
  }
};
Plugin& plugin() {
  static Plugin p;
  bool loaded = p.get_point != nullptr && p.clear_point != nullptr;
  REQUIRE(loaded);
  return p;
}

// A position drawn as text, top row first: '.' empty, 'X' blocked,
// 'M' the strategy's stones (2), 'Y' the opponent's (1).
struct Drawn {
  int M = 0, N = 0, noX = -1, noY = -1;
  std::vector<int> board, top;
  explicit Drawn(const std::vector<std::string>& rows) {
    M = static_cast<int>(rows.size());
    N = static_cast<int>(rows[0].size());
    board.assign(M * N, 0);
    top.assign(N, 0);
    for (int x = 0; x < M; ++x)
      for (int y = 0; y < N; ++y) {
        char c = rows[x][y];
        if (c == 'X') noX = x, noY = y;
        board[x * N + y] = c == 'M' ? 2 : c == 'Y' ? 1 : 0;
      }
    for (int y = 0; y < N; ++y) {
      int x = M - 1;
      while (x >= 0 && (board[x * N + y] != 0 || (x == noX && y == noY))) --x;
      top[y] = x + 1;
    }
  }
};

// Asks the plugin for a move on a position it has never seen (lastX, lastY
// name some opponent stone, so it must notice it is not its stored game).
PluginPoint ask(const Drawn& d, int lastX = 0, int lastY = 0) {
  Plugin& p = plugin();
  PluginPoint* point = p.get_point(d.M, d.N, d.top.data(), d.board.data(), lastX, lastY, d.noX, d.noY);
  REQUIRE(point != nullptr);
  PluginPoint copy = *point;
  p.clear_point(point);
  return copy;
}

// The same position with `rows` copied into the bottom of a larger empty board.
std::vector<std::string> padded(std::vector<std::string> rows, int M, int N, int noX, int noY) {
  std::vector<std::string> out(M, std::string(N, '.'));
  int offset = M - static_cast<int>(rows.size());
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < rows[r].size(); ++c) out[offset + r][c] = rows[r][c];
  if (out[noX][noY] == '.') out[noX][noY] = 'X';
  return out;
}

}  // namespace

TEST_CASE("wins in one, on several board sizes and blocked cells") {
  for (int M : {9, 12})
    for (int N : {9, 11, 12}) {
      // Horizontal: M M M . on the bottom row; the opponent stacked harmlessly.
      Drawn h(padded({"Y.Y.....", "YMMM.Y.."}, M, N, 0, N - 1));
      PluginPoint p = ask(h);
      CHECK(p.x == M - 1);
      CHECK(p.y == 4);
      // Vertical: three of ours stacked, the cell above is free.
      Drawn v(padded({"M.......", "M.......", "M.YY.Y.."}, M, N, 0, N - 1));
      p = ask(v);
      CHECK(p.y == 0);
      CHECK(p.x == M - 4);
      // Diagonal whose winning cell sits right on top of the blocked cell.
      Drawn dg(padded({"...M....", "..MY....", ".MYY....", ".YMY....", "XYYM...."}, M, N, M - 1, 0));
      p = ask(dg);
      CHECK(p.y == 0);
      CHECK(p.x == M - 2);
    }
}

TEST_CASE("blocks the opponent's win in one") {
  for (int M : {9, 10, 12})
    for (int N : {9, 12}) {
      Drawn h(padded({".M.M....", ".YYY.M.."}, M, N, 0, 0));
      PluginPoint p = ask(h);
      CHECK(p.x == M - 1);
      bool blocked_one_end = p.y == 0 || p.y == 4;
      CHECK(blocked_one_end);
      Drawn v(padded({"....Y...", "...MY...", "..MMY..."}, M, N, 0, 0));
      p = ask(v);
      CHECK(p.y == 4);
    }
}

TEST_CASE("never plays a column whose next cell would be right under the opponent's winning cell") {
  // The opponent threatens (M-3, 1) and (M-3, 5), two cells above the
  // playable ones: a stone in column 1 or 5 makes the cell right under a
  // threat the next of its column, one we can never take (column 5 also makes
  // a threat, which is simply blocked). Poison, though not at once: every
  // column is legal and safe for one move.
  for (int M : {9, 12}) {
    Drawn d(padded({"..YYY...", "..MMY.M.", "M.MYM.M."}, M, 12, 0, 11));
    for (int i = 0; i < 3; ++i) {
      PluginPoint p = ask(d);
      CHECK(p.y != 5);
      CHECK(p.y != 1);
    }
  }
}

TEST_CASE("finds the win through a double threat") {
  // Two in the middle of an empty bottom row: either neighbour makes an open three.
  for (int N : {9, 12}) {
    Drawn d(padded({"Y.......", "Y..MM..."}, 10, N, 0, N - 1));
    PluginPoint p = ask(d);
    CHECK(p.x == 9);
    bool makes_open_three = p.y == 2 || p.y == 5;
    CHECK(makes_open_three);
  }
}

TEST_CASE("always answers a legal move: every size, blocked cell low, middle and high, boards nearly full") {
  setenv("STRATEGY_MOVE_MS", "15", 1);
  std::mt19937 rng(7);
  int asked = 0;
  for (int M = 9; M <= 12; ++M)
    for (int N = 9; N <= 12; ++N)
      for (int where = 0; where < 3; ++where) {
        int noX = where == 0 ? M - 1 : where == 1 ? M / 2 : 0;
        int noY = static_cast<int>(rng() % N);
        for (int fill : {0, 30, M * N - 8, M * N - 2}) {
          // Random play (stopping before anyone connects four) up to `fill` stones.
          c4::Board board(M, N, noX, noY);
          c4::Side side = c4::kB;  // the opponent moved first
          int lastX = -1, lastY = -1;
          for (int placed = 0; placed < fill && !board.full(); ++placed) {
            std::vector<int> open;
            for (int y = 0; y < N; ++y)
              if (board.top(y) > 0) {
                c4::Board trial = board;
                trial.play(trial.top(y) - 1, y, side);
                if (!trial.wins_at(trial.top(y), y) && !trial.wins_at(board.top(y) - 1, y)) open.push_back(y);
              }
            if (open.empty()) break;
            int y = open[rng() % open.size()];
            lastX = board.top(y) - 1;
            lastY = y;
            board.play(lastX, y, side);
            side = c4::opponent(side);
          }
          if (board.full()) continue;
          std::vector<int> view = board.view_for(side);
          PluginPoint* p = plugin().get_point(M, N, board.tops().data(), view.data(), lastX, lastY, noX, noY);
          REQUIRE(p != nullptr);
          CHECK(board.illegal_reason(p->x, p->y) == "");
          plugin().clear_point(p);
          ++asked;
        }
      }
  CHECK(asked > 100);
  setenv("STRATEGY_MOVE_MS", "60", 1);
}

TEST_CASE("the tree of one game does not leak into the next, whatever its size") {
  setenv("STRATEGY_MOVE_MS", "20", 1);
  std::mt19937 rng(11);
  const int sizes[3][2] = {{9, 9}, {12, 11}, {10, 12}};
  for (int game = 0; game < 3; ++game) {
    const int M = sizes[game][0], N = sizes[game][1];
    const int noX = static_cast<int>(rng() % M), noY = static_cast<int>(rng() % N);
    c4::Board board(M, N, noX, noY);
    int lastX = -1, lastY = -1;
    for (int turn = 0; turn < 12 && !board.full(); ++turn) {
      std::vector<int> view = board.view_for(c4::kA);
      PluginPoint* p = plugin().get_point(M, N, board.tops().data(), view.data(), lastX, lastY, noX, noY);
      REQUIRE(p != nullptr);
      REQUIRE(board.illegal_reason(p->x, p->y) == "");
      board.play(p->x, p->y, c4::kA);
      bool won = board.wins_at(p->x, p->y);
      plugin().clear_point(p);
      if (won || board.full()) break;
      int y;
      do y = static_cast<int>(rng() % N);
      while (board.top(y) == 0);
      lastX = board.top(y) - 1;
      lastY = y;
      board.play(lastX, lastY, c4::kB);
      if (board.wins_at(lastX, lastY)) break;
    }
  }
  setenv("STRATEGY_MOVE_MS", "60", 1);
}
