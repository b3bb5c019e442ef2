#include <iostream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../match.h"
#include "command.h"
#include "tournament.h"

namespace c4 {

int play_tournament(TournamentCommand* command_in, const judge::WorkdirRoot* workdirs) {
  TournamentCommand& command = *command_in;
  std::vector<MatchConfig>& configs = command.configs;
  for (size_t k = 0; k < configs.size(); ++k) {
    const std::string& file = command.pairs[k].file;  // pair_II_JJ.txt: its games' folders are pair_II_JJ-round...
    configs[k].workdir_prefix = file.substr(0, file.size() - 4) + "-";
    for (PlayerConfig* p : {&configs[k].a, &configs[k].b}) p->workdirs = workdirs;
  }

  const std::vector<std::string> labels = player_labels(command.plugins);
  const std::string& folder = command.folder;
  const long long rounds = command.rounds;
  TournamentReport report;
  report.header = std::string(command.gauntlet ? "Gauntlet" : "Round robin") + ", " +
                  std::to_string(command.plugins.size()) + " players, " + std::to_string(rounds) + " rounds (" +
                  std::to_string(2 * rounds) + " games) a pair on the same boards, seed " +
                  std::to_string(command.seed);
  report.labels = labels;
  report.plugins = command.plugins;
  report.pairs = command.pairs;
  std::cout << report.header << "\n\n";
  int status = 0;
  std::ostream discard(nullptr);  // the games' pictures: in each pair's record instead
  for (size_t k = 0; k < configs.size(); ++k) {
    TournamentPair& pair = report.pairs[k];
    MatchOutcome outcome;
    std::string error;
    if (!run_match(configs[k], discard, std::cerr, &outcome, &error)) {
      std::cerr << "Tournament: " << error << "\n";
      status = 1;
      break;
    }
    pair.played = true;
    pair.games = outcome.summary.games();
    judge::MatchStatistics s = outcome.summary.statistics();
    std::cout << "Pair " << k + 1 << " of " << configs.size() << ": " << labels[pair.a] << " vs " << labels[pair.b]
              << ": " << pair.games.wins << " - " << pair.games.losses << " - " << pair.games.draws << ", Elo "
              << format_elo(s.elo.value) << " [" << format_elo(s.elo.lower) << ", " << format_elo(s.elo.upper) << "]"
              << (outcome.games_played < outcome.games_finished
                      ? "  (" + std::to_string(outcome.games_finished - outcome.games_played) +
                            " games from the record)"
                      : "")
              << "\n";
    std::cout.flush();
    std::string why;
    if (!judge::write_file_atomically(folder + "/tournament.txt", format_tournament(report), &why) ||
        !judge::write_file_atomically(folder + "/tournament.json", tournament_json(report), &why)) {
      std::cerr << "Tournament: " << why << "\n";
      status = 1;
      break;
    }
  }
  if (status == 0) std::cout << "\n" << format_tournament(report) << "Files: " << folder << "/\n";
  return status;
}

}  // namespace c4
