#include "bridge_rules.h"

namespace pdd {
namespace {

// The body and crossing rules, for a bridge whose endpoints are already fine.
Violation check_body(const Board& board, int id, Crossing crossing, std::string* detail) {
  const BridgeShape& s = bridge_shapes()[id];
  for (int k = 0; k < s.body_count; ++k) {
    int c = s.body[k];
    if (board.at(c) != kEmpty) {
      if (detail) *detail = "covered cell " + cell_name(c) + " holds a tile";
      return Violation::kBridgeBodyBlocked;
    }
    if (board.covered(c)) {
      if (detail) *detail = "covered cell " + cell_name(c) + " is already under another bridge";
      return Violation::kBridgeBodyBlocked;
    }
  }
  if (crossing == Crossing::kStrict)
    for (int other : crossing_bridges(id))
      if (board.has_bridge_id(other)) {
        const BridgeShape& o = bridge_shapes()[other];
        if (detail) *detail = "it crosses the bridge " + cell_name(o.a) + "-" + cell_name(o.b);
        return Violation::kBridgeBodyBlocked;
      }
  return Violation::kNone;
}

}  // namespace

Violation check_bridge(const Board& board, Colour colour, int a, int b, Crossing crossing, std::string* detail) {
  for (int c : {a, b})
    if (board.at(c) != colour) {
      if (detail)
        *detail =
            "endpoint " + cell_name(c) + " is " +
            (board.at(c) == kEmpty ? std::string("empty") : std::string("a ") + colour_name(board.at(c)) + " tile") +
            ", not a " + colour_name(colour) + " tile";
      return Violation::kBridgeNotOwnTile;
    }
  for (int c : {a, b})
    if (board.bridge_at(c) >= 0) {
      if (detail)
        *detail = "tile " + cell_name(c) + " already carries bridge " + std::to_string(board.bridge_at(c) + 1);
      return Violation::kBridgeEndpoints;
    }
  int id = bridge_id(a, b);
  if (id < 0) {
    if (detail)
      *detail = cell_name(a) + " and " + cell_name(b) + " are at distance " + std::to_string(chebyshev(a, b)) +
                ", a bridge spans exactly 2 (straight, diagonal or knight)";
    return Violation::kBridgeDistance;
  }
  return check_body(board, id, crossing, detail);
}

bool bridge_legal(const Board& board, Colour colour, int id, Crossing crossing) {
  const BridgeShape& s = bridge_shapes()[id];
  if (board.at(s.a) != colour || board.at(s.b) != colour) return false;
  if (board.bridge_at(s.a) >= 0 || board.bridge_at(s.b) >= 0) return false;
  return check_body(board, id, crossing, nullptr) == Violation::kNone;
}

}  // namespace pdd
