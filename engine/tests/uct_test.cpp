// The search engine itself: a full node pool compacted, tree reuse, proven results and
// the playout policy's follow-up.
#include <doctest/doctest.h>

#include "../playout.h"
#include "../uct.h"

namespace {

// A search limited by iterations only, so the test does not depend on the machine's speed.
c4engine::SearchLimits iterations(uint64_t n) {
  c4engine::SearchLimits limits;
  limits.time_ms = 0;
  limits.max_iterations = n;
  return limits;
}

}  // namespace

TEST_CASE("a full node pool is compacted without its least visited nodes: the tree is never thrown away") {
  c4engine::Geometry g;
  g.init(12, 12, 11, 6);
  c4engine::Position pos;
  pos.reset(&g);
  c4engine::Uct small;
  const uint32_t capacity = 3000;
  REQUIRE(small.init(capacity));  // two pools of 3000 nodes: each search below fills one many times
  small.set_seed(1);
  uint32_t carried = 0;  // the visits the new root had before this search
  for (int move = 0; move < 20 && !pos.full(); ++move) {
    c4engine::SearchReport report;
    const int column = small.search(pos, iterations(20000), &report);
    REQUIRE(column >= 0);
    REQUIRE(column < g.N);
    REQUIRE(pos.free_row(column) >= 0);
    CHECK(report.nodes_used <= capacity);
    if (report.proof != 0) break;
    CHECK(report.iterations == 20000u);  // it kept searching
    // Every iteration counted at the root: the tree was never thrown away, not
    // even when compacting it left out the least visited nodes.
    CHECK(report.root_visits == carried + report.iterations);
    if (pos.play(column)) break;
    small.advance(column);
    // The opponent plays the most visited reply: its node is near the
    // tree's top and survives every compaction.
    const int opponent = small.search(pos, iterations(1), 0);
    if (pos.play(opponent)) break;
    small.advance(opponent);
    c4engine::SearchReport kept;
    small.search(pos, iterations(1), &kept);
    CHECK(kept.root_visits > 1u);  // the reply's node was still in the tree
    carried = kept.root_visits;
  }
}

TEST_CASE("a tree that fills the pool under a forced move is kept, pruned, for the next move") {
  c4engine::Geometry g;
  g.init(9, 9, 8, 8);
  c4engine::Position pos;
  pos.reset(&g);
  // Player 0 has c, d and e on the bottom row, b is player 1's: player 1 must block f.
  const int moves[] = {2, 1, 3, 3, 4};
  for (int y : moves) REQUIRE_FALSE(pos.play(y));
  c4engine::Uct uct;
  const uint32_t capacity = 3000;
  REQUIRE(uct.init(capacity));
  uct.set_seed(3);
  c4engine::SearchReport forced;
  REQUIRE(uct.search(pos, iterations(20000), &forced) == 5);
  CHECK(forced.root_visits == 20000u);  // every one of them through the block
  REQUIRE_FALSE(pos.play(5));
  uct.advance(5);
  // The subtree to keep is bigger than the room a search needs: its least
  // visited nodes are left out, its top and every visit counted are kept.
  c4engine::SearchReport next;
  uct.search(pos, iterations(1000), &next);
  CHECK(next.root_visits == forced.root_visits + 1000);
  CHECK(next.nodes_used <= capacity);
}

TEST_CASE("the tree is kept between moves: after a move and a reply the search starts from the visits it had") {
  c4engine::Geometry g;
  g.init(9, 9, 0, 0);
  c4engine::Position pos;
  pos.reset(&g);
  c4engine::Uct uct;
  REQUIRE(uct.init(1u << 20));
  uct.set_seed(7);
  c4engine::SearchReport first;
  const int ours = uct.search(pos, iterations(50000), &first);
  pos.play(ours);
  uct.advance(ours);
  pos.play(4);  // the opponent's reply
  uct.advance(4);
  c4engine::SearchReport second;
  uct.search(pos, iterations(1), &second);
  // The reply's subtree came from the first search: far more than one visit at its root.
  CHECK(second.root_visits > 100u);

  // A reply the tree never expanded (or a cleared tree) starts from nothing.
  uct.clear();
  c4engine::SearchReport fresh;
  uct.search(pos, iterations(1), &fresh);
  CHECK(fresh.root_visits <= 2u);
}

