// The hand-tuned heuristic. Each of the 4 rows and 4 columns is scored from a
// table indexed by its 16 bits; a column is read as a row of the transposed board.
// Weights: a lost-position base, then empty cells and merge chances rewarded,
// non-monotonic lines and large tiles off the edge penalised.
#include <cmath>
#include <vector>

#include "../engine/board4.h"
#include "evaluator.h"

namespace bot2048 {
namespace {

constexpr float kBase = 200000.0f;  // keeps a live line's score positive
constexpr float kEmptyWeight = 270.0f;
constexpr float kMergeWeight = 700.0f;
constexpr float kMonotonicWeight = 47.0f;
constexpr float kMonotonicPower = 4.0f;
constexpr float kSumWeight = 11.0f;
constexpr float kSumPower = 3.5f;

float score_line(unsigned line) {
  int e[4];
  for (int c = 0; c < 4; ++c) e[c] = (line >> (4 * c)) & 0xF;
  float sum = 0;
  int empty = 0, merges = 0, run = 0, previous = 0;
  for (int c = 0; c < 4; ++c) {
    sum += std::pow(float(e[c]), kSumPower);
    if (e[c] == 0) {
      ++empty;
      continue;
    }
    // Runs of equal tiles (ignoring empty cells between them) are merge chances.
    if (e[c] == previous) {
      ++run;
    } else {
      if (run > 0) merges += 1 + run;
      run = 0;
    }
    previous = e[c];
  }
  if (run > 0) merges += 1 + run;
  // The cost of the line rising towards the left, and towards the right.
  float towards_left = 0, towards_right = 0;
  for (int c = 0; c < 3; ++c) {
    const float a = std::pow(float(e[c]), kMonotonicPower), b = std::pow(float(e[c + 1]), kMonotonicPower);
    if (e[c] > e[c + 1])
      towards_left += a - b;
    else
      towards_right += b - a;
  }
  return kBase + kEmptyWeight * empty + kMergeWeight * merges -
         kMonotonicWeight * std::min(towards_left, towards_right) - kSumWeight * sum;
}

const std::vector<float>& line_table() {
  static const std::vector<float> table = [] {
    std::vector<float> t(65536);
    for (unsigned line = 0; line < 65536; ++line) t[line] = score_line(line);
    return t;
  }();
  return table;
}

}  // namespace

HeuristicEvaluator::HeuristicEvaluator() { line_table(); }

float HeuristicEvaluator::evaluate(uint64_t b) const {
  const std::vector<float>& t = line_table();
  const uint64_t c = g2048::b4::transpose(b);
  const float v = t[b & 0xFFFF] + t[(b >> 16) & 0xFFFF] + t[(b >> 32) & 0xFFFF] + t[b >> 48] + t[c & 0xFFFF] +
                  t[(c >> 16) & 0xFFFF] + t[(c >> 32) & 0xFFFF] + t[c >> 48];
  return v > 1.0f ? v : 1.0f;
}

}  // namespace bot2048
