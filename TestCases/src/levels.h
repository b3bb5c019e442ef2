// The sample ladder: what sample strategy k (1..50) plays, as a fixed budget.
//
//   1..5    uniformly random legal moves
//   6..10   wins when it can; else random, weighted towards the centre columns
//   11..15  + blocks the opponent's immediate win, never lets him land on his winning cell
//   16..20  alpha-beta, centre evaluation, depth 2
//   21..30  MCTS, random playouts, 430 .. 1650 iterations
//   31..35  alpha-beta, threat evaluation, depth 6
//   36..40  MCTS, tactical playouts, 5800 .. 6200 iterations
//   41..45  MCTS-solver, threat-keeping playouts, 23000 .. 25000 iterations
//   46..50  MCTS-solver, follow-up playouts, 56000 .. 64000 iterations
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

namespace samples {

constexpr int kLevels = 50;

struct LevelPlan {
  enum Kind { kRules, kAlphaBeta, kMcts } kind = kRules;
  RulePolicy rules;
  int depth = 0;  // kAlphaBeta
  Evaluation eval = Evaluation::kFull;
  MctsParams mcts;  // kMcts
};

// Requires 1 <= level <= kLevels.
LevelPlan level_plan(int level);
// A plan by code (the table in levels.cpp): 'r' rules 1..5, 'p' rules as a bit set (1 wins,
// 2 blocks, 4 avoids the cell under a threat, 8 centre), 't' lookahead depth, 'c' alpha-beta
// (centre only) depth, 'a' alpha-beta depth, 'u' / 'm' / 'k' / 'q' MCTS iterations with random /
// tactical / threat-keeping / centre-weighted threat-keeping playouts.
LevelPlan plan_from_code(char kind, int budget);
// A plan as text: a code and its budget, then for MCTS optional suffixes: "s" solver,
// "d<n>" proof depth, "c<x>" exploration constant ("k20000s", "m1000c0.7d4"); or a level number.
LevelPlan parse_plan(const char* text);
// "random", "alpha-beta depth 4", "MCTS 2000 iterations", ...
std::string describe(const LevelPlan& plan);

// The move of a plan in `pos`; requires a playable cell.
Bits plan_move(const LevelPlan& plan, const Position& pos, Rng& rng);

}  // namespace samples
