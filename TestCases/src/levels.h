// The ladder: what sample strategy k (1..50) plays, as a fixed budget.
//
//   1..5    uniformly random legal moves
//   6..10   wins when it can; else random, weighted towards the centre columns
//   11..15  + blocks the opponent's immediate win, never lets him land on his winning cell
//   16..20  shallow lookahead: alpha-beta over wins and losses, depth 2
//   21..35  MCTS, tactical playouts, 92 .. 1160 iterations
//   36..50  MCTS-solver, threat-keeping playouts, 3200 .. 64000 iterations
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

}  // namespace ladder
