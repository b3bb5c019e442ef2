// make bench-strategy: raw speed of the strategy's engine against a reference
// engine (the Strategy/ of commit BENCH_REF, see module.mk), both built with
// the OJ's flags and measured in one run, alternately: for an empty 9x9 and
// 12x12 board (blocked cell in a top corner), uniformly random playouts per
// second, tactical playouts per second and UCT iterations per second (of the
// thread's CPU time), the median of several alternating runs (the order
// swapped every run), and the ratio of the two engines' medians.
//   bench_strategy [runs]   (default 5)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../common/cli.h"
#include "../common/options.h"
#include "bench_engine.h"

#ifndef BENCH_REF_NAME
#define BENCH_REF_NAME "reference"
#endif

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Series {
  std::vector<double> random_playouts, tactical_playouts, tactical_moves, uct_iterations, uct_nodes, plain_uct;
  void add(const EngineRates& r) {
    random_playouts.push_back(r.random_playouts);
    tactical_playouts.push_back(r.tactical_playouts);
    tactical_moves.push_back(r.tactical_moves);
    uct_iterations.push_back(r.uct_iterations);
    uct_nodes.push_back(r.uct_nodes);
    plain_uct.push_back(r.plain_uct);
  }
  void print(const char* board, const char* engine) const {
    std::printf("%-6s %-10s %12.0f %14.0f %9.1f %12.0f %9.0f %14.0f\n", board, engine, median(random_playouts),
                median(tactical_playouts), median(tactical_moves), median(uct_iterations), median(uct_nodes),
                median(plain_uct));
  }
};

}  // namespace

int main(int argc, char** argv) {
  judge::OptionTable options("bench_strategy",
                             "usage: bench_strategy [runs]\n"
                             "The engine of Strategy/ against that of " BENCH_REF_NAME
                             ": playouts and UCT iterations per second,\n"
                             "the medians of <runs> (default 5) alternating runs.\n");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (positional.size() > 1) return options.error("unexpected argument '" + positional[1] + "'");
  long long runs = 5;
  if (!positional.empty() && !judge::parse_int(positional[0], 1, 1000, &runs))
    return options.error("runs needs a whole number from 1 to 1000, not '" + positional[0] + "'");
  const double playout_seconds = 0.5, search_seconds = 1.0;
  std::printf("%-6s %-10s %12s %14s %9s %12s %9s %14s\n", "board", "engine", "random po/s", "tactical po/s", "moves/po",
              "UCT iter/s", "nodes", "(no follow-up)");
  for (int size : {9, 12}) {
    Series current, reference;
    std::vector<double> run_ratios;
    for (int run = 0; run < runs; ++run) {
      EngineRates c, r;
      if (run % 2 == 0) {
        c = bench_current(size, run, playout_seconds, search_seconds);
        r = bench_reference(size, run, playout_seconds, search_seconds);
      } else {
        r = bench_reference(size, run, playout_seconds, search_seconds);
        c = bench_current(size, run, playout_seconds, search_seconds);
      }
      current.add(c);
      reference.add(r);
      run_ratios.push_back(c.uct_iterations / r.uct_iterations);
    }
    char board[16];
    std::snprintf(board, sizeof board, "%dx%d", size, size);
    current.print(board, "current");
    reference.print(board, BENCH_REF_NAME);
    std::printf(
        "%-6s %-10s %12.2f %14.2f %9s %12.2f %9s %14.2f   (UCT iter/s ratio of each run: median %.2f, %.2f-%.2f)\n",
        board, "ratio", median(current.random_playouts) / median(reference.random_playouts),
        median(current.tactical_playouts) / median(reference.tactical_playouts), "",
        median(current.uct_iterations) / median(reference.uct_iterations), "",
        median(current.plain_uct) / median(reference.plain_uct), median(run_ratios),
        *std::min_element(run_ratios.begin(), run_ratios.end()),
        *std::max_element(run_ratios.begin(), run_ratios.end()));
  }
  std::printf(
      "(medians of %d runs from the empty board, one thread, the engines alternating, each built with the OJ's\n"
      " flags -std=c++11 -O2 -fpic; rates per second of the thread's CPU time; playouts %.1f s, searches\n"
      " %.1f s (wall) a run. Tactical playouts follow up at each engine's rate (Strategy/playout.h):\n"
      " moves/po is their mean length; the last column is the same UCT with playouts that never follow\n"
      " up. ratio: current / %s, the ratio of the medians)\n",
      static_cast<int>(runs), playout_seconds, search_seconds, BENCH_REF_NAME);
  return 0;
}
