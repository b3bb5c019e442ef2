// A static evaluation from threats and their parity (Allis's zugzwang).
//
// A threat (an empty cell that would complete four) decides the game when the
// other cells run out: nobody plays right under it but its owner, so in the
// end the other columns fill first, then the cells of its column below it,
// and the player to move at that point takes it. With E empty cells now and
// A empty cells in the threat's column at or above it (the blocked cell not
// counted), that is the side to move if E - A is even, the other side if it is
// odd. The count does not change as stones go in elsewhere or under the
// threat, so a quiet move changes no threat's worth (a parity counted from a
// column's playable cell instead would flip with every stone under a threat,
// and make a stone under the opponent's threat look good).
//
// A threat its owner takes by that rule counts kGoodThreat, one of the other
// parity kBadThreat. Only the lowest threat of a column counts: the cells
// above it are decided by it.
#ifndef EVALUATE_H_
#define EVALUATE_H_

#include "position.h"

namespace c4 {

const float kGoodThreat = 1.0f;  // a threat its owner takes when the board fills up
const float kBadThreat = 0.3f;   // a threat of the other parity

// The value of `pos` for the side to move, in [0.05, 0.95] (0.5 even).
inline float threat_parity_value(const Position& pos) {
  const int s = pos.to_move(), r = s ^ 1;
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) return 0.95f;
  if (blocks & (blocks - 1)) return 0.05f;
  const Geometry& g = pos.geometry();
  const int empty = g.M * g.N - 1 - pos.moves();
  float score = 0;  // for s
  for (uint32_t open = pos.open_columns(); open; open &= open - 1) {
    const int y = __builtin_ctz(open);
    // The cells above the playable one (rows top - 1 down to 0), not the blocked cell.
    const int top = pos.free_row(y);
    uint32_t above = (1u << top) - 1;
    if (y == g.noY && g.noX < top) above &= ~(1u << g.noX);
    const uint32_t mine = pos.column_threats(s, y) & above, theirs = pos.column_threats(r, y) & above;
    if (!(mine | theirs)) continue;
    const int x = 31 - __builtin_clz(mine | theirs);  // the lowest threat
    const uint32_t cell = 1u << x;
    const bool mine_at = (mine & cell) != 0, theirs_at = (theirs & cell) != 0;
    if (mine_at == theirs_at) continue;  // a cell of both: it counts for neither
    // Rows 0..x of the column, less the blocked cell if it is among them.
    const int at_or_above = x + 1 - (y == g.noY && g.noX < x ? 1 : 0);
    const bool taken_by_s = ((empty - at_or_above) & 1) == 0;
    if (mine_at)
      score += taken_by_s ? kGoodThreat : kBadThreat;
    else
      score -= taken_by_s ? kBadThreat : kGoodThreat;
  }
  return 0.5f + 0.45f * score / ((score < 0 ? -score : score) + 2.0f);
}

}  // namespace c4

#endif
