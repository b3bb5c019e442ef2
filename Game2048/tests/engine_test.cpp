// The rules (generic engine, slide.h) and the 4x4 table engine (board4.h).
#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "../engine/board4.h"
#include "../engine/slide.h"
#include "../engine/streams.h"

namespace {

using g2048::b4::Board;

std::vector<int> parse(const std::string& text) {
  std::istringstream in(text);
  std::vector<int> v;
  int x;
  while (in >> x) v.push_back(x);
  return v;
}

// Puts a 4-value line into a 4x4 board so that moving `dir` slides it towards
// its first value: a row for LEFT/RIGHT, a column for UP/DOWN (row/col 1).
std::vector<int> embed(const std::vector<int>& line, int dir) {
  std::vector<int> board(16, 0);
  for (int i = 0; i < 4; ++i) {
    int r = 1, c = 1;
    switch (dir) {
      case g2048::kLeft: c = i; break;
      case g2048::kRight: c = 3 - i; break;
      case g2048::kUp: r = i; break;
      case g2048::kDown: r = 3 - i; break;
    }
    board[r * 4 + c] = line[i];
  }
  return board;
}

struct Slid {
  std::vector<int> board;
  int64_t gained;
  bool changed;
};

Slid generic_move(std::vector<int> board, int dir) {
  int64_t gained = -1;
  bool changed = g2048::slide_board(board.data(), 4, 4, dir, &gained);
  return {board, gained, changed};
}

Slid table_move(const std::vector<int>& board, int dir) {
  Board b = 0;
  REQUIRE(g2048::b4::from_values(board.data(), &b));
  uint32_t gained = 0;
  Board out = g2048::b4::move(b, dir, &gained);
  std::vector<int> values(16);
  g2048::b4::to_values(out, values.data());
  return {values, gained, out != b};
}

void check_line(const std::string& before, const std::string& after, int64_t score) {
  for (int dir = 0; dir < 4; ++dir) {
    CAPTURE(before);
    CAPTURE(g2048::direction_name(dir));
    const std::vector<int> start = embed(parse(before), dir), expected = embed(parse(after), dir);
    for (const Slid& s : {generic_move(start, dir), table_move(start, dir)}) {
      CHECK(s.board == expected);
      CHECK(s.gained == score);
      CHECK(s.changed == (start != expected));
    }
  }
}

}  // namespace

TEST_CASE("merges start from the side the tiles move towards, in all four directions") {
  check_line("2 2 2 2", "4 4 0 0", 8);
  check_line("2 2 2 0", "4 2 0 0", 4);
  check_line("0 2 2 2", "4 2 0 0", 4);
  check_line("4 2 2 0", "4 4 0 0", 4);
  check_line("8 8 4 4", "16 8 0 0", 24);
}

TEST_CASE("a merged tile does not merge again in the same move") {
  check_line("2 2 4 8", "4 4 8 0", 4);
  check_line("4 4 8 16", "8 8 16 0", 8);
  check_line("2 2 4 4", "4 8 0 0", 12);
}

TEST_CASE("tiles slide over gaps to the edge or the next tile") {
  check_line("0 0 0 2", "2 0 0 0", 0);
  check_line("2 0 2 0", "4 0 0 0", 4);
  check_line("0 4 0 8", "4 8 0 0", 0);
  check_line("2 0 0 2", "4 0 0 0", 4);
}

TEST_CASE("a move that changes nothing is not valid") {
  check_line("2 4 8 16", "2 4 8 16", 0);
  check_line("0 0 0 0", "0 0 0 0", 0);
  check_line("4 2 0 0", "4 2 0 0", 0);
  std::vector<int> full = parse("2 4 2 4  4 2 4 2  2 4 2 4  4 2 4 2");
  for (int dir = 0; dir < 4; ++dir) {
    CHECK_FALSE(generic_move(full, dir).changed);
    CHECK_FALSE(table_move(full, dir).changed);
  }
  CHECK_FALSE(generic_move(full, 4).changed);  // INVALID
  Board b = 0;
  REQUIRE(g2048::b4::from_values(full.data(), &b));
  CHECK(g2048::b4::move(b, 4) == b);
}

