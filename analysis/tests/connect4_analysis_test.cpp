// The ConnectFour analysis of whole games: a game of perfect play with one
// blunder inserted (a move that lets the opponent connect four at once; a
// move that gives a proven win away) is flagged at that move and no other;
// and build/bin/analyze on real Compete records: the same bytes at -j 1,
// -j 2 and from merged shards; bad records named by file, line and field.
#include <doctest/doctest.h>

#include <algorithm>

#include <fstream>
#include <string>
#include <vector>

#include "../../common/json.h"
#include "../../common/json_read.h"
#include "../../common/tests/shell.h"
#include "../analyzer.h"
#include "../connect4_solver.h"

namespace {

const std::string kRoot = ANALYSIS_TEST_ROOT;

// A small board, so that the solver proves every position: nothing is estimated.
constexpr int kM = 4, kN = 6, kNoX = 1, kNoY = 2;

struct Game {
  std::vector<int> columns;  // in order; player 0 (A) first
  int code = 0;              // Compete's result code
};

// The record line Compete would write for `game` (the fields the analysis reads).
std::string record_line(const Game& game) {
  c4engine::Geometry g;
  g.init(kM, kN, kNoX, kNoY);
  c4engine::Position pos;
  pos.reset(&g);
  judge::JsonWriter json;
  json.begin_object()
      .field("round", 0)
      .field("game", 1)
      .field("seed", 1)
      .field("M", kM)
      .field("N", kN)
      .field("noX", kNoX)
      .field("noY", kNoY)
      .field("a", "a.so")
      .field("b", "b.so")
      .field("first", "A")
      .field("time_limit_ms", 3000);
  json.key("moves").begin_array();
  for (int y : game.columns) {
    const int x = pos.free_row(y);
    json.begin_array().value(pos.to_move() == 0 ? "A" : "B").value(x).value(y).value(1.0).value(1.0).end_array();
    pos.play(y);
  }
  json.end_array().field("code", game.code).field("result", "r").field("reason", "r").end_object();
  return json.str();
}

// A best column of the side to move, by the solver: the `pick`-th of them (modulo their number).
int best_column(const c4engine::Position& pos, analysis::Solver* solver, int pick = 0) {
  const analysis::SolveResult r = solver->solve(pos, 1LL << 40);
  REQUIRE(r.proven);
  REQUIRE(r.best);
  int k = pick % __builtin_popcount(r.best);
  uint32_t best = r.best;
  while (k-- > 0) best &= best - 1;
  return __builtin_ctz(best);
}

// Plays perfect moves from `pos` to the end; the game's code (1 A won, 2 B won, 0 a draw).
int play_out(c4engine::Position pos, std::vector<int>* columns, analysis::Solver* solver) {
  for (;;) {
    if (pos.full()) return 0;
    const int y = best_column(pos, solver);
    const int mover = pos.to_move();
    columns->push_back(y);
    if (pos.play(y)) return mover == 0 ? 1 : 2;
  }
}

// k moves of perfect play (the best columns taken in turn from the `variant`-th) into *pos and
// *columns; false if the game ended before.
bool perfect_prefix(const c4engine::Geometry& g, int k, int variant, analysis::Solver* solver, c4engine::Position* pos,
                    std::vector<int>* columns) {
  pos->reset(&g);
  for (int i = 0; i < k; ++i) {
    if (pos->full()) return false;
    const int y = best_column(*pos, solver, variant + i);
    columns->push_back(y);
    if (pos->play(y)) return false;
  }
  return !pos->full();
}

analysis::GameAnalysis analyse(
    const Game& game, analysis::Effort effort = [] {
      analysis::Effort e;
      e.connect4_solver_nodes = 1LL << 40;
      return e;
    }()) {
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(record_line(game), &v, &error));
  analysis::GameAnalysis a;
  REQUIRE(analysis::analyze_connect4(v, 1, effort, &a, &error));
  return a;
}

// The classes of the analysis's moves.
std::vector<std::string> classes(const analysis::GameAnalysis& a) {
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(a.json, &v, &error));
  std::vector<std::string> out;
  for (const judge::JsonValue& m : v.find("moves")->items) out.push_back(m.find("class")->text);
  for (const judge::JsonValue& p : v.find("positions")->items)
    CHECK(p.find("proof")->type == judge::JsonValue::kString);
  return out;
}

}  // namespace

