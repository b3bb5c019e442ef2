// The 2048 analysis (analysis/game2048_analysis.cpp): the search's values of
// each direction, null exactly where a direction changes nothing, accuracy and
// the costliest moves, the same text on every run, and lines that do not replay.
//
// The games are played here by the same expectimax as the analysis (the bot's
// network and leaf rule, no clock, a fresh table per game), visiting the same
// positions in the same order, so its values are the analysis' values exactly.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "../../Game2048/bot/evaluator.h"
#include "../../Game2048/bot/expectimax.h"
#include "../../Game2048/engine/board4.h"
#include "../../common/json.h"
#include "../analyzer.h"

namespace {

namespace b4 = g2048::b4;
using judge::JsonValue;

constexpr int kDepth = 2;
constexpr char kLetters[] = "LDRU";

// A number of the analysis (at most 4 decimals, 6 significant digits) against the exact one.
bool close(double written, double exact) { return std::abs(written - exact) <= 2e-4 + 1e-5 * std::abs(exact); }

const bot2048::Evaluator& network() {
  static const std::unique_ptr<bot2048::Evaluator> evaluator = bot2048::load_evaluator(bot2048::default_weights_path());
  return *evaluator;
}

// The analysis' search: no clock, leaves with a tile of 8192 or more downgraded (as the bot plays).
bot2048::ExpectimaxSettings settings() {
  bot2048::ExpectimaxSettings s;
  s.min_moves_per_second = 0;
  s.downgrade_from = 13;
  return s;
}

struct Game {
  std::string directions, spawns;
  int64_t score = 0;
  std::vector<uint64_t> boards;              // before each move
  std::vector<std::array<float, 4>> values;  // the search's, before each move
};

// Spawns from a fixed generator: a 2 (or a 4, one time in ten) on an empty cell.
struct Spawner {
  uint64_t state;
  uint32_t next(uint32_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>((state >> 33) % n);
  }
  uint64_t spawn(uint64_t board, std::string* spawns) {
    int k = static_cast<int>(next(static_cast<uint32_t>(b4::count_empty(board))));
    int cell = 0;
    while (b4::get_cell(board, cell) != 0 || k-- > 0) ++cell;
    const bool four = next(10) == 0;
    *spawns += "0123456789abcdef"[cell];
    *spawns += four ? '4' : '2';
    return b4::set_cell(board, cell, four ? 2 : 1);
  }
};

// Up to `moves` moves from the start of `seed`; move k (from 1) goes where
// pick(k, values) says (a direction that moves), by default the search's best.
template <class Pick>
Game play(uint64_t seed, int moves, Pick pick) {
  bot2048::Expectimax search(network(), settings());
  Spawner spawner{seed};
  Game g;
  uint64_t board = spawner.spawn(spawner.spawn(0, &g.spawns), &g.spawns);
  for (int k = 1; k <= moves && !b4::is_game_over(board); ++k) {
    std::array<float, 4> v;
    search.evaluate_moves(board, kDepth, v.data());
    const int d = pick(k, v);
    uint32_t reward = 0;
    const uint64_t after = b4::move(board, d, &reward);
    REQUIRE(after != board);
    g.boards.push_back(board);
    g.values.push_back(v);
    g.directions += kLetters[d];
    g.score += reward;
    board = spawner.spawn(after, &g.spawns);
  }
  return g;
}

int best_of(const std::array<float, 4>& v) {
  int best = 0;
  for (int d = 1; d < 4; ++d)
    if (v[d] > v[best]) best = d;
  return best;
}
Game play(uint64_t seed, int moves) {
  return play(seed, moves, [](int, const std::array<float, 4>& v) { return best_of(v); });
}

std::string line_of(const Game& g) {
  judge::JsonWriter json;
  return json.begin_object()
      .field("game", 1)
      .field("end", "over")
      .field("score", g.score)
      .field("moves", static_cast<int64_t>(g.directions.size()))
      .field("directions", g.directions)
      .field("spawns", g.spawns)
      .end_object()
      .str();
}

// Analyses a record line; the analysis object parsed back into *json.
bool analyze(const std::string& line, analysis::GameAnalysis* out, JsonValue* json, std::string* problem,
             int number = 1) {
  JsonValue game;
  std::string error;
  REQUIRE_MESSAGE(judge::parse_json(line, &game, &error), error);
  analysis::Effort effort;
  effort.game2048_depth = kDepth;
  if (!analysis::analyze_2048(game, number, effort, out, problem)) return false;
  REQUIRE_MESSAGE(judge::parse_json(out->json, json, &error), (error + " in " + out->json));
  return true;
}

std::string problem_of(const std::string& line) {
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  CHECK_FALSE(analyze(line, &a, &json, &problem));
  return problem;
}

}  // namespace

