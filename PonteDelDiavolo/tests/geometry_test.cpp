#include <doctest/doctest.h>

#include <algorithm>

#include "../rules/bridge_rules.h"
#include "../rules/geometry.h"
#include "helpers.h"

using namespace pdd;
using pdd_test::C;

namespace {
std::vector<int> body_of(int a, int b) {
  int id = bridge_id(a, b);
  REQUIRE(id >= 0);
  const BridgeShape& s = bridge_shapes()[id];
  std::vector<int> v(s.body, s.body + s.body_count);
  std::sort(v.begin(), v.end());
  return v;
}
}  // namespace

TEST_CASE("bridges exist exactly at Chebyshev distance 2: 16 targets from an inner cell") {
  int inner = C(5, 5), n = 0;
  for (int c = 0; c < kCells; ++c) n += bridge_id(inner, c) >= 0;
  CHECK(n == 16);
  CHECK(bridge_id(C(0, 0), C(1, 1)) < 0);  // distance 1
  CHECK(bridge_id(C(0, 0), C(3, 0)) < 0);  // distance 3
  CHECK(bridge_id(C(0, 0), C(0, 0)) < 0);
  CHECK(bridge_id(C(0, 0), C(2, 1)) == bridge_id(C(2, 1), C(0, 0)));
  // A corner reaches 5 cells: (2,0) (2,1) (2,2) (1,2) (0,2).
  n = 0;
  for (int c = 0; c < kCells; ++c) n += bridge_id(C(0, 0), c) >= 0;
  CHECK(n == 5);
}

TEST_CASE("covered cells: straight and diagonal cover the middle, knight covers two (RULES.md §5)") {
  CHECK(body_of(C(0, 0), C(0, 2)) == std::vector<int>{C(0, 1)});           // A1-A3 covers A2
  CHECK(body_of(C(0, 0), C(1, 2)) == std::vector<int>{C(0, 1), C(1, 1)});  // A1-B3 covers A2, B2
  CHECK(body_of(C(0, 0), C(2, 2)) == std::vector<int>{C(1, 1)});           // A1-C3 covers B2
  CHECK(body_of(C(5, 4), C(7, 5)) == std::vector<int>{C(6, 4), C(6, 5)});  // course example bridge 2
  CHECK(body_of(C(7, 5), C(5, 4)) == std::vector<int>{C(6, 4), C(6, 5)});  // either direction
  CHECK(body_of(C(4, 4), C(3, 6)) == std::vector<int>{C(3, 5), C(4, 5)});
  CHECK(body_of(C(4, 4), C(2, 3)) == std::vector<int>{C(3, 3), C(3, 4)});
}

TEST_CASE("crossing family (i): diagonal X at a corner crosses without a shared covered cell") {
  int p = bridge_id(C(0, 1), C(2, 3)), q = bridge_id(C(0, 2), C(2, 0));
  CHECK(segments_intersect(bridge_shapes()[p], bridge_shapes()[q]));
  const auto& list = crossing_bridges(p);
  CHECK(std::find(list.begin(), list.end(), q) != list.end());
  Board b;
  for (int c : {C(0, 1), C(2, 3)}) b.set_tile(c, kWhite);
  for (int c : {C(0, 2), C(2, 0)}) b.set_tile(c, kBlack);
  b.add_bridge(C(0, 1), C(2, 3));  // White's bridge covers (1,2)
  std::string why;
  CHECK(check_bridge(b, kBlack, C(0, 2), C(2, 0), Crossing::kStrict, &why) == Violation::kBridgeBodyBlocked);
  CHECK(why.find("crosses") != std::string::npos);
  CHECK(check_bridge(b, kBlack, C(0, 2), C(2, 0), Crossing::kCellsOnly) == Violation::kNone);
}

TEST_CASE("crossing family (ii): parallel knights one row apart share a covered cell but do not intersect") {
  int p = bridge_id(C(0, 0), C(2, 1)), q = bridge_id(C(0, 1), C(2, 2));
  CHECK_FALSE(segments_intersect(bridge_shapes()[p], bridge_shapes()[q]));
  Board b;
  for (int c : {C(0, 0), C(2, 1)}) b.set_tile(c, kWhite);
  for (int c : {C(0, 1), C(2, 2)}) b.set_tile(c, kBlack);
  b.add_bridge(C(0, 0), C(2, 1));  // covers (1,0) and (1,1)
  std::string why;
  for (Crossing mode : {Crossing::kStrict, Crossing::kCellsOnly}) {
    CHECK(check_bridge(b, kBlack, C(0, 1), C(2, 2), mode, &why) == Violation::kBridgeBodyBlocked);
    CHECK(why.find("(1,1)") != std::string::npos);
  }
}

TEST_CASE("crossing table agrees with a direct segment test on every pair of bridges") {
  const auto& shapes = bridge_shapes();
  int mismatches = 0, crossings = 0;
  for (int i = 0; i < static_cast<int>(shapes.size()); ++i) {
    const auto& list = crossing_bridges(i);
    for (int j = 0; j < static_cast<int>(shapes.size()); ++j) {
      if (i == j) continue;
      bool listed = std::find(list.begin(), list.end(), j) != list.end();
      bool direct = segments_intersect(shapes[i], shapes[j]);
      mismatches += listed != direct;
      crossings += direct;
    }
  }
  CHECK(mismatches == 0);
  CHECK(crossings > 0);
}
