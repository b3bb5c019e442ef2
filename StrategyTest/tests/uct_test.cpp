// The search engine itself: a full node pool, tree reuse and proven results.
#include <doctest/doctest.h>

#include "../../Strategy/uct.h"

namespace {

// A search limited by iterations only, so the test does not depend on the machine's speed.
c4::SearchLimits iterations(uint64_t n) {
  c4::SearchLimits limits;
  limits.time_ms = 0;
  limits.max_iterations = n;
  return limits;
}

}  // namespace

TEST_CASE("a full node pool stops the tree growing, and the search goes on with legal moves") {
  c4::Geometry g;
  g.init(12, 12, 11, 6);
  c4::Position pos;
  pos.reset(&g);
  c4::Uct small;
  REQUIRE(small.init(2000));  // two pools of 2000 nodes
  small.set_seed(1);
  for (int move = 0; move < 20 && !pos.full(); ++move) {
    c4::SearchReport report;
    const int column = small.search(pos, iterations(20000), &report);
    REQUIRE(column >= 0);
    REQUIRE(column < g.N);
    REQUIRE(pos.free_row(column) >= 0);
    CHECK(report.nodes_used <= 2000u);
    CHECK(report.iterations + (report.proof != 0 ? 20000 : 0) >= 20000u);  // it kept searching
    if (pos.play(column)) break;
    small.advance(column);
  }
}

TEST_CASE("the tree is kept between moves: after a move and a reply the search starts from the visits it had") {
  c4::Geometry g;
  g.init(9, 9, 0, 0);
  c4::Position pos;
  pos.reset(&g);
  c4::Uct uct;
  REQUIRE(uct.init(1u << 20));
  uct.set_seed(7);
  c4::SearchReport first;
  const int ours = uct.search(pos, iterations(50000), &first);
  pos.play(ours);
  uct.advance(ours);
  pos.play(4);  // the opponent's reply
  uct.advance(4);
  c4::SearchReport second;
  uct.search(pos, iterations(1), &second);
  // The reply's subtree came from the first search: far more than one visit at its root.
  CHECK(second.root_visits > 100u);

  // A reply the tree never expanded (or a cleared tree) starts from nothing.
  uct.clear();
  c4::SearchReport fresh;
  uct.search(pos, iterations(1), &fresh);
  CHECK(fresh.root_visits <= 2u);
}

TEST_CASE("a proven win stops the search at once and is played") {
  // Columns 2..4 hold, bottom up, player 0, player 1, player 0: the bottom row has
  // an open three of player 0, who is to move and wins in column 1 or 5.
  c4::Geometry g;
  g.init(9, 9, 0, 8);
  c4::Position pos;
  pos.reset(&g);
  for (int y = 2; y <= 4; ++y) {
    pos.place(0, y);
    pos.place(1, y);
    pos.place(0, y);
  }
  pos.set_to_move(0);
  c4::Uct uct;
  REQUIRE(uct.init(1u << 16));
  c4::SearchReport report;
  const int column = uct.search(pos, iterations(1000000), &report);
  CHECK((column == 1 || column == 5));
  CHECK(report.iterations < 1000000u);
  CHECK(report.proof == 1);
}
