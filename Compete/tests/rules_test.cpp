// The rules: four in a row in every direction (c4::Board and the framework's
// Judge.cpp, which must agree), the blocked cell, and `top` semantics.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "../framework/Judge.h"
#include "../board.h"

namespace {

using c4::Board;
using c4::kA;
using c4::kB;

// The framework's 2-D view of a board for Judge.cpp: A = 1 (user), B = 2 (machine).
struct Grid {
  int M, N;
  std::vector<std::vector<int>> cells;
  std::vector<int*> rows;
  explicit Grid(const Board& b) : M(b.rows()), N(b.cols()), cells(M, std::vector<int>(N, 0)) {
    for (int x = 0; x < M; ++x) {
      for (int y = 0; y < N; ++y) cells[x][y] = b.at(x, y) == kA ? 1 : b.at(x, y) == kB ? 2 : 0;
      rows.push_back(cells[x].data());
    }
  }
  int* const* get() const { return rows.data(); }
  // Judge.cpp's verdict for the stone at (x, y), for the side standing there.
  bool wins(int x, int y) const {
    if (cells[x][y] == 1) return userWin(x, y, M, N, get());
    if (cells[x][y] == 2) return machineWin(x, y, M, N, get());
    return false;
  }
};

// Builds a board from a picture, top row first: 'A', 'B', 'X' (the blocked
// cell), '.' empty. Stones are dropped column by column from the bottom, so the
// picture must obey gravity (Board::play's precondition is checked here).
Board from_picture(const std::vector<std::string>& picture) {
  const int M = static_cast<int>(picture.size());
  const int N = static_cast<int>(picture[0].size());
  int noX = -1, noY = -1;
  for (int x = 0; x < M; ++x)
    for (int y = 0; y < N; ++y)
      if (picture[x][y] == 'X') noX = x, noY = y;
  REQUIRE(noX >= 0);
  Board b(M, N, noX, noY);
  for (int y = 0; y < N; ++y)
    for (int x = M - 1; x >= 0; --x) {
      char c = picture[x][y];
      if (c != 'A' && c != 'B') continue;
      INFO("dropping at (" << x << ", " << y << ")");
      REQUIRE(b.illegal_reason(x, y) == "");
      b.play(x, y, c == 'A' ? kA : kB);
    }
  return b;
}

// Board::wins_at and Judge.cpp agree on every stone.
void check_agreement(const Board& b) {
  Grid g(b);
  for (int x = 0; x < b.rows(); ++x)
    for (int y = 0; y < b.cols(); ++y)
      if (b.at(x, y) != c4::kEmpty) {
        INFO("stone at (" << x << ", " << y << ")\n" << b.picture());
        CHECK(b.wins_at(x, y) == g.wins(x, y));
      }
}

const int kSizes[][2] = {{9, 9}, {9, 12}, {12, 9}, {12, 12}, {10, 11}};
const int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};  // horizontal, vertical, diagonal, anti-diagonal
const char* kDirectionNames[4] = {"horizontal", "vertical", "diagonal", "anti-diagonal"};

}  // namespace

TEST_CASE("a line of four wins in every direction at every place, edges and corners included") {
  for (const auto& size : kSizes) {
    const int M = size[0], N = size[1];
    for (int d = 0; d < 4; ++d) {
      const int dx = kDirections[d][0], dy = kDirections[d][1];
      for (int x0 = 0; x0 < M; ++x0)
        for (int y0 = 0; y0 < N; ++y0) {
          const int x3 = x0 + 3 * dx, y3 = y0 + 3 * dy;
          if (x3 < 0 || x3 >= M || y3 < 0 || y3 >= N) continue;
          // A blocked cell off the line: the first cell of the top row, or the next one.
          int noX = 0, noY = 0;
          for (int k = 0; k < 4; ++k)
            if (x0 + k * dx == 0 && y0 + k * dy == 0) noY = N - 1;
          for (int gap = -1; gap < 4; ++gap) {  // gap >= 0: that cell of the line holds a B instead
            Board b(M, N, noX, noY);
            // Under each line cell, fill the column with B (skipping the blocked cell), then drop the line's stones.
            std::vector<std::vector<char>> want(M, std::vector<char>(N, 0));
            for (int k = 0; k < 4; ++k) want[x0 + k * dx][y0 + k * dy] = k == gap ? 'B' : 'A';
            for (int y = 0; y < N; ++y) {
              int highest = M;
              for (int x = 0; x < M; ++x)
                if (want[x][y]) {
                  highest = x;
                  break;
                }
              for (int x = M - 1; x >= highest; --x) {
                if (x == noX && y == noY) continue;
                REQUIRE(b.illegal_reason(x, y) == "");
                b.play(x, y, want[x][y] == 'A' ? kA : kB);
              }
            }
            Grid g(b);
            INFO(std::string(kDirectionNames[d])
                 << " line from (" << x0 << ", " << y0 << ") on " << M << "x" << N << ", gap " << gap << "\n"
                 << b.picture());
            for (int k = 0; k < 4; ++k) {
              const int x = x0 + k * dx, y = y0 + k * dy;
              if (k == gap) continue;
              CHECK(b.wins_at(x, y) == (gap < 0));
              CHECK(userWin(x, y, M, N, g.get()) == (gap < 0));
            }
            check_agreement(b);
          }
        }
    }
  }
}

