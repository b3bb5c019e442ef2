// The threat-parity evaluation and the implicit minimax backups that use it.
#include <doctest/doctest.h>

#include <random>

#include "../../Strategy/evaluate.h"
#include "../../Strategy/uct.h"

namespace {

// Stacks the stones of `columns` (one string a column, bottom first: 'a' player
// 0, 'b' player 1) on the empty board of `g`; player 0 to move.
void build(c4::Position* pos, const c4::Geometry* g, const char* const* columns, int count) {
  pos->reset(g);
  for (int y = 0; y < count; ++y)
    for (const char* c = columns[y]; *c; ++c) pos->place(*c == 'a' ? 0 : 1, y);
  pos->set_to_move(0);
}

// Three stones of one player on the third row from the bottom (x = 3) of a
// 6 x 7 board, columns 0..2, supported without other threats: the one threat
// is (3, 3), the third cell of the empty column 3.
const char* const kOwnedByB[] = {"abb", "bab", "abb"};
const char* const kOwnedByA[] = {"baa", "aba", "baa"};

// b (the opponent) threatens (M - 3, 1) and (M - 3, 5) on a board with 12
// columns, two cells above the playable ones; a is to move (the plugin test's
// position, see plugin_test.cpp).
const char* const kUnderThreats[] = {"a", "", "aab", "bab", "abb", "", "aa"};

c4::SearchLimits iterations(uint64_t n) {
  c4::SearchLimits limits;
  limits.time_ms = 0;
  limits.max_iterations = n;
  return limits;
}

// The evaluation written the slow way: walk each column up from its playable
// cell with row_above (which skips the blocked cell) and is_threat; count the
// cells left to fill before each one, the other columns first.
float reference_value(const c4::Position& pos) {
  const int s = pos.to_move(), r = s ^ 1;
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) return 0.95f;
  if (blocks & (blocks - 1)) return 0.05f;
  const c4::Geometry& g = pos.geometry();
  int empty = 0;
  for (int y = 0; y < g.N; ++y)
    for (int x = pos.free_row(y); x >= 0; x = pos.row_above(x, y)) ++empty;
  float score = 0;
  for (int y = 0; y < g.N; ++y) {
    if (pos.free_row(y) < 0) continue;
    int below = 1;  // the column's empty cells under the one looked at
    for (int x = pos.row_above(pos.free_row(y), y); x >= 0; x = pos.row_above(x, y), ++below) {
      const bool mine = pos.is_threat(s, x, y), theirs = pos.is_threat(r, x, y);
      if (!mine && !theirs) continue;
      if (mine != theirs) {
        int column_empty = 0;
        for (int z = pos.free_row(y); z >= 0; z = pos.row_above(z, y)) ++column_empty;
        const bool taken_by_s = (empty - column_empty + below) % 2 == 0;
        const float good = c4::kGoodThreat, bad = c4::kBadThreat;
        score += mine ? (taken_by_s ? good : bad) : -(taken_by_s ? bad : good);
      }
      break;
    }
  }
  return 0.5f + 0.45f * score / ((score < 0 ? -score : score) + 2.0f);
}

}  // namespace

TEST_CASE("the column threat masks and the evaluation agree with a cell-by-cell walk on random games") {
  std::mt19937 rng(20261125);
  int positions = 0, uneven = 0;
  for (int game = 0; game < 400; ++game) {
    const int M = 6 + static_cast<int>(rng() % 7), N = 6 + static_cast<int>(rng() % 7);
    c4::Geometry g;
    g.init(M, N, static_cast<int>(rng() % M), static_cast<int>(rng() % N));
    c4::Position pos;
    pos.reset(&g);
    for (;;) {
      for (int p = 0; p < 2; ++p)
        for (int y = 0; y < N; ++y)
          for (int x = 0; x < M; ++x)
            REQUIRE(((pos.column_threats(p, y) >> x) & 1) == (pos.is_threat(p, x, y) ? 1 : 0));
      const float value = c4::threat_parity_value(pos);
      REQUIRE(value == doctest::Approx(reference_value(pos)));
      ++positions;
      if (value != 0.5f) ++uneven;
      if (pos.full()) break;
      int y;
      do y = static_cast<int>(rng() % N);
      while (pos.free_row(y) < 0);
      if (pos.play(y)) break;
    }
  }
  CHECK(positions > 5000);
  CHECK(uneven > positions / 4);  // the walk was not trivially even
}

