// The ladder's plugins as a judge sees them: every level loads, answers legal
// moves on random positions of all 16 board sizes with the blocked cell in
// the bottom, middle and top rows, stays well within the time limit, prints
// nothing, plays the tactics its level promises, and repeats itself.
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "../../Compete/board.h"
#include "../src/levels.h"

namespace {

struct PluginPoint {
  int x, y;
};
using GetPoint = PluginPoint* (*)(int, int, const int*, const int*, int, int, int, int);
using ClearPoint = void (*)(PluginPoint*);

struct Sample {
  void* handle = nullptr;
  GetPoint get_point = nullptr;
  ClearPoint clear_point = nullptr;
};

// Each level's plugin, loaded once (RTLD_LOCAL: their globals stay apart).
Sample& sample(int level) {
  static Sample samples[samples::kLevels + 1];
  Sample& s = samples[level];
  if (!s.handle) {
    std::string path = "TestCases/" + std::to_string(level) + ".so";
    s.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    REQUIRE_MESSAGE(s.handle, "cannot load " << path << ": " << dlerror());
    s.get_point = reinterpret_cast<GetPoint>(dlsym(s.handle, "getPoint"));
    s.clear_point = reinterpret_cast<ClearPoint>(dlsym(s.handle, "clearPoint"));
    REQUIRE_MESSAGE((s.get_point != nullptr), "getPoint missing");
    REQUIRE_MESSAGE((s.clear_point != nullptr), "clearPoint missing");
  }
  return s;
}

struct Move {
  bool null = true;
  int x = -1, y = -1;
  double ms = 0;
  long output_bytes = 0;  // what the plugin wrote to stdout / stderr during the call
};

// Asks `level` for a move as `me` sees the board, with stdout and stderr caught.
Move ask(int level, const c4::Board& board, c4::Side me, int lastX, int lastY) {
  Sample& s = sample(level);
  std::vector<int> top = board.tops();
  std::vector<int> view = board.view_for(me);
  std::fflush(stdout);
  std::fflush(stderr);
  char name[] = "/tmp/tc_output.XXXXXX";
  int sink = mkstemp(name);
  int saved_out = dup(1), saved_err = dup(2);
  dup2(sink, 1);
  dup2(sink, 2);
  auto t0 = std::chrono::steady_clock::now();
  PluginPoint* p = s.get_point(board.rows(), board.cols(), top.data(), view.data(), lastX, lastY, board.blocked_row(),
                               board.blocked_col());
  Move m;
  m.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (p) {
    m.null = false;
    m.x = p->x;
    m.y = p->y;
    s.clear_point(p);
  }
  std::fflush(stdout);
  std::fflush(stderr);
  dup2(saved_out, 1);
  dup2(saved_err, 2);
  close(saved_out);
  close(saved_err);
  m.output_bytes = lseek(sink, 0, SEEK_END);
  close(sink);
  unlink(name);
  return m;
}

// A random position with nobody's four: `plies` random legal moves, each
// avoiding a win when it can. Returns the side to move.
c4::Side random_position(c4::Board* board, int plies, std::mt19937* rng, int* lastX, int* lastY) {
  c4::Side mover = c4::kA;
  *lastX = *lastY = -1;
  for (int i = 0; i < plies && !board->full(); ++i) {
    std::vector<int> cols;
    for (int y = 0; y < board->cols(); ++y)
      if (board->top(y) > 0) cols.push_back(y);
    std::shuffle(cols.begin(), cols.end(), *rng);
    bool played = false;
    for (int y : cols) {
      c4::Board next = *board;
      next.play(board->top(y) - 1, y, mover);
      if (next.wins_at(board->top(y) - 1, y)) continue;
      *lastX = board->top(y) - 1;
      *lastY = y;
      *board = next;
      played = true;
      break;
    }
    if (!played) break;
    mover = c4::opponent(mover);
  }
  return mover;
}

int blocked_row(int which, int M) { return which == 0 ? M - 1 : which == 1 ? M / 2 : 0; }  // bottom, middle, top

// Plays up to `plies` moves on a fresh board, level `a` moving first against
// level `b`, through the plugins; returns the columns played.
std::vector<int> play_game(int a, int b, int M, int N, int noX, int noY, int plies) {
  c4::Board board(M, N, noX, noY);
  std::vector<int> moves;
  c4::Side side = c4::kA;
  int lx = -1, ly = -1;
  for (int ply = 0; ply < plies && !board.full(); ++ply) {
    Move m = ask(side == c4::kA ? a : b, board, side, lx, ly);
    REQUIRE(board.illegal_reason(m.x, m.y) == "");
    board.play(m.x, m.y, side);
    moves.push_back(m.y);
    if (board.wins_at(m.x, m.y)) break;
    lx = m.x;
    ly = m.y;
    side = c4::opponent(side);
  }
  return moves;
}

}  // namespace

