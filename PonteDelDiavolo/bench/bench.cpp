// pdd-bench: the strategy against the random and the greedy baselines, both
// colours alternating, through the referee (so every move is judged and timed
// as on the course platform). Prints win rate, average score margin, median
// and maximum time per move of the strategy, and every violation.
//   pdd-bench [--games N] [--think-ms MS] [--seed S] [--opponents random,greedy]
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "../referee/match.h"

using namespace pdd;

namespace {

std::string folder_of(const std::string& path) { return path.substr(0, path.rfind('/')); }

}  // namespace

int main(int argc, char** argv) {
  long long games = 40, think = 2000;
  uint64_t seed = 1;
  std::string opponents = "random,greedy";
  judge::OptionTable options("pdd-bench",
                             "usage: pdd-bench [--games N] [--think-ms MS] [--seed S] [--opponents random,greedy]\n");
  options
      .integer("--games", "N", 1, 100000, &games, "games against each opponent (default 40)",
               "a whole number from 1 to 100000")
      .integer("--think-ms", "MS", 1, 60000, &think,
               "pdd-strategy's time per move (default 2000; $PDD_THINK_MS, when set, wins)",
               "milliseconds from 1 to 60000")
      .unsigned64("--seed", "S", &seed, "game g gets PDD_SEED S+g (default 1)", "an unsigned 64-bit integer")
      .text("--opponents", "LIST", &opponents, "the baselines, comma-separated (default random,greedy)",
            "a list of opponents");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (!positional.empty()) return options.error("unexpected argument '" + positional[0] + "'");
  if (const char* env = std::getenv("PDD_THINK_MS"); env && !judge::parse_int(env, 1, 60000, &think)) think = 2000;
  setenv("PDD_THINK_MS", std::to_string(think).c_str(), 1);  // inherited by every program run
  const std::string dir = folder_of(judge::self_executable());
  char tmpl[] = "/tmp/pdd-bench-XXXXXX";
  if (!::mkdtemp(tmpl)) {
    std::perror("pdd-bench: mkdtemp");
    return 1;
  }
  std::cout << "pdd-bench: pdd-strategy (" << think << " ms per move) vs baselines, " << games
            << " games each, colours alternating, time limit 5000 ms, games in " << tmpl << "\n";
  int failures = 0;
  size_t start = 0;
  while (start < opponents.size()) {
    size_t comma = opponents.find(',', start);
    std::string name = opponents.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? opponents.size() : comma + 1;
    int wins = 0, losses = 0, draws = 0, violations = 0, over = 0;
    long long margin = 0;
    std::vector<double> times;
    for (int g = 1; g <= games; ++g) {
      Colour ours = g % 2 ? kWhite : kBlack;
      MatchOptions o;
      o.program[ours] = dir + "/pdd-strategy";
      o.program[opponent(ours)] = dir + "/pdd-" + name;
      o.game_dir = std::string(tmpl) + "/" + name + "-" + std::to_string(g);
      o.seed = seed + static_cast<uint64_t>(g);
      GameResult r = play_game(o);
      if (!r.error.empty()) {
        std::cerr << "pdd-bench: " << r.error << "\n";
        return 1;
      }
      for (const MoveTime& m : r.moves)
        if (m.colour == ours) {
          times.push_back(m.ms);
          over += m.ms > 2500;
        }
      int diff = r.score[ours].points - r.score[opponent(ours)].points;
      margin += diff;
      if (r.winner == ours)
        ++wins;
      else if (r.winner == kEmpty)
        ++draws;
      else
        ++losses;
      if (r.violation != Violation::kNone) {
        ++violations;
        std::cout << "  game " << g << ": " << r.reason << "\n";
      }
      std::printf("  vs %-6s game %2d as %s: %2d-%2d %s\n", name.c_str(), g, colour_name(ours), r.score[ours].points,
                  r.score[opponent(ours)].points,
                  r.winner == ours     ? "win"
                  : r.winner == kEmpty ? "draw"
                                       : "LOSS");
      std::fflush(stdout);
    }
    std::sort(times.begin(), times.end());
    double median = times.empty() ? 0 : times[times.size() / 2];
    double worst = times.empty() ? 0 : times.back();
    std::printf(
        "vs %-6s: %d games, won %d, drew %d, lost %d (win rate %.1f%%), average margin %+.2f points, "
        "%d violations (ours or theirs), strategy moves %zu: median %.0f ms, max %.0f ms, %d over 2500 ms\n",
        name.c_str(), static_cast<int>(games), wins, draws, losses, 100.0 * wins / games,
        static_cast<double>(margin) / games, violations, times.size(), median, worst, over);
    std::fflush(stdout);
    failures += violations;
  }
  return 0;
}
