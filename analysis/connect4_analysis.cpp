// ConnectFour: every position of a Compete record's game, proven by the
// solver where its node budget allows and estimated by our UCT otherwise, and
// every move classified (README.md gives the format and the thresholds).
#include <cmath>
#include <vector>

#include "../Compete/record.h"
#include "../engine/uct.h"
#include "../common/json.h"
#include "analyzer.h"
#include "connect4_solver.h"

namespace analysis {
namespace {

// The thresholds of README.md, on the mover's expected score.
constexpr double kMistakeDrop = 0.25, kInaccuracyDrop = 0.15;
constexpr double kNotLostScore = 0.15, kLostScore = 0.10;
// The solver is tried from the game's end backwards until it fails this many positions in a row.
constexpr int kSolverMisses = 2;
constexpr uint64_t kUctSeed = 2026;

// One position from the view of its side to move.
struct Verdict {
  int to_move = 0;     // player 0 (who moved first) or 1
  double score = 0.5;  // the side to move's expected score
  int proof = 2;       // 1 win, 0 draw, -1 loss; 2: not proven
  int distance = -1;   // plies to the end, when proven by the solver (-1: unknown)
  uint16_t best = 0;   // best columns
  bool finished = false;
};

double rounded(double x) { return std::round(x * 10000) / 10000; }

}  // namespace

bool analyze_connect4(const judge::JsonValue& game, int line, const Effort& effort, GameAnalysis* out,
                      std::string* problem) {
  c4::RecordLine record;
  if (!c4::read_record_line(game, &record, problem)) return false;
  const int rows = record.M, cols = record.N;
  if (rows < 4 || rows > c4engine::kMaxSide || cols < 4 || cols > c4engine::kMaxSide) {
    *problem = "fields 'M', 'N', 'noX', 'noY' are not a board of 4..12 rows and columns with its blocked cell";
    return false;
  }
  const std::vector<c4::MoveRecord>& moves = record.result.moves;
  // Player 0 moved first.
  const std::string side_name[2] = {c4::side_name(record.first), c4::side_name(c4::opponent(record.first))};
  c4engine::Geometry geometry;
  geometry.init(rows, cols, record.noX, record.noY);

  // The positions after 0, 1, ..., n moves.
  std::vector<c4engine::Position> positions(1);
  positions[0].reset(&geometry);
  bool won = false;
  for (size_t k = 0; k < moves.size(); ++k) {
    const c4::MoveRecord& m = moves[k];
    const std::string item = "field 'moves' item " + std::to_string(k + 1);
    c4engine::Position pos = positions.back();
    if (won || pos.full()) {
      *problem = item + " comes after the game ended";
      return false;
    }
    if (c4::side_name(m.side) != side_name[pos.to_move()]) {
      *problem = item + " is " + c4::side_name(m.side) + "'s, but " + side_name[pos.to_move()] + " is to move";
      return false;
    }
    if (pos.free_row(m.y) != m.x) {
      *problem =
          item + " (" + std::to_string(m.x) + ", " + std::to_string(m.y) + ") is not the next free cell of its column";
      return false;
    }
    won = pos.play(m.y);
    positions.push_back(pos);
  }
  const int n = static_cast<int>(positions.size()) - 1;

  // Each position's verdict, from the end backwards (the solver's table helps the earlier ones).
  std::vector<Verdict> verdicts(n + 1);
  Solver solver;
  c4engine::Uct uct;
  if (effort.connect4_uct_iterations > 0 && !uct.init(1u << 18)) {
    *problem = "out of memory for the search";
    return false;
  }
  int misses = 0;
  for (int k = n; k >= 0; --k) {
    const c4engine::Position& pos = positions[k];
    Verdict& v = verdicts[k];
    v.to_move = pos.to_move();
    if ((k == n && won) || pos.full()) {  // finished: the side to move lost, or a draw
      v.finished = true;
      v.proof = won && k == n ? -1 : 0;
      v.score = v.proof < 0 ? 0 : 0.5;
      v.distance = 0;
      continue;
    }
    if (misses < kSolverMisses && effort.connect4_solver_nodes > 0) {
      const SolveResult r = solver.solve(pos, effort.connect4_solver_nodes);
      if (r.proven) {
        misses = 0;
        v.proof = r.outcome;
        v.score = r.outcome > 0 ? 1 : r.outcome < 0 ? 0 : 0.5;
        v.distance = r.distance;
        v.best = r.best;
        continue;
      }
      ++misses;
    }
    if (effort.connect4_uct_iterations <= 0) continue;  // no estimates: an unproven position scores 0.5
    uct.clear();
    uct.set_seed(kUctSeed);
    c4engine::SearchLimits limits = {0.0, static_cast<uint64_t>(effort.connect4_uct_iterations)};
    c4engine::SearchReport report;
    const int column = uct.search(pos, limits, &report);
    v.score = report.win_rate;
    if (report.proof != 0) {  // proven by the UCT's own solver: no distance
      v.proof = report.proof;
      v.score = report.proof > 0 ? 1 : 0;
    }
    if (column >= 0) v.best = static_cast<uint16_t>(1u << column);
  }

  // The moves: classes and the losing move.
  const int c = record.result.code;
  const int loser = c == 1 || c == 5 || c == 6 || c == 8   ? (side_name[0] == "B" ? 0 : 1)
                    : c == 2 || c == 3 || c == 4 || c == 7 ? (side_name[0] == "A" ? 0 : 1)
                                                           : -1;
  auto lost_for_mover_after = [&](int k) {  // position k, the mover of move k being the other side
    const Verdict& v = verdicts[k];
    return v.proof == 1 || (v.proof == 2 && v.score >= 1 - kLostScore);
  };
  auto not_lost_before = [&](int k) {
    const Verdict& v = verdicts[k];
    return v.proof == 1 || v.proof == 0 || (v.proof == 2 && v.score >= kNotLostScore);  // not a proven loss
  };
  int losing = 0;
  for (int k = n; k >= 1 && loser >= 0; --k)
    if (verdicts[k - 1].to_move == loser && not_lost_before(k - 1) && lost_for_mover_after(k)) {
      losing = k;
      break;
    }

  // A game won by four in a row whose losing move was not found: from its first proven loss (every
  // position after it proven lost too), walk back with the deepening budget until a position that is
  // not lost is proven (the loser's move after it lost the game) or the budget ends.
  int undetermined_before = 0;
  long long deepened = 0;
  if (losing == 0 && won && loser >= 0 && effort.connect4_deepen_nodes > 0) {
    auto lost_for_loser = [&](int k) {
      const Verdict& v = verdicts[k];
      return v.proof != 2 && (v.to_move == loser ? v.proof == -1 : v.proof == 1);
    };
    int first_lost = n;
    while (first_lost > 0 && lost_for_loser(first_lost - 1)) --first_lost;
    long long budget = effort.connect4_deepen_nodes;
    for (int k = first_lost - 1; k >= 0 && budget > 0; --k) {
      const SolveResult r = solver.solve(positions[k], budget);
      budget -= r.nodes;
      deepened += r.nodes;
      if (!r.proven) break;
      Verdict& v = verdicts[k];
      v.proof = r.outcome;
      v.score = r.outcome > 0 ? 1 : r.outcome < 0 ? 0 : 0.5;
      v.distance = r.distance;
      v.best = r.best;
      if (lost_for_loser(k)) {
        first_lost = k;
        continue;
      }
      if (v.to_move == loser) losing = k + 1;  // else the record contradicts the solver: left undetermined
      break;
    }
    if (losing == 0) undetermined_before = first_lost + 1;
  }

  judge::JsonWriter json;
  json.begin_object()
      .field("line", line)
      .field("engine", "solver " + std::to_string(effort.connect4_solver_nodes) + " nodes, UCT " +
                           std::to_string(effort.connect4_uct_iterations) + " iterations" +
                           (deepened > 0 ? ", walk back " + std::to_string(effort.connect4_deepen_nodes) + " nodes"
                                         : std::string()));
  json.key("positions").begin_array();
  for (const Verdict& v : verdicts) {
    json.begin_object().field("to_move", side_name[v.to_move]).field("score", rounded(v.score));
    if (v.proof == 2)
      json.key("proof").raw("null");
    else
      json.field("proof", v.proof > 0 ? "win" : v.proof < 0 ? "loss" : "draw");
    if (v.distance >= 0)
      json.field("distance", v.distance);
    else
      json.key("distance").raw("null");
    json.key("best").begin_array();
    for (int y = 0; y < cols; ++y)
      if ((v.best >> y) & 1) json.value(y);
    json.end_array().end_object();
  }
  json.end_array();
  json.key("moves").begin_array();
  for (int k = 1; k <= n; ++k) {
    const Verdict &before = verdicts[k - 1], &after = verdicts[k];
    const double drop = before.score - (1 - after.score);
    const char* cls = k == losing                              ? "losing"
                      : before.proof == 1 && after.proof != -1 ? "missed_win"
                      : drop >= kMistakeDrop                   ? "mistake"
                      : drop >= kInaccuracyDrop                ? "inaccuracy"
                                                               : "ok";
    const int column = moves[k - 1].y;
    json.begin_object()
        .field("by", side_name[before.to_move])
        .field("column", column)
        .field("class", cls)
        .field("drop", rounded(drop))
        .end_object();
  }
  json.end_array();
  if (losing)
    json.field("losing_move", losing);
  else
    json.key("losing_move").raw("null");
  if (undetermined_before > 0) json.field("undetermined_before", undetermined_before);
  json.end_object();

  out->json = json.str();
  out->positions = n + 1;
  for (const Verdict& v : verdicts) out->proven += v.proof != 2;
  out->has_losing_move = losing > 0;
  if (losing) {
    out->losing_move = losing;
    out->loser = side_name[loser];
    out->loser_moved_first = loser == 0;
    out->losing_position = std::to_string(rows) + "x" + std::to_string(cols) + ", blocked cell (" +
                           std::to_string(record.noX) + ", " + std::to_string(record.noY) + "), columns played:";
    for (int k = 0; k < losing - 1; ++k) out->losing_position += " " + std::to_string(moves[k].y);
    out->summary = "losing move " + std::to_string(losing) + " by " + out->loser + " (column " +
                   std::to_string(moves[losing - 1].y) + ")";
  } else if (undetermined_before == 1) {
    out->summary = "no losing move: " + side_name[loser] + " was lost from the first position";
  } else if (undetermined_before > 0) {
    out->undetermined_before = undetermined_before;
    out->summary = "losing move undetermined: before move " + std::to_string(undetermined_before) + " by " +
                   side_name[loser] + " (the position after move " + std::to_string(undetermined_before - 1) +
                   " is proven lost; the walk back's " + std::to_string(effort.connect4_deepen_nodes) +
                   " nodes ran out)";
  } else {
    out->summary = "no losing move";
  }
  return true;
}

}  // namespace analysis
