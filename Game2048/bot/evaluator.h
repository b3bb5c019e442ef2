// What the search asks of a position evaluation, and the two evaluations.
//
// Both evaluate afterstates: the board after a move, before the spawn.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "ntuple.h"

namespace bot2048 {

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Larger is better. Never negative, so a lost position (valued 0) is the worst.
  virtual float evaluate(uint64_t afterstate) const = 0;
  // A hint that evaluate(afterstate) comes soon (lets the network's lookups overlap).
  virtual void prefetch(uint64_t /*afterstate*/) const {}
  // True if the value predicts the score still to come, so the search adds the
  // merges' score along a line to it; false for a pure shape heuristic.
  virtual bool counts_reward() const = 0;
  virtual const char* name() const = 0;
};

// The hand-tuned heuristic: per row and column, empty cells, merge chances,
// monotonicity and a penalty on large tiles, from a 65,536-entry table. No data.
class HeuristicEvaluator : public Evaluator {
 public:
  HeuristicEvaluator();
  float evaluate(uint64_t afterstate) const override;
  bool counts_reward() const override { return false; }
  const char* name() const override { return "heuristic"; }
};

// The trained n-tuple network (expected score still to come).
class NetworkEvaluator : public Evaluator {
 public:
  explicit NetworkEvaluator(std::unique_ptr<PlayingNetwork> net) : net_(std::move(net)) {}
  float evaluate(uint64_t afterstate) const override {
    const float v = net_->value(afterstate);
    return v > 0 ? v : 0;
  }
  void prefetch(uint64_t afterstate) const override { net_->prefetch(afterstate); }
  bool counts_reward() const override { return true; }
  const char* name() const override { return "ntuple"; }
  const PlayingNetwork& network() const { return *net_; }

 private:
  std::unique_ptr<PlayingNetwork> net_;
};

// The network from `weights_path`, or, if that file is missing, truncated or
// corrupted, the heuristic, after one line on stderr naming the file and the
// problem; with `problem` given, no line: *problem gets it ("" if the network loaded).
std::unique_ptr<Evaluator> load_evaluator(const std::string& weights_path, std::string* note = nullptr,
                                          std::string* problem = nullptr);

// Where the committed weights are: $GAME2048_WEIGHTS if set, else the file
// beside the shared object or program holding this code (weights.n2048), else
// Game2048/bot/weights.n2048 in the nearest folder above it that has one (the
// checkout), else that path relative to the working folder.
std::string default_weights_path();

}  // namespace bot2048
