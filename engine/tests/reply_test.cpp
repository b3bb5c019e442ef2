// The playout policy: its last good replies (what a simulation teaches the
// table, and that a reply never overrides the one-move tactics) and its
// early end on stacked threats.
#include <doctest/doctest.h>

#include <stddef.h>

#include "../playout.h"

namespace {

int cell(int x, int y) { return x * c4engine::kMaxSide + y; }

// Drops stones bottom-up, in order; each entry is {player, column}.
template <size_t n>
void place_all(c4engine::Position* pos, const int (&stones)[n][2]) {
  for (const auto& stone : stones) pos->place(stone[0], stone[1]);
}

}  // namespace

TEST_CASE("a won simulation's answers become replies, a lost one's are forgotten, a draw teaches nothing") {
  c4engine::ReplyTable table;
  for (int p = 0; p < 2; ++p)
    for (int c = 0; c < c4engine::kCells; ++c) REQUIRE(table.reply[p][c] == -1);

  c4engine::Answers first;
  first.add(cell(8, 4), 4, 1);  // player 1 answered (8, 4) in column 4
  first.add(cell(7, 4), 3, 0);  // player 0 answered (7, 4) in column 3
  first.teach(&table, 1);
  CHECK(table.reply[1][cell(8, 4)] == 4);
  CHECK(table.reply[0][cell(7, 4)] == -1);  // the loser's answer was never a reply

  c4engine::Answers draw;
  draw.add(cell(8, 4), 5, 1);
  draw.teach(&table, -1);
  CHECK(table.reply[1][cell(8, 4)] == 4);

  c4engine::Answers other_reply_lost;  // a losing answer that is not the stored reply keeps it
  other_reply_lost.add(cell(8, 4), 6, 1);
  other_reply_lost.teach(&table, 0);
  CHECK(table.reply[1][cell(8, 4)] == 4);

  c4engine::Answers reply_lost;  // the stored reply itself lost: forgotten
  reply_lost.add(cell(8, 4), 4, 1);
  reply_lost.add(cell(6, 2), 2, 0);
  reply_lost.teach(&table, 0);
  CHECK(table.reply[1][cell(8, 4)] == -1);
  CHECK(table.reply[0][cell(6, 2)] == 2);
  CHECK(table.reply[1][cell(6, 2)] == -1);  // replies are per player

  table.clear();
  CHECK(table.reply[0][cell(6, 2)] == -1);
}

TEST_CASE("a last good reply is played whenever it is a candidate") {
  c4engine::Geometry g;
  g.init(9, 9, 0, 0);
  c4engine::Position empty;
  empty.reset(&g);
  c4engine::Random rng(5);
  // Before the follow-up on column 4: the reply, every time.
  for (int i = 0; i < 1000; ++i) REQUIRE(c4engine::unforced_move(empty, rng, empty.open_columns(), 4, 90, 7) == 7);
  // A full column is no candidate: the follow-up and chance decide.
  c4engine::Position pos = empty;
  for (int x = 0; x < 9; ++x) pos.place(x & 1, 7);
  int replies = 0;
  for (int i = 0; i < 1000; ++i) replies += c4engine::unforced_move(pos, rng, pos.open_columns(), 4, 90, 7) == 7;
  CHECK(replies == 0);
}

