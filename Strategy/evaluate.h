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
  float score = 0;  // for s
  for (uint32_t open = pos.open_columns(); open; open &= open - 1) {
    const int y = __builtin_ctz(open);
    int k = 0;
    for (int x = pos.free_row(y); x >= 0; x = pos.row_above(x, y), ++k) {
      const bool mine = pos.is_threat(s, x, y), theirs = pos.is_threat(r, x, y);
      if (!mine && !theirs) continue;
      if (k == 0) continue;  // a cell to block now: S takes it
      if (mine != theirs) {
        const bool odd = (k & 1) != 0;
        if (mine)
          score += odd ? kBadThreat : kGoodThreat;
        else
          score -= odd ? kGoodThreat : kBadThreat;
      }
      break;
    }
  }
  return 0.5f + 0.45f * score / ((score < 0 ? -score : score) + 2.0f);
}

}  // namespace c4

#endif