TEST_CASE("an empty board is even, an immediate win or a double threat is decided") {
  c4::Geometry g;
  g.init(6, 7, 0, 6);
  c4::Position pos;
  pos.reset(&g);
  CHECK(c4::threat_parity_value(pos) == doctest::Approx(0.5));

  const char* const three_a[] = {"aaa"};
  build(&pos, &g, three_a, 1);
  CHECK(c4::threat_parity_value(pos) > 0.9f);  // player 0 to move wins in column 0
  pos.set_to_move(1);
  CHECK(c4::threat_parity_value(pos) > 0.3f);  // one cell to block: not lost

  const char* const two_threats[] = {"", "a", "a", "a", ""};  // bottom row: 0 and 4 both complete it
  build(&pos, &g, two_threats, 5);
  pos.set_to_move(1);
  CHECK(c4::threat_parity_value(pos) < 0.1f);
}

TEST_CASE("a threat counts for its owner when the owner takes it once every other cell is filled") {
  // 6 x 7 less the blocked cell: 41 cells, 9 stones, a to move. Filling the
  // other columns and the two cells under the threat takes 28 moves, so a
  // takes (3, 3) on the 29th: b's threat there is worth little, a's much.
  c4::Geometry far;
  far.init(6, 7, 0, 6);
  c4::Position pos;
  build(&pos, &far, kOwnedByB, 3);
  REQUIRE(pos.is_threat(1, 3, 3));
  const float b_even = c4::threat_parity_value(pos);
  CHECK(b_even < 0.5f);  // a threat of b is bad for a
  build(&pos, &far, kOwnedByA, 3);
  REQUIRE(pos.is_threat(0, 3, 3));
  const float a_even = c4::threat_parity_value(pos);
  CHECK(a_even > 0.5f);
  CHECK(a_even - 0.5f > 0.5f - b_even);  // a's own threat counts more than b's

  // The blocked cell under the threat moves no count: one cell fewer below
  // it, one more elsewhere.
  c4::Geometry below;
  below.init(6, 7, 4, 3);
  build(&pos, &below, kOwnedByB, 3);
  REQUIRE(pos.is_threat(1, 3, 3));
  CHECK(c4::threat_parity_value(pos) == doctest::Approx(b_even));

  // Above the threat it does: 29 moves before (3, 3), which b takes.
  c4::Geometry above;
  above.init(6, 7, 1, 3);
  build(&pos, &above, kOwnedByB, 3);
  REQUIRE(pos.is_threat(1, 3, 3));
  const float b_odd = c4::threat_parity_value(pos);
  CHECK(b_odd < b_even);
  build(&pos, &above, kOwnedByA, 3);
  const float a_odd = c4::threat_parity_value(pos);
  CHECK(a_odd > 0.5f);
  CHECK(a_odd < a_even);
}

TEST_CASE("a move that makes, fills and unmasks no threat leaves every threat's worth as it was") {
  // So a stone under the opponent's threat is worth no more than any quiet move.
  c4::Geometry g;
  g.init(12, 12, 0, 11);
  c4::Position pos;
  build(&pos, &g, kUnderThreats, 7);
  REQUIRE(pos.is_threat(1, 9, 5));
  REQUIRE(pos.is_threat(1, 9, 1));
  c4::Position quiet = pos, under = pos;
  quiet.play(9);
  under.play(5);
  CHECK(c4::threat_parity_value(under) == doctest::Approx(c4::threat_parity_value(quiet)));
  CHECK(c4::threat_parity_value(quiet) == doctest::Approx(1.0f - c4::threat_parity_value(pos)));

  // The same on random games, wherever the threat cells stay the same and neither side has a cell to
  // take or block at once.
  std::mt19937 rng(11);
  int compared = 0, uneven = 0;
  for (int game = 0; game < 300; ++game) {
    const int M = 6 + static_cast<int>(rng() % 7), N = 6 + static_cast<int>(rng() % 7);
    c4::Geometry h;
    h.init(M, N, static_cast<int>(rng() % M), static_cast<int>(rng() % N));
    pos.reset(&h);
    while (!pos.full()) {
      int y;
      do y = static_cast<int>(rng() % N);
      while (pos.free_row(y) < 0);
      c4::Position next = pos;
      const int x = next.free_row(y);
      const bool won = next.play(y);
      bool same = !won && !pos.is_threat(0, x, y) && !pos.is_threat(1, x, y);
      for (int p = 0; p < 2; ++p)
        for (int c = 0; c < N; ++c) same = same && pos.column_threats(p, c) == next.column_threats(p, c);
      uint16_t wins, blocks, safe, wins2, blocks2, safe2;
      pos.classify(&wins, &blocks, &safe);
      next.classify(&wins2, &blocks2, &safe2);
      if (same && !wins && !blocks && !wins2 && !blocks2 && !next.full()) {
        const float before = c4::threat_parity_value(pos);
        REQUIRE(c4::threat_parity_value(next) == doctest::Approx(1.0f - before));
        ++compared;
        if (before != 0.5f) ++uneven;
      }
      if (won) break;
      pos = next;
    }
  }
  CHECK(compared > 2000);
  CHECK(uneven > 100);  // threats were there to be valued
}

