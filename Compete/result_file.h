// The original judge's result file, byte for byte:
//
//   0:
//   1<TAB>12<TAB>9        game where A moved first: code, A's and B's seconds
//   2<TAB>8<TAB>13        game where B moved first
//   <empty line>
//   ...
//   Stat:
//   ratio of A wins : 0.5          (default ostream formatting of a double)
//   ...
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace c4 {

struct GameLine {
  bool finished = false;
  int code = 0;
  int64_t time_us_a = 0, time_us_b = 0;
};

// A round's two games: [0] A moved first, [1] B moved first.
struct RoundLines {
  GameLine game[2];
};

struct Tally {
  int games = 0;  // finished games, including those lost to load errors
  int a_wins = 0, b_wins = 0, ties = 0;
};
Tally tally(const std::vector<RoundLines>& rounds);

// The file for the games finished so far. A round appears once its first game
// (A moving first) has finished, and its second line once that game has too,
// so every line stands where the original puts it; the Stat block counts the
// lines shown (a game finished out of order under -j waits in the record
// file). With every game finished it is the original's file.
std::string format_result_file(const std::vector<RoundLines>& rounds);

// The "Stat:" block that ends the file.
std::string format_stat_block(const Tally& t);

// A double as a default-configured std::ostream prints it ("1", "0.8", "0.333333").
std::string format_ratio(double value);

}  // namespace c4
