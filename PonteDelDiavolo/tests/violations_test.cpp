// Each violation the files can show (RULES.md §12), judged by infer_action from a
// crafted position, next to a legal action that looks close to it. V1, V11
// and V12 need a running program: see referee_test.cpp.
#include <doctest/doctest.h>

#include "../referee/infer_action.h"
#include "helpers.h"

using namespace pdd;
using pdd_test::board_from_rows;
using pdd_test::C;

namespace {

TurnContext context(const Board& b, Colour mover, bool offered = false) {
  TurnContext t;
  t.board = b;
  t.mover = mover;
  t.change_offered = offered;
  return t;
}

// The program's chess.txt: the position plus `tiles` of `colour`.
std::string with_tiles(const Board& b, std::initializer_list<int> tiles, Colour colour) {
  Board after = b;
  for (int c : tiles) after.set_tile(c, colour);
  return pdd_test::chess_text(after);
}

Judgement chess_move(const TurnContext& t, std::initializer_list<int> tiles, Colour colour) {
  return infer_action(t, with_tiles(t.board, tiles, colour), pdd_test::bridge_text(t.board));
}

// The program's bridge.txt: the position's bridges plus `number` on the cells.
Judgement bridge_move(const TurnContext& t, std::initializer_list<int> cells, int number) {
  Grid g = bridge_grid(t.board);
  for (int c : cells) g[c] = number;
  return infer_action(t, pdd_test::chess_text(t.board), format_grid(g));
}

// A position: White island top-left, White sandbank, Black tiles, one bridge.
Board sample() {
  Board b = board_from_rows({"WW........",    // 0
                             "WW.W.W....",    // 1
                             "..........",    // 2
                             "...B.B.B..",    // 3
                             "..........",    // 4
                             ".....W....",    // 5
                             "..........",    // 6
                             "..........",    // 7
                             "..........",    // 8
                             ".........."});  // 9
  b.add_bridge(C(3, 1), C(5, 1));             // White, covers (4,1)
  return b;
}

}  // namespace

TEST_CASE("a legal Chess and a legal Bridge are recognised") {
  TurnContext t = context(sample(), kWhite);
  Judgement j = chess_move(t, {C(9, 9), C(7, 7)}, kWhite);
  CHECK(j.violation == Violation::kNone);
  CHECK(j.action == Action::make(Action::kChess, C(7, 7), C(9, 9)));
  TurnContext tb = context(sample(), kBlack);
  j = bridge_move(tb, {C(3, 3), C(5, 3)}, 2);
  CHECK(j.violation == Violation::kNone);
  CHECK(j.action == Action::make(Action::kBridge, C(3, 3), C(5, 3)));
}

TEST_CASE("V2: writing on a cell that already has a tile; a free neighbour is fine") {
  TurnContext t = context(sample(), kWhite);
  Board after = t.board;
  after.set_tile(C(3, 3), kWhite);  // Black's tile overwritten
  after.set_tile(C(9, 9), kWhite);
  Judgement j = infer_action(t, pdd_test::chess_text(after), pdd_test::bridge_text(t.board));
  CHECK(j.violation == Violation::kCellOccupied);
  CHECK(j.detail.find("(3,3)") != std::string::npos);
  CHECK(chess_move(t, {C(3, 4), C(9, 9)}, kWhite).violation == Violation::kNone);
}

TEST_CASE("V3: a tile under a bridge; next to the bridge is fine") {
  TurnContext t = context(sample(), kBlack);
  Judgement j = chess_move(t, {C(4, 1), C(9, 9)}, kBlack);
  CHECK(j.violation == Violation::kCellUnderBridge);
  CHECK(j.detail.find("(4,1)") != std::string::npos);
  CHECK(chess_move(t, {C(4, 2), C(9, 9)}, kBlack).violation == Violation::kNone);
}

TEST_CASE("V4: island diagonal contact; one cell further is fine") {
  TurnContext t = context(sample(), kWhite);
  CHECK(chess_move(t, {C(2, 2), C(9, 9)}, kWhite).violation == Violation::kIslandContact);
  CHECK(chess_move(t, {C(2, 3), C(9, 9)}, kWhite).violation == Violation::kNone);
  // Completing an island that touches a sandbank diagonally.
  Board v = sample();
  v.set_tile(C(3, 5), kBlack);
  CHECK(chess_move(context(v, kBlack), {C(4, 3), C(4, 4)}, kBlack).violation == Violation::kIslandContact);
  CHECK(chess_move(context(sample(), kBlack), {C(4, 3), C(4, 4)}, kBlack).violation == Violation::kNone);
  // Sandbanks touching diagonally are fine.
  CHECK(chess_move(context(sample(), kBlack), {C(4, 3), C(6, 2)}, kBlack).violation == Violation::kNone);
}

TEST_CASE("V5: a group of five; a group of four is fine") {
  TurnContext t = context(sample(), kBlack);
  // (3,3) B (4,3) (5,3) B (6,3) (7,3) B: filling (4,3) and (6,3) makes five.
  Judgement j = chess_move(t, {C(4, 3), C(6, 3)}, kBlack);
  CHECK(j.violation == Violation::kGroupTooLarge);
  CHECK(chess_move(t, {C(4, 3), C(5, 4)}, kBlack).violation == Violation::kNone);
}

