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

#include <string.h>

#include "position.h"
#include "random.h"

namespace c4engine {

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

// The unforced answers of one simulation, per player: player p's i-th answer
// (i < count(p)) was column(p, i) to the opponent's stone at cell
// answered(p, i). Each is one word: the index of its entry in
// ReplyTable::reply (p * kCells + cell) and the column << 16.
struct Answers {
  uint32_t entry[2][kCells];
  int n[2];
  Answers() { n[0] = n[1] = 0; }
  static uint32_t pack(int cell, int y, int p) { return static_cast<uint32_t>((p * kCells + cell) | y << 16); }
  void add(int cell, int y, int p) { entry[p][n[p]++] = pack(cell, y, p); }
  int count(int p) const { return n[p]; }
  int answered(int p, int i) const { return (entry[p][i] & 0xFFFF) - p * kCells; }
  int column(int p, int i) const { return entry[p][i] >> 16; }
  // The winner's answers become its replies, the loser's are forgotten;
  // a draw (winner -1) teaches nothing. No cell is answered twice in one
  // simulation, so the order does not matter.
  C4_INLINE void teach(ReplyTable* table, int winner) const {
    if (winner < 0) return;
    int8_t* const replies = &table->reply[0][0];
    for (const uint32_t *e = entry[winner], *end = e + n[winner]; e < end; ++e)
      replies[*e & 0xFFFF] = static_cast<int8_t>(*e >> 16);
    for (const uint32_t *e = entry[winner ^ 1], *end = e + n[winner ^ 1]; e < end; ++e) {
      int8_t& reply = replies[*e & 0xFFFF];
      reply = reply == static_cast<int8_t>(*e >> 16) ? static_cast<int8_t>(-1) : reply;
    }
  }
};

namespace detail {

// Random::below(100) < percent exactly when the draw's high 32 bits are below
// this bound: ceil(percent * 2^32 / 100).
inline uint64_t follow_up_bound(uint32_t percent) { return ((static_cast<uint64_t>(percent) << 32) + 99) / 100; }

// The choice of unforced_move (below) among `candidates`, given the mover's
// columns under its own threats; `follow_up` is follow_up_bound(percent).
C4_INLINE int choose(uint32_t candidates, uint32_t under_own, Random& rng, int last, uint64_t follow_up, int reply) {
  if (reply >= 0 && ((candidates >> reply) & 1)) return reply;
  // Otherwise do not fill the cell under one of our own threats: played at
  // random, that mostly just lets the opponent block the threat.
  const uint32_t keep = candidates & ~under_own;
  if (keep) candidates = keep;
  if (last >= 0 && ((candidates >> last) & 1) && (rng.next() >> 32) < follow_up) return last;
  return nth_bit(candidates, rng.below(static_cast<uint32_t>(popcount16(candidates))));
}

}  // namespace detail

// The move of a side that cannot win at once and has nothing to block: a safe
// column (one that does not hand the opponent a win right above) if there is
// one; `reply` (the last good reply, or -1) if it is one of those; else, not
// under its own threat if it can help it, a follow-up on `last` (the
// opponent's last column, or -1) `follow_up` percent of the time, else at random.
inline int unforced_move(const Position& pos, Random& rng, uint32_t safe, int last,
                         uint32_t follow_up = kFollowUpPercent, int reply = -1) {
  return detail::choose(safe ? safe : pos.open_columns(), pos.under_own_threats(), rng, last,
                        detail::follow_up_bound(follow_up), reply);
}

// What a playout learns from and records to: the replies to try, the cell of
// the stone that led to the position (or -1), and the answers given.
struct ReplyMemory {
  const ReplyTable* table;
  int last_cell;
  Answers answers;
  explicit ReplyMemory(const ReplyTable* t) : table(t), last_cell(-1) {}
};

namespace detail {

const int kPlaysOn = -2;

// The state of a playout in progress, in locals of its own (the compiler need
// not reload it after every store to the position or the answers).
struct PlayoutState {
  Random rng;
  int last;            // the opponent's last column, or -1
  int last_cell;       // the cell of the opponent's last stone, or -1 (with replies)
  int answers[2];      // answers recorded in `answer`, per player
  uint64_t follow_up;  // follow_up_bound(percent)
  const ReplyTable* table;
  uint32_t answer[2][kCells];  // as Answers::entry
};

// One move of player P (the side to move) in a playout: the result (0 or 1
// for a winner, -1 for a draw), or kPlaysOn. `reply` is P's last good reply to
// the stone at s.last_cell (-1: none), read as soon as that stone's column
// was chosen, so that the test of it need not wait for the table; the move
// reads the opponent's to its own stone the same way.
template <int P, bool kReplies>
C4_INLINE int playout_move(Position& pos, Position::Hot& h, PlayoutState& s, int& reply) {
  if (!h.open) return -1;
  if (Position::wins_of<P>(h)) return P;
  const uint32_t blocks = Position::wins_of<P ^ 1>(h);
  int y;
  if (blocks) {
    if (blocks & (blocks - 1)) return P ^ 1;  // two threats: cannot block both
    y = __builtin_ctz(blocks);
  } else {
    if (pos.stacked_of<P>(h)) return P;  // a win in three plies
    const uint32_t safe = Position::safe_of<P>(h);
    const uint32_t candidates = safe ? safe : h.open;
    if (kReplies) {
      const int cell = s.last_cell;
      y = choose(candidates, Position::under_of<P>(h), s.rng, s.last, s.follow_up, reply);
      if (cell >= 0) s.answer[P][s.answers[P]++] = Answers::pack(cell, y, P);
    } else {
      y = choose(candidates, Position::under_of<P>(h), s.rng, s.last, s.follow_up, -1);
    }
  }
  if (kReplies) {
    const int cell = pos.free_row(y) * kMaxSide + y;
    s.last_cell = cell;
    reply = s.table->reply[P ^ 1][cell];
  }
  pos.play_as<P>(h, y);
  s.last = y;
  return kPlaysOn;
}

template <bool kReplies>
C4_INLINE int play_out(Position& pos, PlayoutState& s) {
  Position::Hot h = pos.hot();
  int result = kPlaysOn;
  int reply = kReplies && s.last_cell >= 0 ? s.table->reply[pos.to_move()][s.last_cell] : -1;
  if (pos.to_move() == 1) result = playout_move<1, kReplies>(pos, h, s, reply);
  while (result == kPlaysOn) {
    result = playout_move<0, kReplies>(pos, h, s, reply);
    if (result != kPlaysOn) break;
    result = playout_move<1, kReplies>(pos, h, s, reply);
  }
  pos.set_hot(h);
  return result;
}

}  // namespace detail

// Plays `pos` out to the end; `last` is the column of the move that led to
// `pos`, or -1. With `memory`, unforced moves try its replies first and are
// recorded in it. Returns the winner (0 or 1), or -1 for a draw.
C4_INLINE int tactical_playout(Position& pos, Random& rng, int last = -1, uint32_t follow_up = kFollowUpPercent,
                               ReplyMemory* memory = 0) {
  detail::PlayoutState s;
  s.rng = rng;
  s.last = last;
  s.follow_up = detail::follow_up_bound(follow_up);
  s.answers[0] = s.answers[1] = 0;
  int result;
  if (memory) {
    s.last_cell = memory->last_cell;
    s.table = memory->table;
    result = detail::play_out<true>(pos, s);
    memory->last_cell = s.last_cell;
    Answers& answers = memory->answers;
    for (int p = 0; p < 2; ++p) {
      memcpy(answers.entry[p] + answers.n[p], s.answer[p], sizeof(uint32_t) * s.answers[p]);
      answers.n[p] += s.answers[p];
    }
  } else {
    s.last_cell = -1;
    s.table = 0;
    result = detail::play_out<false>(pos, s);
  }
  rng = s.rng;
  return result;
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

}  // namespace c4engine

#endif
