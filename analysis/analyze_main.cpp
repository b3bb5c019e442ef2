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
#include "../common/run_loop.h"
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

// analyze's command line: the record (words[0]), --merge's shard outputs
// (the words after it), -o as the run's record, the effort.
struct AnalyzeCommand {
  std::vector<std::string> words;
  bool summary = false;
  judge::RunSettings run;  // record_path: -o; jobs, shard, merge
  analysis::Effort effort;
};

// Reads the command line: judge::OptionTable::kContinue to analyse, else the
// exit status (0 after --help, 2 after a usage error, printed with the usage).
int read_analyze_command(int argc, char** argv, AnalyzeCommand* command) {
  std::string& out_path = command->run.record_path;
  bool& summary = command->summary;
  bool& merge = command->run.merge;
  long long& jobs = command->run.jobs;
  int& shard = command->run.shard;
  int& shards = command->run.shards;
  analysis::Effort& effort = command->effort;
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
  std::vector<std::string>& positional = command->words;
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

  return judge::OptionTable::kContinue;
}

// How annotated lines read back (a shard run again, --merge): unit g - 1 for
// the line whose analysis says "line":g, of shard (g - 1) % N. The lines carry
// no settings of their own: each is checked against the record's line instead.
judge::RecordFormat annotated_format(int games) {
  judge::RecordFormat f;
  f.program = "analyze";
  f.settings = [] { return std::string("{}"); };
  f.read_unit = [games](const judge::JsonValue& v, int* index) -> std::string {
    const int g = annotated_game(v);
    if (g < 1 || g > games) return "no \"analysis\" with a game of this record (" + std::to_string(games) + " games)";
    *index = g - 1;
    return "";
  };
  f.describe_unit = [](int i) { return "game " + std::to_string(i + 1); };
  f.shard_key = [](int i) { return i; };
  f.shard_rule = "the game's number - 1 in shard K";
  f.settings_of = [](const judge::JsonValue&, judge::JsonValue* settings) {
    std::string why;
    return judge::parse_json("{}", settings, &why);
  };
  return f;
}

// True when the annotated `line` is the record's line `original` with more members.
bool annotates(const std::string& line, const std::string& original) {
  return line.compare(0, original.size() - 1, original, 0, original.size() - 1) == 0;
}

// The analysis of game g (from 0) of `record` at `effort`.
void analyse_game(const viewer::Record& record, int g, const analysis::Effort& effort, Outcome* o) {
  judge::JsonValue v;
  std::string why;
  if (!judge::parse_json(record.lines[g], &v, &why)) {
    o->problem = why;
    return;
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
}

// --summary: one line per game this run analysed, and the totals.
void print_summary(const viewer::Record& record, const std::vector<Outcome>& results, const std::vector<bool>& done) {
  const int games = static_cast<int>(record.lines.size());
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

}  // namespace

// The run's games left, analysed `-j` at a time and appended to -o in game
// order (a shard's lines carry their shard); --summary then. The exit status.
int analyse_games(const AnalyzeCommand& command, const viewer::Record& record, const judge::RunStart& start) {
  const judge::RunSettings& run = command.run;
  const int games = static_cast<int>(record.lines.size());
  std::string error;
  judge::ResultSink sink("", run.record_path, "", nullptr);
  if (!sink.start(nullptr, &start.kept, {}, run.shards > 1)) {
    std::cerr << "analyze: " << sink.error() << "\n";
    return 1;
  }
  if (run.merge && command.summary)
    std::cerr << "analyze: --summary: a merge analyses nothing; run it on the merged record\n";
  const std::string shard = run.shards > 1 ? ",\"shard\":\"" + judge::shard_name(run.shard, run.shards) + "\"}" : "";
  std::vector<Outcome> results(games);
  std::vector<bool> analysed(games, false);
  judge::OrderedPool<Outcome> pool(static_cast<int>(start.plan.size()), static_cast<int>(run.jobs));
  judge::play_units<Outcome>(
      &pool,
      [&](int, int i, const std::vector<int>&, Outcome* o) {
        analyse_game(record, start.plan[i], command.effort, o);
        return true;
      },
      [&](int i, Outcome& o) {
        const int g = start.plan[i];
        if (!o.problem.empty()) {
          error = command.words[0] + ": game " + std::to_string(g + 1) + ": " + o.problem;
          return judge::AfterUnit::kStop;
        }
        const std::string line = shard.empty() ? o.line : o.line.substr(0, o.line.size() - 1) + shard;
        if (!sink.commit(nullptr, line)) {
          error = sink.error();
          return judge::AfterUnit::kStop;
        }
        results[g] = std::move(o);
        analysed[g] = true;
        return judge::AfterUnit::kGoOn;
      },
      nullptr);
  if (!error.empty()) {
    std::cerr << "analyze: " << error << "\n";
    return 1;
  }
  if (command.summary && !run.merge) print_summary(record, results, analysed);
  return 0;
}

int main(int argc, char** argv) {
  AnalyzeCommand command;
  if (const int status = read_analyze_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;
  const judge::RunSettings& run = command.run;
  std::string text, error;
  viewer::Record record;
  if (!judge::read_whole_file(command.words[0], &text, &error) ||
      !viewer::parse_record(text, command.words[0], &record, &error)) {
    std::cerr << "analyze: " << error << "\n";
    return 1;
  }
  // The run loop: the annotated lines read back (a shard run again continues
  // its -o; --merge reads the shards'), the games left analysed `-j` at a
  // time, each line appended to -o as it is committed, in game order.
  const int games = static_cast<int>(record.lines.size());
  const judge::RunStart start = judge::start_run(
      run, annotated_format(games), games, "game", "games",
      std::vector<std::string>(command.words.begin() + (run.merge ? 1 : command.words.size()), command.words.end()));
  if (start.status != 0) {
    std::cerr << "analyze: " << start.problem << "\n";
    return start.status;
  }
  for (const judge::RecordedUnit& u : start.recorded)
    if (!annotates(u.line, record.lines[u.index])) {
      std::cerr << "analyze: " << (run.merge ? "--merge: " : "") << "game " << u.index + 1
                << " is not the record's game " << u.index + 1 << ": an analysis of another record\n";
      return 1;
    }
  return analyse_games(command, record, start);
}
