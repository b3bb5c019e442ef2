#include "expectimax.h"

#include <time.h>

#include <algorithm>

#include "../engine/board4.h"

namespace bot2048 {

namespace b4 = g2048::b4;

double process_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + ts.tv_nsec * 1e-9;
}

Expectimax::Expectimax(const Evaluator& evaluator, const ExpectimaxSettings& settings)
    : evaluator_(evaluator),
      network_(nullptr),
      settings_(settings),
      counts_reward_(evaluator.counts_reward()),
      governor_(RateGovernorSettings{settings.min_moves_per_second}) {
  if (const NetworkEvaluator* n = dynamic_cast<const NetworkEvaluator*>(&evaluator)) network_ = &n->network();
  table_.resize(size_t(1) << settings_.table_bits);
  table_mask_ = table_.size() - 1;
  clear();
}

void Expectimax::clear_table() {
  for (Entry& e : table_) e = Entry{0, 0, -1};
}

void Expectimax::clear() {
  clear_table();
  bank_ = 0;
  active_downgrade_ = settings_.downgrade_from;
  active_conversion_ = 0;
}

uint64_t Expectimax::leaf_view(uint64_t after) const {
  return active_downgrade_ > 0 && counts_reward_ ? b4::downgrade(after, active_downgrade_) : after;
}

// The late stage's endgame: the largest tile T at least 2^late_from, the tiles
// summing to at least 15/8 T (the chain below T one T/8 short of 2T).
static bool in_endgame(uint64_t board, int late_from) {
  const int largest = b4::max_exponent(board);
  return largest >= late_from && 8 * b4::tile_sum(board) >= (int64_t(15) << largest);
}

int Expectimax::downgrade_for(uint64_t board) const {
  if (settings_.endgame_conversion && in_endgame(board, settings_.late_from)) return 0;
  const bool endgame = settings_.endgame_downgrade_from > 0 && in_endgame(board, settings_.late_from);
  return endgame ? settings_.endgame_downgrade_from : settings_.downgrade_from;
}

int Expectimax::conversion_for(uint64_t board) const {
  const bool on = settings_.endgame_conversion && counts_reward_ && in_endgame(board, settings_.late_from);
  return on ? b4::max_exponent(board) + 1 : 0;
}

void Expectimax::use_leaf_rules_for(uint64_t board) {
  const int wanted = downgrade_for(board), conversion = conversion_for(board);
  if (wanted == active_downgrade_ && conversion == active_conversion_) return;
  clear_table();
  active_downgrade_ = wanted;
  active_conversion_ = conversion;
}

float Expectimax::chance_node(uint64_t after, int depth, float probability) {
  if (converted(after)) return kConversionValue;  // the line ends: the endgame is won
  const bool leaf = depth <= 0 || probability < settings_.probability_cutoff;
  // Leaves are cached too when evaluating costs more than a table probe (the network).
  const bool cached = !leaf || (counts_reward_ && settings_.cache_leaves);
  const int stored_depth = leaf ? 0 : depth;
  Entry* entry = nullptr;
  if (cached) {
    entry = slot(after);
    if (entry->board == after && entry->depth >= stored_depth) return entry->value;
  }
  ++nodes_;
  float value;
  if (leaf) {
    value = evaluator_.evaluate(leaf_view(after));
  } else {
    // Every empty cell, each with a 2 (p = 0.9) or a 4 (p = 0.1).
    const int empty = b4::count_empty(after);
    const float p2 = probability * 0.9f / float(empty), p4 = probability * 0.1f / float(empty);
    // The children in order (a 2 then a 4 in each empty cell); while one is
    // searched, the table slots of the moves two children ahead are fetched.
    uint64_t child[32];
    int n = 0;
    for (int i = 0; i < 16; ++i) {
      if ((after >> (4 * i)) & 0xF) continue;
      child[n++] = after | (uint64_t(1) << (4 * i));
      child[n++] = after | (uint64_t(2) << (4 * i));
    }
    constexpr int kAhead = 2;
    for (int k = 0; k < kAhead && k < n; ++k) prefetch_moves(child[k]);
    float sum = 0;
    for (int k = 0; k < n; k += 2) {
      if (k + kAhead < n) prefetch_moves(child[k + kAhead]);
      if (k + kAhead + 1 < n) prefetch_moves(child[k + kAhead + 1]);
      sum += 0.9f * max_node(child[k], depth - 1, p2);
      sum += 0.1f * max_node(child[k + 1], depth - 1, p4);
    }
    value = sum / float(empty);
  }
  if (cached) *entry = Entry{after, value, stored_depth};
  return value;
}

void Expectimax::prefetch_moves(uint64_t board) {
  for (int d = 0; d < 4; ++d) {
    const uint64_t after = b4::move(board, d);
    if (after != board) __builtin_prefetch(slot(after));
  }
}

float Expectimax::max_node(uint64_t board, int depth, float probability) {
  uint64_t after[4];
  uint32_t reward[4];
  for (int d = 0; d < 4; ++d) {
    reward[d] = 0;
    after[d] = b4::move(board, d, &reward[d]);
  }
  const bool leaves = depth <= 0 || probability < settings_.probability_cutoff;
  if (leaves && network_ && settings_.cache_leaves) return network_leaves(after, reward, board);
  // Ask for the children's table slots together (each probe is a likely cache
  // miss); the children of a depth-0 max node are leaves: fetch their weights too.
  if (!leaves || settings_.cache_leaves)
    for (int d = 0; d < 4; ++d)
      if (after[d] != board) __builtin_prefetch(slot(after[d]));
  if (leaves)
    for (int d = 0; d < 4; ++d)
      if (after[d] != board) evaluator_.prefetch(leaf_view(after[d]));
  float best = 0;  // no valid move: the game is lost
  for (int d = 0; d < 4; ++d) {
    if (after[d] == board) continue;
    const float v = (counts_reward_ ? float(reward[d]) : 0.0f) + chance_node(after[d], depth, probability);
    best = std::max(best, v);
  }
  return best;
}

