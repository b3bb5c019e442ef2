#include "stats_file.h"

#include <sstream>

#include "../common/atomic_file.h"

namespace g2048 {

void ContestStats::add_game(int64_t score, int max_tile, int64_t moves) {
  if (rounds_ == 0 || score > highest_score_) highest_score_ = score;
  ++rounds_;
  total_score_ += score;
  if (max_tile > max_tile_) max_tile_ = max_tile;
  move_count_ += moves;
  for (int e = kFirstMilestone; e <= kLastMilestone; ++e)
    if (max_tile >= (1 << e)) ++reached_[e - kFirstMilestone];
}

double ContestStats::rate(int exponent) const {
  if (rounds_ == 0 || exponent < kFirstMilestone || exponent > kLastMilestone) return 0.0;
  return 100.0 * reached_[exponent - kFirstMilestone] / rounds_;
}

std::string ContestStats::format(double cpu_seconds) const {
  std::ostringstream out;
  out << "#Rounds: " << rounds_ << "\n";
  out << "Highest Score: " << highest_score_ << "\n";
  out << "Average Score: " << average_score() << "\n";
  out << "Max Tile: " << max_tile_ << "\n";
  for (int e = kFirstMilestone; e <= kLastMilestone; ++e) out << (1 << e) << " Rate: " << rate(e) << "%\n";
  out << "Move Count: " << move_count_ << "\n";
  out << "Time: " << cpu_seconds << "\n";
  return out.str();
}

bool ContestStats::write(const std::string& path, double cpu_seconds, std::string* error) const {
  return judge::write_file_atomically(path, format(cpu_seconds), error);
}

}  // namespace g2048