TEST_CASE("every level returns legal moves on random positions of every board size, silently and in time") {
  std::mt19937 rng(20240611);
  double slowest_ms = 0;
  int slowest_level = 0;
  for (int level = 1; level <= samples::kLevels; ++level) {
    CAPTURE(level);
    // Cheap levels: every size with the blocked cell in each of the three rows;
    // the costly top levels: every size once, the blocked row cycling.
    bool every_row = level <= 30;
    for (int M = c4::kMinSize; M <= c4::kMaxSize; ++M)
      for (int N = c4::kMinSize; N <= c4::kMaxSize; ++N)
        for (int which = 0; which < 3; ++which) {
          if (!every_row && which != (M + N + level) % 3) continue;
          std::uniform_int_distribution<int> col(0, N - 1), plies(0, M * N - 1);
          c4::Board board(M, N, blocked_row(which, M), col(rng));
          int lastX, lastY;
          c4::Side me = random_position(&board, plies(rng), &rng, &lastX, &lastY);
          if (board.full()) continue;
          CAPTURE(M);
          CAPTURE(N);
          CAPTURE(board.picture());
          Move m = ask(level, board, me, lastX, lastY);
          REQUIRE_FALSE(m.null);
          CHECK_MESSAGE(board.illegal_reason(m.x, m.y) == "", "(" << m.x << ", " << m.y << ")");
          CHECK(m.output_bytes == 0);
          CHECK(m.ms < 2000);
          if (m.ms > slowest_ms) {
            slowest_ms = m.ms;
            slowest_level = level;
          }
        }
  }
  MESSAGE("slowest answer: level " << slowest_level << ", " << slowest_ms << " ms");
}

TEST_CASE("the top level answers within the budget on the emptiest, largest boards") {
  for (int noX : {11, 0}) {
    c4::Board board(12, 12, noX, 5);
    Move m = ask(samples::kLevels, board, c4::kA, -1, -1);
    REQUIRE_FALSE(m.null);
    CHECK(board.illegal_reason(m.x, m.y) == "");
    CHECK(m.ms < 2000);
    MESSAGE("level 50, empty 12x12, first move: " << m.ms << " ms");
  }
}

TEST_CASE("columns made full by a blocked cell in the top row, and a nearly full board") {
  // Column 0 of a 9 x 9 board filled up to the blocked cell at its top.
  c4::Board board(9, 9, 0, 0);
  c4::Side side = c4::kA;
  for (int x = 8; x >= 1; --x) {
    board.play(x, 0, side);
    side = c4::opponent(side);
  }
  REQUIRE(board.top(0) == 0);
  for (int level : {1, 4, 8, 15, 30, 50}) {
    CAPTURE(level);
    Move m = ask(level, board, side, 1, 0);
    REQUIRE_FALSE(m.null);
    CHECK(m.y != 0);
    CHECK(board.illegal_reason(m.x, m.y) == "");
  }
  // One free cell left: every level must find it.
  std::mt19937 rng(7);
  for (int attempt = 0; attempt < 20; ++attempt) {
    c4::Board b(10, 11, 4, 6);
    int lastX, lastY;
    c4::Side me = random_position(&b, 10 * 11 - 2, &rng, &lastX, &lastY);
    int open = 0;
    for (int y = 0; y < 11; ++y) open += b.top(y);
    if (open != 1) continue;
    for (int level = 1; level <= samples::kLevels; ++level) {
      Move m = ask(level, b, me, lastX, lastY);
      REQUIRE_FALSE(m.null);
      CHECK(b.illegal_reason(m.x, m.y) == "");
    }
    break;
  }
}

namespace {

// Plays `moves` (columns) alternately from A on a fresh board.
c4::Board board_after(int M, int N, int noX, int noY, const std::vector<int>& columns) {
  c4::Board b(M, N, noX, noY);
  c4::Side side = c4::kA;
  for (int y : columns) {
    b.play(b.top(y) - 1, y, side);
    side = c4::opponent(side);
  }
  return b;
}

}  // namespace