TEST_CASE("the game is over exactly when no move is valid") {
  std::vector<int> stuck = parse("2 4 2 4  4 2 4 2  2 4 2 4  4 2 4 2");
  CHECK_FALSE(g2048::any_move(stuck.data(), 4, 4));
  Board b = 0;
  REQUIRE(g2048::b4::from_values(stuck.data(), &b));
  CHECK(g2048::b4::is_game_over(b));
  // One equal pair (in a column) and the game goes on.
  std::vector<int> pair = stuck;
  pair[15] = 4;
  pair[11] = 4;
  CHECK(g2048::any_move(pair.data(), 4, 4));
  REQUIRE(g2048::b4::from_values(pair.data(), &b));
  CHECK_FALSE(g2048::b4::is_game_over(b));
  // One empty cell and the game goes on.
  std::vector<int> gap = stuck;
  gap[5] = 0;
  CHECK(g2048::any_move(gap.data(), 4, 4));
  REQUIRE(g2048::b4::from_values(gap.data(), &b));
  CHECK_FALSE(g2048::b4::is_game_over(b));
}

TEST_CASE("the generic rules work on any rows x cols board") {
  std::vector<int> board = parse("2 2 2  0 4 4");  // 2 rows x 3 cols
  int64_t gained = 0;
  REQUIRE(g2048::slide_board(board.data(), 2, 3, g2048::kRight, &gained));
  CHECK(board == parse("0 2 4  0 0 8"));
  CHECK(gained == 12);
  REQUIRE(g2048::slide_board(board.data(), 2, 3, g2048::kDown, &gained));
  CHECK(board == parse("0 0 4  0 2 8"));
  CHECK(gained == 0);
  CHECK_FALSE(g2048::slide_board(board.data(), 2, 3, g2048::kDown, &gained));
  std::vector<int> tall = parse("2 0  2 4  2 4");  // 3 rows x 2 cols
  REQUIRE(g2048::slide_board(tall.data(), 3, 2, g2048::kUp, &gained));
  CHECK(tall == parse("4 8  2 0  0 0"));
  CHECK(gained == 12);
  std::vector<int> one = {2};
  CHECK_FALSE(g2048::any_move(one.data(), 1, 1));
}

