// Wins by continuous threats: the side to move plays only moves that make an
// immediate threat (a cell it would win on next move), the opponent only
// blocks, until the attacker has two threats at once or a threat right above
// the block. Such a line is a proof; not finding one proves nothing.
#ifndef FORCING_H_
#define FORCING_H_

#include "position.h"

namespace c4 {

#ifndef FORCING_DEPTH
#define FORCING_DEPTH 6
#endif
#ifndef FORCING_BUDGET
#define FORCING_BUDGET 64
#endif
// Attacker moves a line may have, and positions one search may visit.
const int kForcingDepth = FORCING_DEPTH;
const int kForcingBudget = FORCING_BUDGET;

// True if the side to move wins by continuous threats within `depth` of its
// own moves; `budget` counts down the positions tried and ends the search at 0.
// With `first`, a win stores the column that starts it (its immediate win, if any).
inline bool forcing_win(const Position& pos, int depth, int* budget, int* first = 0) {
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) {
    if (first) *first = __builtin_ctz(wins);
    return true;
  }
  if (blocks & (blocks - 1)) return false;
  if (depth <= 0) return false;
  // With a threat against us, the block is the only move; it must threaten too.
  uint32_t moves = blocks ? blocks & safe : safe;
  for (; moves; moves &= moves - 1) {
    if (--*budget < 0) return false;
    const int y = __builtin_ctz(moves);
    Position after = pos;
    after.play(y);
    uint16_t their_wins, ours, their_safe;
    after.classify(&their_wins, &ours, &their_safe);
    if (their_wins || !ours) continue;  // no threat made (or theirs left open)
    // Two threats: one of them stays. A block under another threat of ours
    // lets us win right above it. Otherwise block and go on.
    bool won = (ours & (ours - 1)) || !(their_safe & ours);
    if (!won) {
      after.play(__builtin_ctz(ours));
      won = forcing_win(after, depth - 1, budget);
    }
    if (won) {
      if (first) *first = y;
      return true;
    }
  }
  return false;
}

}  // namespace c4

#endif
