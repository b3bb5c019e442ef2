#include "command.h"

#include <iostream>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "../../common/shards.h"

namespace pdd {
namespace {

const char kUsageHead[] = "usage: pdd-referee <white-program> <black-program> [options]\n";

}  // namespace

int read_referee_command(int argc, char** argv, RefereeCommand* command) {
  std::vector<std::string>& positional = command->programs;
  long long& games = command->games;
  long long& time_limit = command->time_limit;
  long long& memory = command->memory;
  std::string& dir = command->dir;
  bool& show_board = command->show_board;
  bool& quiet = command->quiet;
  bool& alternate = command->alternate;
  judge::RunSettings& run = command->run;
  Crossing& crossing = command->crossing;
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
              crossing = Crossing::kStrict;
            else if (mode == "cells")
              crossing = Crossing::kCellsOnly;
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
  std::vector<std::string>& merged_records = command->merged_records;
  if (run.merge && positional.size() > 2) merged_records.assign(positional.begin() + 2, positional.end());
  if (positional.size() < 2 || (!run.merge && positional.size() != 2))
    return usage_error("expected exactly two programs, White's then Black's");
  judge::RunRules rules;
  if (const std::string broken = judge::check_run_settings(run, rules, merged_records.size()); !broken.empty())
    return usage_error(broken);
  RefereeSettings& settings = command->settings;
  settings.first = positional[0];
  settings.second = positional[1];
  settings.seed = run.have_seed ? run.seed : judge::random_seed() % 1000000000ULL;
  settings.time_limit_ms = time_limit;
  settings.alternate = alternate;
  const std::string shard = run.shards > 1 ? judge::shard_name(run.shard, run.shards) : "";

  std::string error;
  for (const std::string* path : {&run.record_path, &run.html_path})
    if (!path->empty() && !judge::path_is_writable(*path, &error))
      return usage_error((path == &run.html_path ? "--html: " : "result file: ") + error);
  return judge::OptionTable::kContinue;
}

}  // namespace pdd
