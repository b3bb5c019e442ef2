// make bench-strategy: raw speed of the strategy's engine against a reference
// engine (the Strategy/ of commit BENCH_REF, see module.mk), all built with the
// OJ's flags and measured in one run: for an empty 9x9 and 12x12 board
// (blocked cell in a top corner), uniformly random playouts per second,
// tactical playouts per second and UCT iterations per second (of the thread's
// CPU time), the median of several runs, and the ratio of the engines'
// medians. The current engine is measured on the search loop the CPU runs
// best ("current") and on the portable one ("portable"), which the same build
// runs on CPUs without AVX2.
//
// The searches of one run are interleaved: each engine searches its own tree
// of the empty board in slices of about kSliceSeconds, in turn, until each has
// searched search_seconds of CPU time. This machine's speed changes by a
// third within seconds (other tenants of its host), so engines measured one
// after the other for a second each would be measured at different speeds.
//   bench_strategy [runs]   (default 5)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "bench_engine.h"

#ifndef BENCH_REF_NAME
#define BENCH_REF_NAME "reference"
#endif

namespace {

const int kEngines = 3;
const EngineApi* const kEngine[kEngines] = {&bench_current, &bench_portable, &bench_reference};
const double kSliceSeconds = 0.05;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Series {
  std::vector<double> random_playouts, tactical_playouts, tactical_moves, uct_iterations, uct_nodes, plain_uct;
  void print(const char* board, const char* engine) const {
    std::printf("%-6s %-10s %12.0f %14.0f %9.1f %12.0f %9.0f %14.0f\n", board, engine, median(random_playouts),
                median(tactical_playouts), median(tactical_moves), median(uct_iterations), median(uct_nodes),
                median(plain_uct));
  }
};

// One search of `seconds` CPU time per engine, the engines taking slices in
// turn; `rates` gets each engine's iterations per second, `nodes` its nodes used.
void interleaved_searches(int size, int run, bool follow_up, double seconds, double* rates, double* nodes) {
  double spent[kEngines] = {0, 0, 0};
  double iterations[kEngines] = {0, 0, 0};
  uint64_t slice[kEngines];
  for (int e = 0; e < kEngines; ++e) {
    kEngine[e]->search_start(size, run, follow_up);
    slice[e] = 2000;  // until the engine's rate is known
  }
  for (bool searching = true; searching;) {
    searching = false;
    for (int k = 0; k < kEngines; ++k) {
      const int e = (run + k) % kEngines;
      if (spent[e] >= seconds) continue;
      spent[e] += kEngine[e]->search_more(slice[e]);
      iterations[e] += static_cast<double>(slice[e]);
      const double rate = iterations[e] / spent[e];
      slice[e] = static_cast<uint64_t>(std::max(1000.0, std::min(rate * kSliceSeconds, rate * (seconds - spent[e]))));
      searching = true;
    }
  }
  for (int e = 0; e < kEngines; ++e) {
    rates[e] = iterations[e] / spent[e];
    nodes[e] = kEngine[e]->search_nodes();
  }
}

}  // namespace

int main(int argc, char** argv) {
  judge::OptionTable options("bench_strategy",
                             "usage: bench_strategy [runs]\n"
                             "The engine of Strategy/ against that of " BENCH_REF_NAME
                             ": playouts and UCT iterations per second,\n"
                             "the medians of <runs> (default 5) runs.\n");
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
    Series series[kEngines];
    std::vector<double> run_ratios;
    for (int run = 0; run < runs; ++run) {
      for (int k = 0; k < kEngines; ++k) {
        const int e = (run + k) % kEngines;
        const PlayoutRates p = kEngine[e]->playouts(size, run, playout_seconds);
        series[e].random_playouts.push_back(p.random_playouts);
        series[e].tactical_playouts.push_back(p.tactical_playouts);
        series[e].tactical_moves.push_back(p.tactical_moves);
      }
      double rates[kEngines], nodes[kEngines];
      interleaved_searches(size, run, true, search_seconds, rates, nodes);
      for (int e = 0; e < kEngines; ++e) {
        series[e].uct_iterations.push_back(rates[e]);
        series[e].uct_nodes.push_back(nodes[e]);
      }
      run_ratios.push_back(rates[0] / rates[2]);
      interleaved_searches(size, run, false, search_seconds, rates, nodes);
      for (int e = 0; e < kEngines; ++e) series[e].plain_uct.push_back(rates[e]);
    }
    char board[16];
    std::snprintf(board, sizeof board, "%dx%d", size, size);
    series[0].print(board, "current");
    series[1].print(board, "portable");
    series[2].print(board, BENCH_REF_NAME);
    for (int e = 0; e < 2; ++e) {
      const Series &s = series[e], &r = series[2];
      std::printf("%-6s %-10s %12.2f %14.2f %9s %12.2f %9s %14.2f", board, e == 0 ? "ratio" : "port/ref",
                  median(s.random_playouts) / median(r.random_playouts),
                  median(s.tactical_playouts) / median(r.tactical_playouts), "",
                  median(s.uct_iterations) / median(r.uct_iterations), "", median(s.plain_uct) / median(r.plain_uct));
      if (e == 0)
        std::printf("   (UCT iter/s ratio of each run: median %.2f, %.2f-%.2f)", median(run_ratios),
                    *std::min_element(run_ratios.begin(), run_ratios.end()),
                    *std::max_element(run_ratios.begin(), run_ratios.end()));
      std::printf("\n");
    }
  }
  std::printf(
      "(medians of %d runs from the empty board, one thread, each engine built with the OJ's flags\n"
      " -std=c++11 -O2 -fpic; rates per second of the thread's CPU time; playouts %.1f s a figure, the\n"
      " engines in turn; searches %.1f s each, the engines' searches interleaved in slices of about %.2f s.\n"
      " Tactical playouts follow up at each engine's rate (Strategy/playout.h): moves/po is their mean\n"
      " length; the last column is the same UCT with playouts that never follow up. Playouts outside the\n"
      " search run the portable code. ratio: current / %s, port/ref: portable / %s, ratios of the medians)\n",
      static_cast<int>(runs), playout_seconds, search_seconds, kSliceSeconds, BENCH_REF_NAME, BENCH_REF_NAME);
  return 0;
}
