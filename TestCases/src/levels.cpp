#include "levels.h"

#include <cmath>

#include "alphabeta.h"

namespace ladder {
namespace {

constexpr int kFirstLookahead = 6;   // depth 2 at level 6 .. depth 6 at level 10
constexpr int kLastLookahead = 10;
constexpr int kFirstMcts = kLastLookahead + 1;
constexpr double kMctsFirstIterations = 60;
constexpr double kMctsLastIterations = 30000;

}  // namespace

LevelPlan level_plan(int level) {
  LevelPlan plan;
  if (level < kFirstLookahead) {
    plan.kind = LevelPlan::kRules;
    plan.rules.take_wins = level >= 2;
    plan.rules.block = level >= 3;
    plan.rules.avoid_under = level >= 4;
    plan.rules.prefer_centre = level >= 5;
  } else if (level <= kLastLookahead) {
    // Shallow lookahead: alpha-beta that sees only wins and losses.
    plan.kind = LevelPlan::kAlphaBeta;
    plan.depth = level - kFirstLookahead + 2;
    plan.eval = Evaluation::kNone;
  } else {
    plan.kind = LevelPlan::kMcts;
    // Iterations grow geometrically from the first MCTS level to the last.
    double t = double(level - kFirstMcts) / (kLevels - kFirstMcts);
    double iterations = kMctsFirstIterations * std::pow(kMctsLastIterations / kMctsFirstIterations, t);
    plan.mcts.iterations = static_cast<int>(std::lround(iterations / 10) * 10);
  }
  return plan;
}

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
      return "MCTS " + std::to_string(plan.mcts.iterations) + " iterations";
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
