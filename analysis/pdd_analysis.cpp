// Ponte del Diavolo (pdd-referee records): replays a game's stepLog with the
// rules library and, for each action, values the action played and the best
// action by our search at a fixed depth, both for the mover (README.md,
// "Ponte del Diavolo").
//
// Invariants: the search runs to its depth with no clock (search.h,
// action_value and best_action_value), so a line's analysis depends on that
// line and the depth alone; the best value is never below the played one (the
// played action counts as searched: when the selective search misses a better
// one, the played action is the best), so every loss is >= 0.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "../PonteDelDiavolo/players/search.h"
#include "../PonteDelDiavolo/referee/record.h"
#include "../PonteDelDiavolo/rules/actions.h"
#include "../PonteDelDiavolo/rules/files.h"
#include "../PonteDelDiavolo/rules/placement.h"
#include "../common/json.h"
#include "analyzer.h"

namespace analysis {
namespace {

using pdd::Action;
using pdd::Colour;

// The referee's offer (referee/match.cpp): Black, on its first call, right after White's opening tiles.
bool change_offered(Colour mover, const std::vector<pdd::StepRecord>& steps) {
  return mover == pdd::kBlack && steps.size() == 1 && steps[0].colour == pdd::kWhite &&
         steps[0].action.kind == Action::kChess;
}

// Whether the referee could have accepted `action` by `mover`. The record does
// not say which crossing rule the game had: a bridge passes if it is legal under
// the more permissive one (shared covered cells only).
bool accepted(const pdd::Board& board, Colour mover, bool offered, const Action& action) {
  switch (action.kind) {
    case Action::kChess: {
      const int cells[2] = {action.a, action.b};
      return pdd::check_placement(board, mover, cells, 2) == pdd::Violation::kNone;
    }
    case Action::kBridge:
      return pdd::check_bridge(board, mover, action.a, action.b, pdd::Crossing::kCellsOnly) == pdd::Violation::kNone;
    case Action::kChange:
      return offered && board.tile_count(pdd::kWhite) == 2 && board.at(action.a) == pdd::kWhite &&
             board.at(action.b) == pdd::kWhite;
  }
  return false;
}

// Whether `mover` was the one to act when `due` was (the pass rule), under either crossing rule.
bool to_act(const pdd::Board& board, Colour due, Colour mover, const std::vector<pdd::StepRecord>& steps) {
  auto offered = [&](Colour c) { return change_offered(c, steps); };
  for (pdd::Crossing crossing : {pdd::Crossing::kStrict, pdd::Crossing::kCellsOnly})
    if (pdd::player_to_act(board, due, offered, crossing) == mover) return true;
  return false;
}

// A number as the README writes them: at most 4 decimals (and 0, never -0).
void number(judge::JsonWriter& json, double v) { json.value(std::round(v * 1e4) / 1e4 + 0.0); }

struct Entry {
  Colour by;
  double value, best, loss;
  std::string best_action;  // as a stepLog line: "W_3_Chess_0,2_1,3"
};

}  // namespace

bool analyze_pdd(const judge::JsonValue& game, int line, const Effort& effort, GameAnalysis* out,
                 std::string* problem) {
  pdd::RecordLine record;
  if (!pdd::read_record_line(game, &record, problem)) return false;
  const int depth = effort.pdd_depth;

  std::vector<pdd::StepRecord> steps;  // the actions replayed so far
  std::vector<Entry> entries;
  pdd::Board board;
  Colour due = pdd::kWhite;
  std::istringstream words(record.steplog);
  std::string text;
  for (int k = 1; words >> text; ++k) {
    const std::string where = "field 'steplog' action " + std::to_string(k) + " ('" + text + "'): ";
    std::vector<pdd::StepRecord> one;
    std::string error;
    if (!pdd::parse_steplog(text, &one, &error) || one.size() != 1)
      return *problem = where + "not Colour_Turn_Action_x1,y1_x2,y2", false;
    const pdd::StepRecord step = one[0];
    if (step.turn != k)
      return *problem = where + "turn " + std::to_string(step.turn) + ", expected " + std::to_string(k), false;
    if (!to_act(board, due, step.colour, steps))
      return *problem = where + pdd::colour_name(step.colour) + " is not the one to act", false;
    const bool offered = change_offered(step.colour, steps);
    if (!accepted(board, step.colour, offered, step.action))
      return *problem = where + "not a legal action (the game does not replay)", false;

    Entry e{step.colour, 0, 0, 0, ""};
    e.value = pdd::action_value(board, step.colour, step.action, depth);
    Action best;
    if (!pdd::best_action_value(board, step.colour, offered, depth, &best, &e.best) || e.best < e.value) {
      best = step.action;  // the played action is worth more than the search's choice
      e.best = e.value;
    }
    e.loss = e.best - e.value;
    e.best_action = pdd::format_step(pdd::StepRecord{step.colour, k, best});
    entries.push_back(e);

    pdd::apply_action(board, step.colour, step.action);
    steps.push_back(step);
    due = pdd::opponent(step.colour);
  }

  judge::JsonWriter json;
  json.begin_object().field("line", line).field("engine", "search depth " + std::to_string(depth));
  json.key("actions").begin_array();
  size_t largest = 0;  // the first action with the largest loss
  for (size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    json.begin_object().field("by", std::string(1, pdd::colour_letter(e.by)));
    number(json.key("value"), e.value);
    number(json.key("best"), e.best);
    json.field("best_action", e.best_action);
    number(json.key("loss"), e.loss);
    json.end_object();
    if (e.loss > entries[largest].loss) largest = i;
  }
  json.end_array().end_object();

  *out = GameAnalysis();
  out->json = json.str();
  char summary[128];
  if (entries.empty()) {
    out->largest_loss = 0;
    std::snprintf(summary, sizeof summary, "no actions");
  } else {
    out->largest_loss = entries[largest].loss;
    std::snprintf(summary, sizeof summary, "largest loss %.1f at action %zu by %c", out->largest_loss, largest + 1,
                  pdd::colour_letter(entries[largest].by));
  }
  out->summary = summary;
  return true;
}

}  // namespace analysis