TEST_CASE("2048: a game played by the expectimax at the same depth has accuracy 1 and its values") {
  const Game g = play(11, 150);
  REQUIRE(g.directions.size() == 150);
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE_MESSAGE(analyze(line_of(g), &a, &json, &problem, 7), problem);
  CHECK(a.json.rfind("{\"line\":7,\"engine\":\"expectimax depth 2\",\"moves\":[[", 0) == 0);
  CHECK(json.find("accuracy")->number == 1.0);
  CHECK(a.accuracy == 1.0);
  CHECK(json.find("costliest")->items.empty());
  CHECK(a.summary == "accuracy 1.00, every move the best");
  CHECK(a.largest_loss == -1);
  // Each direction: null exactly when it changes nothing, else the search's value (at most 4 decimals).
  const JsonValue& moves = *json.find("moves");
  REQUIRE(moves.items.size() == g.directions.size());
  for (size_t k = 0; k < moves.items.size(); ++k) {
    REQUIRE(moves.items[k].items.size() == 4);
    for (int d = 0; d < 4; ++d) {
      const JsonValue& v = moves.items[k].items[d];
      INFO("move " << k + 1 << " direction " << kLetters[d]);
      const bool moves_board = b4::move(g.boards[k], d) != g.boards[k];
      CHECK((v.type == JsonValue::kNull) == !moves_board);
      if (moves_board) CHECK(close(v.number, g.values[k][d]));
    }
  }
}

TEST_CASE("2048: a deliberately bad move is the costliest, with its loss against the best") {
  // Move 40 goes the way the search values least, when that is much worse than the best.
  int bad = 0;
  float loss = 0;
  const Game g = play(23, 120, [&](int k, const std::array<float, 4>& v) {
    const int best = best_of(v);
    int worst = best;
    for (int d = 0; d < 4; ++d)
      if (v[d] >= 0 && v[d] < v[worst]) worst = d;
    if (bad == 0 && k >= 40 && v[best] - v[worst] > 100) {
      bad = k;
      loss = v[best] - v[worst];
      return worst;
    }
    return best;
  });
  REQUIRE(bad > 0);
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE_MESSAGE(analyze(line_of(g), &a, &json, &problem), problem);
  const JsonValue& costliest = *json.find("costliest");
  REQUIRE(costliest.items.size() == 1);  // the only move that was not the best
  CHECK(costliest.items[0].items[0].number == bad);
  CHECK(close(costliest.items[0].items[1].number, loss));
  const double accuracy = double(g.directions.size() - 1) / double(g.directions.size());
  CHECK(a.accuracy == doctest::Approx(accuracy));
  CHECK(close(json.find("accuracy")->number, accuracy));
  CHECK(a.summary.find("costliest move " + std::to_string(bad) + " (loss ") != std::string::npos);
}

TEST_CASE("2048: costliest lists at most 5 moves, the largest loss first") {
  // Every tenth move from move 10 on goes the way the search values least.
  const Game g = play(5, 160, [](int k, const std::array<float, 4>& v) {
    int pick = best_of(v);
    if (k % 10 == 0)
      for (int d = 0; d < 4; ++d)
        if (v[d] >= 0 && v[d] < v[pick]) pick = d;
    return pick;
  });
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE_MESSAGE(analyze(line_of(g), &a, &json, &problem), problem);
  const JsonValue& costliest = *json.find("costliest");
  REQUIRE(costliest.items.size() == 5);
  for (size_t i = 1; i < costliest.items.size(); ++i)
    CHECK(costliest.items[i - 1].items[1].number >= costliest.items[i].items[1].number);
  for (const JsonValue& c : costliest.items) {
    const int k = static_cast<int>(c.items[0].number);
    const std::array<float, 4>& v = g.values[k - 1];
    CHECK(c.items[1].number > 0);
    const int played = static_cast<int>(std::string(kLetters).find(g.directions[k - 1]));
    CHECK(close(c.items[1].number, double(v[best_of(v)]) - double(v[played])));
  }
}

