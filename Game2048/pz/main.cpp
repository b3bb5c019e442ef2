// PZ2048: the SJTU course's 2048. Three modes:
//   PZ2048 [input file]            Basic: the course's transcript of a test input
//   PZ2048 --eval PLAYER [...]     Extension: the course's 10,000-game evaluation
//   PZ2048 --play R C TARGET SEED  a game to play in the terminal (see play.h)
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "eval.h"
#include "play.h"
#include "transcript.h"

namespace {
const char kUsageHead[] =
    "usage: PZ2048 [input file]            Basic: prints the course's transcript (default: stdin)\n"
    "       PZ2048 --eval PLAYER [--games N] [-j N] [--move-limit MS] [--memory-limit MB]\n"
    "                    [--player-log FILE|-|none] [--progress live|lines|off]\n"
    "                                      Extension: the course's evaluation of a player program\n"
    "       PZ2048 --play ROWS COLS TARGET SEED   play in the terminal (arrows or w a s d, z undo,\n"
    "                                      q quit); then the transcript on stdout, the input on stderr\n"
    "Basic input: 'rows cols target seed', then w a s d (up left down right) and z (undo);\n"
    "whitespace is ignored and '#' stops.\n";

const char kUsageFooter[] =
    "--eval: games 1..N (default 10000) on 4 x 4 to 2048, game g with seed g; PLAYER is a\n"
    "user_logic.cpp built with Game2048/pz/include and build/Game2048/libpz2048player.a.\n"
    "Exit status: 0 done, 1 the player failed (the game and seed are named), 2 bad command line.\n";

int transcript_mode(const std::string& name, const judge::OptionTable& options) {
  std::ifstream file;
  if (!name.empty() && name != "-") {
    file.open(name);
    if (!file) return options.error("cannot read '" + name + "'");
  }
  std::string error;
  if (!g2048::pz::run_transcript(file.is_open() ? file : std::cin, std::cout, std::cerr, &error)) {
    std::cerr << "PZ2048: " << (name.empty() || name == "-" ? std::string("<stdin>") : name) << ": " << error << "\n";
    return 2;
  }
  return 0;
}

int eval_mode(g2048::pz::EvalConfig config, const std::vector<std::string>& players,
              const judge::OptionTable& options) {
  auto bad = [&](const std::string& problem) { return options.error(problem); };
  if (players.empty()) return bad("--eval needs the player program");
  if (players.size() > 1) return bad("one player program only ('" + players[0] + "', then '" + players[1] + "')");
  config.player = players[0];
  if (::access(config.player.c_str(), X_OK) != 0)
    return bad("player '" + config.player + "' is not an executable file");
  config.player = judge::absolute_path(config.player);
  if (config.jobs > config.games) config.jobs = config.games;
  const g2048::pz::EvalResult result = g2048::pz::run_evaluation(config, std::cerr);
  if (!result.complete) {
    std::cerr << "PZ2048: the run stopped after " << result.games_played << " of " << config.games
              << " games: " << result.fault << "\n";
    return 1;
  }
  g2048::pz::print_closing_lines(config, result, std::cout);
  std::cerr << g2048::pz::reach_line(config, result) << "\n";
  return 0;
}

// --eval's output options: where the player's output goes, how progress is shown.
void add_output_options(judge::OptionTable* options, g2048::pz::EvalConfig* config, bool* eval_option) {
  options
      ->custom(
          "--player-log", "WHERE",
          [config, eval_option](const std::string&, const std::string& v) {
            if (v.empty()) return false;
            config->player_log = v == "-" ? "/dev/stderr" : v == "none" ? "" : judge::absolute_path(v);
            *eval_option = true;
            return true;
          },
          "the player's stdout/stderr: a file, '-' for this program's stderr (default)\nor 'none'",
          "a file, '-' or 'none'")
      .custom(
          "--progress", "MODE",
          [config, eval_option](const std::string&, const std::string& v) {
            if (v == "live")
              config->progress = g2048::pz::EvalConfig::kProgressLive;
            else if (v == "lines")
              config->progress = g2048::pz::EvalConfig::kProgressLines;
            else if (v == "off")
              config->progress = g2048::pz::EvalConfig::kProgressOff;
            else
              return false;
            *eval_option = true;
            return true;
          },
          "progress on stderr: live, lines or off (default: live on a terminal, else lines)", "live, lines or off");
}

}  // namespace

int main(int argc, char** argv) {
  // --play's TARGET and SEED may be negative, which the table would take for options: the words
  // after a leading --play go to the game as they are.
  if (argc >= 2 && std::strcmp(argv[1], "--play") == 0) return g2048::pz::play_in_terminal(argc - 2, argv + 2);
  g2048::pz::EvalConfig config;
  config.player_log = "/dev/stderr";  // the player's output, as in the course, on the console
  config.progress = ::isatty(2) ? g2048::pz::EvalConfig::kProgressLive : g2048::pz::EvalConfig::kProgressLines;
  long long games = config.games, jobs = config.jobs, move_limit = config.move_limit_ms,
            memory_limit = config.memory_limit_mb;
  bool eval = false, play = false, eval_option = false;
  const std::string jobs_need = "a whole number from 1 to 64";
  judge::OptionTable options("PZ2048", kUsageHead);
  options.flag("--eval", &eval, "the Extension's evaluation of PLAYER, with the options below")
      .flag("--play", &play, "")
      .integer("--games", "N", 1, 1000000, &games, "games to play (default 10000)", "a whole number from 1 to 1000000",
               &eval_option)
      .integer("--jobs", "N", 1, 64, &jobs, "", jobs_need, &eval_option)
      .integer("-j", "N", 1, 64, &jobs, "--jobs N: player processes at once (default 1)", jobs_need, &eval_option)
      .integer("--move-limit", "MS", 1, 1000000000, &move_limit, "wall time for one Decide() (default 10000)",
               "a whole number from 1 to 1000000000", &eval_option)
      .integer("--memory-limit", "MB", 1, 1000000000, &memory_limit,
               "each player process's address space (default 2048)", "a whole number from 1 to 1000000000",
               &eval_option)
      .footer(kUsageFooter);
  add_output_options(&options, &config, &eval_option);
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (eval && play) return options.error("--eval and --play: one mode at a time");
  if (eval_option && !eval)
    return options.error("--games, -j, --move-limit, --memory-limit, --player-log and --progress go with --eval");
  if (play) {
    std::vector<char*> words;
    for (std::string& word : positional) words.push_back(&word[0]);
    return g2048::pz::play_in_terminal(static_cast<int>(words.size()), words.data());
  }
  config.games = static_cast<int>(games);
  config.jobs = static_cast<int>(jobs);
  config.move_limit_ms = move_limit;
  config.memory_limit_mb = memory_limit;
  if (eval) return eval_mode(config, positional, options);
  if (positional.size() > 1) return options.error("one input file at most");
  return transcript_mode(positional.empty() ? "" : positional[0], options);
}
