#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "../rules/actions.h"
#include "../rules/groups.h"
#include "../rules/placement.h"
#include "../rules/score.h"
#include "helpers.h"

using namespace pdd;
using pdd_test::board_from_rows;
using pdd_test::C;

namespace {
Violation place(const Board& b, Colour c, int p, int q) {
  int cells[2] = {p, q};
  return check_placement(b, c, cells, 2);
}
}  // namespace

TEST_CASE("groups: islands are exactly 4, sandbanks 1-3, orthogonal links only") {
  Board b = board_from_rows({"WW.W......", "WW..W.....", ".........."});
  Groups g = find_groups(b, kWhite);
  REQUIRE(g.cells.size() == 3);
  CHECK(g.is_island(g.label[C(0, 0)]));
  CHECK(g.size(g.label[C(3, 0)]) == 1);
  CHECK(g.label[C(3, 0)] != g.label[C(4, 1)]);  // diagonal is not a link
}

TEST_CASE("placement: V2 occupied, V3 under a bridge, and legal neighbours") {
  Board b = board_from_rows({"W.W.......", "..........", "B........."});
  CHECK(place(b, kWhite, C(0, 0), C(5, 5)) == Violation::kCellOccupied);
  CHECK(place(b, kWhite, C(0, 2), C(5, 5)) == Violation::kCellOccupied);  // opponent's tile too
  b.add_bridge(C(0, 0), C(2, 0));
  CHECK(place(b, kWhite, C(1, 0), C(5, 5)) == Violation::kCellUnderBridge);
  CHECK(place(b, kBlack, C(1, 0), C(5, 5)) == Violation::kCellUnderBridge);
  CHECK(place(b, kWhite, C(1, 1), C(5, 5)) == Violation::kNone);  // next to the bridge is fine
}

TEST_CASE("placement: V5 group of five, and exactly four is fine") {
  Board b = board_from_rows({"WWW.......", ".........."});
  CHECK(place(b, kWhite, C(3, 0), C(4, 0)) == Violation::kGroupTooLarge);
  CHECK(place(b, kWhite, C(3, 0), C(9, 9)) == Violation::kNone);
  // Two sandbanks joined by one tile into five.
  Board j = board_from_rows({"WW.WW.....", ".........."});
  CHECK(place(j, kWhite, C(2, 0), C(9, 9)) == Violation::kGroupTooLarge);
  // The opponent's tiles never count.
  Board m = board_from_rows({"WWWB......"});
  CHECK(place(m, kBlack, C(4, 0), C(5, 0)) == Violation::kNone);
}

TEST_CASE("placement: V4 island diagonal contact, in both directions; sandbanks may touch diagonally") {
  Board b = board_from_rows({"WW........", "WW........", "..........", ".........."});
  CHECK(place(b, kWhite, C(2, 2), C(9, 9)) == Violation::kIslandContact);  // sandbank tile touching an island
  CHECK(place(b, kWhite, C(3, 2), C(9, 9)) == Violation::kNone);           // one step further
  CHECK(place(b, kBlack, C(2, 2), C(9, 9)) == Violation::kNone);           // other colour
  Board s = board_from_rows({"WWW.......", "...W......"});
  CHECK(place(s, kWhite, C(5, 5), C(9, 9)) == Violation::kNone);           // sandbanks touching diagonally: legal
  CHECK(place(s, kWhite, C(0, 1), C(9, 9)) == Violation::kIslandContact);  // completing the island that touches (3,1)
  CHECK(place(s, kWhite, C(4, 1), C(9, 9)) == Violation::kNone);           // completing the other group instead
}

