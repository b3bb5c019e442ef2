// pdd-referee: plays Ponte del Diavolo games between two programs with the
// course's command line, as the course platform does. See README.md.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/cpu_share.h"
#include "../../common/interrupt.h"
#include "../../common/judge_run.h"
#include "../../common/ordered_pool.h"
#include "../../common/json.h"
#include "../../common/options.h"
#include "../../common/workdir.h"
#include "../../viewer/page.h"
#include "../../common/sandbox.h"
#include "../../common/sandbox_record.h"
#include "../../common/shards.h"
#include "../rules/files.h"
#include "board_view.h"
#include "match.h"
#include "record.h"

namespace {

const char kUsageHead[] = "usage: pdd-referee <white-program> <black-program> [options]\n";

std::string tail_of_file(const std::string& path, size_t max_lines) {
  std::string text, error;
  if (!pdd::read_text_file(path, &text, &error) || text.empty()) return "";
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
  pdd::MatchOptions options;
  pdd::GameResult result;
  std::ostringstream log;  // under -j N: the game's lines, printed when it is committed
};

}  // namespace

int main(int argc, char** argv) {
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the referee's alone
  std::vector<std::string> positional;
  long long games = 1, time_limit = 5000, memory = 1024;
  std::string dir = "pdd-games";
  bool show_board = false, quiet = false, alternate = false;
  judge::RunSettings run;
  pdd::Crossing crossing = pdd::Crossing::kStrict;
  judge::OptionTable options("pdd-referee", kUsageHead);
  options.integer("--games", "N", 1, 1000000, &games, "games to play (default 1)", "a whole number from 1 to 1000000")
      .flag("--alternate", &alternate, "swap colours every other game (game 2: black-program plays White)")
      .integer("--time-limit", "MS", 1, 3600000, &time_limit, "wall time per turn in milliseconds (default 5000)",
               "milliseconds from 1 to 3600000")
      .integer("--memory-limit", "MB", 16, 1 << 20, &memory, "address-space cap per program run (default 1024)",
               "megabytes from 16 to 1048576")
      .text("--dir", "DIR", &dir, "folder for the game folders DIR/game-N (default pdd-games)", "a folder");
  judge::RunRows rows;
  rows.seed_help = "seed given to the programs as PDD_SEED (game g gets S+g-1; default random)";
  rows.jobs_help =
      "play N games at once, each on its share of the cores (default 1; the record does\n"
      "not change: games are committed in order, their lines printed as each is)";
  rows.record_help =
      "result file: one JSON line per game, appended as each game ends (earlier lines\n"
      "are kept; with --resume or --shard they must be this run's games)";
  rows.html_help = "the replay page: one HTML file (opens from disk) with this run's games,\nrewritten after each game";
  rows.resume_help = "continue a stopped run from its --record: the games recorded are not played again";
  rows.shard_help =
      "play only the games g (from 0) with g % N == K, into --record FILE (the\n"
      "shard's own; run again, it plays only the games not in it yet); needs --seed";
  rows.merge_help =
      "the words after the programs are the shards' records: write --record and --html\n"
      "of the whole run from them and print its totals, without playing";
  rows.whose = "the programs'";
  judge::add_run_options(&options, rows, &run);
  options
      .custom(
          "--crossing", "MODE",
          [&](const std::string&, const std::string& mode) {
            if (mode == "strict")
              crossing = pdd::Crossing::kStrict;
            else if (mode == "cells")
              crossing = pdd::Crossing::kCellsOnly;
            else
              return false;
            return true;
          },
          "strict (default: shared covered cell or crossing segments) or cells", "strict or cells")
      .flag("--show-board", &show_board, "print the board after every action")
      .flag("--quiet", &quiet, "print only each game's result");
  options.footer(
      "On many machines: each runs the same command line with --shard K/N, --seed S and its own\n"
      "--record, then the same command line with --merge and the shards' records after the programs.\n"
      "Ctrl-C: stops at once; the record and the page keep the games finished before it (the same\n"
      "command line with --resume plays the rest).\n"
      "exit status: 0 every game played, 1 a game could not be played (--merge: games missing),\n"
      "2 bad command line or a record of another run, 3 the record or the page could not be written\n");
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (run.sandbox_report) {
    std::cout << judge::sandbox_report();
    return 0;
  }
  auto usage_error = [&](const std::string& problem) { return options.error(problem); };
  std::vector<std::string> merged_records;
  if (run.merge && positional.size() > 2) merged_records.assign(positional.begin() + 2, positional.end());
  if (positional.size() < 2 || (!run.merge && positional.size() != 2))
    return usage_error("expected exactly two programs, White's then Black's");
  judge::RunRules rules;
  if (const std::string broken = judge::check_run_settings(run, rules, merged_records.size()); !broken.empty())
    return usage_error(broken);
  pdd::RefereeSettings settings;
  settings.first = positional[0];
  settings.second = positional[1];
  settings.seed = run.have_seed ? run.seed : judge::random_seed() % 1000000000ULL;
  settings.time_limit_ms = time_limit;
  settings.alternate = alternate;
  const std::string shard = run.shards > 1 ? judge::shard_name(run.shard, run.shards) : "";

  // The record: its earlier lines kept (a fresh run), or read back as this run's
  // games (--resume, a shard run again), or the shards' (--merge).
  std::string error, kept;
  bool rewrite_record = true;  // false: a fresh run appends to the record as it is
  std::vector<judge::RecordedUnit> recorded;
  const judge::RecordFormat format = pdd::record_format(&settings, games, run.have_seed);
  if (run.merge) {
    const int status =
        judge::merge_records(merged_records, format, static_cast<int>(games), "games", &recorded, &error);
    if (status != 0) {
      std::cerr << "pdd-referee: " << error << "\n";
      return status;
    }
  } else if (run.resume || run.shards > 1) {
    bool torn = false;
    if (!judge::read_record_units(run.record_path, run.resume ? "--resume" : "--shard", format, &shard, &recorded,
                                  &torn, &error)) {
      std::cerr << "pdd-referee: " << error << "\n";
      return 2;
    }
    if (torn) std::cerr << "pdd-referee: the record's last line was cut short; that game is played again\n";
  } else if (!run.record_path.empty()) {
    struct stat st {};
    if (::stat(run.record_path.c_str(), &st) == 0 && !pdd::read_text_file(run.record_path, &kept, &error)) {
      std::cerr << "pdd-referee: " << error << "\n";
      return 2;
    }
    rewrite_record = !kept.empty() && kept.back() != '\n';
    if (rewrite_record) kept += '\n';
  }
  std::vector<std::string> page_lines;
  std::vector<bool> done(games, false);
  for (const judge::RecordedUnit& u : recorded) {
    kept += u.line + "\n";
    page_lines.push_back(u.line);
    done[u.index] = true;
  }
  for (const std::string* path : {&run.record_path, &run.html_path})
    if (!path->empty() && !judge::path_is_writable(*path, &error))
      return usage_error((path == &run.html_path ? "--html: " : "result file: ") + error);

  auto file_name = [](const std::string& path) {
    return path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  };
  const std::string page_source = "pdd-referee " + file_name(positional[0]) + " vs " + file_name(positional[1]) +
                                  ", seed " + std::to_string(settings.seed);
  judge::ResultSink sink("", run.record_path, run.html_path,
                         [&](const std::string& path, const std::vector<std::string>& lines, std::string* why) {
                           return viewer::write_page(path, viewer::Kind::kPonte, lines, page_source, why);
                         });
  if (!sink.start(nullptr, rewrite_record ? &kept : nullptr, page_lines, run.resume || run.shards > 1)) {
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

  const std::vector<int> pending =
      run.merge ? std::vector<int>{}
                : judge::units_to_play(static_cast<int>(games), done, run.shard, run.shards, [](int i) { return i; });
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
    const int slots = std::max(1, std::min(jobs, static_cast<int>(pending.size())));
    // The games are played `jobs` at a time and committed in order (ordered_pool.h).
    judge::OrderedPool<PlayedGame> pool(static_cast<int>(pending.size()), jobs);
    auto play = [&](int worker, int unit, PlayedGame* played) {
      const int g = pending[unit] + 1;
      const bool swapped = alternate && g % 2 == 0;
      pdd::MatchOptions& o = played->options;
      o.program[pdd::kWhite] = positional[swapped ? 1 : 0];
      o.program[pdd::kBlack] = positional[swapped ? 0 : 1];
      o.game_dir = dir + "/game-" + std::to_string(g);
      o.workdirs = &workdirs;
      o.game_name = "game" + std::to_string(g);
      o.time_limit_ms = static_cast<int>(time_limit);
      o.memory_limit_mb = memory;
      o.crossing = crossing;
      o.seed = settings.seed + static_cast<uint64_t>(g - 1);
      o.refusal_hooks = refusal_hooks;
      o.cpus = jobs > 1 ? judge::cpu_share(worker, slots) : std::vector<int>{};
      o.show_board = show_board && !quiet;
      std::ostream& log = jobs > 1 ? static_cast<std::ostream&>(played->log) : std::cout;  // -j 1: as it happens
      o.log = quiet ? nullptr : &log;
      log << "=== Game " << g << " of " << games << ": White " << o.program[pdd::kWhite] << " vs Black "
          << o.program[pdd::kBlack] << " (seed " << o.seed << ", folder " << o.game_dir << ")\n";
      played->result = pdd::play_game(o);
      return true;
    };
    auto commit = [&](int unit, PlayedGame& played) {
      const int g = pending[unit] + 1;
      const pdd::MatchOptions& o = played.options;
      const pdd::GameResult& r = played.result;
      std::cout << played.log.str();
      if (!r.error.empty()) {
        std::cerr << "pdd-referee: game " << g << " could not be played: " << r.error << "\n";
        ++totals.failures;
        return true;
      }
      if (!quiet) std::cout << "Final position:\n" << pdd::render_board(r.board);
      for (pdd::Colour c : {pdd::kWhite, pdd::kBlack})
        std::cout << pdd::colour_name(c) << " (" << o.program[c] << "): " << pdd::describe_score(r.score[c]) << "\n";
      for (const judge::SideEvents& side : pdd::sandbox_events(r))
        if (const std::string events = judge::describe_sandbox_events(side); !events.empty())
          std::cout << "Sandbox, " << pdd::colour_name(side.player == "W" ? pdd::kWhite : pdd::kBlack) << ": " << events
                    << "\n";
      if (r.winner == pdd::kEmpty)
        std::cout << "Result: " << r.reason << "\n";
      else
        std::cout << "Result: " << pdd::colour_name(r.winner) << " wins: " << r.reason << "\n";
      totals.add(r.winner == pdd::kWhite ? "W" : r.winner == pdd::kBlack ? "B" : "draw", alternate && g % 2 == 0);
      if (r.violation != pdd::Violation::kNone) {
        std::string tail =
            tail_of_file(o.game_dir + "/" + (r.violator == pdd::kWhite ? "white" : "black") + "-output.txt", 5);
        if (!tail.empty()) std::cout << "  last output of " << pdd::colour_name(r.violator) << ":\n" << tail;
      }
      std::cout.flush();
      if (sink.commit(nullptr, sink.wants_lines() ? pdd::record_line(g, o.seed, o, r, shard) : "")) return true;
      std::cerr << "pdd-referee: cannot write the record or the page: " << sink.error() << "\n";
      return false;
    };
    pool.run(play, commit);
    if (sink.failed()) return 3;
  }
  const int counted = totals.wins[0] + totals.wins[1] + totals.draws;
  if (games > 1)
    std::cout << "=== Totals over " << counted << " games: " << positional[0] << " " << totals.wins[0] << " wins, "
              << positional[1] << " " << totals.wins[1] << " wins, " << totals.draws << " draws"
              << (totals.failures ? ", " + std::to_string(totals.failures) + " not played" : "") << "\n";
  return totals.failures ? 1 : 0;
}
