#include "command.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../player_options.h"
#include "../resume.h"

namespace c4 {
namespace {

const char kUsageHead[] =
    "usage: Tournament [options] <folder> <plugin.so> <plugin.so> [<plugin.so> ...]\n"
    "Every pair of plugins (round robin), or the first against each of the others (--gauntlet),\n"
    "plays a Compete match: <rounds> rounds of two games, the same boards for every pair.\n";

const char kUsageFooter[] =
    "Writes into <folder>: for each pair pair_II_JJ.txt (Compete's result file, player II as A),\n"
    "pair_II_JJ.jsonl (its record), pair_II_JJ.txt.stats.json; tournament.txt (ranking with\n"
    "Bradley-Terry ratings and 95% intervals, crosstable) and tournament.json, after every pair.\n";

}  // namespace

int read_tournament_command(int argc, char** argv, TournamentCommand* command) {
  PlayerOptions player_options;
  long long rounds = 10;
  bool& gauntlet = command->gauntlet;
  bool resume = false;
  judge::OptionTable options("Tournament", kUsageHead);
  options.integer("--rounds", "R", 1, 1000000, &rounds, "rounds a pair (default 10)", "a positive whole number")
      .flag("--gauntlet", &gauntlet, "the first plugin against each of the others only");
  player_options.add_to(&options, false, "the boards (default: a fresh seed, printed)",
                        "play N games at once (default 1)");
  options.flag("--resume", &resume, "continue a stopped tournament from the records in <folder>").footer(kUsageFooter);
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  auto usage_error = [&](const std::string& problem) { return options.error(problem); };
  if (!player_options.refused.empty()) return usage_error(player_options.refused);
  uint64_t& seed = command->seed;
  seed = player_options.seed;
  bool have_seed = player_options.have_seed;
  const long long jobs = player_options.jobs;
  if (positional.empty()) return usage_error("missing arguments: need a folder and at least two plugins");
  const std::string& folder = command->folder = positional[0];
  std::vector<std::string>& plugins = command->plugins;
  for (size_t k = 1; k < positional.size(); ++k) {
    if (::access(positional[k].c_str(), R_OK) != 0)
      return usage_error("plugin '" + positional[k] + "': " + std::strerror(errno));
    plugins.push_back(judge::absolute_path(positional[k]));
  }
  if (plugins.size() < 2)
    return usage_error("a tournament needs at least two plugins, got " + std::to_string(plugins.size()));
  if (plugins.size() > 99) return usage_error("at most 99 plugins");
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  std::string problem;
  if (!judge::path_is_writable(folder + "/tournament.txt", &problem)) return usage_error("folder: " + problem);
  if (!have_seed) seed = judge::random_seed();

  // Each pair is a Compete match; all of them are set up (and, with --resume,
  // checked against their records) before the first game.
  std::vector<TournamentPair>& pairs = command->pairs = tournament_pairs(static_cast<int>(plugins.size()), gauntlet);
  std::vector<MatchConfig>& configs = command->configs;
  for (const TournamentPair& pair : pairs) {
    MatchConfig config;
    const int players[2] = {pair.a, pair.b};
    PlayerConfig* sides[2] = {&config.a, &config.b};
    for (int side = 0; side < 2; ++side)  // every player plays with the same settings on either side
      *sides[side] = player_config(describe_player(player_options, 0, plugins[players[side]]), nullptr);
    config.rounds = static_cast<int>(rounds);
    config.jobs = static_cast<int>(jobs);
    config.seed = seed;
    config.result_path = folder + "/" + pair.file;
    config.record_path = folder + "/" + pair.file.substr(0, pair.file.size() - 4) + ".jsonl";
    config.stats_path = config.result_path + ".stats.json";
    config.resume = resume;
    // Each pair's match starts from the run loop (with --resume, from its record).
    judge::RunSettings pair_run;
    pair_run.resume = resume;
    pair_run.record_path = config.record_path;
    bool seed_from_record = false;
    const judge::RunStart start = read_match_records(pair_run, {}, have_seed, "Tournament", &config, &seed_from_record);
    if (start.status != 0) {
      std::cerr << "Tournament: " << start.problem << "\n";
      return 2;
    }
    if (seed_from_record) {  // the first recorded pair gives the seed of all
      seed = config.seed;
      have_seed = true;
      for (MatchConfig& earlier : configs) earlier.seed = seed;
    }
    configs.push_back(config);
  }

  command->rounds = static_cast<int>(rounds);
  command->workdir_settings = player_options.workdirs;
  return judge::OptionTable::kContinue;
}

}  // namespace c4
