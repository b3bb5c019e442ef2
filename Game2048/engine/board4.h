// The fast 4x4 2048 engine: a whole board in one 64-bit word, moves by table
// lookup per row. Header-only; shared by bots (search) and the judge.
//
// Layout (the invariant everything here relies on):
//   cell i = row * 4 + col (row 0 = top, col 0 = left), as the contest's Grid;
//   cell i lives in nibble i, bits [4i, 4i + 4) of the word;
//   a nibble holds the tile's exponent: 0 = empty, e = tile 2^e (1 = 2, 11 = 2048, 15 = 32768).
// So row r is the 16-bit value (board >> 16r) & 0xFFFF, its col 0 in the lowest nibble.
//
// Limit: a nibble cannot hold 65536 (2^16). Two 32768 tiles (exponent 15) never
// merge in this engine; a judge that must follow the rules past 32768 uses the
// generic engine (pz_engine.h), which the tests compare with this one.
//
// Directions are numbered as the contest's dir_e: 0 LEFT, 1 DOWN, 2 RIGHT, 3 UP.
#pragma once
#include <cstdint>

namespace g2048 {
namespace b4 {

using Board = uint64_t;

enum Dir : int { kLeft = 0, kDown = 1, kRight = 2, kUp = 3 };
constexpr int kCells = 16;
constexpr int kMaxExponent = 15;

// --- cells ------------------------------------------------------------------

// Exponent at cell i (0..15).
inline int get_cell(Board b, int i) { return static_cast<int>((b >> (4 * i)) & 0xF); }
// Board with cell i set to exponent e (0..15).
inline Board set_cell(Board b, int i, int e) {
  const int shift = 4 * i;
  return (b & ~(Board{0xF} << shift)) | (Board(e & 0xF) << shift);
}
inline int get_cell(Board b, int row, int col) { return get_cell(b, row * 4 + col); }
inline Board set_cell(Board b, int row, int col, int e) { return set_cell(b, row * 4 + col, e); }

// 16-bit row r (col 0 in the low nibble).
inline unsigned get_row(Board b, int r) { return static_cast<unsigned>((b >> (16 * r)) & 0xFFFF); }

// Tile value of an exponent: 0 -> 0, e -> 2^e.
inline int tile_value(int e) { return e == 0 ? 0 : 1 << e; }
// Exponent of a tile value: 0 -> 0, 2^e -> e; -1 if the value is not 0 or a power of two in 2..32768.
inline int exponent_of(int value) {
  if (value == 0) return 0;
  for (int e = 1; e <= kMaxExponent; ++e)
    if (value == (1 << e)) return e;
  return -1;
}

// From / to the contest's 16 tile values (row-major). from_values returns false
// (and leaves *out alone) if a value is not 0 or a power of two up to 32768.
inline bool from_values(const int values[16], Board* out) {
  Board b = 0;
  for (int i = 0; i < 16; ++i) {
    const int e = exponent_of(values[i]);
    if (e < 0) return false;
    b |= Board(e) << (4 * i);
  }
  *out = b;
  return true;
}
inline void to_values(Board b, int values[16]) {
  for (int i = 0; i < 16; ++i) values[i] = tile_value(get_cell(b, i));
}

// --- counts -------------------------------------------------------------------

// Bit i set <=> cell i is empty.
inline unsigned empty_mask(Board b) {
  Board x = b | (b >> 1);
  x |= x >> 2;
  x = ~x & 0x1111111111111111ULL;  // bit 4i set <=> nibble i is zero
  // Gather bit 4i into bit i.
  unsigned mask = 0;
  for (int i = 0; i < 16; ++i) mask |= static_cast<unsigned>((x >> (4 * i)) & 1) << i;
  return mask;
}
inline int count_empty(Board b) {
  Board x = b | (b >> 1);
  x |= x >> 2;
  x &= 0x1111111111111111ULL;  // bit 4i set <=> nibble i is occupied
  return 16 - __builtin_popcountll(x);
}
// Largest exponent on the board (0 if empty).
inline int max_exponent(Board b) {
  int m = 0;
  for (; b; b >>= 4) {
    const int e = static_cast<int>(b & 0xF);
    if (e > m) m = e;
  }
  return m;
}
// Tile downgrading: while the largest tile is at least 2^from_exponent and some
// smaller level is missing, every tile above the highest missing level drops
// one level. The tiles below that gap, and so the play around them, are kept;
// the wall of large tiles becomes one the game meets earlier (and a value
// function trained mostly before it knows better). Boards without such a gap,
// or with smaller tiles only, are returned unchanged.
inline Board downgrade(Board b, int from_exponent) {
  unsigned present = 0;  // bit e set <=> some cell holds exponent e
  for (int i = 0; i < 16; ++i) present |= 1u << ((b >> (4 * i)) & 0xF);
  const int top = 31 - __builtin_clz(present | 1u);
  if (top < from_exponent) return b;
  // Closing a gap lowers the top by one and leaves the levels under the gap as
  // they were, so the gaps closed are the highest missing levels under the top,
  // at most top - from_exponent + 1 of them.
  unsigned missing = ~present & ((1u << top) - 2u);  // levels 1 .. top-1
  // The even and the odd cells, one per byte, so a byte can count past 15:
  // adding 127 - gap (gap >= 1) sets a byte's bit 7 exactly when it holds more than gap.
  constexpr Board kLow = 0x0101010101010101ULL;
  Board even = b & 0x0F0F0F0F0F0F0F0FULL, odd = (b >> 4) & 0x0F0F0F0F0F0F0F0FULL;
  for (int closes = top - from_exponent + 1; missing && closes > 0; --closes) {
    const int gap = 31 - __builtin_clz(missing);
    missing &= ~(1u << gap);
    const Board bias = kLow * static_cast<Board>(0x7F - gap);
    even -= ((even + bias) >> 7) & kLow;  // every tile above the gap drops one level
    odd -= ((odd + bias) >> 7) & kLow;
  }
  return even | (odd << 4);
}

// Largest tile value on the board (0 if empty).
inline int max_tile(Board b) { return tile_value(max_exponent(b)); }
// Sum of the tile values.
inline int64_t tile_sum(Board b) {
  int64_t s = 0;
  for (; b; b >>= 4) s += tile_value(static_cast<int>(b & 0xF));
  return s;
}

// --- symmetries ---------------------------------------------------------------

// Cell (r, c) -> (c, r).
inline Board transpose(Board b) {
  // Swap the off-diagonal nibbles of each 2x2 block, then the off-diagonal 2x2 blocks.
  const Board a =
      (b & 0xF0F00F0FF0F00F0FULL) | ((b & 0x0000F0F00000F0F0ULL) << 12) | ((b >> 12) & 0x0000F0F00000F0F0ULL);
  return (a & 0xFF00FF0000FF00FFULL) | ((a & 0x00FF00FF00000000ULL) >> 24) | ((a & 0x00000000FF00FF00ULL) << 24);
}
// Cell (r, c) -> (r, 3 - c): each row reversed.
inline Board mirror(Board b) {
  return ((b & 0x000F000F000F000FULL) << 12) | ((b & 0x00F000F000F000F0ULL) << 4) | ((b & 0x0F000F000F000F00ULL) >> 4) |
         ((b & 0xF000F000F000F000ULL) >> 12);
}
// Cell (r, c) -> (3 - r, c): rows in reverse order.
inline Board flip(Board b) {
  return (b << 48) | ((b & 0x00000000FFFF0000ULL) << 16) | ((b >> 16) & 0x00000000FFFF0000ULL) | (b >> 48);
}

// --- moves --------------------------------------------------------------------

// One row slid left or right: the resulting row and the score the merges gained.
// Tables are indexed by the 16-bit row; built once at program (or plugin) start.
struct RowTables {
  uint16_t left[65536];
  uint16_t right[65536];
  uint32_t score[65536];  // the same for left and right: the merges' values (tested)

