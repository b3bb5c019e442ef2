// 2048 (Run2048 records): replays a game from its directions and spawns on the
// 4x4 engine and, before each move, values the four directions with the bot's
// expectimax at a fixed depth (README.md, "2048").
//
// Invariants: the search is the bot's (its network, its leaf downgrading) with
// no clock and no budget, a fresh transposition table per game, and the
// positions visited in the game's order, so that a line's analysis depends on
// that line and the depth alone.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "../Game2048/bot/evaluator.h"
#include "../Game2048/bot/expectimax.h"
#include "../Game2048/bot/weights_file.h"
#include "../Game2048/engine/board4.h"
#include "../Game2048/engine/recorded_moves.h"
#include "../common/json.h"
#include "analyzer.h"

namespace analysis {
namespace {

namespace b4 = g2048::b4;

constexpr char kDirections[] = "LDRU";  // the engine's direction numbers 0..3 (slide.h)
constexpr int kCostliest = 5;
// The bot's own leaf rule (Game2048/bot/agent.cpp, kNetworkDowngradeFrom):
// leaves with a tile of 2^13 or more are valued as their downgraded board.
constexpr int kDowngradeFrom = 13;

// The committed network, loaded once per process (thread-safe: a function's
// static), or nullptr with *problem when it cannot be loaded. Never the
// heuristic in its place: an analysis by another engine would pass unnoticed.
const bot2048::Evaluator* network(std::string* problem) {
  struct Loaded {
    std::unique_ptr<bot2048::Evaluator> evaluator;
    std::string error;
  };
  static const Loaded loaded = [] {
    Loaded l;
    std::unique_ptr<bot2048::PlayingNetwork> net(new bot2048::PlayingNetwork);
    std::string note;
    if (bot2048::load_weights(bot2048::default_weights_path(), net.get(), &note, &l.error))
      l.evaluator.reset(new bot2048::NetworkEvaluator(std::move(net)));
    return l;
  }();
  if (!loaded.evaluator) *problem = "the 2048 network cannot be loaded: " + loaded.error;
  return loaded.evaluator.get();
}

bot2048::ExpectimaxSettings search_settings() {
  bot2048::ExpectimaxSettings s;
  s.min_moves_per_second = 0;  // no clock
  s.downgrade_from = kDowngradeFrom;
  return s;
}

// A number as the README writes them: at most 4 decimals; null when `v` < 0 (does not apply).
void number(judge::JsonWriter& json, double v) {
  if (v < 0)
    json.raw("null");
  else
    json.value(std::round(v * 1e4) / 1e4);  // v >= 0: never -0
}

// Puts spawn `item` (from 0) on *board; "" or what is wrong.
std::string spawn(const std::vector<g2048::ContestGame::Spawn>& spawns, size_t item, uint64_t* board) {
  const int cell = spawns[item].cell;
  if (b4::get_cell(*board, cell) != 0)
    return "field 'spawns' item " + std::to_string(item + 1) + ": cell " + std::string(1, "0123456789abcdef"[cell]) +
           " holds a tile already (the game does not replay)";
  *board = b4::set_cell(*board, cell, spawns[item].value == 4 ? 2 : 1);
  return "";
}

}  // namespace

bool analyze_2048(const judge::JsonValue& game, int line, const Effort& effort, GameAnalysis* out,
                  std::string* problem) {
  const judge::JsonValue* directions = game.find("directions");
  const judge::JsonValue* spawns_text = game.find("spawns");
  const judge::JsonValue* score = game.find("score");
  if (!directions || directions->type != judge::JsonValue::kString)
    return *problem = "field 'directions' is missing or not a string", false;
  if (!spawns_text || spawns_text->type != judge::JsonValue::kString)
    return *problem = "field 'spawns' is missing or not a string", false;
  const std::string& moves = directions->text;
  std::vector<g2048::ContestGame::Spawn> spawns;
  if (!(*problem = g2048::read_recorded_moves(moves, spawns_text->text, &spawns)).empty()) return false;
  const bot2048::Evaluator* evaluator = network(problem);
  if (!evaluator) return false;

  // values[k][d]: direction d before move k + 1; < 0 where d changes nothing.
  std::vector<std::array<float, 4>> values(moves.size());
  std::vector<int> played(moves.size());
  {
    bot2048::Expectimax search(*evaluator, search_settings());  // a fresh table: this game alone
    uint64_t board = 0;
    int64_t replayed_score = 0;
    for (size_t item = 0; item < 2; ++item)
      if (!(*problem = spawn(spawns, item, &board)).empty()) return false;
    for (size_t k = 0; k < moves.size(); ++k) {
      const std::string where = "field 'directions' item " + std::to_string(k + 1) + ": ";
      played[k] = static_cast<int>(std::strchr(kDirections, moves[k]) - kDirections);  // a letter of kDirections
      search.evaluate_moves(board, effort.game2048_depth, values[k].data());
      uint32_t reward = 0;
      const uint64_t after = b4::move(board, played[k], &reward);
      if (after == board) return *problem = where + "'" + moves.substr(k, 1) + "' changes nothing", false;
      replayed_score += reward;
      board = after;
      if (!(*problem = spawn(spawns, k + 2, &board)).empty()) return false;
    }
    // The moves make the recorded score (and so do not pass the engine's largest
    // tile, 32768: two of them do not merge on it, and the game replays otherwise).
    if (score && score->type == judge::JsonValue::kNumber && score->number != double(replayed_score))
      return *problem = "field 'score' is " + score->text + ", the moves replay to " + std::to_string(replayed_score),
             false;
  }

  // Accuracy, and each move's loss against the best direction.
  std::vector<std::pair<double, int>> losses;  // (loss > 0, move from 1)
  int best_moves = 0;
  for (size_t k = 0; k < moves.size(); ++k) {
    const float best = *std::max_element(values[k].begin(), values[k].end());
    const float mine = values[k][played[k]];
    if (mine >= best) {
      ++best_moves;
    } else {
      losses.emplace_back(double(best) - double(mine), static_cast<int>(k + 1));
    }
  }
  std::stable_sort(losses.begin(), losses.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  if (losses.size() > kCostliest) losses.resize(kCostliest);
  const double accuracy = moves.empty() ? -1 : double(best_moves) / double(moves.size());

  judge::JsonWriter json;
  json.begin_object().field("line", line).field("engine", "expectimax depth " + std::to_string(effort.game2048_depth));
  json.key("moves").begin_array();
  for (const auto& v : values) {
    json.begin_array();
    for (float x : v) number(json, x);
    json.end_array();
  }
  json.end_array();
  json.key("accuracy");
  number(json, accuracy);
  json.key("costliest").begin_array();
  for (const auto& [loss, k] : losses) {
    json.begin_array().value(k);
    number(json, loss);
    json.end_array();
  }
  json.end_array().end_object();

  *out = GameAnalysis();
  out->json = json.str();
  out->accuracy = accuracy;
  char text[128];
  if (moves.empty())
    std::snprintf(text, sizeof text, "no moves");
  else if (losses.empty())
    std::snprintf(text, sizeof text, "accuracy %.2f, every move the best", accuracy);
  else
    std::snprintf(text, sizeof text, "accuracy %.2f, costliest move %d (loss %.1f)", accuracy, losses[0].second,
                  losses[0].first);
  out->summary = text;
  return true;
}

}  // namespace analysis