TEST_CASE("a proven win stops the search at once and is played") {
  // Columns 2..4 hold, bottom up, player 0, player 1, player 0: the bottom row has
  // an open three of player 0, who is to move and wins in column 1 or 5.
  c4engine::Geometry g;
  g.init(9, 9, 0, 8);
  c4engine::Position pos;
  pos.reset(&g);
  for (int y = 2; y <= 4; ++y) {
    pos.place(0, y);
    pos.place(1, y);
    pos.place(0, y);
  }
  pos.set_to_move(0);
  c4engine::Uct uct;
  REQUIRE(uct.init(1u << 16));
  c4engine::SearchReport report;
  const int column = uct.search(pos, iterations(1000000), &report);
  CHECK((column == 1 || column == 5));
  CHECK(report.iterations < 1000000u);
  CHECK(report.proof == 1);
}

TEST_CASE("playouts follow up on the opponent's last column most of the time, and only where it is safe") {
  c4engine::Geometry g;
  g.init(9, 9, 0, 0);
  c4engine::Position empty;
  empty.reset(&g);
  c4engine::Random rng(11);
  const int kDraws = 20000;
  int followed = 0, unprompted = 0;
  for (int i = 0; i < kDraws; ++i) {
    followed += c4engine::unforced_move(empty, rng, empty.open_columns(), 4) == 4;
    unprompted += c4engine::unforced_move(empty, rng, empty.open_columns(), -1) == 4;
  }
  // The follow-up rate plus the rest of the uniform ninth; without a last column, a ninth.
  const double follow_rate = double(followed) / kDraws, base_rate = double(unprompted) / kDraws;
  const double expected = c4engine::kFollowUpPercent / 100.0 + (1 - c4engine::kFollowUpPercent / 100.0) / 9;
  CHECK(follow_rate > expected - 0.015);
  CHECK(follow_rate < expected + 0.015);
  CHECK(base_rate > 0.09);
  CHECK(base_rate < 0.13);

  // Player 1 has three in a row on row 7 (columns 1-3), so a stone in column 0
  // or 4 (row 8) would let it win right above: never played, even as a follow-up.
  c4engine::Position pos = empty;
  pos.place(0, 1);
  pos.place(1, 1);
  pos.place(1, 2);
  pos.place(1, 2);
  pos.place(0, 3);
  pos.place(1, 3);
  pos.set_to_move(0);
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  REQUIRE(wins == 0);
  REQUIRE(blocks == 0);
  REQUIRE((safe & 0x11) == 0);
  for (int i = 0; i < 2000; ++i) {
    const int y = c4engine::unforced_move(pos, rng, safe, 4);
    REQUIRE(y != 4);
    REQUIRE(y != 0);
  }
  // Nor as a last good reply.
  for (int i = 0; i < 2000; ++i) {
    const int y = c4engine::unforced_move(pos, rng, safe, -1, c4engine::kFollowUpPercent, 4);
    REQUIRE(y != 4);
    REQUIRE(y != 0);
  }
}

TEST_CASE("the AVX2 search loop builds the same trees as the portable one, move after move of a game") {
  CHECK(c4engine::Uct::supports(c4engine::Uct::kPortable));
  c4engine::Uct portable, fast;
  // Small pools: the game goes through compactions and a full pool.
  REQUIRE(portable.init(60000));
  REQUIRE(fast.init(60000));
  REQUIRE(portable.set_code_path(c4engine::Uct::kPortable));
  CHECK(portable.code_path() == c4engine::Uct::kPortable);
  if (!c4engine::Uct::supports(c4engine::Uct::kAvx2)) {
    // This build or CPU has no AVX2 loop: it cannot be chosen, and the default is the portable one.
    CHECK_FALSE(fast.set_code_path(c4engine::Uct::kAvx2));
    CHECK(fast.code_path() == c4engine::Uct::kPortable);
    MESSAGE("no AVX2 search loop on this build or CPU: only the portable one was run");
  } else {
    CHECK(c4engine::Uct().code_path() == c4engine::Uct::kAvx2);  // the default where it runs
    REQUIRE(fast.set_code_path(c4engine::Uct::kAvx2));
  }
  c4engine::Geometry g;
  g.init(11, 12, 6, 5);
  c4engine::Position pos;
  pos.reset(&g);
  portable.set_seed(99);
  fast.set_seed(99);
  int moves = 0;
  while (!pos.full()) {
    c4engine::SearchReport a, b;
    const int column = portable.search(pos, iterations(6000), &a);
    CHECK(fast.search(pos, iterations(6000), &b) == column);
    CHECK(a.iterations == b.iterations);
    CHECK(a.nodes_used == b.nodes_used);
    CHECK(a.root_visits == b.root_visits);
    CHECK(a.proof == b.proof);
    CHECK(a.win_rate == b.win_rate);
    REQUIRE(column >= 0);
    ++moves;
    if (pos.play(column)) break;
    portable.advance(column);
    fast.advance(column);
  }
  CHECK(moves > 10);
}