  RowTables() {
    for (unsigned row = 0; row < 65536; ++row) {
      int cells[4], gained = 0;
      for (int c = 0; c < 4; ++c) cells[c] = (row >> (4 * c)) & 0xF;
      slide_left(cells, &gained);
      unsigned out = 0;
      for (int c = 0; c < 4; ++c) out |= static_cast<unsigned>(cells[c]) << (4 * c);
      left[row] = static_cast<uint16_t>(out);
      score[row] = static_cast<uint32_t>(gained);
      right[reverse(row)] = static_cast<uint16_t>(reverse(out));
    }
  }
  static unsigned reverse(unsigned row) {
    return ((row & 0xF) << 12) | ((row & 0xF0) << 4) | ((row >> 4) & 0xF0) | (row >> 12);
  }
  // The rules on 4 exponents, towards index 0: the pair nearest index 0 merges
  // first, a merged tile does not merge again, two 15s do not merge.
  static void slide_left(int cells[4], int* gained) {
    int out[4] = {0, 0, 0, 0}, n = 0;
    bool last_merged = true;  // nothing to merge into yet
    for (int c = 0; c < 4; ++c) {
      if (cells[c] == 0) continue;
      if (!last_merged && out[n - 1] == cells[c] && cells[c] < kMaxExponent) {
        ++out[n - 1];
        *gained += 1 << out[n - 1];
        last_merged = true;
      } else {
        out[n++] = cells[c];
        last_merged = false;
      }
    }
    for (int c = 0; c < 4; ++c) cells[c] = out[c];
  }
};
inline const RowTables row_tables;

// The board after sliding every row left (or right); *gained += score.
inline Board move_rows(Board b, const uint16_t* table, uint32_t* gained) {
  const RowTables& t = row_tables;
  const unsigned r0 = b & 0xFFFF, r1 = (b >> 16) & 0xFFFF, r2 = (b >> 32) & 0xFFFF, r3 = b >> 48;
  *gained += t.score[r0] + t.score[r1] + t.score[r2] + t.score[r3];
  return Board(table[r0]) | (Board(table[r1]) << 16) | (Board(table[r2]) << 32) | (Board(table[r3]) << 48);
}

// The board after moving in `dir` (0 LEFT, 1 DOWN, 2 RIGHT, 3 UP); no tile is
// spawned. The result equals `b` exactly when the move is not valid.
// If score_gained is given, it receives the merges' total value.
inline Board move(Board b, int dir, uint32_t* score_gained = nullptr) {
  uint32_t gained = 0;
  Board out;
  switch (dir) {
    case kLeft: out = move_rows(b, row_tables.left, &gained); break;
    case kRight: out = move_rows(b, row_tables.right, &gained); break;
    case kUp: out = transpose(move_rows(transpose(b), row_tables.left, &gained)); break;
    case kDown: out = transpose(move_rows(transpose(b), row_tables.right, &gained)); break;
    default: out = b; break;
  }
  if (score_gained) *score_gained = gained;
  return out;
}

inline bool can_move(Board b, int dir) { return move(b, dir) != b; }
// True when no direction changes the board.
inline bool is_game_over(Board b) {
  if (count_empty(b) > 0) return false;
  for (int d = 0; d < 4; ++d)
    if (can_move(b, d)) return false;
  return true;
}

// --- spawns -------------------------------------------------------------------

// The board with exponent e (1 = tile 2, 2 = tile 4) placed on the k-th empty
// cell, counted row-major from 0. Requires 0 <= k < count_empty(b).
inline Board spawn(Board b, int k, int e) {
  for (int i = 0; i < 16; ++i) {
    if (get_cell(b, i) != 0) continue;
    if (k-- == 0) return set_cell(b, i, e);
  }
  return b;  // k out of range: unchanged
}

}  // namespace b4
}  // namespace g2048
