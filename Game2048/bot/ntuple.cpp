#include "ntuple.h"

#include "../engine/board4.h"

namespace bot2048 {

namespace {
// The training network's weights and sums may be shared by several training
// threads (train2048 --threads): every access is a relaxed atomic load or store
// (a plain move on x86), so a concurrent update can be lost but never torn.
inline float load(const float& w) {
  float v;
  __atomic_load(&w, &v, __ATOMIC_RELAXED);
  return v;
}
inline void store(float& w, float v) { __atomic_store(&w, &v, __ATOMIC_RELAXED); }
}  // namespace

void symmetric_boards(uint64_t b, uint64_t out[kSymmetries]) {
  using namespace g2048::b4;
  const uint64_t t = transpose(b), v = flip(b), tv = flip(t);
  out[0] = b;
  out[1] = mirror(b);
  out[2] = v;
  out[3] = mirror(v);
  out[4] = t;
  out[5] = mirror(t);
  out[6] = tv;
  out[7] = mirror(tv);
}

void feature_indices(uint64_t board, uint32_t out[kFeatures]) {
  uint64_t img[kSymmetries];
  symmetric_boards(board, img);
  for (int s = 0; s < kSymmetries; ++s) {
    uint64_t b = img[s];
    out[0 * kSymmetries + s] = uint32_t(b & 0xFFFFFF);
    out[1 * kSymmetries + s] = uint32_t((b >> 16) & 0xFFFFFF);
    out[2 * kSymmetries + s] = uint32_t((b & 0xFFF) | ((b >> 4) & 0xFFF000));
    out[3 * kSymmetries + s] = uint32_t(((b >> 16) & 0xFFF) | ((b >> 20) & 0xFFF000));
  }
}

TrainingNetwork::TrainingNetwork(float initial_weight) {
  for (auto& t : tables_[0]) t.assign(kTupleEntries, initial_weight);
}

void TrainingNetwork::add_second_stage(int stage_exponent) {
  if (stages_ == 1)
    for (int t = 0; t < kTuples; ++t) {
      tables_[1][t] = tables_[0][t];
      records_[1][t] = records_[0][t];
    }
  stages_ = 2;
  stage_exponent_ = stage_exponent;
}

float TrainingNetwork::value(uint64_t board) const {
  uint32_t idx[kFeatures];
  feature_indices(board, idx);
  return value_of_indices(stage_of(board), idx);
}

float TrainingNetwork::value_of_indices(int s, const uint32_t idx[kFeatures]) const {
  float sum = 0;
  if (coherence()) {
    const HugeVector<Record>* r = records_[s];
    for (int f = 0; f < kFeatures; ++f) sum += load(r[f / kSymmetries][idx[f]].weight);
  } else {
    const FloatTable* t = tables_[s];
    for (int f = 0; f < kFeatures; ++f) sum += load(t[f / kSymmetries][idx[f]]);
  }
  return sum;
}

void TrainingNetwork::add(uint64_t board, float delta) {
  uint32_t idx[kFeatures];
  feature_indices(board, idx);
  const int s = stage_of(board);
  for (int f = 0; f < kFeatures; ++f) {
    float& w = coherence() ? records_[s][f / kSymmetries][idx[f]].weight : tables_[s][f / kSymmetries][idx[f]];
    store(w, load(w) + delta);
  }
}

float TrainingNetwork::learn(uint64_t board, float target, float step) {
  uint32_t idx[kFeatures];
  feature_indices(board, idx);
  return learn_indices(stage_of(board), idx, target, step);
}

float TrainingNetwork::learn_indices(int s, const uint32_t idx[kFeatures], float target, float step) {
  float before = 0, after = 0;
  if (coherence()) {
    HugeVector<Record>* r = records_[s];
    for (int f = 0; f < kFeatures; ++f) before += load(r[f / kSymmetries][idx[f]].weight);
    const float error = target - before, delta = step * error;
    const float magnitude = error < 0 ? -error : error;
    for (int f = 0; f < kFeatures; ++f) {
      Record& k = r[f / kSymmetries][idx[f]];
      const float signed_sum = load(k.signed_sum), absolute_sum = load(k.absolute_sum);
      const float rate = absolute_sum > 0 ? (signed_sum < 0 ? -signed_sum : signed_sum) / absolute_sum : 1.0f;
      store(k.weight, load(k.weight) + rate * delta);
      store(k.signed_sum, signed_sum + error);
      store(k.absolute_sum, absolute_sum + magnitude);
    }
    for (int f = 0; f < kFeatures; ++f) after += load(r[f / kSymmetries][idx[f]].weight);
  } else {
    FloatTable* t = tables_[s];
    for (int f = 0; f < kFeatures; ++f) before += load(t[f / kSymmetries][idx[f]]);
    const float delta = step * (target - before);
    for (int f = 0; f < kFeatures; ++f) {
      float& w = t[f / kSymmetries][idx[f]];
      store(w, load(w) + delta);
    }
    for (int f = 0; f < kFeatures; ++f) after += load(t[f / kSymmetries][idx[f]]);
  }
  return after;
}

void TrainingNetwork::enable_coherence() {
  for (int s = 0; s < stages_; ++s)
    for (int t = 0; t < kTuples; ++t) {
      HugeVector<Record>& r = records_[s][t];
      if (r.empty()) {  // the weights move into the records
        r.resize(kTupleEntries);
        for (uint32_t i = 0; i < kTupleEntries; ++i) r[i] = Record{tables_[s][t][i], 0.0f, 0.0f, 0.0f};
        FloatTable().swap(tables_[s][t]);
      } else {
        for (Record& k : r) k.signed_sum = k.absolute_sum = 0.0f;
      }
    }
}

void TrainingNetwork::prefetch(uint64_t board) const {
  uint32_t idx[kFeatures];
  feature_indices(board, idx);
  prefetch_indices(stage_of(board), idx);
}

void TrainingNetwork::prefetch_indices(int s, const uint32_t idx[kFeatures]) const {
  if (coherence())
    for (int f = 0; f < kFeatures; ++f) __builtin_prefetch(&records_[s][f / kSymmetries][idx[f]]);
  else
    for (int f = 0; f < kFeatures; ++f) __builtin_prefetch(&tables_[s][f / kSymmetries][idx[f]]);
}

PlayingNetwork::PlayingNetwork() {
  for (auto& t : tables_[0]) t.assign(kTupleEntries, 0);
}

void PlayingNetwork::set_stages(int stages, int stage_exponent) {
  if (stages > 1 && stages_ == 1)
    for (auto& t : tables_[1]) t.assign(kTupleEntries, 0);
  if (stages == 1)
    for (auto& t : tables_[1]) WeightTable().swap(t);
  stages_ = stages;
  stage_exponent_ = stage_exponent;
}

float PlayingNetwork::value(uint64_t board) const {
  uint32_t idx[kFeatures];
  feature_indices(board, idx);
  return value_of_indices(stage_of(board), idx);
}

void PlayingNetwork::prefetch(uint64_t board) const {
  uint32_t idx[kFeatures];
  feature_indices(board, idx);
  prefetch_indices(stage_of(board), idx);
}

}  // namespace bot2048