TEST_CASE("V6: bridge body on a tile, under another bridge, or crossing; a clear bridge is fine") {
  Board b = sample();
  b.set_tile(C(4, 0), kBlack);
  b.set_tile(C(4, 2), kBlack);
  TurnContext t = context(b, kBlack);
  Judgement j = bridge_move(t, {C(4, 0), C(4, 2)}, 2);  // covers (4,1), already under bridge 1
  CHECK(j.violation == Violation::kBridgeBodyBlocked);
  CHECK(j.detail.find("under another bridge") != std::string::npos);
  Board tile = sample();
  tile.set_tile(C(4, 5), kBlack);
  tile.set_tile(C(6, 5), kWhite);
  tile.set_tile(C(7, 5), kWhite);
  TurnContext tt = context(tile, kWhite);
  j = bridge_move(tt, {C(5, 5), C(7, 5)}, 2);  // covers (6,5): a White tile
  CHECK(j.violation == Violation::kBridgeBodyBlocked);
  CHECK(j.detail.find("holds a tile") != std::string::npos);
  // Crossing: Black's diagonal across White's diagonal at a corner.
  Board x;
  for (int c : {C(0, 1), C(2, 3)}) x.set_tile(c, kWhite);
  for (int c : {C(0, 2), C(2, 0), C(5, 5), C(7, 7)}) x.set_tile(c, kBlack);
  x.add_bridge(C(0, 1), C(2, 3));
  TurnContext tx = context(x, kBlack);
  CHECK(bridge_move(tx, {C(0, 2), C(2, 0)}, 2).violation == Violation::kBridgeBodyBlocked);
  CHECK(bridge_move(tx, {C(5, 5), C(7, 7)}, 2).violation == Violation::kNone);
  tx.crossing = Crossing::kCellsOnly;
  CHECK(bridge_move(tx, {C(0, 2), C(2, 0)}, 2).violation == Violation::kNone);
}

TEST_CASE("V7: a second bridge on a tile, or not exactly two endpoints") {
  Board b = sample();
  b.set_tile(C(5, 3), kWhite);  // (5,1)-(5,3) would reuse (5,1)
  b.set_tile(C(3, 3), kEmpty);
  b.set_tile(C(1, 3), kWhite);
  TurnContext t = context(b, kWhite);
  Judgement j = bridge_move(t, {C(5, 1), C(5, 3)}, 2);
  CHECK(j.violation == Violation::kBridgeEndpoints);
  CHECK(j.detail.find("already carries bridge 1") != std::string::npos);
  j = bridge_move(t, {C(5, 3)}, 2);
  CHECK(j.violation == Violation::kBridgeEndpoints);
  CHECK(j.detail.find("1 endpoint") != std::string::npos);
  j = bridge_move(t, {C(5, 3), C(1, 3), C(0, 1)}, 2);
  CHECK(j.violation == Violation::kBridgeEndpoints);
  CHECK(bridge_move(t, {C(1, 1), C(1, 3)}, 2).violation == Violation::kNone);
}

TEST_CASE("V8: a bridge endpoint that is not the mover's tile") {
  TurnContext t = context(sample(), kWhite);
  Judgement j = bridge_move(t, {C(5, 5), C(5, 3)}, 2);  // (5,3) is Black
  CHECK(j.violation == Violation::kBridgeNotOwnTile);
  j = bridge_move(t, {C(5, 5), C(7, 5)}, 2);  // (7,5) is empty
  CHECK(j.violation == Violation::kBridgeNotOwnTile);
  CHECK(j.detail.find("empty") != std::string::npos);
  TurnContext bl = context(sample(), kBlack);
  CHECK(bridge_move(bl, {C(5, 3), C(7, 3)}, 2).violation == Violation::kNone);
}

