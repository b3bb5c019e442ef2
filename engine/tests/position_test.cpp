// The strategy's bitboard Position against the judge's reference Board.
#include <doctest/doctest.h>

#include <random>

#include "../../Compete/board.h"
#include "../position.h"

namespace {

// True if side `s` would connect four by playing column y of `board`.
bool reference_wins(const c4::Board& board, int y, c4::Side s) {
  c4::Board copy = board;
  int x = copy.top(y) - 1;
  copy.play(x, y, s);
  return copy.wins_at(x, y);
}

}  // namespace

TEST_CASE("Position (and its stones-only moves) agrees with the reference board on random games of every size") {
  std::mt19937 rng(20261122);
  int games = 0, checked_moves = 0, stacked_seen = 0;
  for (int M = 9; M <= 12; ++M)
    for (int N = 9; N <= 12; ++N)
      for (int g = 0; g < 12; ++g) {
        int noX = g < 4 ? M - 1 : g < 8 ? static_cast<int>(rng() % M) : 0;  // bottom, anywhere, top row
        int noY = static_cast<int>(rng() % N);
        c4engine::Geometry geometry;
        geometry.init(M, N, noX, noY);
        c4engine::Position pos, stones;  // stones: played with play_stones_only (random playouts)
        pos.reset(&geometry);
        stones.reset(&geometry);
        c4::Board board(M, N, noX, noY);
        c4::Side side = c4::kA;  // player 0 is A
        ++games;
        for (;;) {
          for (int y = 0; y < N; ++y) REQUIRE(pos.free_row(y) == board.top(y) - 1);
          REQUIRE(stones.open_columns() == pos.open_columns());
          uint16_t wins, blocks, safe;
          pos.classify(&wins, &blocks, &safe);
          const uint16_t under_own_threats = pos.under_own_threats();
          const uint16_t stacked_threats = pos.stacked_threats();
          for (int y = 0; y < N; ++y) {
            if (board.top(y) == 0) {
              CHECK_FALSE(((pos.open_columns() >> y) & 1) != 0);
              continue;
            }
            REQUIRE(((pos.open_columns() >> y) & 1) != 0);
            bool is_win = (wins >> y) & 1, is_block = (blocks >> y) & 1;
            CHECK(is_win == reference_wins(board, y, side));
            CHECK(is_block == reference_wins(board, y, c4::opponent(side)));
            // Unsafe: after our stone in y, the opponent wins in the same column.
            c4::Board after = board;
            after.play(after.top(y) - 1, y, side);
            bool unsafe = after.top(y) > 0 && reference_wins(after, y, c4::opponent(side));
            bool is_safe = (safe >> y) & 1;
            CHECK(is_safe == !unsafe);
            // Under our own threat: the cell above would already complete four for us.
            bool under_own = false;
            if (after.top(y) > 0) {
              c4::Board hypothetical = board;  // our stone floated into the cell above
              hypothetical.play(after.top(y) - 1, y, side);
              under_own = hypothetical.wins_at(after.top(y) - 1, y);
            }
            bool reported_under_own = (under_own_threats >> y) & 1;
            CHECK(reported_under_own == under_own);
            // Stacked: the cell above ours is our threat and not the opponent's,
            // and once the opponent blocks it, the cell above that is ours too.
            bool stacked = false;
            if (under_own && !reference_wins(after, y, c4::opponent(side))) {
              c4::Board blocked = after;
              blocked.play(after.top(y) - 1, y, c4::opponent(side));
              stacked = blocked.top(y) > 0 && reference_wins(blocked, y, side);
            }
            const bool reported_stacked = (stacked_threats >> y) & 1;
            CHECK(reported_stacked == stacked);
            stacked_seen += stacked;
          }
          if (board.full()) break;
          // Random legal move, then both must agree on the win.
          int y;
          do y = static_cast<int>(rng() % N);
          while (board.top(y) == 0);
          int x = board.top(y) - 1;
          bool won = pos.play(y);
          bool stones_won = stones.play_stones_only(y);
          board.play(x, y, side);
          ++checked_moves;
          REQUIRE(won == board.wins_at(x, y));
          REQUIRE(stones_won == won);
          int expected_stone = side == c4::kA ? 0 : 1;
          REQUIRE(pos.stone(x, y) == expected_stone);
          REQUIRE(stones.stone(x, y) == expected_stone);
          if (won) break;
          side = c4::opponent(side);
        }
      }
  CHECK(games == 16 * 12);
  CHECK(checked_moves > 3000);
  CHECK(stacked_seen > 20);
}

TEST_CASE("the blocked cell is skipped: a stone landing above it sits on it") {
  for (int noX : {11, 5, 0}) {
    c4engine::Geometry g;
    g.init(12, 9, noX, 4);
    c4engine::Position pos;
    pos.reset(&g);
    int expected_rows = 11;  // 12 cells minus the blocked one
    int played = 0;
    while (pos.free_row(4) >= 0) {
      CHECK(pos.free_row(4) != noX);
      pos.play(4);
      ++played;
    }
    CHECK(played == expected_rows);
    CHECK(((pos.open_columns() >> 4) & 1) == 0);
  }
}
