// A static evaluation from threats and their parity (Allis's zugzwang).
//
// Count a column's cells upward from its playable cell: k = 0, 1, 2, ...
// (the blocked cell is skipped, so it shifts the column's parity). If the
// side to move S opens columns and the other side R answers on top of each
// stone (Allis's "follow-up"/claimeven), R gets every cell with k odd and S
// every cell with k even. So a threat of R at odd k, or of S at even k, is one
// its owner can hope to collect at the end; a threat of the other parity is
// worth less. Only the lowest threat of a column counts: the cells above it
// are decided by it.
#ifndef EVALUATE_H_
#define EVALUATE_H_

#include "position.h"

namespace c4 {

const float kGoodThreat = 1.0f;  // a threat whose parity its owner can claim
const float kBadThreat = 0.3f;   // a threat of the other parity

// The value of `pos` for the side to move, in [0.05, 0.95] (0.5 even).
inline float threat_parity_value(const Position& pos) {
  const int s = pos.to_move(), r = s ^ 1;
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) return 0.95f;
  if (blocks & (blocks - 1)) return 0.05f;
  const Geometry& g = pos.geometry();
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
    const int k = top - x - (y == g.noY && x < g.noX && g.noX < top ? 1 : 0);
    const bool odd = (k & 1) != 0;
    if (mine_at)
      score += odd ? kBadThreat : kGoodThreat;
    else
      score -= odd ? kGoodThreat : kBadThreat;
  }
  return 0.5f + 0.45f * score / ((score < 0 ? -score : score) + 2.0f);
}

}  // namespace c4

#endif