TEST_CASE("V9: no action, one or three tiles, tiles and a bridge at once, two bridges, removal, unoffered Change") {
  TurnContext t = context(sample(), kWhite);
  Judgement j = infer_action(t, pdd_test::chess_text(t.board), pdd_test::bridge_text(t.board));
  CHECK(j.violation == Violation::kNotAnAction);
  CHECK(j.detail.find("unchanged") != std::string::npos);
  CHECK(chess_move(t, {C(9, 9)}, kWhite).violation == Violation::kNotAnAction);
  j = chess_move(t, {C(9, 9), C(7, 7), C(9, 7)}, kWhite);
  CHECK(j.violation == Violation::kNotAnAction);
  CHECK(j.detail.find("3 new tile(s)") != std::string::npos);
  Grid g = bridge_grid(t.board);
  g[C(1, 1)] = g[C(1, 3)] = 2;
  Board tiles = t.board;
  tiles.set_tile(C(1, 3), kWhite);
  tiles.set_tile(C(9, 9), kWhite);
  CHECK(infer_action(t, pdd_test::chess_text(tiles), format_grid(g)).violation == Violation::kNotAnAction);
  Board removed = t.board;
  removed.set_tile(C(5, 5), kEmpty);
  j = infer_action(t, pdd_test::chess_text(removed), pdd_test::bridge_text(t.board));
  CHECK(j.violation == Violation::kNotAnAction);
  CHECK(j.detail.find("removed") != std::string::npos);
  // Two bridges in one turn.
  Board two = board_from_rows({"W.W.W.W..."});
  TurnContext tt = context(two, kWhite);
  Grid g2 = bridge_grid(two);
  g2[C(0, 0)] = g2[C(2, 0)] = 1;
  g2[C(4, 0)] = g2[C(6, 0)] = 2;
  CHECK(infer_action(tt, pdd_test::chess_text(two), format_grid(g2)).violation == Violation::kNotAnAction);
  // The Change without Y, and with Y.
  Board opening = board_from_rows({"..W.......", "..W......."});
  Board changed = board_from_rows({"..B.......", "..B......."});
  TurnContext no = context(opening, kBlack, false), yes = context(opening, kBlack, true);
  CHECK(infer_action(no, pdd_test::chess_text(changed), pdd_test::bridge_text(opening)).violation ==
        Violation::kNotAnAction);
  j = infer_action(yes, pdd_test::chess_text(changed), pdd_test::bridge_text(opening));
  CHECK(j.violation == Violation::kNone);
  CHECK(j.action == Action::make(Action::kChange, C(2, 0), C(2, 1)));
  // Changing only one of them is not a Change: it writes on an occupied cell.
  Board half = board_from_rows({"..B.......", "..W......."});
  CHECK(infer_action(yes, pdd_test::chess_text(half), pdd_test::bridge_text(opening)).violation ==
        Violation::kCellOccupied);
}

TEST_CASE("V10: wrong bridge distance; distance 2 knight is fine") {
  Board b = board_from_rows({"W..W......", "..........", ".W........"});
  TurnContext t = context(b, kWhite);
  Judgement j = bridge_move(t, {C(0, 0), C(3, 0)}, 1);
  CHECK(j.violation == Violation::kBridgeDistance);
  CHECK(j.detail.find("distance 3") != std::string::npos);
  CHECK(bridge_move(t, {C(0, 0), C(1, 2)}, 1).violation == Violation::kNone);
  Board adj = board_from_rows({"W.........", ".W........"});
  CHECK(bridge_move(context(adj, kWhite), {C(0, 0), C(1, 1)}, 1).violation == Violation::kBridgeDistance);
}

TEST_CASE("V13: malformed files, wrong new bridge number, changed old bridge; the right number is fine") {
  TurnContext t = context(sample(), kBlack);
  Judgement j = infer_action(t, "garbage\n", pdd_test::bridge_text(t.board));
  CHECK(j.violation == Violation::kFileFormat);
  CHECK(j.detail.find("chess.txt") == 0);
  std::string nine_lines = pdd_test::chess_text(t.board);
  nine_lines.resize(nine_lines.size() - 20);
  CHECK(infer_action(t, nine_lines, pdd_test::bridge_text(t.board)).violation == Violation::kFileFormat);
  j = infer_action(t, pdd_test::chess_text(t.board), "1,2,3\n");
  CHECK(j.violation == Violation::kFileFormat);
  CHECK(j.detail.find("bridge.txt") == 0);
  j = bridge_move(t, {C(3, 3), C(5, 3)}, 3);  // there is 1 bridge: the new one must be 2
  CHECK(j.violation == Violation::kFileFormat);
  CHECK(j.detail.find("expected 2") != std::string::npos);
  CHECK(bridge_move(t, {C(3, 3), C(5, 3)}, 1).violation == Violation::kFileFormat);  // reuses 1
  Grid g = bridge_grid(t.board);
  g[C(3, 1)] = 0;
  CHECK(infer_action(t, pdd_test::chess_text(t.board), format_grid(g)).violation == Violation::kFileFormat);
  CHECK(infer_action(t, pdd_test::chess_text(t.board), pdd_test::bridge_text(t.board) + "\r\n").violation ==
        Violation::kNotAnAction);  // a harmless rewrite is no format error
  CHECK(bridge_move(t, {C(3, 3), C(5, 3)}, 2).violation == Violation::kNone);
}

TEST_CASE("V14: a placed tile of the opponent's colour; own colour is fine") {
  TurnContext t = context(sample(), kWhite);
  Judgement j = chess_move(t, {C(9, 9), C(7, 7)}, kBlack);
  CHECK(j.violation == Violation::kWrongColour);
  CHECK(j.detail.find("plays White") != std::string::npos);
  Board mixed = t.board;
  mixed.set_tile(C(9, 9), kWhite);
  mixed.set_tile(C(7, 7), kBlack);
  CHECK(infer_action(t, pdd_test::chess_text(mixed), pdd_test::bridge_text(t.board)).violation ==
        Violation::kWrongColour);
  CHECK(chess_move(t, {C(9, 9), C(7, 7)}, kWhite).violation == Violation::kNone);
}
