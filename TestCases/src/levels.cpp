#include "levels.h"

#include "alphabeta.h"

namespace ladder {
namespace {

// One rung per level: a kind and its budget.
//   'r' n  rules 1..n: 1 random, 2 + wins, 3 + blocks, 4 + avoids the cell under a threat, 5 + centre
//   't' d  lookahead over wins and losses, depth d
//   'a' d  alpha-beta with the threat evaluation, depth d
//   'u' n, 'm' n, 'k' n  MCTS, n iterations, random / tactical / threat-keeping playouts
//
// Each tier of five levels beats the tier below it level for level (k + 5
// against k) by a clear step. Below MCTS the steps are kinds of player
// (rules, lookahead, alpha-beta with an evaluation). From level 16 on, each
// step is about 2.4 times the "tactical-equivalent" iterations, where a
// threat-keeping playout counts as two tactical ones (measured: it beats
// tactical playouts at equal iterations 65-75% and at half 69-81%);
// iterations alone gain less and less at high counts, so the switch of
// policy at level 31 keeps the top within ~0.5 s a move. Inside a tier the
// budget grows by ~5% a level, so the ladder also climbs inside a tier.
struct Rung {
  char kind;
  int budget;
};
constexpr Rung kRungs[kLevels] = {
    // 1..5: one-move rules
    {'r', 1}, {'r', 2}, {'r', 3}, {'r', 4}, {'r', 5},
    // 6..10: lookahead over wins and losses
    {'t', 2}, {'t', 2}, {'t', 3}, {'t', 3}, {'t', 4},
    // 11..15: alpha-beta with the threat evaluation
    {'a', 2}, {'a', 2}, {'a', 2}, {'a', 3}, {'a', 3},
    // 16..30: MCTS, tactical playouts
    {'m', 205}, {'m', 215}, {'m', 227}, {'m', 238}, {'m', 250},
    {'m', 490}, {'m', 520}, {'m', 545}, {'m', 570}, {'m', 600},
    {'m', 1180}, {'m', 1240}, {'m', 1300}, {'m', 1370}, {'m', 1440},
    // 31..50: MCTS, threat-keeping playouts
    {'k', 1420}, {'k', 1490}, {'k', 1570}, {'k', 1650}, {'k', 1730},
    {'k', 3400}, {'k', 3580}, {'k', 3760}, {'k', 3950}, {'k', 4150},
    {'k', 8200}, {'k', 8600}, {'k', 9050}, {'k', 9500}, {'k', 10000},
    {'k', 19700}, {'k', 20700}, {'k', 21700}, {'k', 22800}, {'k', 24000},
};

}  // namespace

LevelPlan plan_from_code(char kind, int budget) {
  LevelPlan plan;
  switch (kind) {
    case 'r':
      plan.kind = LevelPlan::kRules;
      plan.rules.take_wins = budget >= 2;
      plan.rules.block = budget >= 3;
      plan.rules.avoid_under = budget >= 4;
      plan.rules.prefer_centre = budget >= 5;
      break;
    case 't':
    case 'c':
    case 'a':
      plan.kind = LevelPlan::kAlphaBeta;
      plan.depth = budget;
      plan.eval = kind == 't' ? Evaluation::kNone : kind == 'c' ? Evaluation::kCentre : Evaluation::kFull;
      break;
    default:
      plan.kind = LevelPlan::kMcts;
      plan.mcts.iterations = budget;
      plan.mcts.policy = kind == 'u' ? Playout::kRandom : kind == 'm' ? Playout::kTactical : Playout::kKeepThreats;
      break;
  }
  return plan;
}

LevelPlan level_plan(int level) { return plan_from_code(kRungs[level - 1].kind, kRungs[level - 1].budget); }

std::string describe(const LevelPlan& plan) {
  switch (plan.kind) {
    case LevelPlan::kRules: {
      std::string s = "random";
      if (plan.rules.take_wins) s += ", wins";
      if (plan.rules.block) s += ", blocks";
      if (plan.rules.avoid_under) s += ", avoids the cell under a threat";
      if (plan.rules.prefer_centre) s += ", prefers the centre";
      return s;
    }
    case LevelPlan::kAlphaBeta:
      return std::string(plan.eval == Evaluation::kNone ? "lookahead (wins and losses) depth "
                         : plan.eval == Evaluation::kCentre ? "alpha-beta (centre) depth "
                                                             : "alpha-beta depth ") +
             std::to_string(plan.depth);
    case LevelPlan::kMcts:
      return std::string(plan.mcts.policy == Playout::kRandom     ? "MCTS, random playouts, "
                         : plan.mcts.policy == Playout::kTactical ? "MCTS, tactical playouts, "
                                                                  : "MCTS, threat-keeping playouts, ") +
             std::to_string(plan.mcts.iterations) + " iterations";
  }
  return "?";
}

Bits plan_move(const LevelPlan& plan, const Position& pos, Rng& rng) {
  switch (plan.kind) {
    case LevelPlan::kRules: return rule_move(pos, plan.rules, rng);
    case LevelPlan::kAlphaBeta: return alphabeta_move(pos, plan.depth, plan.eval, rng);
    case LevelPlan::kMcts: return mcts_move(pos, plan.mcts, rng);
  }
  return pos.playable().lowest();
}

}  // namespace ladder
