#include "run.h"

#include <sys/stat.h>
#include <unistd.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/interrupt.h"
#include "../../common/run_loop.h"
#include "../../common/sandbox_record.h"
#include "../../common/shards.h"
#include "../../common/workdir.h"
#include "../../viewer/page.h"
#include "../rules/files.h"
#include "board_view.h"
#include "match.h"
#include "record.h"

namespace pdd {
namespace {

std::string tail_of_file(const std::string& path, size_t max_lines) {
  std::string text, error;
  if (!read_text_file(path, &text, &error) || text.empty()) return "";
  std::vector<std::string> lines;
  std::stringstream ss(text);
  std::string line;
  while (std::getline(ss, line)) lines.push_back(line.substr(0, 200));
  std::string out;
  for (size_t i = lines.size() > max_lines ? lines.size() - max_lines : 0; i < lines.size(); ++i)
    out += "    | " + lines[i] + "\n";
  return out;
}

// The totals of the run: wins of the first and the second program, draws.
struct Totals {
  int wins[2] = {0, 0}, draws = 0, failures = 0;
  // A game whose winner is "W", "B" or "draw"; `swapped`: the second program played White.
  void add(const std::string& winner, bool swapped) {
    if (winner == "draw")
      ++draws;
    else
      ++wins[(winner == "W") == swapped ? 1 : 0];
  }
};

// A game played, waiting for its turn to be committed.
struct PlayedGame {
  MatchOptions options;
  GameResult result;
  std::ostringstream log;  // under -j N: the game's lines, printed when it is committed
};

}  // namespace

int run_referee(const RefereeCommand& command) {
  const std::vector<std::string>& positional = command.programs;
  const std::vector<std::string>& merged_records = command.merged_records;
  const long long games = command.games, time_limit = command.time_limit, memory = command.memory;
  const std::string& dir = command.dir;
  const bool show_board = command.show_board, quiet = command.quiet, alternate = command.alternate;
  const judge::RunSettings& run = command.run;
  const Crossing crossing = command.crossing;
  RefereeSettings settings = command.settings;
  const std::string shard = run.shards > 1 ? judge::shard_name(run.shard, run.shards) : "";

  // The record: its earlier lines kept (a fresh run), or read back as this run's
  // games (--resume, a shard run again), or the shards' (--merge).
  std::string error;
  const judge::RecordFormat format = record_format(&settings, games, run.have_seed);
  judge::RunStart start = judge::start_run(run, format, static_cast<int>(games), "game", "games", merged_records);
  if (start.status != 0) {
    std::cerr << "pdd-referee: " << start.problem << "\n";
    return start.status;
  }
  bool rewrite_record = true;  // false: a fresh run appends to the record as it is
  if (!run.merge && !run.resume && run.shards == 1 && !run.record_path.empty()) {
    struct stat st {};
    if (::stat(run.record_path.c_str(), &st) == 0 && !read_text_file(run.record_path, &start.kept, &error)) {
      std::cerr << "pdd-referee: " << error << "\n";
      return 2;
    }
    rewrite_record = !start.kept.empty() && start.kept.back() != '\n';
    if (rewrite_record) start.kept += '\n';
  }
  const std::vector<judge::RecordedUnit>& recorded = start.recorded;

  auto file_name = [](const std::string& path) {
    return path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  };
  const std::string page_source = "pdd-referee " + file_name(positional[0]) + " vs " + file_name(positional[1]) +
                                  ", seed " + std::to_string(settings.seed);
  judge::ResultSink sink("", run.record_path, run.html_path,
                         [&](const std::string& path, const std::vector<std::string>& lines, std::string* why) {
                           return viewer::write_page(path, viewer::Kind::kPonte, lines, page_source, why);
                         });
  if (!sink.start(nullptr, rewrite_record ? &start.kept : nullptr, start.page_lines, run.resume || run.shards > 1)) {
    std::cerr << "pdd-referee: " << sink.error() << "\n";
    return run.merge ? 3 : 2;
  }
  Totals totals;
  for (const judge::RecordedUnit& u : recorded)
    totals.add(u.value.find("winner")->text, alternate && (u.index + 1) % 2 == 0);
  if (run.merge)
    std::cout << "=== Merged " << recorded.size() << " games from " << merged_records.size() << " records\n";
  else if (!recorded.empty())
    std::cout << "=== Resumed: " << recorded.size() << " games are in the record already, not played again\n";

  const std::vector<int>& pending = start.plan;
  if (!pending.empty()) {
    // Each game is played in capped folders under this root (workdir.h), its files
    // copied to DIR/game-N. Ctrl-C, SIGTERM or SIGHUP: the record and the page keep
    // the games finished before it (never one file updated and not the other); the
    // running programs are killed with the referee.
    judge::WorkdirRoot workdirs;
    if (!judge::start_judge_run("pdd-referee", "pdd-referee", run.workdirs, &workdirs,
                                "the record holds the games finished before it", &error)) {
      std::cerr << "pdd-referee: " << error << "\n";
      return 1;
    }
    // The refusal hooks are built next to the referee; without them refusals still happen, uncounted.
    std::string refusal_hooks = judge::path_beside_executable("refusal-hooks.so");
    if (::access(refusal_hooks.c_str(), R_OK) != 0) {
      std::cerr << "pdd-referee: " << refusal_hooks << " is missing: what the sandbox refuses the programs is not "
                << "counted in the record\n";
      refusal_hooks.clear();
    }
    const int jobs = static_cast<int>(run.jobs);
    // The games are played `jobs` at a time and committed in order (run_loop.h).
    judge::OrderedPool<PlayedGame> pool(static_cast<int>(pending.size()), jobs);
    auto play = [&](int, int unit, const std::vector<int>& cores, PlayedGame* played) {
      const int g = pending[unit] + 1;
      const bool swapped = alternate && g % 2 == 0;
      MatchOptions& o = played->options;
      o.program[kWhite] = positional[swapped ? 1 : 0];
      o.program[kBlack] = positional[swapped ? 0 : 1];
      o.game_dir = dir + "/game-" + std::to_string(g);
      o.workdirs = &workdirs;
      o.game_name = "game" + std::to_string(g);
      o.time_limit_ms = static_cast<int>(time_limit);
      o.memory_limit_mb = memory;
      o.crossing = crossing;
      o.seed = settings.seed + static_cast<uint64_t>(g - 1);
      o.refusal_hooks = refusal_hooks;
      o.cpus = cores;
      o.show_board = show_board && !quiet;
      std::ostream& log = jobs > 1 ? static_cast<std::ostream&>(played->log) : std::cout;  // -j 1: as it happens
      o.log = quiet ? nullptr : &log;
      log << "=== Game " << g << " of " << games << ": White " << o.program[kWhite] << " vs Black " << o.program[kBlack]
          << " (seed " << o.seed << ", folder " << o.game_dir << ")\n";
      played->result = play_game(o);
      return true;
    };
    auto commit = [&](int unit, PlayedGame& played) {
      const int g = pending[unit] + 1;
      const MatchOptions& o = played.options;
      const GameResult& r = played.result;
      std::cout << played.log.str();
      if (!r.error.empty()) {
        std::cerr << "pdd-referee: game " << g << " could not be played: " << r.error << "\n";
        ++totals.failures;
        return judge::AfterUnit::kGoOn;
      }
      if (!quiet) std::cout << "Final position:\n" << render_board(r.board);
      for (Colour c : {kWhite, kBlack})
        std::cout << colour_name(c) << " (" << o.program[c] << "): " << describe_score(r.score[c]) << "\n";
      for (const judge::SideEvents& side : sandbox_events(r))
        if (const std::string events = judge::describe_sandbox_events(side); !events.empty())
          std::cout << "Sandbox, " << colour_name(side.player == "W" ? kWhite : kBlack) << ": " << events << "\n";
      if (r.winner == kEmpty)
        std::cout << "Result: " << r.reason << "\n";
      else
        std::cout << "Result: " << colour_name(r.winner) << " wins: " << r.reason << "\n";
      totals.add(r.winner == kWhite ? "W" : r.winner == kBlack ? "B" : "draw", alternate && g % 2 == 0);
      if (r.violation != Violation::kNone) {
        std::string tail =
            tail_of_file(o.game_dir + "/" + (r.violator == kWhite ? "white" : "black") + "-output.txt", 5);
        if (!tail.empty()) std::cout << "  last output of " << colour_name(r.violator) << ":\n" << tail;
      }
      std::cout.flush();
      if (sink.commit(nullptr, sink.wants_lines() ? record_line(g, o.seed, o, r, shard) : ""))
        return judge::AfterUnit::kGoOn;
      std::cerr << "pdd-referee: cannot write the record or the page: " << sink.error() << "\n";
      return judge::AfterUnit::kStop;
    };
    judge::play_units<PlayedGame>(&pool, play, commit, nullptr);
    if (sink.failed()) return 3;
  }
  const int counted = totals.wins[0] + totals.wins[1] + totals.draws;
  if (games > 1)
    std::cout << "=== Totals over " << counted << " games: " << positional[0] << " " << totals.wins[0] << " wins, "
              << positional[1] << " " << totals.wins[1] << " wins, " << totals.draws << " draws"
              << (totals.failures ? ", " + std::to_string(totals.failures) + " not played" : "") << "\n";
  return totals.failures ? 1 : 0;
}

}  // namespace pdd