TEST_CASE("a last good reply may fill the cell under the mover's own threat; nothing else does") {
  c4engine::Geometry g;
  g.init(9, 9, 0, 8);
  c4engine::Position pos;
  pos.reset(&g);
  // Player 0 holds row 7, columns 1-3, over a bottom row of 1 0 1: its
  // threats at (7, 0) and (7, 4) sit right above the playable cells of
  // columns 0 and 4. Player 1 threatens nothing.
  place_all(&pos, {{1, 1}, {0, 2}, {1, 3}, {0, 1}, {0, 2}, {0, 3}});
  pos.set_to_move(0);
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  REQUIRE((wins | blocks) == 0);
  REQUIRE(pos.under_own_threats() == 0x11);
  REQUIRE(safe == g.row_bits);
  c4engine::Random rng(3);
  // As the reply: played every time, though it lets player 1 block.
  for (int i = 0; i < 1000; ++i) REQUIRE(c4engine::unforced_move(pos, rng, safe, -1, 90, 4) == 4);
  for (int i = 0; i < 1000; ++i) REQUIRE(c4engine::unforced_move(pos, rng, safe, 5, 90, 0) == 0);
  // As a follow-up or by chance: never.
  for (int i = 0; i < 2000; ++i) {
    const int y = c4engine::unforced_move(pos, rng, safe, 4, 100, -1);
    REQUIRE(y != 4);
    REQUIRE(y != 0);
  }
}

TEST_CASE("a playout with replies records each unforced answer to the stone before it, and plays the replies") {
  c4engine::Geometry g;
  g.init(10, 11, 4, 5);
  c4engine::Position empty;
  empty.reset(&g);
  c4engine::Random rng(9);
  c4engine::ReplyTable table;
  int replies_played = 0, answers_seen = 0;
  for (int game = 0; game < 200; ++game) {
    c4engine::Position pos = empty;
    c4engine::ReplyMemory memory(&table);
    // Replay the playout move by move from its answers: each answer's cell is
    // the opponent's stone just before it, so it must hold the opponent's stone
    // and the answer's column must hold the answering player's stone.
    const int winner = c4engine::tactical_playout(pos, rng, -1, c4engine::kFollowUpPercent, &memory);
    for (int p = 0; p < 2; ++p)
      for (int i = 0; i < memory.answers.count(p); ++i) {
        const int answered = memory.answers.answered(p, i);
        REQUIRE(pos.stone(answered / c4engine::kMaxSide, answered % c4engine::kMaxSide) == (p ^ 1));
        REQUIRE(memory.answers.column(p, i) >= 0);
        REQUIRE(memory.answers.column(p, i) < g.N);
        replies_played += table.reply[p][answered] == memory.answers.column(p, i);
        ++answers_seen;
      }
    memory.answers.teach(&table, winner);
  }
  CHECK(answers_seen > 200 * 20);
  // Once the table has learnt, a good part of the unforced moves are its replies.
  CHECK(replies_played > answers_seen / 10);
}

TEST_CASE("a playout ends at once, won, when the side to move has two threats stacked in one column") {
  c4engine::Geometry g;
  g.init(9, 9, 0, 8);
  c4engine::Position pos;
  pos.reset(&g);
  // Player 0 holds (7, 5)-(7, 7) and (6, 1)-(6, 3): threats at (7, 4) and,
  // right above it, (6, 4); column 4 is empty, so filling (8, 4) makes
  // player 1 block (7, 4) and opens (6, 4).
  place_all(&pos, {{1, 1},
                   {0, 1},
                   {0, 1},
                   {0, 2},
                   {1, 2},
                   {0, 2},
                   {1, 3},
                   {1, 3},
                   {0, 3},
                   {0, 5},
                   {0, 5},
                   {1, 6},
                   {0, 6},
                   {0, 7},
                   {0, 7}});
  pos.set_to_move(0);
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  REQUIRE((wins | blocks) == 0);
  REQUIRE(pos.stacked_threats() == 1u << 4);
  const int stones = pos.moves();
  for (int seed = 1; seed <= 200; ++seed) {
    c4engine::Random rng(seed);
    c4engine::Position copy = pos;
    CHECK(c4engine::tactical_playout(copy, rng) == 0);
    CHECK(copy.moves() == stones);  // decided without a move
  }
  // For player 1 to move, the column is no win: it is the one it must avoid.
  pos.set_to_move(1);
  CHECK(pos.stacked_threats() == 0);
  CHECK(((pos.under_own_threats() >> 4) & 1) == 0);
}
