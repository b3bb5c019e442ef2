// Expectimax over the real chance nodes of 2048.
//
// A max node tries the valid moves; a chance node (an afterstate) averages
// over every empty cell receiving a 2 (p = 0.9) or a 4 (p = 0.1). A chance
// node at depth 0, or reached with a probability below the cutoff, is valued
// by the evaluator (with the network, optionally as its downgraded board once
// it holds a large tile: b4::downgrade, settings.downgrade_from). Depth D
// therefore means D chance layers below the root's moves (D = 0 is the greedy
// 1-ply choice). Chance nodes are cached in a
// transposition table keyed by the afterstate, valid for the depth stored.
//
// Depth per move: iterative deepening under a node budget. Every move earns
// `nodes_per_move` work units (one unit = one evaluation or one expanded
// chance node) into a bank; a move deepens while the predicted cost of the
// next depth fits in what it may spend: its own share plus, when the board is
// dangerous (few empty cells), a larger share of the bank. The share depends
// on the stage (the largest tile): less where the evaluator alone plays well,
// more where games are lost. Counting work
// rather than time keeps games reproducible on a fixed budget; a CPU-time
// guard (RateGovernor) scales the budget to hold the run's measured rate near
// `min_moves_per_second`.
#pragma once
#include <cstdint>
#include <vector>

#include "evaluator.h"
#include "huge_pages.h"
#include "rate_governor.h"

namespace bot2048 {

struct ExpectimaxSettings {
  int min_depth = 1;
  int max_depth = 6;
  double nodes_per_move = 20000;      // average work units per move
  double bank_cap_moves = 200;        // the bank holds at most this many moves' budget
  float probability_cutoff = 1e-4f;   // a line less likely than this is evaluated
  double min_moves_per_second = 105;  // the CPU-time guard's target (0 = off); the contest requires 100
  int table_bits = 20;                // transposition table: 2^bits entries
  bool cache_leaves = true;           // network leaves go through the table too
  int downgrade_from = 0;             // network leaves with a tile >= 2^this are valued downgraded (0: off)
  // In the endgame of the late stage (a root whose largest tile T is at least
  // 2^late_from and whose tiles sum to at least 15/8 T: the chain below T is one
  // T/8 short of 2T), leaves are valued downgraded from 2^endgame_downgrade_from
  // instead (0: no change).
  int endgame_downgrade_from = 0;
  // In that endgame, with endgame_conversion, leaves are valued as they are
  // (not downgraded), by a network whose late stage learned the endgame up to
  // the next tile (train2048 --win-tile), and a line that makes the next tile
  // 2T ends there, worth kConversionValue more (this takes precedence over
  // endgame_downgrade_from).
  bool endgame_conversion = false;
  // The budget by stage of the game: a move's own units are nodes_per_move
  // times early_budget while the largest tile is under 2^(late_from - 1) (the
  // stages the network plays well even shallow), times late_budget once it is
  // 2^late_from or more, and times 1 in between.
  double early_budget = 1.0;
  double late_budget = 1.0;
  int late_from = 14;
};

struct SearchStats {
  uint64_t moves = 0;
  uint64_t nodes = 0;
  uint64_t depth_sum = 0;
  int depth_histogram[8] = {0};
};

class Expectimax {
 public:
  Expectimax(const Evaluator& evaluator, const ExpectimaxSettings& settings);

  // The best direction (0 LEFT, 1 DOWN, 2 RIGHT, 3 UP) from `board`, or -1 if
  // no move is valid. Never a move that leaves the board unchanged.
  int choose_move(uint64_t board);

  // The search's value of each direction at a fixed depth (no budget);
  // -1 for a direction that is not valid. For tests and analysis.
  void evaluate_moves(uint64_t board, int depth, float out[4]);

  // Forget cached positions (e.g. between games).
  void clear();
  const SearchStats& stats() const { return stats_; }
  // Work units (nodes) of every search so far, evaluate_moves included.
  uint64_t nodes() const { return nodes_; }
  double budget_scale() const { return governor_.scale(); }

 private:
  struct Entry {
    uint64_t board;
    float value;
    int32_t depth;  // -1: empty
  };
  // The board the evaluator is asked about for the leaf `after` (b4::downgrade
  // when the setting is on and the evaluator is the network).
  uint64_t leaf_view(uint64_t after) const;
  // Empties the transposition table.
  void clear_table();
  // The downgrade threshold for the search from `board` (the endgame's or the usual one).
  int downgrade_for(uint64_t board) const;
  // The exponent of the tile that ends a line as converted for the search from
  // `board` (0: none; endgame_conversion in the endgame).
  int conversion_for(uint64_t board) const;
  // Makes `board`'s threshold and conversion the ones leaves use; the table's
  // entries, valued under others, are dropped when they change.
  void use_leaf_rules_for(uint64_t board);
  // Whether the afterstate holds the conversion tile (a line ending there).
  bool converted(uint64_t after) const {
    return active_conversion_ > 0 && g2048::b4::max_exponent(after) >= active_conversion_;
  }
  Entry* slot(uint64_t after) { return &table_[(after * 0x9E3779B97F4A7C15ULL) >> (64 - settings_.table_bits)]; }
  // Fetches the table slots of the board's valid moves into the cache.
  void prefetch_moves(uint64_t board);
  float max_node(uint64_t board, int depth, float probability);
  float chance_node(uint64_t afterstate, int depth, float probability);
  // Runs the root at `depth`; returns the best direction and its value.
  int search_root(uint64_t board, int depth, float* best_value);

  // Values the valid children of a max node whose children are leaves, all at
  // once with the network: table probes, then weight prefetches for the misses, then sums.
  float network_leaves(const uint64_t after[4], const uint32_t reward[4], uint64_t board);

  const Evaluator& evaluator_;
  const PlayingNetwork* network_;  // the evaluator's network, or nullptr (heuristic)
  ExpectimaxSettings settings_;
  bool counts_reward_;
  HugeVector<Entry> table_;
  uint64_t table_mask_;
  uint64_t nodes_ = 0;
  double bank_ = 0;
  int active_downgrade_ = 0;   // the threshold leaf_view applies now
  int active_conversion_ = 0;  // the conversion tile's exponent now (0: none)
  RateGovernor governor_;
  double cpu_start_ = -1;
  SearchStats stats_;
};

// Process CPU seconds (all threads).
double process_cpu_seconds();

}  // namespace bot2048
