// The ladder: what sample strategy k (1..50) plays, as a fixed budget.
//
//   1       uniformly random legal moves
//   2       + wins when it can
//   3       + blocks the opponent's immediate win
//   4       + never lets the opponent land on his winning cell
//   5       + prefers the centre columns
//   6..10   shallow lookahead: alpha-beta over wins and losses, depth 2..4
//   11..15  alpha-beta with the threat evaluation, depth 2..3
//   16..30  MCTS, tactical playouts, 205 .. 1440 iterations
//   31..50  MCTS, threat-keeping playouts, 1420 .. 24000 iterations
// (the table is in levels.cpp; each five levels up is one clear step in strength)
//
// No level reads the clock: the same calls give the same moves on any machine.
#pragma once
#include <cstdint>
#include <string>

#include "alphabeta.h"
#include "mcts.h"
#include "policies.h"
#include "position.h"
#include "rng.h"

namespace ladder {

constexpr int kLevels = 50;

struct LevelPlan {
  enum Kind { kRules, kAlphaBeta, kMcts } kind = kRules;
  RulePolicy rules;
  int depth = 0;    // kAlphaBeta
  Evaluation eval = Evaluation::kFull;
  MctsParams mcts;  // kMcts
};

// Requires 1 <= level <= kLevels.
LevelPlan level_plan(int level);
// A plan by code (the table in levels.cpp): 'r' rules 1..5, 't' lookahead depth, 'c' alpha-beta
// (centre only) depth, 'a' alpha-beta depth, 'u' / 'm' / 'k' MCTS iterations with random /
// tactical / threat-keeping playouts.
LevelPlan plan_from_code(char kind, int budget);
// A plan as text: a code and its budget, then for MCTS optional suffixes: "s" solver,
// "d<n>" proof depth, "c<x>" exploration constant ("k20000s", "m1000c0.7d4"); or a level number.
LevelPlan parse_plan(const char* text);
// "random", "alpha-beta depth 4", "MCTS 2000 iterations", ...
std::string describe(const LevelPlan& plan);

// The move of a plan in `pos`; requires a playable cell.
Bits plan_move(const LevelPlan& plan, const Position& pos, Rng& rng);

}  // namespace ladder
