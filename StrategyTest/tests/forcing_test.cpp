// Wins by continuous threats: every line found must win against a defender
// free to play any column, and a textbook line must be found.
#include <doctest/doctest.h>

#include "../../Strategy/forcing.h"
#include "../../Strategy/playout.h"
#include "../../Strategy/uct.h"

namespace {

// True if the side to move wins within `depth` of its own moves when it plays
// only moves that leave it an immediate win, against every reply of the
// opponent (not just the block). Plain enumeration, no shortcut of forcing.h.
bool wins_against_any_defence(const c4::Position& pos, int depth) {
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) return true;
  if (depth <= 0) return false;
  for (uint32_t moves = pos.open_columns(); moves; moves &= moves - 1) {
    c4::Position after = pos;
    if (after.play(__builtin_ctz(moves))) return true;
    uint16_t their_wins, ours, their_safe;
    after.classify(&their_wins, &ours, &their_safe);
    if (their_wins || !ours || after.full()) continue;
    bool every_reply_loses = true;
    for (uint32_t replies = after.open_columns(); replies && every_reply_loses; replies &= replies - 1) {
      c4::Position reply = after;
      if (reply.play(__builtin_ctz(replies)) || !wins_against_any_defence(reply, depth - 1)) every_reply_loses = false;
    }
    if (every_reply_loses) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("every win by continuous threats holds against any defence") {
  c4::Random rng(17);
  int found = 0, positions = 0;
  for (int game = 0; game < 400; ++game) {
    const int M = 9 + static_cast<int>(rng.below(4)), N = 9 + static_cast<int>(rng.below(4));
    c4::Geometry g;
    g.init(M, N, static_cast<int>(rng.below(M)), static_cast<int>(rng.below(N)));
    c4::Position pos;
    pos.reset(&g);
    for (int ply = 0; ply < 70 && !pos.full(); ++ply) {
      uint16_t wins, blocks, safe;
      pos.classify(&wins, &blocks, &safe);
      if (wins) break;
      if (ply >= 8) {
        ++positions;
        int budget = 1 << 20;
        if (c4::forcing_win(pos, 3, &budget)) {
          ++found;
          REQUIRE(wins_against_any_defence(pos, 3));
        }
      }
      const int y = blocks ? __builtin_ctz(blocks) : c4::unforced_move(pos, rng, safe, -1, 50);
      if (pos.play(y)) break;
    }
  }
  MESSAGE(found << " wins found in " << positions << " positions");
  CHECK(found > 100);
}

TEST_CASE("an open three is found; depth and budget end the search") {
  // 9 x 9, blocked cell in the top corner. Player 0, to move, has the bottom
  // row's columns 2 and 3; a stone in column 1 or 4 makes an open three with
  // two playable winning cells, which one block cannot cover.
  c4::Geometry g;
  g.init(9, 9, 0, 0);
  c4::Position pos;
  pos.reset(&g);
  pos.place(0, 2);
  pos.place(0, 3);
  pos.place(1, 7);
  pos.place(1, 7);
  pos.set_to_move(0);
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  REQUIRE(wins == 0);
  REQUIRE(blocks == 0);
  int budget = c4::kForcingBudget;
  CHECK(c4::forcing_win(pos, c4::kForcingDepth, &budget));
  CHECK(wins_against_any_defence(pos, 1));
  budget = 0;
  CHECK_FALSE(c4::forcing_win(pos, c4::kForcingDepth, &budget));
  budget = c4::kForcingBudget;
  CHECK_FALSE(c4::forcing_win(pos, 0, &budget));

  // The other side, to move, has no such line (two stones of its own, stacked).
  pos.set_to_move(1);
  budget = c4::kForcingBudget;
  CHECK_FALSE(c4::forcing_win(pos, c4::kForcingDepth, &budget));

  c4::Position empty;
  empty.reset(&g);
  budget = c4::kForcingBudget;
  CHECK_FALSE(c4::forcing_win(empty, c4::kForcingDepth, &budget));
}

TEST_CASE("the search plays the first move of a win by threats, also in a tree kept from the last move") {
  // 9 x 9, blocked cell in the top corner. Player 0 has the bottom row's
  // columns 6 and 7: columns 5 and 8 make an open three and win, the central
  // column does not.
  c4::Geometry g;
  g.init(9, 9, 0, 0);
  c4::Position pos;
  pos.reset(&g);
  pos.place(0, 6);
  pos.place(0, 7);
  pos.place(1, 1);
  pos.place(1, 1);
  c4::SearchLimits limits;
  limits.time_ms = 0;
  limits.max_iterations = 2000;

  pos.set_to_move(0);
  c4::Uct fresh;
  REQUIRE(fresh.init(1 << 16));
  const int column = fresh.search(pos, limits, 0);
  CHECK((column == 5 || column == 8));

  // Player 1 moves first, in column 0, from a tree that has seen that move.
  pos.set_to_move(1);
  c4::Uct kept;
  REQUIRE(kept.init(1 << 16));
  kept.search(pos, limits, 0);
  pos.play(0);
  kept.advance(0);
  const int answer = kept.search(pos, limits, 0);
  CHECK((answer == 5 || answer == 8));
}
