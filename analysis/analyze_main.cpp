// analyze: annotates every game of a judge's record with our engines' analysis
// (README.md), at a fixed effort, the same bytes at any -j and on any machine.
// A record's games are the units of work: -j plays them on a pool, committed
// in order; --shard K/N analyses the games i with i % N == K; --merge puts the
// shards' annotated lines back in the record's order.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "../common/json_read.h"
#include "../common/options.h"
#include "../common/ordered_pool.h"
#include "../common/shards.h"
#include "../viewer/record.h"
#include "analyzer.h"

namespace {

const char kUsageHead[] =
    "usage: analyze RECORD -o ANNOTATED [--summary] [-j N] [--shard K/N | --merge SHARD...]\n"
    "Annotates every game of a Compete, Grade, Tournament, Run2048 or pdd-referee record with the\n"
    "engines' analysis: each position's value (proven or estimated), the best moves, each move's class\n"
    "and the losing move (analysis/README.md).\n";

// The game number an annotated line says it is ("analysis":{"line":L,...}), or 0.
int annotated_game(const judge::JsonValue& v) {
  const judge::JsonValue* a = v.find("analysis");
  const judge::JsonValue* line = a ? a->find("line") : nullptr;
  return line && line->type == judge::JsonValue::kNumber ? static_cast<int>(line->number) : 0;
}

struct Outcome {
  std::string line;  // the annotated line
  analysis::GameAnalysis game;
  std::string problem;
};

}  // namespace

