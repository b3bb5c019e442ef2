// A tiny network for the trainer tests: the 4 rows' and 4 columns' 4-tuples,
// one table per stage (see the struct's comment).
#pragma once
#include "../../bot/tests/bot_helpers.h"

namespace bot_test {

// A tiny network for the trainer tests: the 4 rows' and 4 columns' 4-tuples,
// one table per stage, stage 2 from a 2^stage_exponent tile on (never with the
// default 16: a cell holds at most 2^15).
struct TinyNetwork {
  static constexpr int kFeatureCount = 8;
  int stage_exponent;
  std::vector<float> table[2] = {std::vector<float>(65536, 0.0f), std::vector<float>(65536, 0.0f)};
  explicit TinyNetwork(int e = 16) : stage_exponent(e) {}
  std::vector<float>& of(uint64_t b) { return table[stage_of_board(b, 2, stage_exponent)]; }
  const std::vector<float>& of(uint64_t b) const { return table[stage_of_board(b, 2, stage_exponent)]; }
  static void lines(uint64_t b, unsigned out[8]) {
    const uint64_t t = b4::transpose(b);
    for (int r = 0; r < 4; ++r)
      out[r] = unsigned((b >> (16 * r)) & 0xFFFF), out[4 + r] = unsigned((t >> (16 * r)) & 0xFFFF);
  }
  float value(uint64_t b) const {
    unsigned idx[8];
    lines(b, idx);
    float s = 0;
    for (unsigned i : idx) s += of(b)[i];
    return s;
  }
  float learn(uint64_t b, float target, float step) {
    unsigned idx[8];
    lines(b, idx);
    const float delta = step * (target - value(b));
    for (unsigned i : idx) of(b)[i] += delta;
    return value(b);
  }
  void prefetch(uint64_t) const {}
  void prefetch_for_learn(uint64_t) const {}
};

}  // namespace bot_test
