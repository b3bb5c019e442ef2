#include "levels.h"

#include <cstdlib>

#include "alphabeta.h"

namespace samples {
namespace {

// One rung per level, as a plan code (see parse_plan):
//   'p' b  rules as a bit set: 1 wins, 2 blocks, 4 avoids the cell under a threat, 8 centre
//          ('r' n: the first n of random, wins, blocks, avoids, centre)
//   't' d  lookahead over wins and losses, depth d
//   'c' d  alpha-beta with a centre evaluation, depth d
//   'a' d  alpha-beta with the threat evaluation, depth d
//   'u' n, 'm' n, 'k' n, 'f' n  MCTS, n iterations, random / tactical / threat-keeping /
//          follow-up playouts;
//          suffix 's': MCTS-solver
//
// Each tier of five levels must beat the tier below it level for level (k + 5
// against k) in at least 70% of the ladder bench's games, so a tier step has to
// win 80-90% of the games in duels (tools/duel.cpp, 200 games a pair for the
// cheap rungs, 100 for the top ones). Iterations alone gain little from a few
// thousand on (4x: 64-75%), so the steps alternate families, each strong against
// the one below it: rules, alpha-beta, MCTS with random playouts, alpha-beta at
// depth 6, then MCTS with ever better playouts. The duels are in the README.
// clang-format off
const char* const kRungs[kLevels] = {
    // 1..5: uniformly random
    "p0", "p0", "p0", "p0", "p0",
    // 6..10: wins when it can, centre-weighted
    "p9", "p9", "p9", "p9", "p9",
    // 11..15: also blocks, avoids the cell under a threat
    "p15", "p15", "p15", "p15", "p15",
    // 16..20: alpha-beta, centre evaluation, depth 2
    "c2", "c2", "c2", "c2", "c2",
    // 21..30: MCTS, random playouts
    "u430", "u440", "u450", "u460", "u470",
    "u1450", "u1500", "u1550", "u1600", "u1650",
    // 31..35: alpha-beta, threat evaluation, depth 6
    "a6", "a6", "a6", "a6", "a6",
    // 36..40: MCTS, tactical playouts
    "m5800", "m5900", "m6000", "m6100", "m6200",
    // 41..45: MCTS-solver, threat-keeping playouts
    "k23000s", "k23500s", "k24000s", "k24500s", "k25000s",
    // 46..50: MCTS-solver, follow-up playouts
    "f56000s", "f58000s", "f60000s", "f62000s", "f64000s",
};
// clang-format on

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
    case 'p':  // rules as a bit set: 1 wins, 2 blocks, 4 avoids the cell under a threat, 8 centre
      plan.kind = LevelPlan::kRules;
      plan.rules.take_wins = budget & 1;
      plan.rules.block = budget & 2;
      plan.rules.avoid_under = budget & 4;
      plan.rules.prefer_centre = budget & 8;
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
      plan.mcts.policy = kind == 'u'   ? Playout::kRandom
                         : kind == 'm' ? Playout::kTactical
                         : kind == 'q' ? Playout::kCentre
                         : kind == 'f' ? Playout::kFollowUp
                                       : Playout::kKeepThreats;
      break;
  }
  return plan;
}

LevelPlan parse_plan(const char* text) {
  if (text[0] >= '0' && text[0] <= '9') return level_plan(std::atoi(text));
  LevelPlan plan = plan_from_code(text[0], std::atoi(text + 1));
  if (plan.kind == LevelPlan::kMcts) {
    const char* p = text + 1;
    while (*p >= '0' && *p <= '9') ++p;
    for (; *p; ++p) {
      if (*p == 's') plan.mcts.solver = true;
      if (*p == 'd') plan.mcts.proof_depth = std::atoi(p + 1);
      if (*p == 'c') plan.mcts.exploration = std::atof(p + 1);
    }
  }
  return plan;
}

LevelPlan level_plan(int level) { return parse_plan(kRungs[level - 1]); }

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
      return std::string(plan.eval == Evaluation::kNone     ? "lookahead (wins and losses) depth "
                         : plan.eval == Evaluation::kCentre ? "alpha-beta (centre) depth "
                                                            : "alpha-beta depth ") +
             std::to_string(plan.depth);
    case LevelPlan::kMcts:
      return std::string(plan.mcts.policy == Playout::kRandom     ? "MCTS, random playouts, "
                         : plan.mcts.policy == Playout::kTactical ? "MCTS, tactical playouts, "
                         : plan.mcts.policy == Playout::kCentre   ? "MCTS, centre threat-keeping playouts, "
                         : plan.mcts.policy == Playout::kFollowUp ? "MCTS, follow-up playouts, "
                                                                  : "MCTS, threat-keeping playouts, ") +
             std::to_string(plan.mcts.iterations) + " iterations" + (plan.mcts.solver ? ", solver" : "") +
             (plan.mcts.proof_depth ? ", proof depth " + std::to_string(plan.mcts.proof_depth) : "");
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

}  // namespace samples
