// A Ponte del Diavolo position: tiles, and bridges in the order they were
// built (bridge number k is bridges()[k-1]). No rule is checked here: see
// placement.h and bridge_rules.h. Invariants kept: covered() marks exactly the
// body cells of the bridges, bridge_at() exactly their endpoints.
#pragma once
#include <array>
#include <bitset>
#include <cstdint>

#include "geometry.h"

namespace pdd {

constexpr int kMaxBridgeIds = 1024;  // > bridge_shapes().size()

struct PlacedBridge {
  int a, b;  // endpoints, a < b
  int id;    // index into bridge_shapes()
};

class Board {
 public:
  Board() {
    tile_.fill(kEmpty);
    covered_.fill(0);
    bridge_at_.fill(-1);
  }

  Colour at(int c) const { return static_cast<Colour>(tile_[c]); }
  bool covered(int c) const { return covered_[c] != 0; }
  // A cell a tile may go on: no tile and not under a bridge.
  bool is_free(int c) const { return tile_[c] == kEmpty && covered_[c] == 0; }
  // Index (number - 1) of the bridge ending on cell c, or -1.
  int bridge_at(int c) const { return bridge_at_[c]; }
  int bridge_count() const { return bridge_count_; }
  const PlacedBridge& bridge(int index) const { return bridges_[index]; }
  bool has_bridge_id(int id) const { return present_[id]; }
  int tile_count(Colour c) const;

  void set_tile(int c, Colour colour) { tile_[c] = colour; }
  // Adds the bridge between a and b (Chebyshev distance 2, else ignored) as the next number.
  void add_bridge(int a, int b);

  bool operator==(const Board& o) const {
    return tile_ == o.tile_ && bridge_count_ == o.bridge_count_ && same_bridges(o);
  }

 private:
  bool same_bridges(const Board& o) const;

  std::array<uint8_t, kCells> tile_;
  std::array<uint8_t, kCells> covered_;
  std::array<int8_t, kCells> bridge_at_;
  std::array<PlacedBridge, kMaxBridges> bridges_;
  int bridge_count_ = 0;
  std::bitset<kMaxBridgeIds> present_;
};

}  // namespace pdd