TEST_CASE("only the lowest threat of a column counts") {
  c4::Geometry g;
  g.init(6, 7, 0, 6);
  c4::Position pos;
  build(&pos, &g, kOwnedByB, 3);
  const float alone = c4::threat_parity_value(pos);
  REQUIRE(alone < 0.5f);
  // Add a threat of a at (4, 3), under b's (3, 3): a's stones on the second row, columns 4..6.
  const char* const raised[] = {"abb", "bab", "abb", "", "ba", "aa", "ba"};
  build(&pos, &g, raised, 7);
  REQUIRE(pos.is_threat(0, 4, 3));
  REQUIRE(pos.is_threat(1, 3, 3));
  // Column 3 is a's (taken by b when the board fills, so it counts a little); b's threat above it does
  // not count at all (counted, it would cancel a's and leave the value even).
  CHECK(c4::threat_parity_value(pos) > 0.5f);
}

TEST_CASE("with minimax backups the search still plays a win, blocks, and plays legal games") {
  c4::Geometry g;
  g.init(9, 9, 4, 4);
  c4::Uct uct;
  REQUIRE(uct.init(1u << 18));
  uct.set_minimax_weight(0.3f);
  uct.set_seed(3);
  c4::Position pos;
  const char* const win_now[] = {"", "", "aaa", "bb", "b"};
  build(&pos, &g, win_now, 5);
  CHECK(uct.search(pos, iterations(2000), 0) == 2);
  uct.clear();
  const char* const block_now[] = {"", "", "bbb", "aa", "a"};
  build(&pos, &g, block_now, 5);
  CHECK(uct.search(pos, iterations(2000), 0) == 2);

  // Self-play with tree reuse to the end: every move legal, every search within the pool.
  uct.clear();
  pos.reset(&g);
  for (int move = 0; move < 81 && !pos.full(); ++move) {
    c4::SearchReport report;
    const int column = uct.search(pos, iterations(3000), &report);
    REQUIRE(column >= 0);
    REQUIRE(column < g.N);
    REQUIRE(pos.free_row(column) >= 0);
    CHECK(report.nodes_used <= (1u << 18));
    if (pos.play(column)) break;
    uct.advance(column);
  }
}

TEST_CASE("two well-searched moves are told apart by their playouts, not by the static values") {
  // Column 5 makes a threat b blocks at column 7 and leaves, as the next cell
  // of the column, the one right under b's threat: a cell a can never take.
  // The playouts rate column 3 higher. A minimax bonus that does not fade
  // with the visits let the static values (which a forcing move reads one
  // move deeper) carry column 5 to the most visits in about 1% of the
  // searches: 2 of these 200 do with the bonus kept whole, whichever way a
  // threat's parity is counted.
  c4::Geometry g;
  g.init(12, 12, 0, 11);
  c4::Position pos;
  build(&pos, &g, kUnderThreats, 7);
  c4::Uct uct;
  REQUIRE(uct.init(1u << 20));
  uct.set_exploration(0.6f);  // the plugin's
  int poison = 0;
  for (int seed = 100; seed < 300; ++seed) {
    uct.clear();
    uct.set_seed(static_cast<uint64_t>(seed));
    const int column = uct.search(pos, iterations(2048), 0);
    if (column == 1 || column == 5) ++poison;
  }
  CHECK(poison == 0);
}
