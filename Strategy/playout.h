// The playout policy: random moves biased by one-move tactics. The side to
// move wins at once when it can, blocks the opponent's immediate win (two of
// them lose), has won when two of its threats are stacked right above a
// playable cell (Position::stacked_threats), avoids columns that hand the
// opponent a win right above, and avoids filling the cell under its own
// threat (which lets the opponent block it). The last rule alone won 32-8 at
// 20k iterations a move against the same search without it. Among the safe
// moves, it first tries the last good reply to the opponent's last stone (see
// ReplyTable), even under its own threat: such a move forces the opponent to
// block, and a reply that won is often one of a series of such moves. Then it
// often follows up: plays on top of the opponent's last stone, as Connect-Four
// players do to claim the cells of every other row (Allis's "claimeven"); see
// kFollowUpPercent.
#ifndef PLAYOUT_H_
#define PLAYOUT_H_

#include "position.h"
#include "random.h"

namespace c4 {

// How often (percent) a side with no forced move plays in the column of the
// opponent's last move when that column is among its candidates. Self-play at
// 30,000 iterations a move, 100 games each: 50% beat 0% 81-18-1, 75% beat 50%
// 68-32, 90% beat 75% 56-43-1, and 100% lost to 90% 25-46-1 (of 72). With the
// last good replies and stacked threats, 95% beat 90% 113-87 at 50,000
// iterations and 103-96-1 at 300 ms, and won 23 more of 400 games against
// sample 49 (see the journal).
#ifndef PLAYOUT_FOLLOW_UP
#define PLAYOUT_FOLLOW_UP 95
#endif
const uint32_t kFollowUpPercent = PLAYOUT_FOLLOW_UP;

// Cells are numbered x * kMaxSide + y.
const int kCells = kMaxSide * kMaxSide;

// Last good reply with forgetting (Drake; Baier and Drake): for each player
// and each cell the opponent has just played, the column with which that
// player answered it in the most recent simulation it won; answering it so in
// a simulation it lost forgets the entry. -1: no reply known.
struct ReplyTable {
  int8_t reply[2][kCells];
  ReplyTable() { clear(); }
  void clear() {
    for (int p = 0; p < 2; ++p)
      for (int c = 0; c < kCells; ++c) reply[p][c] = -1;
  }
};

// The unforced answers of one simulation: player[i] answered the opponent's
// stone at cell answered[i] by playing column[i]. Holds at most kCells.
struct Answers {
  int16_t answered[kCells];
  int8_t column[kCells];
  int8_t player[kCells];
  int n;
  Answers() : n(0) {}
  void add(int cell, int y, int p) {
    answered[n] = static_cast<int16_t>(cell);
    column[n] = static_cast<int8_t>(y);
    player[n++] = static_cast<int8_t>(p);
  }
  // The winner's answers become its replies, the loser's are forgotten;
  // a draw (winner -1) teaches nothing.
  void teach(ReplyTable* table, int winner) const {
    if (winner < 0) return;
    for (int i = 0; i < n; ++i) {
      int8_t& entry = table->reply[player[i]][answered[i]];
      if (player[i] == winner)
        entry = column[i];
      else if (entry == column[i])
        entry = -1;
    }
  }
};

// The move of a side that cannot win at once and has nothing to block: a safe
// column (one that does not hand the opponent a win right above) if there is
// one; `reply` (the last good reply, or -1) if it is one of those; else, not
// under its own threat if it can help it, a follow-up on `last` (the
// opponent's last column, or -1) `follow_up` percent of the time, else at random.
inline int unforced_move(const Position& pos, Random& rng, uint32_t safe, int last,
                         uint32_t follow_up = kFollowUpPercent, int reply = -1) {
  uint32_t candidates = safe ? safe : pos.open_columns();
  if (reply >= 0 && ((candidates >> reply) & 1)) return reply;
  // Otherwise do not fill the cell under one of our own threats: played at
  // random, that mostly just lets the opponent block the threat.
  const uint32_t keep = candidates & ~pos.under_own_threats();
  if (keep) candidates = keep;
  if (last >= 0 && ((candidates >> last) & 1) && rng.below(100) < follow_up) return last;
  return nth_bit(candidates, rng.below(static_cast<uint32_t>(popcount16(candidates))));
}

// What a playout learns from and records to: the replies to try, the cell of
// the stone that led to the position (or -1), and the answers given.
struct ReplyMemory {
  const ReplyTable* table;
  int last_cell;
  Answers answers;
  explicit ReplyMemory(const ReplyTable* t) : table(t), last_cell(-1) {}
};

// Plays `pos` out to the end; `last` is the column of the move that led to
// `pos`, or -1. With `memory`, unforced moves try its replies first and are
// recorded in it. Returns the winner (0 or 1), or -1 for a draw.
inline int tactical_playout(Position& pos, Random& rng, int last = -1, uint32_t follow_up = kFollowUpPercent,
                            ReplyMemory* memory = 0) {
  for (;;) {
    if (pos.full()) return -1;
    const int p = pos.to_move();
    uint16_t wins, blocks, safe;
    pos.classify(&wins, &blocks, &safe);
    if (wins) return p;
    if (!blocks && pos.stacked_threats()) return p;  // a win in three plies
    int y;
    if (blocks) {
      if (blocks & (blocks - 1)) return p ^ 1;  // two threats: cannot block both
      y = __builtin_ctz(blocks);
    } else if (memory) {
      const int cell = memory->last_cell;
      y = unforced_move(pos, rng, safe, last, follow_up, cell >= 0 ? memory->table->reply[p][cell] : -1);
      if (cell >= 0) memory->answers.add(cell, y, p);
    } else {
      y = unforced_move(pos, rng, safe, last, follow_up);
    }
    if (memory) memory->last_cell = pos.free_row(y) * kMaxSide + y;
    pos.play(y);
    last = y;
  }
}

// Plays `pos` out with uniformly random legal moves (the benchmark's
// baseline), keeping only the stones: `pos` is spent afterwards.
inline int random_playout(Position& pos, Random& rng) {
  for (;;) {
    uint32_t open = pos.open_columns();
    if (!open) return -1;
    const int p = pos.to_move();
    if (pos.play_stones_only(nth_bit(open, rng.below(static_cast<uint32_t>(popcount16(open)))))) return p;
  }
}

}  // namespace c4

#endif