TEST_CASE("a move that lets the opponent connect four at once is the losing move, and no other move is flagged") {
  analysis::Solver solver(20);
  c4engine::Geometry g;
  g.init(kM, kN, kNoX, kNoY);
  int found = 0;
  // Perfect play for k moves (the best columns taken in turn), then the side to move, not lost, lets the
  // opponent connect four at once: it leaves the opponent's winning cell open, or fills the cell under it.
  for (int trial = 0; trial < 200 && found < 3; ++trial) {
    c4engine::Position pos;
    std::vector<int> columns;
    if (!perfect_prefix(g, 2 + trial % 18, trial / 18, &solver, &pos, &columns)) continue;
    const analysis::SolveResult before = solver.solve(pos, 1LL << 40);
    if (before.outcome < 0) continue;
    uint16_t wins, blocks, safe;
    pos.classify(&wins, &blocks, &safe);
    if (wins) continue;
    const uint16_t blunders = static_cast<uint16_t>(blocks ? pos.open_columns() & ~blocks : pos.open_columns() & ~safe);
    if (!blunders) continue;
    const int blunder = __builtin_ctz(blunders);
    const int loser = pos.to_move();
    Game game;
    game.columns = columns;
    game.columns.push_back(blunder);
    pos.play(blunder);
    pos.classify(&wins, &blocks, &safe);
    REQUIRE(wins);
    game.columns.push_back(__builtin_ctz(wins));  // the opponent connects four
    game.code = loser == 0 ? 2 : 1;
    CAPTURE(trial);
    const analysis::GameAnalysis a = analyse(game);
    const int K = static_cast<int>(columns.size()) + 1;
    CHECK(a.has_losing_move);
    CHECK(a.losing_move == K);
    CHECK(a.loser == (loser == 0 ? "A" : "B"));
    CHECK(a.summary ==
          "losing move " + std::to_string(K) + " by " + a.loser + " (column " + std::to_string(blunder) + ")");
    const std::vector<std::string> cls = classes(a);
    for (size_t i = 0; i < cls.size(); ++i) CHECK(cls[i] == (static_cast<int>(i) + 1 == K ? "losing" : "ok"));
    ++found;
  }
  CHECK(found >= 1);
}

TEST_CASE("a move that gives a proven win away is a missed win, and no other move is flagged") {
  analysis::Solver solver(20);
  c4engine::Geometry g;
  g.init(kM, kN, kNoX, kNoY);
  int found = 0;
  for (int trial = 0; trial < 200 && found < 3; ++trial) {
    c4engine::Position pos;
    std::vector<int> columns;
    if (!perfect_prefix(g, trial % 18, trial / 18, &solver, &pos, &columns)) continue;
    if (solver.solve(pos, 1LL << 40).outcome != 1) continue;
    // A column after which the position is a proven draw: the win given away, the game not lost.
    int give_away = -1;
    for (int y = 0; y < kN && give_away < 0; ++y) {
      if (!((pos.open_columns() >> y) & 1) || pos.wins_with(y)) continue;
      c4engine::Position after = pos;
      after.play(y);
      if (!after.full() && solver.solve(after, 1LL << 40).outcome == 0) give_away = y;
    }
    if (give_away < 0) continue;
    Game game;
    game.columns = columns;
    game.columns.push_back(give_away);
    pos.play(give_away);
    game.code = play_out(pos, &game.columns, &solver);
    REQUIRE(game.code == 0);
    CAPTURE(trial);
    const analysis::GameAnalysis a = analyse(game);
    const int K = static_cast<int>(columns.size()) + 1;
    CHECK_FALSE(a.has_losing_move);
    CHECK(a.summary == "no losing move");
    const std::vector<std::string> cls = classes(a);
    for (size_t i = 0; i < cls.size(); ++i) CHECK(cls[i] == (static_cast<int>(i) + 1 == K ? "missed_win" : "ok"));
    ++found;
  }
  CHECK(found >= 1);
}

