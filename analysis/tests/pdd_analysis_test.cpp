// The Ponte del Diavolo analysis (analysis/pdd_analysis.cpp) and the fixed-depth
// search it uses (players/search.h): a bad action shows a loss, the best value
// is never below the played one, the same text on every run, and stepLogs
// that do not replay.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "../../PonteDelDiavolo/players/evaluation.h"
#include "../../PonteDelDiavolo/players/search.h"
#include "../../PonteDelDiavolo/rules/actions.h"
#include "../../PonteDelDiavolo/rules/files.h"
#include "../../common/json.h"
#include "../analyzer.h"

namespace {

using judge::JsonValue;

constexpr int kDepth = 2;

// A number of the analysis (at most 4 decimals, 6 significant digits) against the exact one.
bool close(double written, double exact) { return std::abs(written - exact) <= 2e-4 + 1e-5 * std::abs(exact); }

struct Game {
  std::string steplog;
  std::vector<pdd::Board> boards;  // before each action
  std::vector<pdd::Colour> movers;
  std::vector<pdd::Action> actions;
  std::vector<bool> offered;  // the Change offered to the mover
};

// The legal action of `mover` the static evaluation likes least: a gift to the opponent.
pdd::Action worst_action(const pdd::Board& board, pdd::Colour mover, bool offered) {
  const std::vector<pdd::Action> legal = pdd::legal_actions(board, mover, offered, pdd::Crossing::kStrict);
  REQUIRE(!legal.empty());
  pdd::Action worst = legal[0];
  double lowest = 1e300;
  for (const pdd::Action& a : legal) {
    pdd::Board after = board;
    pdd::apply_action(after, mover, a);
    const double v = pdd::evaluate(after, mover);
    if (v < lowest) lowest = v, worst = a;
  }
  return worst;
}

// Up to `actions` actions as the referee would record them, each the search's
// best at depth 1, but for action `bad` (from 1; 0: none), the worst one.
Game play(int actions, int bad) {
  Game g;
  pdd::Board board;
  pdd::Colour due = pdd::kWhite;
  std::vector<pdd::StepRecord> steps;
  auto offered = [&](pdd::Colour c) {
    return c == pdd::kBlack && steps.size() == 1 && steps[0].action.kind == pdd::Action::kChess;
  };
  for (int k = 1; k <= actions; ++k) {
    const pdd::Colour mover = pdd::player_to_act(board, due, offered, pdd::Crossing::kStrict);
    if (mover == pdd::kEmpty) break;
    pdd::Action action;
    double value = 0;
    if (k == bad)
      action = worst_action(board, mover, offered(mover));
    else
      REQUIRE(pdd::best_action_value(board, mover, offered(mover), 1, &action, &value));
    g.boards.push_back(board);
    g.movers.push_back(mover);
    g.actions.push_back(action);
    g.offered.push_back(offered(mover));
    steps.push_back(pdd::StepRecord{mover, k, action});
    g.steplog += (k > 1 ? " " : "") + pdd::format_step(steps.back());
    pdd::apply_action(board, mover, action);
    due = pdd::opponent(mover);
  }
  return g;
}

std::string line_of(const std::string& steplog) {
  judge::JsonWriter json;
  return json.begin_object()
      .field("game", 1)
      .field("seed", 1)
      .field("white", "w")
      .field("black", "b")
      .field("winner", "W")
      .field("time_limit_ms", 3000)
      .field("steplog", steplog)
      .end_object()
      .str();
}

bool analyze(const std::string& line, analysis::GameAnalysis* out, JsonValue* json, std::string* problem) {
  JsonValue game;
  std::string error;
  REQUIRE_MESSAGE(judge::parse_json(line, &game, &error), error);
  analysis::Effort effort;
  effort.pdd_depth = kDepth;
  if (!analysis::analyze_pdd(game, 3, effort, out, problem)) return false;
  REQUIRE_MESSAGE(judge::parse_json(out->json, json, &error), (error + " in " + out->json));
  return true;
}

std::string problem_of(const std::string& steplog) {
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  CHECK_FALSE(analyze(line_of(steplog), &a, &json, &problem));
  return problem;
}

}  // namespace

