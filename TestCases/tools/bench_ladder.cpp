// bench-ladder: plays every sample k + 5 against sample k (k = 1..45), 50
// against 49 and 50 against 1, with Compete's sandboxed
// referee on a fixed seed; prints the win rates and checks that the ladder
// is monotone: the higher sample wins >= 70% of the games against the one
// five below, and 50 beats 1 in every game. Exit code 1 if a check fails.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/clock.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "../src/levels.h"
#include "game_pool.h"

namespace {

const char kUsageHead[] = "usage: bench_ladder [--rounds R] [--seed S] [-j N] [--samples DIR] [--only K]\n";

struct Pair {
  int high, low;
  enum Check { kNone, kSeventy, kAll } check;
  int high_wins = 0, low_wins = 0, ties = 0, games = 0, forfeits = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (sample_tools::is_plugin_host(argc, argv)) return sample_tools::run_as_plugin_host(argv);
  long long rounds = 50, jobs = 2;
  uint64_t seed = 1;
  std::vector<int> only;
  std::string samples = "TestCases";
  judge::OptionTable table("bench_ladder", kUsageHead);
  table
      .integer("--rounds", "R", 1, 1000, &rounds, "rounds of two games per pair (default 50)",
               "a whole number from 1 to 1000")
      .unsigned64("--seed", "S", &seed, "the boards (default 1)", "an unsigned 64-bit integer")
      .integer("-j", "N", 1, 64, &jobs, "games at once (default 2)", "a whole number from 1 to 64")
      .text("--samples", "DIR", &samples, "the folder of 1.so .. 50.so (default: TestCases, in the current folder)",
            "a folder")
      .custom(
          "--only", "K",
          [&](const std::string&, const std::string& v) {
            long long k = 0;
            if (!judge::parse_int(v, 1, 50, &k)) return false;
            only.push_back(static_cast<int>(k));
            return true;
          },
          "only the pairs whose lower sample is K (repeatable)", "a whole number from 1 to 50");
  std::vector<std::string> positional;
  if (const int status = table.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (!positional.empty()) return table.error("unexpected argument '" + positional[0] + "'");
  std::vector<Pair> pairs;
  for (int k = 1; k + 5 <= samples::kLevels; ++k) pairs.push_back({k + 5, k, Pair::kSeventy});
  pairs.push_back({50, 49, Pair::kNone});  // the top two, for the record
  pairs.push_back({50, 1, Pair::kAll});
  if (!only.empty())
    pairs.erase(std::remove_if(pairs.begin(), pairs.end(),
                               [&](const Pair& p) { return std::find(only.begin(), only.end(), p.low) == only.end(); }),
                pairs.end());
  for (int level = 1; level <= samples::kLevels; ++level) {
    std::string path = samples + "/" + std::to_string(level) + ".so";
    if (!std::filesystem::is_regular_file(path)) {
      std::cerr << "bench_ladder: " << path << " is missing: run make first\n";
      return 2;
    }
  }

  // Every pair plays the same boards: round r of the match seeded `seed`.
  std::vector<c4::ScheduledGame> games;
  std::vector<size_t> pair_of;
  for (size_t p = 0; p < pairs.size(); ++p)
    for (int r = 0; r < rounds; ++r)
      for (c4::Side first : {c4::kA, c4::kB}) {
        c4::ScheduledGame g;
        g.setup = c4::round_setup(seed, r, first);
        g.setup.id = "game" + std::to_string(games.size() + 1);
        g.plugin_a = samples + "/" + std::to_string(pairs[p].high) + ".so";
        g.plugin_b = samples + "/" + std::to_string(pairs[p].low) + ".so";
        games.push_back(g);
        pair_of.push_back(p);
      }
  // Longest pairs first, so that the workers finish together.
  std::vector<size_t> order(games.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return pairs[pair_of[x]].high > pairs[pair_of[y]].high; });
  std::vector<c4::ScheduledGame> ordered;
  for (size_t i : order) ordered.push_back(games[i]);

  std::map<int, std::vector<int64_t>> move_us;  // per level
  int finished = 0;
  judge::Stopwatch watch;
  sample_tools::PoolOptions options;
  options.jobs = static_cast<int>(jobs);
  std::string error;
  bool ok = sample_tools::play_games(
      ordered, options,
      [&](size_t i, const c4::GameResult& result) {
        Pair& p = pairs[pair_of[order[i]]];
        ++p.games;
        c4::Side winner = c4::credited_side(result.code);
        if (result.code == c4::kTie)
          ++p.ties;
        else if (winner == c4::kA)
          ++p.high_wins;
        else
          ++p.low_wins;
        if (result.code >= 3 || result.code < 0) ++p.forfeits;
        for (const c4::MoveRecord& m : result.moves) move_us[m.side == c4::kA ? p.high : p.low].push_back(m.wall_us);
        if (++finished % 50 == 0 || finished == static_cast<int>(ordered.size()))
          std::cerr << "Finished " << finished << " of " << ordered.size() << " games, " << watch.elapsed_us() / 1000000
                    << " s\n";
      },
      &error);
  if (!ok) {
    std::cerr << "bench_ladder: " << error << "\n";
    return 1;
  }

  int failed = 0;
  std::printf("Ladder bench: %lld rounds (%lld games) per pair, seed %llu, -j %lld, 3000 ms limit; %.0f s\n\n", rounds,
              2 * rounds, static_cast<unsigned long long>(seed), jobs, watch.elapsed_us() / 1e6);
  std::printf("higher  lower  won  lost  tied  win rate  forfeits  check\n");
  for (const Pair& p : pairs) {
    double rate = p.games ? 100.0 * p.high_wins / p.games : 0;
    const char* verdict = "";
    if (p.check == Pair::kSeventy) verdict = rate >= 70.0 ? "ok (>= 70%)" : "FAIL (< 70%)";
    if (p.check == Pair::kAll) verdict = p.high_wins == p.games ? "ok (all)" : "FAIL (not all)";
    if ((p.check == Pair::kSeventy && rate < 70.0) || (p.check == Pair::kAll && p.high_wins != p.games)) ++failed;
    std::printf("%6d  %5d  %3d  %4d  %4d  %7.0f%%  %8d  %s\n", p.high, p.low, p.high_wins, p.low_wins, p.ties, rate,
                p.forfeits, verdict);
  }
  std::printf("\nTime per move by level (ms): median / max\n");
  int column = 0;
  for (auto& [level, times] : move_us) {
    std::sort(times.begin(), times.end());
    std::printf("  %2d: %6.1f / %6.1f", level, times[times.size() / 2] / 1000.0, times.back() / 1000.0);
    if (++column % 4 == 0) std::printf("\n");
  }
  std::printf("\n\n%s: %d check(s) failed\n", failed ? "NOT MONOTONE" : "Monotone", failed);
  return failed ? 1 : 0;
}