TEST_CASE("pairs: two individually legal cells can be illegal together (RULES.md §4)") {
  Board b = board_from_rows({"WW........", ".........."});
  int c1 = C(2, 0), c2 = C(3, 0);
  CHECK(place(b, kWhite, c1, C(9, 9)) == Violation::kNone);
  CHECK(place(b, kWhite, c2, C(9, 9)) == Violation::kNone);
  CHECK(place(b, kWhite, c1, c2) == Violation::kNone);  // WWWW: island
  Board t = board_from_rows({"WW........", "..........", ".........."});
  CHECK(place(t, kWhite, C(2, 0), C(2, 2)) == Violation::kNone);
  CHECK(place(t, kWhite, C(0, 1), C(1, 1)) == Violation::kNone);
  CHECK(place(t, kWhite, C(2, 0), C(3, 1)) == Violation::kNone);
  // Each alone is a sandbank; together one completes an island next to the other.
  CHECK(place(t, kWhite, C(0, 1), C(2, 2)) == Violation::kNone);
  Board u = board_from_rows({"WWW.......", ".........."});
  CHECK(place(u, kWhite, C(3, 0), C(9, 9)) == Violation::kNone);
  CHECK(place(u, kWhite, C(4, 1), C(9, 9)) == Violation::kNone);
  CHECK(place(u, kWhite, C(3, 0), C(4, 1)) == Violation::kIslandContact);
  CHECK(place(u, kWhite, C(3, 0), C(4, 0)) == Violation::kGroupTooLarge);
}

TEST_CASE("legal_actions lists exactly the legal pairs and bridges (brute force on random positions)") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 12; ++trial) {
    Board b;
    // A random legal game prefix.
    for (int step = 0; step < 8 + trial * 2; ++step) {
      Colour mover = step % 2 ? kBlack : kWhite;
      auto actions = legal_actions(b, mover, false, Crossing::kStrict);
      if (actions.empty()) break;
      apply_action(b, mover, actions[rng() % actions.size()]);
    }
    for (Colour c : {kWhite, kBlack}) {
      auto actions = legal_actions(b, c, false, Crossing::kStrict);
      int expected_pairs = 0, listed_pairs = 0;
      for (int p = 0; p < kCells; ++p)
        for (int q = p + 1; q < kCells; ++q) expected_pairs += place(b, c, p, q) == Violation::kNone;
      int expected_bridges = 0, listed_bridges = 0;
      for (int p = 0; p < kCells; ++p)
        for (int q = p + 1; q < kCells; ++q)
          expected_bridges += check_bridge(b, c, p, q, Crossing::kStrict) == Violation::kNone;
      for (const Action& a : actions) {
        if (a.kind == Action::kChess) {
          ++listed_pairs;
          CHECK(place(b, c, a.a, a.b) == Violation::kNone);
        } else {
          ++listed_bridges;
          CHECK(check_bridge(b, c, a.a, a.b, Crossing::kStrict) == Violation::kNone);
        }
      }
      CHECK(listed_pairs == expected_pairs);
      CHECK(listed_bridges == expected_bridges);
      CHECK(has_legal_action(b, c, false, Crossing::kStrict) == !actions.empty());
    }
  }
}

TEST_CASE("the Change is offered only to Black, with exactly White's two tiles") {
  Board b = board_from_rows({"W.........", "....W....."});
  auto black = legal_actions(b, kBlack, true, Crossing::kStrict);
  auto change = std::find_if(black.begin(), black.end(), [](const Action& a) { return a.kind == Action::kChange; });
  REQUIRE(change != black.end());
  CHECK(change->a == C(0, 0));
  CHECK(change->b == C(4, 1));
  auto no_offer = legal_actions(b, kBlack, false, Crossing::kStrict);
  CHECK(std::none_of(no_offer.begin(), no_offer.end(), [](const Action& a) { return a.kind == Action::kChange; }));
  Board after = b;
  apply_action(after, kBlack, *change);
  CHECK(after.at(C(0, 0)) == kBlack);
  CHECK(after.tile_count(kWhite) == 0);
}