TEST_CASE("the blocked cell breaks a line in every direction") {
  SUBCASE("horizontal: A A X A at the bottom edge is not four; A A X A A is not either") {
    Board b = from_picture({
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "AAXAA....",
    });
    for (int y : {0, 1, 3, 4}) CHECK_FALSE(b.wins_at(8, y));
    check_agreement(b);
  }
  SUBCASE("vertical: one A below the blocked cell and three above is not four, a fourth above is") {
    std::vector<std::string> picture = {
        ".........", ".........", ".........", "A........", "A........",
        "A........", "X........", "A........", "B........",
    };
    Board b = from_picture(picture);
    for (int x : {3, 4, 5, 7}) CHECK_FALSE(b.wins_at(x, 0));
    check_agreement(b);
    picture[2][0] = 'A';
    Board c = from_picture(picture);
    CHECK(c.wins_at(2, 0));
    CHECK_FALSE(c.wins_at(7, 0));
    check_agreement(c);
  }
  SUBCASE("diagonal and anti-diagonal through the blocked cell at the right edge") {
    Board b = from_picture({
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "........A",
        ".......XB",
        "......ABB",
        ".....ABBB",
    });
    // A's diagonal (8,5) (7,6) [blocked (6,7)] (5,8): broken.
    for (auto xy : {std::make_pair(8, 5), std::make_pair(7, 6), std::make_pair(5, 8)})
      CHECK_FALSE(b.wins_at(xy.first, xy.second));
    check_agreement(b);
    Board c = from_picture({
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
        "A...........",
        "BX..........",
        "BBA.........",
        "BBBA........",
    });
    CHECK_FALSE(c.wins_at(11, 3));
    CHECK_FALSE(c.wins_at(10, 2));
    CHECK_FALSE(c.wins_at(8, 0));
    check_agreement(c);
  }
  SUBCASE("five in a row and two joined threes count; three does not") {
    Board b = from_picture({
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "X........",
        "BBBAAAAAB",
    });
    for (int y = 3; y <= 7; ++y) CHECK(b.wins_at(8, y));
    CHECK_FALSE(b.wins_at(8, 0));
    check_agreement(b);
  }
}

TEST_CASE("Board::wins_at agrees with Judge.cpp over thousands of random games on random boards") {
  std::mt19937 rng(20240611);
  int wins = 0, ties = 0;
  for (int game = 0; game < 1500; ++game) {
    const int M = 9 + static_cast<int>(rng() % 4), N = 9 + static_cast<int>(rng() % 4);
    Board b(M, N, static_cast<int>(rng() % M), static_cast<int>(rng() % N));
    Grid g(b);
    c4::Side mover = game % 2 ? kA : kB;
    for (;;) {
      std::vector<int> open;
      for (int y = 0; y < N; ++y)
        if (b.top(y) > 0) open.push_back(y);
      if (open.empty()) {
        CHECK(b.full());
        CHECK(isTie(N, b.tops().data()));
        ++ties;
        break;
      }
      CHECK_FALSE(isTie(N, b.tops().data()));
      const int y = open[rng() % open.size()], x = b.top(y) - 1;
      REQUIRE(b.illegal_reason(x, y) == "");
      b.play(x, y, mover);
      g.cells[x][y] = mover == kA ? 1 : 2;
      const bool judge_says = mover == kA ? userWin(x, y, M, N, g.get()) : machineWin(x, y, M, N, g.get());
      REQUIRE(b.wins_at(x, y) == judge_says);
      if (judge_says) {
        ++wins;
        break;
      }
      mover = c4::opponent(mover);
    }
  }
  CHECK(wins > 1000);  // random play mostly ends in a win; both outcomes are exercised
  MESSAGE("random games: " << wins << " wins, " << ties << " ties");
}

TEST_CASE("top: blocked cell in the bottom row") {
  const int M = 9, N = 10, noX = M - 1, noY = 4;
  Board b(M, N, noX, noY);
  for (int y = 0; y < N; ++y) CHECK(b.top(y) == (y == noY ? M - 1 : M));
  CHECK(b.illegal_reason(noX, noY).find("blocked") != std::string::npos);
  CHECK(b.illegal_reason(M - 2, noY) == "");
  for (int k = 0; k < M - 1; ++k) {
    const int x = b.top(noY) - 1;
    CHECK(x == M - 2 - k);
    REQUIRE(b.illegal_reason(x, noY) == "");
    b.play(x, noY, k % 2 ? kA : kB);
  }
  CHECK(b.top(noY) == 0);  // M - 1 stones fill it
  CHECK(b.illegal_reason(0, noY).find("full") != std::string::npos);
  CHECK(b.view_for(kA)[noX * N + noY] == 0);
}