int main(int argc, char** argv) {
  std::string out_path;
  bool summary = false, merge = false;
  long long jobs = 1;
  int shard = 0, shards = 1;
  analysis::Effort effort;
  long long solver_nodes = effort.connect4_solver_nodes, uct_iterations = effort.connect4_uct_iterations,
            deepen_nodes = effort.connect4_deepen_nodes, depth_2048 = effort.game2048_depth,
            depth_pdd = effort.pdd_depth;
  judge::OptionTable options("analyze", kUsageHead);
  options.text("-o", "ANNOTATED", &out_path, "the annotated record to write", "a file name")
      .flag("--summary", &summary, "print one line per game (its losing move, or the figures) and the totals")
      .integer("-j", "N", 1, 64, &jobs, "analyse N games at once (the output does not change)",
               "a whole number from 1 to 64")
      .custom(
          "--shard", "K/N",
          [&](const std::string&, const std::string& v) { return judge::parse_shard(v, &shard, &shards); },
          "analyse only the games i (from 0) with i % N == K, into -o (merge them with --merge)",
          "K/N, 0 <= K < N <= 1000")
      .flag("--merge", &merge,
            "the words after RECORD are the shards' annotated records: write the whole record's, analysing nothing")
      .integer("--solver-nodes", "N", 0, 1LL << 40, &solver_nodes,
               "ConnectFour: the solver's node budget per position (default 500000; 0: no solver)", "a whole number")
      .integer("--deepen-nodes", "N", 0, 1LL << 40, &deepen_nodes,
               "ConnectFour: a game won by four in a row whose losing move is not found: the solver's budget\n"
               "for walking back from its first proven loss (default 20000000; 0: no walk back)",
               "a whole number")
      .integer("--uct-iterations", "N", 0, 1LL << 30, &uct_iterations,
               "ConnectFour: UCT iterations for a position the solver did not prove (default 20000; 0: no\n"
               "estimate, such a position scores 0.5)",
               "a whole number")
      .integer("--depth-2048", "D", 1, 6, &depth_2048, "2048: expectimax depth in moves (default 2)", "1 to 6")
      .integer("--depth-pdd", "D", 1, 6, &depth_pdd, "Ponte del Diavolo: search depth in plies (default 2)", "1 to 6");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (positional.empty()) return options.error("missing the RECORD to analyse");
  if (!merge && positional.size() > 1) return options.error("unexpected argument '" + positional[1] + "'");
  if (merge && positional.size() < 2) return options.error("--merge needs the shards' annotated records after RECORD");
  if (merge && shards > 1) return options.error("--merge and --shard: the merge reads every shard's output");
  if (out_path.empty()) return options.error("missing -o ANNOTATED, the file to write");
  effort.connect4_solver_nodes = solver_nodes;
  effort.connect4_uct_iterations = uct_iterations;
  effort.connect4_deepen_nodes = deepen_nodes;
  effort.game2048_depth = static_cast<int>(depth_2048);
  effort.pdd_depth = static_cast<int>(depth_pdd);

  std::string text, error;
  if (!judge::read_whole_file(positional[0], &text, &error)) {
    std::cerr << "analyze: " << error << "\n";
    return 1;
  }
  viewer::Record record;
  if (!viewer::parse_record(text, positional[0], &record, &error)) {
    std::cerr << "analyze: " << error << "\n";
    return 1;
  }
  const int games = static_cast<int>(record.lines.size());
  std::vector<Outcome> results(games);
  std::vector<bool> done(games, false);

  if (merge) {  // the shards' lines, each checked against the record's line it annotates
    judge::ShardSplit split;
    for (size_t s = 1; s < positional.size(); ++s) {
      const std::string& path = positional[s];
      std::string shard_text;
      if (!judge::read_whole_file(path, &shard_text, &error)) {
        std::cerr << "analyze: --merge: " << error << "\n";
        return 1;
      }
      bool torn = false;
      const bool ok = judge::read_json_lines(
          shard_text, path,
          [&](int, const std::string& where, const std::string& line, const judge::JsonValue& v) {
            const int g = annotated_game(v);
            if (g < 1 || g > games) {
              error = where + "no \"analysis\" with a game of this record (" + std::to_string(games) + " games)";
              return false;
            }
            if (line.compare(0, record.lines[g - 1].size() - 1, record.lines[g - 1], 0,
                             record.lines[g - 1].size() - 1) != 0) {
              error = where + "game " + std::to_string(g) + " is not the record's game " + std::to_string(g) +
                      ": a shard of another record";
              return false;
            }
            if (done[g - 1]) {
              error = where + "game " + std::to_string(g) + " is in the shards twice";
              return false;
            }
            done[g - 1] = true;
            results[g - 1].line = line;
            return true;
          },
          &torn, &error);
      if (!ok || torn) {
        std::cerr << "analyze: --merge: "
                  << (torn ? path + ": its last line was cut short: run that shard again" : error) << "\n";
        return 1;
      }
    }
    for (int g = 0; g < games; ++g)
      if (!done[g]) {
        std::cerr << "analyze: --merge: game " << g + 1 << " of " << games << " is in none of the shards\n";
        return 1;
      }
    if (summary) std::cerr << "analyze: --summary: a merge analyses nothing; run it on the merged record\n";
  } else {
    std::vector<int> mine;  // the games this run analyses
    for (int g = 0; g < games; ++g)
      if (g % shards == shard) mine.push_back(g);
    judge::OrderedPool<Outcome> pool(static_cast<int>(mine.size()), static_cast<int>(jobs));
    pool.run(
        [&](int, int unit, Outcome* o) {
          const int g = mine[unit];
          judge::JsonValue v;
          std::string why;
          if (!judge::parse_json(record.lines[g], &v, &why)) {
            o->problem = why;
            return true;
          }
          bool ok = false;
          switch (record.kind) {
            case viewer::Kind::kConnectFour: ok = analysis::analyze_connect4(v, g + 1, effort, &o->game, &why); break;
            case viewer::Kind::k2048: ok = analysis::analyze_2048(v, g + 1, effort, &o->game, &why); break;
            case viewer::Kind::kPonte: ok = analysis::analyze_pdd(v, g + 1, effort, &o->game, &why); break;
            case viewer::Kind::kNone: break;
          }
          if (ok)
            o->line = analysis::annotated_line(record.lines[g], o->game.json);
          else
            o->problem = why;
          return true;
        },
        [&](int unit, Outcome& o) {
          const int g = mine[unit];
          if (!o.problem.empty()) {
            error = positional[0] + ": game " + std::to_string(g + 1) + ": " + o.problem;
            return false;
          }
          results[g] = o;
          done[g] = true;
          return true;
        });
    if (!error.empty()) {
      std::cerr << "analyze: " << error << "\n";
      return 1;
    }
  }

  std::string annotated_text;
  for (int g = 0; g < games; ++g)
    if (done[g]) annotated_text += results[g].line + "\n";
  if (!judge::write_file_atomically(out_path, annotated_text, &error)) {
    std::cerr << "analyze: " << error << "\n";
    return 1;
  }
  if (summary && !merge) {
    int lost = 0, by_first = 0, by_second = 0, analysed = 0, positions = 0, proven = 0, undetermined = 0;
    double accuracy = 0, loss = 0;
    for (int g = 0; g < games; ++g) {
      if (!done[g]) continue;
      const analysis::GameAnalysis& a = results[g].game;
      std::cout << "game " << g + 1 << ": " << a.summary << "\n";
      ++analysed;
      if (a.has_losing_move) {
        ++lost;
        ++(a.loser_moved_first ? by_first : by_second);
      }
      undetermined += a.undetermined_before > 0;
      positions += a.positions;
      proven += a.proven;
      if (a.accuracy >= 0) accuracy += a.accuracy;
      if (a.largest_loss >= 0) loss = std::max(loss, a.largest_loss);
    }
    if (record.kind == viewer::Kind::kConnectFour) {
      std::cout << "total: " << analysed << " games, " << lost << " with a losing move (" << by_first
                << " by the side that moved first, " << by_second << " by the side that moved second), " << undetermined
                << " undetermined, " << analysed - lost - undetermined << " without; " << positions << " positions, "
                << proven << " proven (" << (positions ? 100 * proven / positions : 0) << "%)\n";
      for (int g = 0; g < games; ++g) {  // for strength work: where each lost game turned
        const analysis::GameAnalysis& a = results[g].game;
        if (done[g] && a.has_losing_move)
          std::cout << "  game " << g + 1 << ", move " << a.losing_move << ": " << a.loser << " moving "
                    << (a.loser_moved_first ? "first" : "second") << ", " << a.losing_position << "\n";
      }
    } else if (record.kind == viewer::Kind::k2048) {
      std::cout << "total: " << analysed << " games, mean accuracy " << (analysed ? accuracy / analysed : 0) << "\n";
    } else if (record.kind == viewer::Kind::kPonte) {
      std::cout << "total: " << analysed << " games, largest loss of an action " << loss << "\n";
    }
  }
  return 0;
}
