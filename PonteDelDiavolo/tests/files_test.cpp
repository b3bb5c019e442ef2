#include <doctest/doctest.h>

#include "../rules/files.h"
#include "helpers.h"

using namespace pdd;
using pdd_test::C;

namespace {
std::string empty_grid_text(const std::string& eol, bool final_newline) {
  std::string s;
  for (int y = 0; y < 10; ++y) {
    s += "0,0,0,0,0,0,0,0,0,0";
    if (y < 9 || final_newline) s += eol;
  }
  return s;
}
}  // namespace

TEST_CASE("chess.txt: LF, CRLF, missing final newline, trailing blank lines and spaces are accepted") {
  Grid g;
  std::string error;
  for (const char* eol : {"\n", "\r\n"})
    for (bool final_nl : {true, false}) {
      CAPTURE(final_nl);
      CHECK(parse_grid(empty_grid_text(eol, final_nl), "chess.txt", 2, &g, &error));
    }
  CHECK(parse_grid(empty_grid_text("\n", true) + "\n\n", "chess.txt", 2, &g, &error));
  std::string spaced = empty_grid_text("\n", true);
  spaced.replace(0, 3, " 1 ,2");
  REQUIRE(parse_grid(spaced, "chess.txt", 2, &g, &error));
  CHECK(g[C(0, 0)] == 1);
  CHECK(g[C(1, 0)] == 2);
}

TEST_CASE("chess.txt: errors name the file, the line and the value") {
  Grid g;
  std::string error, text = empty_grid_text("\n", true);
  std::string bad = text;
  bad[2 * 20 + 6] = '7';  // line 3, value 4
  CHECK_FALSE(parse_grid(bad, "chess.txt", 2, &g, &error));
  CHECK(error == "chess.txt line 3, value 4: '7' is not 0, 1 or 2");
  CHECK_FALSE(parse_grid(text.substr(0, text.size() - 20), "chess.txt", 2, &g, &error));
  CHECK(error.find("found 9 lines") != std::string::npos);
  std::string short_line = text;
  short_line.replace(0, 20, "0,0,0,0,0,0,0,0,0\n");
  CHECK_FALSE(parse_grid(short_line, "chess.txt", 2, &g, &error));
  CHECK(error.find("chess.txt line 1: expected 10 comma-separated values, found 9") == 0);
  CHECK_FALSE(parse_grid("hello world", "chess.txt", 2, &g, &error));
  CHECK_FALSE(parse_grid("", "chess.txt", 2, &g, &error));
  std::string minus = text;
  minus.replace(0, 1, "-1");
  CHECK_FALSE(parse_grid(minus, "chess.txt", 2, &g, &error));
  CHECK(error.find("'-1'") != std::string::npos);
  std::string trailing_comma = text;
  trailing_comma.replace(19, 1, "0,");
  CHECK_FALSE(parse_grid(trailing_comma, "chess.txt", 2, &g, &error));
}

TEST_CASE("bridge.txt: multi-digit bridge numbers round-trip through the board") {
  Board b;
  // Twelve White bridges in rows 0, 2, 4, ... between tiles two apart.
  int made = 0;
  for (int y = 0; y < 10 && made < 12; y += 2)
    for (int x = 0; x + 2 < 10 && made < 12; x += 4) {
      b.set_tile(C(x, y), kWhite);
      b.set_tile(C(x + 2, y), kWhite);
      b.add_bridge(C(x, y), C(x + 2, y));
      ++made;
    }
  REQUIRE(b.bridge_count() == 10);
  b.set_tile(C(1, 9), kBlack);
  b.set_tile(C(3, 9), kBlack);
  b.add_bridge(C(1, 9), C(3, 9));
  b.set_tile(C(5, 9), kBlack);
  b.set_tile(C(7, 9), kBlack);
  b.add_bridge(C(5, 9), C(7, 9));
  std::string text = format_grid(bridge_grid(b));
  CHECK(text.find("12") != std::string::npos);
  Grid chess = chess_grid(b), bridges;
  std::string error;
  REQUIRE(parse_grid(text, "bridge.txt", 1 << 30, &bridges, &error));
  CHECK(bridges[C(7, 9)] == 12);
  Board back;
  REQUIRE(board_from_grids(chess, bridges, &back, &error));
  CHECK(back == b);
  CHECK(back.covered(C(6, 9)));
  CHECK(back.bridge_at(C(5, 9)) == 11);
}

TEST_CASE("bridge.txt: a number on one cell or at the wrong distance is refused by the reader") {
  Grid chess{}, bridges{};
  Board b;
  std::string error;
  bridges[C(0, 0)] = 1;
  CHECK_FALSE(board_from_grids(chess, bridges, &b, &error));
  CHECK(error == "bridge.txt: bridge 1 marks 1 cells, expected 2");
  bridges[C(5, 5)] = 1;
  CHECK_FALSE(board_from_grids(chess, bridges, &b, &error));
  CHECK(error.find("not at distance 2") != std::string::npos);
}

TEST_CASE("stepLog.txt: empty, CRLF, no final newline; canonical writing; errors name the line") {
  std::vector<StepRecord> r;
  std::string error;
  CHECK(parse_steplog("", &r, &error));
  CHECK(r.empty());
  std::string course =
      "W_1_Chess_2,0_2,2\r\nB_2_Change_2,0_2,2\r\nW_3_Chess_0,2_1,3\nB_4_Bridge_2,0_2,2\nW_5_Chess_8,8_9,9";
  REQUIRE(parse_steplog(course, &r, &error));
  REQUIRE(r.size() == 5);
  CHECK(r[1].colour == kBlack);
  CHECK(r[1].action.kind == Action::kChange);
  CHECK(r[3].action.kind == Action::kBridge);
  CHECK(r[4].turn == 5);
  CHECK(r[4].action.a == C(8, 8));
  CHECK(format_step(r[0]) == "W_1_Chess_2,0_2,2");
  CHECK(format_step(r[4]) == "W_5_Chess_8,8_9,9");
  // Positions are written in row-major order whatever order they were given in.
  StepRecord s;
  s.colour = kBlack;
  s.turn = 12;
  s.action = Action::make(Action::kBridge, C(7, 5), C(5, 4));
  CHECK(format_step(s) == "B_12_Bridge_5,4_7,5");
  CHECK_FALSE(parse_steplog("W_1_Chess_2,0_2,2\nW_2_Jump_1,1_2,2\n", &r, &error));
  CHECK(error.find("line 2") != std::string::npos);
  CHECK_FALSE(parse_steplog("W_1_Chess_2,0_12,2\n", &r, &error));
}
