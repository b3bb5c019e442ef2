// PZ2048: the SJTU course's 2048. Three modes:
//   PZ2048 [input file]            Basic: the course's transcript of a test input
//   PZ2048 --eval PLAYER [...]     Extension: the course's 10,000-game evaluation
//   PZ2048 --play R C TARGET SEED  a game to play in the terminal (see play.h)
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <string>

#include "../../common/cli.h"
#include "eval.h"
#include "play.h"
#include "transcript.h"

namespace {
const char kUsage[] =
    "usage: PZ2048 [input file]            Basic: prints the course's transcript (default: stdin)\n"
    "       PZ2048 --eval PLAYER [--games N] [-j N] [--move-limit MS] [--memory-limit MB]\n"
    "                    [--player-log FILE|-|none] [--progress live|lines|off]\n"
    "                                      Extension: the course's evaluation of a player program\n"
    "       PZ2048 --play ROWS COLS TARGET SEED   play in the terminal (arrows or w a s d, z undo,\n"
    "                                      q quit); then the transcript on stdout, the input on stderr\n"
    "Basic input: 'rows cols target seed', then w a s d (up left down right) and z (undo);\n"
    "whitespace is ignored and '#' stops.\n"
    "--eval: games 1..N (default 10000) on 4 x 4 to 2048, game g with seed g; PLAYER is a\n"
    "user_logic.cpp built with Game2048/pz/include and build/Game2048/libpz2048player.a.\n"
    "Exit status: 0 done, 1 the player failed (the game and seed are named), 2 bad command line.\n";

int transcript_mode(const std::string& name) {
  std::ifstream file;
  if (!name.empty() && name != "-") {
    file.open(name);
    if (!file) return judge::usage_error("PZ2048", kUsage, "cannot read '" + name + "'");
  }
  std::string error;
  if (!g2048::pz::run_transcript(file.is_open() ? file : std::cin, std::cout, std::cerr, &error)) {
    std::cerr << "PZ2048: " << (name.empty() || name == "-" ? std::string("<stdin>") : name) << ": " << error << "\n";
    return 2;
  }
  return 0;
}

int eval_mode(int argc, char** argv) {
  g2048::pz::EvalConfig config;
  config.player_log = "/dev/stderr";  // the player's output, as in the course, on the console
  config.progress = ::isatty(2) ? g2048::pz::EvalConfig::kProgressLive : g2048::pz::EvalConfig::kProgressLines;
  auto bad = [](const std::string& problem) { return judge::usage_error("PZ2048", kUsage, problem); };
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    long long n = 0;
    if (arg == "--games" || arg == "-j" || arg == "--jobs" || arg == "--move-limit" || arg == "--memory-limit") {
      if (!value(&v)) return bad(arg + " needs a value");
      const long long max = arg == "--games" ? 1000000 : (arg == "-j" || arg == "--jobs") ? 64 : 1000000000;
      if (!judge::parse_int(v, 1, max, &n))
        return bad(arg + " '" + v + "' is not a whole number from 1 to " + std::to_string(max));
      if (arg == "--games")
        config.games = static_cast<int>(n);
      else if (arg == "--move-limit")
        config.move_limit_ms = n;
      else if (arg == "--memory-limit")
        config.memory_limit_mb = n;
      else
        config.jobs = static_cast<int>(n);
    } else if (arg == "--player-log") {
      if (!value(&v) || v.empty()) return bad(arg + " needs a file, '-' or 'none'");
      config.player_log = v == "-" ? "/dev/stderr" : v == "none" ? "" : judge::absolute_path(v);
    } else if (arg == "--progress") {
      if (!value(&v)) return bad(arg + " needs live, lines or off");
      if (v == "live")
        config.progress = g2048::pz::EvalConfig::kProgressLive;
      else if (v == "lines")
        config.progress = g2048::pz::EvalConfig::kProgressLines;
      else if (v == "off")
        config.progress = g2048::pz::EvalConfig::kProgressOff;
      else
        return bad("--progress '" + v + "' is not live, lines or off");
    } else if (!arg.empty() && arg[0] == '-') {
      return bad("unknown option '" + arg + "'");
    } else if (config.player.empty()) {
      config.player = arg;
    } else {
      return bad("one player program only ('" + config.player + "', then '" + arg + "')");
    }
  }
  if (config.player.empty()) return bad("--eval needs the player program");
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

}  // namespace

int main(int argc, char** argv) {
  const std::string first = argc >= 2 ? argv[1] : "";
  if (first == "-h" || first == "--help") {
    std::cout << kUsage;
    return 0;
  }
  if (first == "--eval") return eval_mode(argc, argv);
  if (first == "--play") return g2048::pz::play_in_terminal(argc - 2, argv + 2);
  if (argc > 2) return judge::usage_error("PZ2048", kUsage, "one input file at most");
  return transcript_mode(first);
}