TEST_CASE("pass rule: a side without a legal action is skipped; the game ends when neither can act") {
  // Everything Black but (0,9): one free cell is no pair; White has no tiles to bridge.
  std::vector<std::string> rows(10, "BBBBBBBBBB");
  rows[9] = ".BBBBBBBBB";
  Board full = board_from_rows(rows);
  auto never = [](Colour) { return false; };
  CHECK_FALSE(has_legal_action(full, kWhite, false, Crossing::kStrict));
  CHECK(player_to_act(full, kWhite, never, Crossing::kStrict) == kEmpty);
  // Give Black two tiles at bridge distance with a free covered cell: Black can still act, White cannot.
  Board open;
  for (int c = 0; c < kCells; ++c) open.set_tile(c, kWhite);
  open.set_tile(C(0, 0), kBlack);
  open.set_tile(C(1, 0), kEmpty);
  open.set_tile(C(2, 0), kBlack);
  CHECK_FALSE(has_legal_action(open, kWhite, false, Crossing::kStrict));
  CHECK(has_legal_action(open, kBlack, false, Crossing::kStrict));
  CHECK(player_to_act(open, kWhite, never, Crossing::kStrict) == kBlack);
  CHECK(player_to_act(open, kBlack, never, Crossing::kStrict) == kBlack);
  CHECK_FALSE(has_legal_action(full, kBlack, false, Crossing::kStrict));  // one cell, no bridge
}

TEST_CASE("scoring: networks through sandbanks score triangular numbers") {
  // Island A (0..1,0..1), sandbank S at (3,0)-(3,1), island B (5..6,0..1); bridges A-S and S-B.
  Board b = board_from_rows({"WW.W.WW...", "WW.W.WW...", "..........", "..........", "..........", "WWWW......",
                             "..........", "......BB..", "......BB.."});
  b.add_bridge(C(1, 0), C(3, 0));
  b.add_bridge(C(3, 1), C(5, 1));
  PlayerScore w = score(b, kWhite);
  CHECK(w.islands == 3);
  CHECK(w.bridges == 2);
  CHECK(w.points == 3 + 1);  // network of 2 islands through the sandbank, plus a lone island
  CHECK(w.connected_islands == 2);
  CHECK(w.independent_islands == 1);
  PlayerScore bl = score(b, kBlack);
  CHECK(bl.points == 1);
  CHECK(bl.bridges == 0);
  CHECK(triangular(8) == 36);
  CHECK(triangular(12) == 78);
  // Sandbank-only networks score nothing.
  Board s = board_from_rows({"W.W.......", ".........."});
  s.add_bridge(C(0, 0), C(2, 0));
  CHECK(score(s, kWhite).points == 0);
}

TEST_CASE("scoring: three islands chained score 6; a cycle adds nothing") {
  Board b = board_from_rows({"WW.WW.WW..", "WW.WW.WW..", "..........", "..........", ".........."});
  b.add_bridge(C(1, 0), C(3, 0));
  b.add_bridge(C(4, 0), C(6, 0));
  CHECK(score(b, kWhite).points == 6);
  b.add_bridge(C(1, 1), C(3, 1));  // second link between the same islands
  CHECK(score(b, kWhite).points == 6);
  CHECK(score(b, kWhite).bridges == 3);
}

TEST_CASE("winner: points, then islands, then bridges, else draw") {
  PlayerScore a, b;
  std::string why;
  a.points = 6;
  b.points = 3;
  CHECK(decide_winner(a, b, &why) == kWhite);
  CHECK(why == "more points (6 vs 3)");
  b.points = 6;
  a.islands = 3;
  b.islands = 4;
  CHECK(decide_winner(a, b, &why) == kBlack);
  CHECK(why.find("more islands") != std::string::npos);
  b.islands = 3;
  a.bridges = 2;
  b.bridges = 1;
  CHECK(decide_winner(a, b, &why) == kWhite);
  CHECK(why.find("more bridges") != std::string::npos);
  b.bridges = 2;
  CHECK(decide_winner(a, b, &why) == kEmpty);
  CHECK(why.find("draw") == 0);
}
