#include "board.h"

namespace pdd {

int Board::tile_count(Colour c) const {
  int n = 0;
  for (int i = 0; i < kCells; ++i) n += tile_[i] == c;
  return n;
}

void Board::add_bridge(int a, int b) {
  int id = bridge_id(a, b);
  if (id < 0 || bridge_count_ >= kMaxBridges) return;
  const BridgeShape& s = bridge_shapes()[id];
  for (int k = 0; k < s.body_count; ++k) covered_[s.body[k]] = 1;
  bridge_at_[s.a] = static_cast<int8_t>(bridge_count_);
  bridge_at_[s.b] = static_cast<int8_t>(bridge_count_);
  bridges_[bridge_count_++] = PlacedBridge{s.a, s.b, id};
  present_.set(id);
}

bool Board::same_bridges(const Board& o) const {
  for (int i = 0; i < bridge_count_; ++i)
    if (bridges_[i].id != o.bridges_[i].id) return false;
  return true;
}

}  // namespace pdd
