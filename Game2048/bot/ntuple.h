// An n-tuple network: the value of a 2048 afterstate as a sum of table lookups.
//
// Four 6-cell tuples (two straight 2x3 blocks, two 2-row "L" shapes), each
// looked up on the 8 symmetric images of the board, so 32 lookups per value.
// A lookup index is the tuple's six 4-bit cell exponents side by side (24
// bits), so every table has 16^6 entries. Cell numbering and bit layout are
// the engine's (board4.h): cell r*4+c holds its exponent in bits 4*(r*4+c).
//
//   tuple 0: cells 0 1 2 3 4 5      tuple 2: cells 0 1 2 4 5 6
//   tuple 1: cells 4 5 6 7 8 9      tuple 3: cells 4 5 6 8 9 10
//
// The training network keeps float weights; the playing network keeps 16-bit
// weights times one scale (half the memory, so more of it stays in cache).
//
// Stages: a network holds 1 or 2 sets of tables. Stage 2 (index 1) values every
// board whose largest tile is at least 2^stage_exponent (default 2^14 = 16384),
// stage 1 (index 0) the others; a one-stage network is exactly the single network.
#pragma once
#include <cstdint>
#include <vector>

#include "../engine/board4.h"
#include "huge_pages.h"

namespace bot2048 {

constexpr int kTuples = 4;
constexpr int kTupleCells = 6;
constexpr int kSymmetries = 8;
constexpr uint32_t kTupleEntries = 1u << (4 * kTupleCells);  // 16^6
constexpr int kFeatures = kTuples * kSymmetries;             // lookups per value
constexpr int kMaxStages = 2;
constexpr int kDefaultStageExponent = 14;  // stage 2 from a 16384 tile on

// One tuple's table (kTupleEntries weights), on huge pages: read at random.
using FloatTable = HugeVector<float>;
using WeightTable = HugeVector<int16_t>;

// The worth of converting an endgame in a stage trained for it (train2048
// --win-tile, expectimax endwin), in points: such a stage values a board at the
// points until the next tile or the end, plus this times the chance of the tile.
constexpr float kConversionValue = 100000.0f;

// The stage (0-based) that values `board` in a network of `stages` stages.
inline int stage_of_board(uint64_t board, int stages, int stage_exponent) {
  return stages > 1 && g2048::b4::max_exponent(board) >= stage_exponent ? 1 : 0;
}

// The 8 images of a board under the square's symmetries (identity first).
void symmetric_boards(uint64_t board, uint64_t out[kSymmetries]);

// For every feature f (tuple f / 8 on image f % 8) the index into that tuple's
// table. Equal images give equal indices: each is a separate feature anyway.
void feature_indices(uint64_t board, uint32_t out[kFeatures]);

// Float weights, for training.
//
// Storage: without temporal coherence each tuple's table is a plain array of
// floats (table()). With it, every weight lives in one 16-byte record with its
// two sums (E, A), so a weight and its sums come in one cache line, where
// separate arrays cost a miss each; weight() and set_weight() reach a weight
// either way.
class TrainingNetwork {
 public:
  static constexpr int kFeatureCount = kFeatures;
  // One stage, every weight `initial_weight`.
  explicit TrainingNetwork(float initial_weight = 0.0f);
  // Makes the network two-staged, stage 2 a copy of stage 1 (if it has one
  // stage), with stage 2 from a 2^stage_exponent tile on.
  void add_second_stage(int stage_exponent = kDefaultStageExponent);
  int stages() const { return stages_; }
  int stage_exponent() const { return stage_exponent_; }
  int stage_of(uint64_t board) const { return stage_of_board(board, stages_, stage_exponent_); }
  // The network's estimate of the score still to come after this afterstate.
  float value(uint64_t board) const;
  // Adds `delta` to each of the 32 weights that make up value(board).
  void add(uint64_t board, float delta);
  // One TD step: moves value(board) towards `target` (each weight by
  // step * error, times its coherence when that is on) and returns the new value.
  float learn(uint64_t board, float target, float step);
  // Temporal coherence (Beal & Smith; Jaskowski 2018): every weight also keeps
  // the sum E and the sum A of the absolute errors it was updated with, and
  // moves by step * |E| / A * error (the full step while A is 0). A weight
  // whose errors keep their sign keeps its rate; one pushed back and forth
  // slows down. Moves the weights into records of 16 bytes (weight, E, A), the
  // sums at zero; kept beside the checkpoint (save_coherence in
  // weights_file.h), so a resumed run keeps its rates.
  void enable_coherence();
  bool coherence() const { return !records_[0][0].empty(); }
  // Asks the cache for value(board)'s weights ahead of use.
  void prefetch(uint64_t board) const;
  // The same for learn(board) (with coherence the records hold the sums too).
  void prefetch_for_learn(uint64_t board) const { prefetch(board); }
  // prefetch, value and learn from feature indices computed once
  // (feature_indices) and the board's stage (stage_of), so that a trainer that
  // prefetches a board and then values or learns it computes them once.
  void prefetch_indices(int stage, const uint32_t idx[kFeatures]) const;
  float value_of_indices(int stage, const uint32_t idx[kFeatures]) const;
  float learn_indices(int stage, const uint32_t idx[kFeatures], float target, float step);
  // Weight i of one tuple's table, with or without coherence.
  float weight(int tuple, int stage, uint32_t i) const {
    return coherence() ? records_[stage][tuple][i].weight : tables_[stage][tuple][i];
  }
  void set_weight(int tuple, int stage, uint32_t i, float w) {
    if (coherence())
      records_[stage][tuple][i].weight = w;
    else
      tables_[stage][tuple][i] = w;
  }
  // One tuple's table of weights, without coherence only (with it, weight()).
  FloatTable& table(int tuple, int stage = 0) { return tables_[stage][tuple]; }
  const FloatTable& table(int tuple, int stage = 0) const { return tables_[stage][tuple]; }
  struct Coherence {
    float signed_sum, absolute_sum;  // E and A of one weight
  };
  // The sums of weight i of one tuple's table (coherence on).
  Coherence coherence_of(int tuple, int stage, uint32_t i) const {
    const Record& r = records_[stage][tuple][i];
    return {r.signed_sum, r.absolute_sum};
  }
  void set_coherence(int tuple, int stage, uint32_t i, Coherence c) {
    Record& r = records_[stage][tuple][i];
    r.signed_sum = c.signed_sum;
    r.absolute_sum = c.absolute_sum;
  }
  // A weight and its sums, in one 16-byte record: 4 to a cache line, never split.
  struct alignas(16) Record {
    float weight, signed_sum, absolute_sum, unused;
  };

