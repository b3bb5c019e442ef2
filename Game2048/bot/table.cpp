#include "table.h"

#include <algorithm>

namespace bot2048 {

uint64_t RunSummary::total_moves() const {
  uint64_t n = 0;
  for (const GameRecord& g : games) n += uint64_t(g.moves);
  return n;
}

void print_table_header(FILE* out) {
  std::fprintf(out, "%-68s %5s %8s %8s %8s %6s %5s %5s %5s %5s %5s %8s %7s %5s %s\n", "agent", "games", "average",
               "median", "highest", "maxtl", "2048", "4096", "8192", "16384", "32768", "moves/s", "mv2048", "depth",
               "verdict");
}

void print_table_row(FILE* out, const RunSummary& run) {
  const size_t n = run.games.size();
  if (n == 0) return;
  std::vector<uint64_t> scores;
  std::vector<int> to2048;
  uint64_t sum = 0;
  int max_tile = 0, reached[16] = {0};
  for (const GameRecord& g : run.games) {
    scores.push_back(g.score);
    sum += g.score;
    max_tile = std::max(max_tile, g.max_tile);
    for (int e = 11; e < 16; ++e)
      if (g.max_tile >= (1 << e)) ++reached[e];
    if (g.moves_to[11] > 0) to2048.push_back(g.moves_to[11]);
  }
  std::sort(scores.begin(), scores.end());
  std::sort(to2048.begin(), to2048.end());
  // Medians: the mean of the two middle values for an even count.
  const double median = n % 2 ? double(scores[n / 2]) : (scores[n / 2 - 1] + scores[n / 2]) / 2.0;
  char mv2048[32] = "-";
  if (!to2048.empty()) {
    const size_t m = to2048.size();
    std::snprintf(mv2048, sizeof mv2048, "%.0f",
                  m % 2 ? double(to2048[m / 2]) : (to2048[m / 2 - 1] + to2048[m / 2]) / 2.0);
  }
  const double rate = run.cpu_seconds > 0 ? double(run.total_moves()) / run.cpu_seconds : 0;
  const std::string verdict = !run.verdict.empty() ? run.verdict : rate >= 100 ? "valid" : "invalid (< 100 moves/s)";
  char depth[16] = "-";
  if (run.mean_depth > 0) std::snprintf(depth, sizeof depth, "%.2f", run.mean_depth);
  auto pct = [&](int e) { return 100.0 * reached[e] / double(n); };
  std::fprintf(out, "%-68s %5zu %8.0f %8.0f %8llu %6d %4.0f%% %4.0f%% %4.0f%% %4.0f%% %4.0f%% %8.0f %7s %5s %s\n",
               run.agent.c_str(), n, double(sum) / n, median, (unsigned long long)scores.back(), max_tile, pct(11),
               pct(12), pct(13), pct(14), pct(15), rate, mv2048, depth, verdict.c_str());
}

}  // namespace bot2048
