// The 10x10 board's geometry: cells, colours, neighbours, and every bridge
// that can exist (Chebyshev distance exactly 2) with its covered cells and the
// bridges whose centre-to-centre segments intersect it.
//
// A cell is 10*y + x: x is the column (field within a line of chess.txt), y the
// row (line number), (0,0) top-left.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pdd {

constexpr int kSize = 10;
constexpr int kCells = kSize * kSize;
constexpr int kMaxBridges = kCells / 2;  // one bridge per tile

enum Colour : uint8_t { kEmpty = 0, kWhite = 1, kBlack = 2 };
inline Colour opponent(Colour c) { return c == kWhite ? kBlack : kWhite; }
inline char colour_letter(Colour c) { return c == kWhite ? 'W' : c == kBlack ? 'B' : '-'; }
inline const char* colour_name(Colour c) { return c == kWhite ? "White" : c == kBlack ? "Black" : "nobody"; }

inline int cell_at(int x, int y) { return y * kSize + x; }
inline int cell_x(int c) { return c % kSize; }
inline int cell_y(int c) { return c / kSize; }
inline bool on_board(int x, int y) { return x >= 0 && x < kSize && y >= 0 && y < kSize; }
inline int chebyshev(int a, int b) {
  int dx = cell_x(a) - cell_x(b), dy = cell_y(a) - cell_y(b);
  dx = dx < 0 ? -dx : dx;
  dy = dy < 0 ? -dy : dy;
  return dx > dy ? dx : dy;
}
// "(x,y)"
std::string cell_name(int c);

// Orthogonal (4) and king-move (8) neighbours of a cell, terminated by -1.
struct Neighbours {
  int orth[5];
  int ring[9];
};
const Neighbours& neighbours(int c);

// One possible bridge: endpoints a < b, covered ("body") cells.
struct BridgeShape {
  int a, b;
  int body[2];
  int body_count;  // 1 straight/diagonal, 2 knight
};

// Every bridge on the board, indexed by id.
const std::vector<BridgeShape>& bridge_shapes();
// Id of the bridge between cells a and b (either order), -1 if their Chebyshev distance is not 2.
int bridge_id(int a, int b);
// Ids of the bridges with an endpoint on cell c.
const std::vector<int>& bridges_from(int c);
// Ids of the bridges whose segment intersects bridge `id`'s segment (closed
// segments between cell centres), excluding `id` itself.
const std::vector<int>& crossing_bridges(int id);
// Geometric test on any two bridges.
bool segments_intersect(const BridgeShape& p, const BridgeShape& q);

}  // namespace pdd