 private:
  FloatTable tables_[kMaxStages][kTuples];           // without coherence: stages_ of them allocated
  HugeVector<Record> records_[kMaxStages][kTuples];  // with coherence (tables_ then empty)
  int stages_ = 1;
  int stage_exponent_ = kDefaultStageExponent;
};

// 16-bit weights, for play: value = offset + scale * sum of the 32 weights.
// (offset carries an optimistic initial weight, so untouched entries are 0.)
class PlayingNetwork {
 public:
  // One stage, every weight 0.
  PlayingNetwork();
  // Sets the number of stages (1 or 2; a new stage 2 is all zeros) and the
  // exponent of the tile from which stage 2 applies.
  void set_stages(int stages, int stage_exponent = kDefaultStageExponent);
  int stages() const { return stages_; }
  int stage_exponent() const { return stage_exponent_; }
  int stage_of(uint64_t board) const { return stage_of_board(board, stages_, stage_exponent_); }
  float value(uint64_t board) const;
  void prefetch(uint64_t board) const;
  // The same from feature indices computed once (feature_indices) and the
  // board's stage (stage_of), so a search can prefetch and then sum without
  // computing them twice.
  void prefetch_indices(int stage, const uint32_t idx[kFeatures]) const {
    const WeightTable* t = tables_[stage];
    for (int f = 0; f < kFeatures; ++f) __builtin_prefetch(&t[f / kSymmetries][idx[f]]);
  }
  float value_of_indices(int stage, const uint32_t idx[kFeatures]) const {
    const WeightTable* t = tables_[stage];
    int32_t sum = 0;
    for (int f = 0; f < kFeatures; ++f) sum += t[f / kSymmetries][idx[f]];
    return offset + scale * float(sum);
  }
  float offset = 0.0f;
  WeightTable& table(int tuple, int stage = 0) { return tables_[stage][tuple]; }
  const WeightTable& table(int tuple, int stage = 0) const { return tables_[stage][tuple]; }
  float scale = 1.0f;

 private:
  WeightTable tables_[kMaxStages][kTuples];  // stages_ of them allocated
  int stages_ = 1;
  int stage_exponent_ = kDefaultStageExponent;
};

}  // namespace bot2048