TEST_CASE("a won game whose first pass finds no losing move: the walk back finds it, or says before which move") {
  // A's move K turns a position that is not lost into a proven loss; then perfect play, B winning. The
  // first pass has neither the solver nor estimates, so it finds no losing move; the walk back must
  // find move K.
  c4engine::Geometry g;
  g.init(kM, kN, kNoX, kNoY);
  analysis::Solver solver;
  int found = 0, undetermined = 0;
  for (int trial = 0; trial < 60 && (found < 2 || undetermined < 1); ++trial) {
    c4engine::Position pos;
    std::vector<int> columns;
    if (!perfect_prefix(g, 2 * (trial % 6), trial / 6, &solver, &pos, &columns)) continue;
    if (solver.solve(pos, 1LL << 40).outcome == -1) continue;  // A is to move and not lost yet
    int blunder = -1;
    for (int y = 0; y < kN && blunder < 0; ++y) {
      if (!((pos.open_columns() >> y) & 1) || pos.wins_with(y)) continue;
      c4engine::Position after = pos;
      after.play(y);
      if (!after.full() && solver.solve(after, 1LL << 40).outcome == 1) blunder = y;
    }
    if (blunder < 0) continue;
    Game game;
    game.columns = columns;
    game.columns.push_back(blunder);
    pos.play(blunder);
    game.code = play_out(pos, &game.columns, &solver);
    REQUIRE(game.code == 2);
    const int K = static_cast<int>(columns.size()) + 1;
    CAPTURE(trial);
    CAPTURE(K);
    analysis::Effort blind;
    blind.connect4_solver_nodes = 0;
    blind.connect4_uct_iterations = 0;  // nothing estimated: the first pass sees only the end
    // The first pass alone: only games it finds no losing move in are this test's.
    blind.connect4_deepen_nodes = 0;
    const analysis::GameAnalysis first = analyse(game, blind);
    CHECK(first.json.find("walk back") == std::string::npos);
    CHECK_FALSE(first.has_losing_move);
    CHECK(first.summary == "no losing move");
    // Enough for the walk back: the losing move, exactly.
    blind.connect4_deepen_nodes = 1LL << 40;
    const analysis::GameAnalysis a = analyse(game, blind);
    CHECK(a.has_losing_move);
    CHECK(a.losing_move == K);
    CHECK(a.summary.rfind("losing move " + std::to_string(K) + " by A", 0) == 0);
    CHECK(a.json.find("walk back") != std::string::npos);
    ++found;
    // A walk back of a few nodes: undetermined, before a move after K, never just "no losing move".
    blind.connect4_deepen_nodes = 3;
    const analysis::GameAnalysis b = analyse(game, blind);
    CHECK(b.summary != "no losing move");
    if (!b.has_losing_move) {
      CHECK(b.undetermined_before > K);
      CHECK(b.summary.rfind("losing move undetermined: before move " + std::to_string(b.undetermined_before), 0) == 0);
      ++undetermined;
    }
  }
  CHECK(found >= 1);
  CHECK(undetermined >= 1);
}

