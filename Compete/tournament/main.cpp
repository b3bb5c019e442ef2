// Tournament: plays Compete matches between N ConnectFour plugins (round robin
// or gauntlet), each pair on the same boards, and ranks the players by
// Bradley-Terry ratings. Every pair keeps Compete's files (result file,
// record, summary) in the tournament's folder, so a stopped tournament resumes.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/judge_run.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "../../common/workdir.h"
#include "../match.h"
#include "../player_options.h"
#include "../protocol.h"
#include "../resume.h"
#include "tournament.h"

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

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone

  c4::PlayerOptions player_options;
  long long rounds = 10;
  bool gauntlet = false, resume = false;
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
  uint64_t seed = player_options.seed;
  bool have_seed = player_options.have_seed;
  const long long jobs = player_options.jobs;
  if (positional.empty()) return usage_error("missing arguments: need a folder and at least two plugins");
  const std::string folder = positional[0];
  std::vector<std::string> plugins;
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
  const std::vector<std::string> labels = c4::player_labels(plugins);
  std::vector<c4::TournamentPair> pairs = c4::tournament_pairs(static_cast<int>(plugins.size()), gauntlet);
  const std::string host = judge::self_executable();
  std::vector<c4::MatchConfig> configs;
  for (const c4::TournamentPair& pair : pairs) {
    c4::MatchConfig config;
    const int players[2] = {pair.a, pair.b};
    c4::PlayerConfig* sides[2] = {&config.a, &config.b};
    for (int side = 0; side < 2; ++side) {
      sides[side]->plugin_path = plugins[players[side]];
      sides[side]->host_executable = host;
      // Every player plays with the same settings on either side.
      c4::apply_player_options(player_options, 0, sides[side]);
    }
    config.rounds = static_cast<int>(rounds);
    config.jobs = static_cast<int>(jobs);
    config.seed = seed;
    config.result_path = folder + "/" + pair.file;
    config.record_path = folder + "/" + pair.file.substr(0, pair.file.size() - 4) + ".jsonl";
    config.stats_path = config.result_path + ".stats.json";
    config.resume = resume;
    if (resume) {
      judge::RunSettings pair_run;
      pair_run.resume = true;
      pair_run.record_path = config.record_path;
      bool seed_from_record = false;
      const judge::RunStart start =
          c4::read_match_records(pair_run, {}, have_seed, "Tournament", &config, &seed_from_record);
      if (start.status != 0) {
        std::cerr << "Tournament: " << start.problem << "\n";
        return 2;
      }
      if (seed_from_record) {  // the first recorded pair gives the seed of all
        seed = config.seed;
        have_seed = true;
        for (c4::MatchConfig& earlier : configs) earlier.seed = seed;
      }
    }
    configs.push_back(config);
  }

  // Each game gives each plugin a fresh working folder of its own under this root
  // (workdir.h); Ctrl-C kills the hosts and removes the folders.
  judge::WorkdirRoot workdirs;
  if (!judge::start_judge_run("Tournament", "tournament", player_options.workdirs, &workdirs, "", &problem)) {
    std::cerr << "Tournament: " << problem << "\n";
    return 1;
  }
  for (size_t k = 0; k < configs.size(); ++k) {
    const std::string& file = pairs[k].file;  // pair_II_JJ.txt: its games' folders are pair_II_JJ-round...
    configs[k].workdir_prefix = file.substr(0, file.size() - 4) + "-";
    for (c4::PlayerConfig* p : {&configs[k].a, &configs[k].b}) p->workdirs = &workdirs;
  }

  c4::TournamentReport report;
  report.header = std::string(gauntlet ? "Gauntlet" : "Round robin") + ", " + std::to_string(plugins.size()) +
                  " players, " + std::to_string(rounds) + " rounds (" + std::to_string(2 * rounds) +
                  " games) a pair on the same boards, seed " + std::to_string(seed);
  report.labels = labels;
  report.plugins = plugins;
  report.pairs = pairs;
  std::cout << report.header << "\n\n";
  int status = 0;
  std::ostream discard(nullptr);  // the games' pictures: in each pair's record instead
  for (size_t k = 0; k < configs.size(); ++k) {
    c4::TournamentPair& pair = report.pairs[k];
    c4::MatchOutcome outcome;
    std::string error;
    if (!c4::run_match(configs[k], discard, std::cerr, &outcome, &error)) {
      std::cerr << "Tournament: " << error << "\n";
      status = 1;
      break;
    }
    pair.played = true;
    pair.games = outcome.summary.games();
    judge::MatchStatistics s = outcome.summary.statistics();
    std::cout << "Pair " << k + 1 << " of " << configs.size() << ": " << labels[pair.a] << " vs " << labels[pair.b]
              << ": " << pair.games.wins << " - " << pair.games.losses << " - " << pair.games.draws << ", Elo "
              << c4::format_elo(s.elo.value) << " [" << c4::format_elo(s.elo.lower) << ", "
              << c4::format_elo(s.elo.upper) << "]"
              << (outcome.games_played < outcome.games_finished
                      ? "  (" + std::to_string(outcome.games_finished - outcome.games_played) +
                            " games from the record)"
                      : "")
              << "\n";
    std::cout.flush();
    std::string why;
    if (!judge::write_file_atomically(folder + "/tournament.txt", c4::format_tournament(report), &why) ||
        !judge::write_file_atomically(folder + "/tournament.json", c4::tournament_json(report), &why)) {
      std::cerr << "Tournament: " << why << "\n";
      status = 1;
      break;
    }
  }
  if (status == 0) std::cout << "\n" << c4::format_tournament(report) << "Files: " << folder << "/\n";
  return status;
}