TEST_CASE("top: blocked cell in a middle row skips it once a stone lands just below") {
  const int M = 11, N = 9, noX = 5, noY = 8;
  Board b(M, N, noX, noY);
  CHECK(b.top(noY) == M);
  std::vector<int> landed;
  while (b.top(noY) > 0) {
    const int x = b.top(noY) - 1;
    CHECK(x != noX);
    REQUIRE(b.illegal_reason(x, noY) == "");
    b.play(x, noY, landed.size() % 2 ? kA : kB);
    landed.push_back(x);
    if (x == noX + 1) CHECK(b.top(noY) == noX);  // the next stone goes to noX - 1
  }
  CHECK(landed == std::vector<int>({10, 9, 8, 7, 6, 4, 3, 2, 1, 0}));
  CHECK(b.at(noX, noY) == c4::kEmpty);
  // Stones above and below the blocked cell: the framework's view shows it as 0.
  std::vector<int> view = b.view_for(kB);
  CHECK(view[noX * N + noY] == 0);
  CHECK(view[(noX + 1) * N + noY] == 2);  // B's stone, seen by B
  CHECK(view[(noX - 1) * N + noY] == 1);  // A's stone, seen by B
}

TEST_CASE("top: blocked cell in the top row fills the column one stone early") {
  const int M = 12, N = 12, noX = 0, noY = 0;
  Board b(M, N, noX, noY);
  CHECK(b.top(noY) == M);
  for (int k = 0; k < M - 1; ++k) {
    REQUIRE(b.top(noY) == M - k);
    b.play(M - 1 - k, noY, kA);
  }
  CHECK(b.top(noY) == 0);
  CHECK(b.illegal_reason(0, 0).find("full") != std::string::npos);
}

TEST_CASE("illegal moves are named by kind") {
  Board b(9, 9, 8, 2);  // blocked cell at the bottom of column 2
  CHECK(b.illegal_reason(-1, 0).find("off the 9x9 board") != std::string::npos);
  CHECK(b.illegal_reason(9, 0).find("off the") != std::string::npos);
  CHECK(b.illegal_reason(8, 9).find("off the") != std::string::npos);
  CHECK(b.illegal_reason(0, -1).find("off the") != std::string::npos);
  CHECK(b.illegal_reason(8, 2).find("blocked cell") != std::string::npos);
  CHECK(b.illegal_reason(0, 0).find("not the lowest free cell of column 0 (row 8)") != std::string::npos);
  CHECK(b.illegal_reason(8, 0) == "");
  b.play(8, 0, kA);
  CHECK(b.illegal_reason(8, 0).find("not the lowest") != std::string::npos);  // occupied
  for (int x = 7; x >= 0; --x) b.play(x, 0, x % 2 ? kA : kB);
  CHECK(b.illegal_reason(0, 0).find("column 0, which is full") != std::string::npos);
  CHECK_FALSE(b.full());
}

TEST_CASE("a full board is a tie for both Board and isTie, and the picture shows every cell") {
  Board b(9, 9, 4, 4);
  // Any filling will do: only fullness is checked here.
  for (int y = 0; y < 9; ++y)
    while (b.top(y) > 0) {
      const int x = b.top(y) - 1;
      b.play(x, y, ((x / 2) + (y / 2)) % 2 ? kA : kB);
    }
  CHECK(b.full());
  CHECK(isTie(9, b.tops().data()));
  std::string pic = b.picture();
  CHECK(pic.size() == 9 * 18);
  CHECK(pic.substr(4 * 18 + 8, 1) == "X");
  CHECK(pic.find('.') == std::string::npos);
}

TEST_CASE("Board::winning_line: the longest run through the stone, in order along the line") {
  using Line = std::vector<std::pair<int, int>>;
  Board b = from_picture({
      ".........",
      ".........",
      ".........",
      ".........",
      "....A....",
      "...AB....",
      "..ABB....",
      ".ABBA....",
      "BAAAAAX..",
  });
  // (8, 3): the bottom row's five A.
  CHECK(b.winning_line(8, 3) == Line({{8, 1}, {8, 2}, {8, 3}, {8, 4}, {8, 5}}));
  // (7, 1): the anti-diagonal's four A, from its top end; the B at (8, 0) ends it.
  CHECK(b.winning_line(7, 1) == Line({{4, 4}, {5, 3}, {6, 2}, {7, 1}}));
  // (8, 1): the row again (its diagonals hold a B at (7, 2) and nothing at (7, 0)).
  CHECK(b.winning_line(8, 1).size() == 5);
  CHECK(b.winning_line(6, 4).empty());  // B: two in a column
  CHECK(b.winning_line(0, 0).empty());  // an empty cell
  check_agreement(b);
}