TEST_CASE("2048: the same line gives the same analysis, byte for byte, whatever ran before") {
  const std::string first = line_of(play(3, 100)), second = line_of(play(4, 100));
  analysis::GameAnalysis a, b, c;
  JsonValue json;
  std::string problem;
  REQUIRE(analyze(first, &a, &json, &problem));
  REQUIRE(analyze(second, &b, &json, &problem));
  REQUIRE(analyze(first, &c, &json, &problem));
  CHECK(a.json == c.json);
  CHECK(a.summary == c.summary);
  CHECK(a.json != b.json);
}

TEST_CASE("2048: a line that does not replay is refused, naming the field and the item") {
  const Game g = play(9, 60);
  SUBCASE("a direction that changes nothing") {
    // The first move with a direction that would not move the board: that direction instead.
    Game bad = g;
    size_t k = 0;
    int stuck = -1;
    for (; k < g.boards.size() && stuck < 0; ++k)
      for (int d = 0; d < 4 && stuck < 0; ++d)
        if (b4::move(g.boards[k], d) == g.boards[k]) stuck = d;
    REQUIRE(stuck >= 0);
    bad.directions[k - 1] = kLetters[stuck];
    CHECK(problem_of(line_of(bad)) == "field 'directions' item " + std::to_string(k) + ": '" +
                                          std::string(1, kLetters[stuck]) + "' changes nothing");
  }
  SUBCASE("a spawn on a tile") {
    // The spawn after move 10 (item 12) goes on the first tile of the board that move left.
    Game bad = g;
    const uint64_t after = b4::move(g.boards[9], static_cast<int>(std::string(kLetters).find(g.directions[9])));
    int cell = 0;
    while (b4::get_cell(after, cell) == 0) ++cell;
    bad.spawns[22] = "0123456789abcdef"[cell];
    CHECK(problem_of(line_of(bad)) == std::string("field 'spawns' item 12: cell ") + bad.spawns[22] +
                                          " holds a tile already (the game does not replay)");
  }
  SUBCASE("an unknown direction") {
    Game bad = g;
    bad.directions[4] = 'X';
    CHECK(problem_of(line_of(bad)) == "field 'directions' has 'X' at move 5 (expected L, D, R or U)");
  }
  SUBCASE("a spawn that is not a cell and 2 or 4") {
    Game bad = g;
    bad.spawns[7] = '8';
    CHECK(problem_of(line_of(bad)) ==
          "field 'spawns' item 4 is '" + bad.spawns.substr(6, 2) + "' (expected a cell 0-f and a value 2 or 4)");
  }
  SUBCASE("a spawn too few") {
    Game bad = g;
    bad.spawns.resize(bad.spawns.size() - 2);
    CHECK(problem_of(line_of(bad)).rfind("field 'spawns' has ", 0) == 0);
  }
  SUBCASE("a score the moves do not make") {
    Game bad = g;
    bad.score += 4;
    CHECK(problem_of(line_of(bad)).rfind("field 'score' is " + std::to_string(bad.score), 0) == 0);
  }
  SUBCASE("no spawns") {
    CHECK(problem_of("{\"game\":1,\"directions\":\"L\"}") == "field 'spawns' is missing or not a string");
  }
}

TEST_CASE("2048: a game without moves has no accuracy") {
  analysis::GameAnalysis a;
  JsonValue json;
  std::string problem;
  REQUIRE_MESSAGE(analyze("{\"game\":1,\"score\":0,\"directions\":\"\",\"spawns\":\"0214\"}", &a, &json, &problem),
                  problem);
  CHECK(a.json == "{\"line\":1,\"engine\":\"expectimax depth 2\",\"moves\":[],\"accuracy\":null,\"costliest\":[]}");
  CHECK(a.summary == "no moves");
}