TEST_CASE("the table engine matches the generic rules on a million random boards") {
  g2048::SplitMix64 rng(2048);
  int mismatches = 0;
  for (int n = 0; n < 1000000; ++n) {
    // Half the boards from few exponents (many merges), half from the whole range below 15.
    const int range = n % 2 ? 4 : 15;
    std::vector<int> values(16);
    for (int& v : values) v = g2048::b4::tile_value(static_cast<int>(rng.below(range)));
    for (int dir = 0; dir < 4; ++dir) {
      const Slid a = generic_move(values, dir), b = table_move(values, dir);
      if (a.board != b.board || a.gained != b.gained || a.changed != b.changed) ++mismatches;
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("board4: two 32768 tiles do not merge (documented limit); the generic rules merge them") {
  const std::vector<int> line = parse("32768 32768 0 0");
  std::vector<int> board = embed(line, g2048::kLeft);
  CHECK(generic_move(board, g2048::kLeft).board == embed(parse("65536 0 0 0"), g2048::kLeft));
  CHECK_FALSE(table_move(board, g2048::kLeft).changed);
  int big[16] = {65536};
  Board b = 7;
  CHECK_FALSE(g2048::b4::from_values(big, &b));
  CHECK(b == 7);
}

TEST_CASE("board4: cells, counts and spawns follow the documented nibble layout") {
  Board b = 0;
  b = g2048::b4::set_cell(b, 0, 1);      // top-left: tile 2 in bits 0..3
  b = g2048::b4::set_cell(b, 1, 3, 11);  // row 1, col 3 = cell 7: tile 2048
  b = g2048::b4::set_cell(b, 15, 2);     // bottom-right: bits 60..63
  CHECK(b == ((Board{1}) | (Board{11} << 28) | (Board{2} << 60)));
  CHECK(g2048::b4::get_cell(b, 7) == 11);
  CHECK(g2048::b4::get_cell(b, 1, 3) == 11);
  CHECK(g2048::b4::get_row(b, 1) == 0xB000u);
  CHECK(g2048::b4::count_empty(b) == 13);
  CHECK(g2048::b4::empty_mask(b) == (0xFFFFu & ~((1u << 0) | (1u << 7) | (1u << 15))));
  CHECK(g2048::b4::max_exponent(b) == 11);
  CHECK(g2048::b4::max_tile(b) == 2048);
  CHECK(g2048::b4::tile_sum(b) == 2 + 2048 + 4);
  // The k-th empty cell, counted row-major: cell 0 is taken, so k = 0 is cell 1, k = 5 is cell 6, k = 6 is cell 8.
  CHECK(g2048::b4::get_cell(g2048::b4::spawn(b, 0, 2), 1) == 2);
  CHECK(g2048::b4::get_cell(g2048::b4::spawn(b, 5, 1), 6) == 1);
  CHECK(g2048::b4::get_cell(g2048::b4::spawn(b, 6, 1), 8) == 1);
  CHECK(g2048::b4::spawn(b, 13, 1) == b);  // out of range: unchanged
  int values[16];
  g2048::b4::to_values(b, values);
  CHECK(values[0] == 2);
  CHECK(values[7] == 2048);
  CHECK(values[15] == 4);
  Board back;
  REQUIRE(g2048::b4::from_values(values, &back));
  CHECK(back == b);
  values[3] = 12;  // not a power of two
  CHECK_FALSE(g2048::b4::from_values(values, &back));
  CHECK(g2048::b4::exponent_of(3) == -1);
  CHECK(g2048::b4::exponent_of(32768) == 15);
}

TEST_CASE("board4: transpose, mirror and flip move cells where their names say") {
  g2048::SplitMix64 rng(7);
  for (int n = 0; n < 10000; ++n) {
    const Board b = rng.next();
    const Board t = g2048::b4::transpose(b), m = g2048::b4::mirror(b), f = g2048::b4::flip(b);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) {
        REQUIRE(g2048::b4::get_cell(t, c, r) == g2048::b4::get_cell(b, r, c));
        REQUIRE(g2048::b4::get_cell(m, r, 3 - c) == g2048::b4::get_cell(b, r, c));
        REQUIRE(g2048::b4::get_cell(f, 3 - r, c) == g2048::b4::get_cell(b, r, c));
      }
    unsigned mask = 0;
    for (int i = 0; i < 16; ++i) mask |= (g2048::b4::get_cell(b, i) == 0 ? 1u : 0u) << i;
    REQUIRE(g2048::b4::empty_mask(b) == mask);
    REQUIRE(g2048::b4::count_empty(b) == __builtin_popcount(mask));
  }
}

TEST_CASE("board4: downgrade lowers the tiles above the highest missing level, down to under the threshold") {
  using g2048::b4::downgrade;
  auto of = [](std::initializer_list<int> exponents) {
    Board b = 0;
    int i = 0;
    for (int e : exponents) b = g2048::b4::set_cell(b, i++, e);
    return b;
  };
  // Largest tile under 2^from: unchanged.
  CHECK(downgrade(of({13, 12, 11, 1}), 14) == of({13, 12, 11, 1}));
  // 16384 8192 4096 1024 512 2 4 (no 2048): the three above the gap drop one level.
  CHECK(downgrade(of({14, 13, 12, 10, 9, 1, 2}), 14) == of({13, 12, 11, 10, 9, 1, 2}));
  // Repeated until the largest tile is under 2^from: 32768 16384 2 -> 8192 4096 2.
  CHECK(downgrade(of({15, 14, 1}), 14) == of({13, 12, 1}));
  CHECK(downgrade(of({15, 14, 1}), 15) == of({14, 13, 1}));
  // Equal tiles stay equal; empty cells stay empty.
  CHECK(downgrade(of({14, 0, 14, 0, 3, 3}), 14) == of({13, 0, 13, 0, 3, 3}));
  // Every level from 2 to 16384 present: nothing to close, unchanged.
  const Board full = of({14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1});
  CHECK(downgrade(full, 14) == full);
  // Only 2s missing: everything drops one level.
  CHECK(downgrade(of({14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2}), 14) ==
        of({13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}));

  // On random boards: the order of the tiles is kept (equal stay equal, smaller
  // stay smaller), empty cells stay empty, and the result is under the
  // threshold or has no missing level to close.
  g2048::SplitMix64 rng(11);
  for (int n = 0; n < 3000; ++n) {
    Board b = 0;
    for (int i = 0; i < 16; ++i) {
      const uint64_t r = rng.next();
      if (r % 5) b = g2048::b4::set_cell(b, i, int(1 + (r >> 8) % 15));
    }
    const int from = 10 + int(rng.next() % 6);
    const Board d = downgrade(b, from);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        const int ei = g2048::b4::get_cell(b, i), ej = g2048::b4::get_cell(b, j);
        const int di = g2048::b4::get_cell(d, i), dj = g2048::b4::get_cell(d, j);
        REQUIRE((ei == 0) == (di == 0));
        REQUIRE((ei < ej) == (di < dj));
        REQUIRE(di <= ei);
      }
    unsigned present = 0;
    for (int i = 0; i < 16; ++i) present |= 1u << g2048::b4::get_cell(d, i);
    const int top = g2048::b4::max_exponent(d);
    const bool gap = (~present & ((1u << top) - 2u)) != 0;
    REQUIRE((top < from || !gap));
  }

  // The rule taken literally, one gap at a time on a table of levels: the engine's
  // branch-free version gives the same board for every threshold on crowded and
  // sparse random boards.
  auto one_gap_at_a_time = [](Board b, int from) {
    unsigned present = 0;
    for (int i = 0; i < 16; ++i) present |= 1u << g2048::b4::get_cell(b, i);
    int level[16];
    for (int e = 0; e < 16; ++e) level[e] = e;
    for (int top = 31 - __builtin_clz(present | 1u); top >= from; --top) {
      int gap = top - 1;
      while (gap >= 1 && (present >> gap & 1u)) --gap;
      if (gap < 1) break;  // no missing level under the top
      unsigned shifted = present & ((1u << gap) - 1u);
      for (int e = gap + 1; e < 16; ++e)
        if (present >> e & 1u) shifted |= 1u << (e - 1);
      present = shifted;
      for (int& l : level)
        if (l > gap) --l;
    }
    Board out = 0;
    for (int i = 0; i < 16; ++i) out = g2048::b4::set_cell(out, i, level[g2048::b4::get_cell(b, i)]);
    return out;
  };
  for (int n = 0; n < 200000; ++n) {
    Board b = 0;
    const unsigned density = 2 + unsigned(rng.next() % 6);  // 1 in `density` cells empty
    for (int i = 0; i < 16; ++i) {
      const uint64_t r = rng.next();
      if (r % density) b = g2048::b4::set_cell(b, i, int(1 + (r >> 8) % 15));
    }
    for (int from = 11; from <= 15; ++from) {
      CAPTURE(b);
      CAPTURE(from);
      REQUIRE(downgrade(b, from) == one_gap_at_a_time(b, from));
    }
  }
}