float Expectimax::network_leaves(const uint64_t after[4], const uint32_t reward[4], uint64_t board) {
  Entry* entry[4];
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) __builtin_prefetch(entry[d] = slot(after[d]));
  uint32_t idx[4][kFeatures];
  int stage[4];  // the network stage valuing each missed leaf
  bool miss[4] = {false, false, false, false};
  float value[4];
  for (int d = 0; d < 4; ++d) {
    if (after[d] == board) continue;
    if (entry[d]->board == after[d] && entry[d]->depth >= 0) {
      value[d] = entry[d]->value;
    } else {
      if (converted(after[d])) {
        value[d] = kConversionValue;
        continue;
      }
      miss[d] = true;
      const uint64_t seen = leaf_view(after[d]);
      feature_indices(seen, idx[d]);
      stage[d] = network_->stage_of(seen);
      network_->prefetch_indices(stage[d], idx[d]);
    }
  }
  float best = 0;  // no valid move: the game is lost
  for (int d = 0; d < 4; ++d) {
    if (after[d] == board) continue;
    if (miss[d]) {
      ++nodes_;
      const float v = network_->value_of_indices(stage[d], idx[d]);
      value[d] = v > 0 ? v : 0;
      *entry[d] = Entry{after[d], value[d], 0};
    }
    best = std::max(best, float(reward[d]) + value[d]);
  }
  return best;
}

int Expectimax::search_root(uint64_t board, int depth, float* best_value) {
  int best = -1;
  *best_value = -1;
  for (int d = 0; d < 4; ++d) {
    uint32_t reward = 0;
    const uint64_t after = b4::move(board, d, &reward);
    if (after == board) continue;
    const float v = (counts_reward_ ? float(reward) : 0.0f) + chance_node(after, depth, 1.0f);
    if (v > *best_value) *best_value = v, best = d;
  }
  return best;
}

void Expectimax::evaluate_moves(uint64_t board, int depth, float out[4]) {
  use_leaf_rules_for(board);
  for (int d = 0; d < 4; ++d) {
    uint32_t reward = 0;
    const uint64_t after = b4::move(board, d, &reward);
    out[d] = after == board ? -1.0f : (counts_reward_ ? float(reward) : 0.0f) + chance_node(after, depth, 1.0f);
  }
}

int Expectimax::choose_move(uint64_t board) {
  if (cpu_start_ < 0) cpu_start_ = process_cpu_seconds();
  int valid = 0, only = -1;
  for (int d = 0; d < 4; ++d)
    if (b4::move(board, d) != board) ++valid, only = d;
  if (valid == 0) return -1;
  ++stats_.moves;
  use_leaf_rules_for(board);
  if (valid == 1) {
    ++stats_.depth_histogram[0];
    return only;
  }

  // What this move may spend: its share, plus part of the bank when in danger.
  const int largest = b4::max_exponent(board);
  const double stage = largest >= settings_.late_from      ? settings_.late_budget
                       : largest < settings_.late_from - 1 ? settings_.early_budget
                                                           : 1.0;
  const double per_move = settings_.nodes_per_move * governor_.scale_for(largest >= settings_.late_from) * stage;
  const int empty = b4::count_empty(board);
  const double share = empty <= 1 ? 0.5 : empty <= 3 ? 0.25 : empty <= 5 ? 0.08 : 0.01;
  const double allowance = bank_ >= 0 ? per_move + share * bank_ : std::max(0.25 * per_move, per_move + 0.1 * bank_);

  const uint64_t start_nodes = nodes_;
  uint64_t last_cost = 0;
  int best = -1, depth = settings_.min_depth;
  for (;; ++depth) {
    const uint64_t before = nodes_;
    float value;
    best = search_root(board, depth, &value);
    const uint64_t cost = nodes_ - before;
    if (depth >= settings_.max_depth) break;
    // The next depth costs about this one times the growth just seen (or, at
    // the first depth, the number of spawns times the moves after each).
    const double growth = last_cost > 0 ? std::max(2.0, double(cost) / double(last_cost)) : 6.0 * std::max(empty, 1);
    const double spent = double(nodes_ - start_nodes);
    if (spent + double(cost) * growth > allowance) break;
    last_cost = cost;
  }
  const uint64_t used = nodes_ - start_nodes;
  const double cap = settings_.bank_cap_moves * per_move;
  bank_ = std::min(cap, std::max(-cap, bank_ + per_move - double(used)));
  stats_.nodes += used;
  stats_.depth_sum += depth;
  ++stats_.depth_histogram[std::min(depth, 7)];

  // Guard on real CPU time: the governor scales the budget to hold the run's rate.
  if (settings_.min_moves_per_second > 0 && stats_.moves % 8 == 0)
    governor_.update(stats_.moves, process_cpu_seconds() - cpu_start_);
  return best;
}

}  // namespace bot2048