TEST_CASE("pdd: a bad action loses value; the best is never below the played") {
  const int bad = 9;
  const Game g = play(16, bad);
  REQUIRE(g.actions.size() == 16);
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE_MESSAGE(analyze(line_of(g.steplog), &a, &json, &problem), problem);
  CHECK(a.json.rfind("{\"line\":3,\"engine\":\"search depth 2\",\"actions\":[{\"by\":\"W\",\"value\":", 0) == 0);
  const JsonValue& actions = *json.find("actions");
  REQUIRE(actions.items.size() == g.actions.size());
  double largest = 0;
  for (size_t i = 0; i < actions.items.size(); ++i) {
    INFO("action " << i + 1);
    const JsonValue& e = actions.items[i];
    const double value = e.find("value")->number, best = e.find("best")->number, loss = e.find("loss")->number;
    CHECK(e.find("by")->text == std::string(1, pdd::colour_letter(g.movers[i])));
    CHECK(close(value, pdd::action_value(g.boards[i], g.movers[i], g.actions[i], kDepth)));
    CHECK(best >= value);
    CHECK(close(loss, best - value));
    // The best action is a legal one of the mover at this turn, worth `best`.
    std::vector<pdd::StepRecord> step;
    std::string error;
    REQUIRE(pdd::parse_steplog(e.find("best_action")->text, &step, &error));
    CHECK(step[0].colour == g.movers[i]);
    CHECK(step[0].turn == static_cast<int>(i + 1));
    const std::vector<pdd::Action> legal =
        pdd::legal_actions(g.boards[i], g.movers[i], g.offered[i], pdd::Crossing::kStrict);
    CHECK(std::find(legal.begin(), legal.end(), step[0].action) != legal.end());
    CHECK(close(best, pdd::action_value(g.boards[i], g.movers[i], step[0].action, kDepth)));
    largest = std::max(largest, loss);
  }
  const double bad_loss = actions.items[bad - 1].find("loss")->number;
  CHECK(bad_loss > 1.0);
  CHECK(close(largest, a.largest_loss));
  CHECK(close(bad_loss, largest));  // the bad action (White's, turn 9) is the game's costliest
  CHECK(a.summary.rfind("largest loss ", 0) == 0);
  CHECK(a.summary.find(" at action 9 by W") != std::string::npos);
  CHECK(a.accuracy == -1);
}

TEST_CASE("pdd: the fixed-depth search answers as choose_action with all the time it needs") {
  const Game g = play(14, 0);
  for (int depth : {1, 2, 3})
    for (size_t i = 0; i < g.boards.size(); i += 3) {
      INFO("depth " << depth << ", before action " << i + 1);
      pdd::SearchLimits limits;
      limits.think_ms = 100000000;
      limits.max_depth = depth;
      pdd::Action chosen, best;
      pdd::SearchReport report;
      double value = 0;
      REQUIRE(pdd::choose_action(g.boards[i], g.movers[i], g.offered[i], limits, &chosen, &report));
      REQUIRE(pdd::best_action_value(g.boards[i], g.movers[i], g.offered[i], depth, &best, &value));
      CHECK(best == chosen);
      CHECK(value == report.value);
      CHECK(value == pdd::action_value(g.boards[i], g.movers[i], best, depth));
    }
}

TEST_CASE("pdd: the same line gives the same analysis, byte for byte") {
  const std::string line = line_of(play(12, 5).steplog);
  analysis::GameAnalysis a, b, other;
  JsonValue json;
  std::string problem;
  REQUIRE(analyze(line, &a, &json, &problem));
  REQUIRE(analyze(line_of(play(12, 0).steplog), &other, &json, &problem));
  REQUIRE(analyze(line, &b, &json, &problem));
  CHECK(a.json == b.json);
  CHECK(a.summary == b.summary);
  CHECK(a.json != other.json);
}

TEST_CASE("pdd: Black's colour change replays") {
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE_MESSAGE(analyze(line_of("W_1_Chess_4,4_5,5 B_2_Change_4,4_5,5 W_3_Chess_0,0_9,9"), &a, &json, &problem),
                  problem);
  const JsonValue& actions = *json.find("actions");
  REQUIRE(actions.items.size() == 3);
  CHECK(actions.items[1].find("by")->text == "B");
  CHECK(actions.items[1].find("best")->number >= actions.items[1].find("value")->number);
}

TEST_CASE("pdd: a stepLog that does not replay is refused, naming the field and the action") {
  CHECK(problem_of("W_1_Chess_0,0_1,0 B_3_Chess_5,5_6,6") ==
        "field 'steplog' action 2 ('B_3_Chess_5,5_6,6'): turn 3, expected 2");
  CHECK(problem_of("W_1_Chess_0,0_1,0 W_2_Chess_5,5_6,6") ==
        "field 'steplog' action 2 ('W_2_Chess_5,5_6,6'): White is not the one to act");
  CHECK(problem_of("W_1_Chess_0,0_1,0 B_2_Chess_0,0_6,6") ==
        "field 'steplog' action 2 ('B_2_Chess_0,0_6,6'): not a legal action (the game does not replay)");
  CHECK(problem_of("W_1_Chess_0,0_1,0 B_2_Jump_0,0_6,6") ==
        "field 'steplog' action 2 ('B_2_Jump_0,0_6,6'): not Colour_Turn_Action_x1,y1_x2,y2");
  CHECK(problem_of("W_1_Chess_0,0_1,0 B_2_Change_0,0_1,0 W_3_Chess_5,5_6,6 B_4_Change_5,5_6,6")
            .rfind("field 'steplog' action 4 ", 0) == 0);
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  std::string no_steplog = line_of("");
  no_steplog.replace(no_steplog.find("\"steplog\""), 9, "\"stepLog\"");
  CHECK_FALSE(analyze(no_steplog, &a, &json, &problem));
  CHECK(problem == "field 'steplog' is missing or not a string");
}

TEST_CASE("pdd: a game without actions") {
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE(analyze(line_of(""), &a, &json, &problem));
  CHECK(a.json == "{\"line\":3,\"engine\":\"search depth 2\",\"actions\":[]}");
  CHECK(a.summary == "no actions");
  CHECK(a.largest_loss == 0);
}
