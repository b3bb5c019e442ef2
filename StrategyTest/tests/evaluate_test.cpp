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
// is (3, 3), the third cell of the empty column 3 (k = 2), or its second
// (k = 1) when the blocked cell is at (4, 3).
const char* const kOwnedByB[] = {"abb", "bab", "abb"};
const char* const kOwnedByA[] = {"baa", "aba", "baa"};

c4::SearchLimits iterations(uint64_t n) {
  c4::SearchLimits limits;
  limits.time_ms = 0;
  limits.max_iterations = n;
  return limits;
}

// The evaluation written the slow way: walk each column up from its playable
// cell with row_above (which skips the blocked cell) and is_threat.
float reference_value(const c4::Position& pos) {
  const int s = pos.to_move(), r = s ^ 1;
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) return 0.95f;
  if (blocks & (blocks - 1)) return 0.05f;
  float score = 0;
  for (int y = 0; y < pos.geometry().N; ++y) {
    if (pos.free_row(y) < 0) continue;
    int k = 1;
    for (int x = pos.row_above(pos.free_row(y), y); x >= 0; x = pos.row_above(x, y), ++k) {
      const bool mine = pos.is_threat(s, x, y), theirs = pos.is_threat(r, x, y);
      if (!mine && !theirs) continue;
      if (mine != theirs) {
        const float good = c4::kGoodThreat, bad = c4::kBadThreat;
        score += mine ? (k % 2 ? bad : good) : -(k % 2 ? good : bad);
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

TEST_CASE("a threat the follow-up gives its owner counts more than one of the other parity") {
  // Blocked cell far away: the threat is at k = 2 (even), which the side to
  // move (a) collects and the other side (b) does not.
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
  // An even threat is worth more to a (who collects it) than to b.
  CHECK(a_even - 0.5f > 0.5f - b_even);

  // The blocked cell right under the threat shifts column 3's parity: the
  // threat is now the second cell to fill (k = 1), which b collects.
  c4::Geometry shifted;
  shifted.init(6, 7, 4, 3);
  build(&pos, &shifted, kOwnedByB, 3);
  REQUIRE(pos.is_threat(1, 3, 3));
  const float b_odd = c4::threat_parity_value(pos);
  CHECK(b_odd < b_even);
  build(&pos, &shifted, kOwnedByA, 3);
  const float a_odd = c4::threat_parity_value(pos);
  CHECK(a_odd > 0.5f);
  CHECK(a_odd < a_even);
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
  // Column 3 is a's (k = 1, the parity a does not collect, so it counts a little); b's threat above it
  // does not count at all (counted, it would cancel a's and leave the value even).
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