// What a level promises, from its plan: every player above the rules takes wins, blocks and
// never plays under the opponent's winning cell; a rules player as its rules say.
bool promises(int level, bool samples::RulePolicy::*rule) {
  samples::LevelPlan plan = samples::level_plan(level);
  return plan.kind != samples::LevelPlan::kRules || plan.rules.*rule;
}

TEST_CASE("the levels that promise it take an immediate win, block, and do not play under a winning cell") {
  // The ladder: level 1 random; then wins, then blocks, from some level on for good.
  CHECK_FALSE(promises(1, &samples::RulePolicy::take_wins));
  CHECK_FALSE(promises(1, &samples::RulePolicy::block));
  for (int level = 2; level <= samples::kLevels; ++level) {
    CHECK((!promises(level - 1, &samples::RulePolicy::take_wins) || promises(level, &samples::RulePolicy::take_wins)));
    CHECK((!promises(level - 1, &samples::RulePolicy::block) || promises(level, &samples::RulePolicy::block)));
    CHECK((!promises(level - 1, &samples::RulePolicy::avoid_under) ||
           promises(level, &samples::RulePolicy::avoid_under)));
  }
  CHECK(promises(10, &samples::RulePolicy::take_wins));
  CHECK(promises(15, &samples::RulePolicy::block));
  // A to move holds 2 3 4 of the bottom row (9 x 10, blocked cell top right): it wins in column 1 or 5.
  c4::Board win = board_after(9, 10, 0, 9, {2, 2, 3, 3, 4, 8});
  for (int level = 2; level <= samples::kLevels; ++level) {
    if (!promises(level, &samples::RulePolicy::take_wins)) continue;
    CAPTURE(level);
    Move m = ask(level, win, c4::kA, 8, 8);
    CHECK((m.y == 1 || m.y == 5));
  }
  // B to move; A threatens to complete 2 3 4 in column 1 (column 5 is B's).
  c4::Board threat = board_after(9, 10, 0, 9, {2, 5, 3, 7, 4});
  for (int level = 2; level <= samples::kLevels; ++level) {
    if (!promises(level, &samples::RulePolicy::block)) continue;
    CAPTURE(level);
    Move m = ask(level, threat, c4::kB, 8, 4);
    CHECK(m.y == 1);
  }
  // A to move. B holds columns 2 3 4 of the second row, so its winning cells
  // (7, 1) and (7, 5) sit over empty cells: a stone in column 1 or 5 would
  // let B win. Every level that avoids such cells plays elsewhere.
  c4::Board under(9, 10, 0, 9);
  under.play(8, 2, c4::kA);
  under.play(8, 3, c4::kB);
  under.play(8, 4, c4::kA);
  under.play(7, 2, c4::kB);
  under.play(7, 3, c4::kB);
  under.play(7, 4, c4::kB);
  under.play(8, 7, c4::kA);
  under.play(8, 8, c4::kA);
  for (int level = 2; level <= samples::kLevels; ++level) {
    if (!promises(level, &samples::RulePolicy::avoid_under)) continue;
    CAPTURE(level);
    Move m = ask(level, under, c4::kA, 7, 4);
    CHECK(m.y != 1);
    CHECK(m.y != 5);
  }
}

TEST_CASE("the same calls give the same moves, whatever the process played before") {
  for (int level : {1, 5, 8, 12, 18, 25}) {
    CAPTURE(level);
    auto play = [&](int M, int N, int noX, int noY) { return play_game(level, level, M, N, noX, noY, 12); };
    std::vector<int> first = play(11, 10, 3, 4);
    play(9, 12, 8, 0);  // another game in between, on another board
    CHECK(play(11, 10, 3, 4) == first);
  }
}

TEST_CASE("the search board's incremental winning cells agree with a whole-board recomputation") {
  samples::Rng rng(11);
  for (int M = 9; M <= 12; ++M)
    for (int N = 9; N <= 12; ++N)
      for (int which = 0; which < 3; ++which)
        for (int game = 0; game < 20; ++game) {
          CAPTURE(M);
          CAPTURE(N);
          samples::Position pos(M, N, blocked_row(which, M), rng.below(N));
          REQUIRE(samples::search_board_agrees(pos, rng));
        }
}

TEST_CASE("the top levels repeat themselves game after game, against each other, as plugins") {
  auto play = [&](int M, int N, int noX, int noY) { return play_game(50, 45, M, N, noX, noY, 16); };
  std::vector<int> first = play(9, 10, 5, 5);
  play(12, 12, 0, 7);  // another game in between, on another board
  CHECK(play(9, 10, 5, 5) == first);
}
