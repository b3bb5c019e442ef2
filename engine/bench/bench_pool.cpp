// make bench-pool: how the strategy's engine keeps its tree in its node pool
// over a game at full time, against a reference engine (the Strategy/ of
// commit BENCH_REF, see module.mk). Each engine plays games against itself
// (a tree for each side, kept between moves as the plugin keeps it), each
// move a search of --ms milliseconds or --iterations iterations with a pool
// of --pool nodes, and the figures of every search are summed up: the visits
// the root had before the search (the tree kept from the moves before), the
// searches that started from nothing, those that ended with the pool full,
// and the time spent compacting the pool. The games of the two engines part
// after the first move they choose differently.
//   bench_pool [--ms MS] [--iterations N] [--pool NODES] [--plies N] [--size RxC] [--games N] [--seed S]
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "bench_engine.h"

#ifndef BENCH_REF_NAME
#define BENCH_REF_NAME "reference"
#endif

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Summary {
  int searches = 0;
  std::vector<double> iterations, root_visits, carried_share, compact_ms;
  int fresh = 0;       // after both sides' first moves, searches whose root had no visits before
  int ended_full = 0;  // searches that ended with 99% of the pool or more in use
  long compactions = 0;
  double longest_ms = 0;

  void add(const SearchFigures& f, int ply, uint32_t pool) {
    ++searches;
    iterations.push_back(static_cast<double>(f.iterations));
    root_visits.push_back(f.root_visits);
    const double carried = f.root_visits - static_cast<double>(f.iterations);
    if (ply >= 2) {
      carried_share.push_back(f.root_visits ? carried / f.root_visits : 0);
      if (carried <= 0) ++fresh;
    }
    if (f.nodes_used >= pool / 100 * 99) ++ended_full;
    compactions += f.compactions;
    if (f.compactions) compact_ms.push_back(f.compact_ms);
    longest_ms = std::max(longest_ms, f.elapsed_ms);
  }
  void print(const char* engine, bool reports_compactions) const {
    std::printf("%-10s %8d %12.0f %12.0f %12.0f%% %7d %7d", engine, searches, median(iterations), median(root_visits),
                100 * median(carried_share), fresh, ended_full);
    if (reports_compactions)
      std::printf(" %11ld %8.1f %8.1f", compactions, median(compact_ms),
                  compact_ms.empty() ? 0.0 : *std::max_element(compact_ms.begin(), compact_ms.end()));
    else
      std::printf(" %11s %8s %8s", "-", "-", "-");
    std::printf(" %10.0f\n", longest_ms);
  }
};

}  // namespace

int main(int argc, char** argv) {
  judge::OptionTable options(
      "bench_pool",
      "usage: bench_pool [--ms MS] [--iterations N] [--pool NODES] [--plies N] [--size RxC] [--games N] [--seed S]\n"
      "Games of the engine of Strategy/ against itself, and of " BENCH_REF_NAME
      "'s, each move a search of MS\n"
      "milliseconds (default 2600) or N iterations, with two pools of NODES nodes a tree (default 12582912, the\n"
      "plugin's): how much of its tree each search starts from, and what compacting the pool costs.\n");
  long long ms = 2600, iterations = 0, pool = 12u << 20, plies = 40, games = 2, seed = 1;
  std::string size = "12x12";
  options.integer("--ms", "MS", 0, 60000, &ms, "each search's time (0: by iterations only)",
                  "a whole number from 0 to 60000");
  options.integer("--iterations", "N", 0, 1000000000, &iterations, "each search's iterations (0: by time only)",
                  "a whole number from 0 to 1000000000");
  options.integer("--pool", "NODES", 1000, 1 << 26, &pool, "the nodes of each of a tree's two pools",
                  "a whole number from 1000 to 67108864");
  options.integer("--plies", "N", 1, 144, &plies, "plies a game at most (default 40)", "a whole number from 1 to 144");
  options.integer("--games", "N", 1, 100, &games, "games of each engine (default 2)", "a whole number from 1 to 100");
  options.integer("--seed", "S", 0, 1000000000, &seed, "the first game's seed (default 1)",
                  "a whole number from 0 to 1000000000");
  options.text("--size", "RxC", &size, "the board (default 12x12)", "ROWSxCOLUMNS, each 9 to 12");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (!positional.empty()) return options.error("unexpected argument '" + positional[0] + "'");
  int rows = 0, cols = 0;
  char end = 0;
  if (std::sscanf(size.c_str(), "%dx%d%c", &rows, &cols, &end) != 2 || rows < 9 || rows > 12 || cols < 9 || cols > 12)
    return options.error("--size needs ROWSxCOLUMNS, each 9 to 12, not '" + size + "'");
  if (ms == 0 && iterations == 0) return options.error("--ms 0 needs --iterations: a search must end");

  const EngineApi* const engines[2] = {&bench_current, &bench_reference};
  Summary summary[2];
  std::vector<SearchFigures> figures(static_cast<size_t>(plies));
  for (int game = 0; game < games; ++game)
    for (int e = 0; e < 2; ++e) {
      SelfPlay play = {rows,
                       cols,
                       static_cast<int>(plies),
                       static_cast<double>(ms),
                       static_cast<uint64_t>(iterations),
                       static_cast<uint32_t>(pool),
                       static_cast<uint64_t>(seed + game)};
      const int played = engines[e]->self_play(play, figures.data());
      if (played < 0) {
        std::fprintf(stderr, "bench_pool: cannot allocate two pools of %lld nodes\n", pool);
        return 1;
      }
      for (int ply = 0; ply < played; ++ply) summary[e].add(figures[ply], ply, static_cast<uint32_t>(pool));
    }
  std::printf("%-10s %8s %12s %12s %13s %7s %7s %11s %8s %8s %10s\n", "engine", "searches", "iterations", "root visits",
              "kept (share)", "fresh", "full", "compactions", "ms (med", "max)", "longest ms");
  summary[0].print("current", true);
  summary[1].print(BENCH_REF_NAME, false);
  std::printf(
      "(%lld games of up to %lld plies on %s, blocked cell (%d, %d), seeds from %lld; each search %s, two\n"
      " pools of %lld nodes a tree. Medians over the searches: iterations, the root's visits after the search and\n"
      " the share of them it had before (from the third ply on). fresh: searches from the third ply on that\n"
      " started from no visits; full: searches that ended with 99%% of the pool in use; compactions of the pool\n"
      " and the median and longest time a search spent on them. longest ms: the longest search, compacting\n"
      " included. The reference does not report its compactions.)\n",
      games, plies, size.c_str(), rows - 3, cols / 2, seed,
      iterations
          ? (std::to_string(iterations) + " iterations" + (ms ? " or " + std::to_string(ms) + " ms" : "")).c_str()
          : (std::to_string(ms) + " ms").c_str(),
      pool);
  return 0;
}
