// The contest's stats file: what ranks a bot (highest score, then average
// score, then max tile, then the 2048 / 4096 / ... rates). Written by the
// contest's ~Game and by Run2048, byte for byte the same format:
//
//   #Rounds: 100
//   Highest Score: 368512
//   Average Score: 270026
//   Max Tile: 16384
//   2048 Rate: 100%          (one line per tile 2048 ... 131072: the share of
//   ...                       games whose largest tile reached it, in percent)
//   131072 Rate: 0%
//   Move Count: 1041330      (valid moves over all games)
//   Time: 3062.41            (CPU seconds)
//
// Numbers are printed as a default std::ostream prints them: integers in full,
// the average, the rates and the time as doubles with 6 significant digits.
// With no game played, averages and rates are 0.
#pragma once
#include <cstdint>
#include <string>

#include "engine/contest_game.h"

namespace g2048 {

class ContestStats {
 public:
  // Adds one finished game: its final score, largest tile and valid moves.
  void add_game(int64_t score, int max_tile, int64_t moves);

  int rounds() const { return rounds_; }
  int64_t highest_score() const { return highest_score_; }
  double average_score() const { return rounds_ ? static_cast<double>(total_score_) / rounds_ : 0.0; }
  int max_tile() const { return max_tile_; }
  int64_t move_count() const { return move_count_; }
  // Percentage of games whose largest tile reached 2^exponent (exponent 11..17).
  double rate(int exponent) const;

  // The file's text, with `cpu_seconds` on the Time line.
  std::string format(double cpu_seconds) const;
  // Writes format(cpu_seconds) to `path` atomically; false with *error on failure.
  bool write(const std::string& path, double cpu_seconds, std::string* error) const;

 private:
  int rounds_ = 0;
  int64_t highest_score_ = 0;
  int64_t total_score_ = 0;
  int max_tile_ = 0;
  int64_t move_count_ = 0;
  int reached_[kMilestones] = {};  // games whose largest tile reached 2^(11 + i)
};

}  // namespace g2048