TEST_CASE("analyze: a Compete record gives the same annotated record at -j 1, -j 2 and from merged shards") {
  test_shell::TempDir dir;
  std::string out;
  REQUIRE(test_shell::run_in(dir.path(),
                             kRoot + "/Compete/Compete " + kRoot + "/TestCases/11.so " + kRoot +
                                 "/TestCases/31.so m.txt 3 --seed 9 -j 2 --record m.jsonl",
                             &out) == 0);
  const std::string analyze = kRoot + "/build/bin/analyze m.jsonl --solver-nodes 20000 --uct-iterations 500 ";
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o one.jsonl --summary", &out) == 0);
  const std::string summary = out;
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o two.jsonl -j 2", &out) == 0);
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o s0.jsonl --shard 0/2", &out) == 0);
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o s1.jsonl --shard 1/2 -j 2", &out) == 0);
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o merged.jsonl --merge s1.jsonl s0.jsonl", &out) == 0);
  const std::string one = test_shell::read_file(dir / "one.jsonl");
  CHECK(one == test_shell::read_file(dir / "two.jsonl"));
  CHECK(one == test_shell::read_file(dir / "merged.jsonl"));
  // Each line is the record's line with the analysis appended; the summary has a line per game.
  const std::string record = test_shell::read_file(dir / "m.jsonl");
  size_t at = 0, games = 0;
  for (size_t r = 0, a = 0; r < record.size(); ++games) {
    const size_t r_end = record.find('\n', r), a_end = one.find('\n', a);
    const std::string line = record.substr(r, r_end - r), annotated = one.substr(a, a_end - a);
    CHECK(annotated.compare(0, line.size() - 1, line, 0, line.size() - 1) == 0);
    CHECK(annotated.find(",\"analysis\":{\"line\":" + std::to_string(games + 1) + ",") == line.size() - 1);
    r = r_end + 1;
    a = a_end + 1;
    at = summary.find("game " + std::to_string(games + 1) + ": ", at);
    CHECK(at != std::string::npos);
  }
  CHECK(games == 6);
  CHECK(summary.find("total: 6 games, ") != std::string::npos);
  // A missing shard is named; nothing is written.
  CHECK(test_shell::run_in(dir.path(), analyze + "-o partial.jsonl --merge s0.jsonl", &out) == 1);
  CHECK(out.find("missing shard 1/2 (none of its 3 games is in the records)") != std::string::npos);
  CHECK_FALSE(std::ifstream(dir / "partial.jsonl").good());
  // A shard's output is written game by game; a shard run again analyses only the games it lacks.
  const std::string s0 = test_shell::read_file(dir / "s0.jsonl");
  CHECK(s0.find(",\"shard\":\"0/2\"}\n") != std::string::npos);
  std::ofstream(dir / "s0.jsonl", std::ios::trunc) << s0.substr(0, s0.find('\n') + 1);
  REQUIRE(test_shell::run_in(dir.path(), analyze + "-o s0.jsonl --shard 0/2 --summary", &out) == 0);
  CHECK(test_shell::read_file(dir / "s0.jsonl") == s0);
  CHECK(out.find("game 1: ") == std::string::npos);
  CHECK(out.find("game 3: ") != std::string::npos);
  // Shards of another record are refused by game.
  REQUIRE(test_shell::run_in(
              dir.path(),
              "head -n 4 m.jsonl > other.jsonl && sed -n 6p m.jsonl >> other.jsonl && sed -n 5p m.jsonl >> other.jsonl",
              &out) == 0);
  CHECK(test_shell::run_in(dir.path(), kRoot + "/build/bin/analyze other.jsonl -o x.jsonl --merge s1.jsonl s0.jsonl",
                           &out) == 1);
  CHECK(out.find("game 5 is not the record's game 5: an analysis of another record") != std::string::npos);
}

TEST_CASE("analyze: a truncated or hostile record is named by file, line and field, with a non-zero exit") {
  test_shell::TempDir dir;
  const std::string good = record_line(Game{{2, 2, 3}, 0});
  std::string out;
  const std::string analyze = kRoot + "/build/bin/analyze ";
  // Cut short mid-line.
  std::FILE* f = std::fopen((dir / "cut.jsonl").c_str(), "w");
  std::fprintf(f, "%s\n%s", good.c_str(), good.substr(0, good.size() / 2).c_str());
  std::fclose(f);
  CHECK(test_shell::run_in(dir.path(), analyze + "cut.jsonl -o out.jsonl", &out) == 1);
  CHECK(out.find("analyze: cut.jsonl:2:") != std::string::npos);
  // A move that is not the next free cell of its column (valid JSON, on the board).
  std::string bad = record_line(Game{{2, 2, 3}, 0});
  bad.replace(bad.find("[\"B\",2,2,"), 9, "[\"B\",0,2,");
  f = std::fopen((dir / "bad.jsonl").c_str(), "w");
  std::fprintf(f, "%s\n%s\n", good.c_str(), bad.c_str());
  std::fclose(f);
  CHECK(test_shell::run_in(dir.path(), analyze + "bad.jsonl -o out.jsonl", &out) == 1);
  CHECK(out.find("analyze: bad.jsonl: game 2: field 'moves' item 2 (0, 2) is not the next free cell of its column") !=
        std::string::npos);
  // The games before the bad one keep their analysis: one line, game 1's.
  const std::string kept = test_shell::read_file(dir / "out.jsonl");
  CHECK(std::count(kept.begin(), kept.end(), '\n') == 1);
  CHECK(kept.find("\"analysis\":{\"line\":1,") != std::string::npos);
  std::remove((dir / "out.jsonl").c_str());
  // Not JSON at all; no -o.
  f = std::fopen((dir / "junk.jsonl").c_str(), "w");
  std::fprintf(f, "<script>alert(1)</script>\n");
  std::fclose(f);
  CHECK(test_shell::run_in(dir.path(), analyze + "junk.jsonl -o out.jsonl", &out) == 1);
  CHECK(out.find("junk.jsonl:1:") != std::string::npos);
  CHECK(test_shell::run_in(dir.path(), analyze + "junk.jsonl", &out) == 2);
  CHECK(out.find("missing -o") != std::string::npos);
}
