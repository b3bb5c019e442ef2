// The solver against a plain negamax over a board of its own (no bitboards,
// no pruning, no table) on random positions with few empty cells: boards
// taller than wide and wider than tall, the blocked cell in every row.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "../connect4_solver.h"

namespace {

// The reference: a grid, gravity over the blocked cell, four in a row by looking.
struct Grid {
  int M, N, noX, noY;
  std::vector<int> cell;  // -1 empty, 0 / 1 a player's stone, 2 the blocked cell
  Grid(int m, int n, int bx, int by) : M(m), N(n), noX(bx), noY(by), cell(m * n, -1) { cell[bx * n + by] = 2; }
  int& at(int x, int y) { return cell[x * N + y]; }
  int free_row(int y) {
    for (int x = M - 1; x >= 0; --x)
      if (at(x, y) == -1) return x;
    return -1;
  }
  bool four_through(int x, int y) {
    const int p = at(x, y);
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (auto& d : dirs) {
      int run = 1;
      for (int s : {1, -1})
        for (int k = 1; k < 4; ++k) {
          const int a = x + s * k * d[0], b = y + s * k * d[1];
          if (a < 0 || a >= M || b < 0 || b >= N || at(a, b) != p) break;
          ++run;
        }
      if (run >= 4) return true;
    }
    return false;
  }
};

// (outcome for the side to move, plies to the end): the fastest win, the slowest loss.
std::pair<int, int> negamax(Grid& g, int p) {
  std::pair<int, int> best = {-2, 0};
  bool any = false;
  for (int y = 0; y < g.N; ++y) {
    const int x = g.free_row(y);
    if (x < 0) continue;
    any = true;
    g.at(x, y) = p;
    std::pair<int, int> r;
    if (g.four_through(x, y)) {
      r = {1, 1};
    } else {
      const auto child = negamax(g, 1 - p);
      r = {-child.first, child.second + 1};
    }
    g.at(x, y) = -1;
    // Better: a higher outcome; among wins the shorter, among losses the longer.
    const bool better = r.first > best.first ||
                        (r.first == best.first && (r.first > 0 ? r.second < best.second : r.second > best.second));
    if (better) best = r;
  }
  if (!any) return {0, 0};
  return best;
}

}  // namespace

TEST_CASE("the solver's value, distance, best and outcome-keeping columns equal a plain negamax's near the end") {
  std::mt19937 rng(7);
  analysis::Solver solver(16);
  int checked = 0;
  for (int shape = 0; shape < 6; ++shape) {
    // Taller than wide, wider than tall, square; the course's sizes are larger, the rules the same.
    const int M = (shape % 3 == 0) ? 6 : (shape % 3 == 1) ? 4 : 5, N = (shape % 3 == 0) ? 4 : (shape % 3 == 1) ? 6 : 5;
    for (int noX = 0; noX < M; ++noX) {
      for (int trial = 0; trial < 6; ++trial) {
        const int noY = static_cast<int>(rng() % N);
        c4engine::Geometry geometry;
        geometry.init(M, N, noX, noY);
        c4engine::Position pos;
        pos.reset(&geometry);
        Grid grid(M, N, noX, noY);
        const int empty_target = 5 + static_cast<int>(rng() % 5);  // 5..9 empty cells left
        bool over = false;
        while (!over && M * N - 1 - pos.moves() > empty_target) {
          int y = static_cast<int>(rng() % N);
          if (grid.free_row(y) < 0) continue;
          const int x = grid.free_row(y);
          grid.at(x, y) = pos.to_move();
          over = pos.play(y);
          REQUIRE(over == grid.four_through(x, y));
        }
        if (over) continue;  // somebody already won: not a position to solve
        CAPTURE(M);
        CAPTURE(N);
        CAPTURE(noX);
        CAPTURE(noY);
        CAPTURE(pos.moves());
        const analysis::SolveResult r = solver.solve(pos, 1LL << 40);
        REQUIRE(r.proven);
        const auto want = negamax(grid, pos.to_move());
        CHECK(r.outcome == want.first);
        CHECK(r.distance == want.second);
        // Every best column reaches that value, and every other column does not; the
        // columns that keep the outcome are those whose value has the same sign.
        for (int y = 0; y < N; ++y) {
          const int x = grid.free_row(y);
          if (x < 0) {
            CHECK(((r.best >> y) & 1) == 0);
            CHECK(((r.keeps >> y) & 1) == 0);
            continue;
          }
          grid.at(x, y) = pos.to_move();
          std::pair<int, int> v = {1, 1};
          if (!grid.four_through(x, y)) {
            const auto child = negamax(grid, 1 - pos.to_move());
            v = {-child.first, child.second + 1};
          }
          grid.at(x, y) = -1;
          CHECK(bool((r.best >> y) & 1) == (v == want));
          CHECK(bool((r.keeps >> y) & 1) == (v.first == want.first));
        }
        ++checked;
      }
    }
  }
  CHECK(checked > 60);
}

TEST_CASE("out of budget, the solver says it did not prove the position") {
  c4engine::Geometry geometry;
  geometry.init(12, 12, 5, 7);
  c4engine::Position pos;
  pos.reset(&geometry);
  analysis::Solver solver(16);
  const analysis::SolveResult r = solver.solve(pos, 1000);
  CHECK_FALSE(r.proven);
  CHECK(r.nodes <= 1001);
}
