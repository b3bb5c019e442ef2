// make bench-strategy: raw speed of the strategy's engine, single thread.
// Prints, for an empty 9x9 and 12x12 board (blocked cell in a top corner),
// uniformly random playouts per second, tactical playouts per second and UCT
// iterations per second: the median of several one-second runs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "../Strategy/playout.h"
#include "../Strategy/position.h"
#include "../Strategy/uct.h"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Playouts per second from the empty board of `g`; `moves` gets the mean playout length.
template <class Playout>
double playouts_per_second(const c4::Geometry& g, Playout playout, double seconds, uint64_t seed,
                           double* moves = nullptr) {
  c4::Position empty;
  empty.reset(&g);
  c4::Random rng(seed);
  long n = 0, played = 0;
  int sink = 0;
  auto start = std::chrono::steady_clock::now();
  while (seconds_since(start) < seconds) {
    for (int i = 0; i < 1000; ++i) {
      c4::Position p = empty;
      sink += playout(p, rng);
      played += p.moves();
    }
    n += 1000;
  }
  if (sink == 123456789) std::printf(" ");
  if (moves) *moves = double(played) / n;
  return n / seconds_since(start);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main() {
  const int kRuns = 5;
  c4::Uct uct;
  if (!uct.init(12u << 20)) {
    std::fprintf(stderr, "bench-strategy: cannot allocate the node pool\n");
    return 1;
  }
  std::printf("%-8s %12s %14s %9s %12s %9s %14s\n", "board", "random po/s", "tactical po/s", "moves/po", "UCT iter/s",
              "nodes/s", "(no follow-up)");
  for (int size : {9, 12}) {
    c4::Geometry g;
    g.init(size, size, 0, 0);
    std::vector<double> random_rate, tactical_rate, tactical_moves, uct_rate, nodes, plain_uct_rate;
    for (int run = 0; run < kRuns; ++run) {
      random_rate.push_back(playouts_per_second(g, c4::random_playout, 1.0, 1 + run));
      double moves = 0;
      tactical_rate.push_back(playouts_per_second(
          g, [](c4::Position& p, c4::Random& r) { return c4::tactical_playout(p, r); }, 1.0, 100 + run, &moves));
      tactical_moves.push_back(moves);
      c4::Position empty;
      empty.reset(&g);
      for (uint32_t follow_up : {c4::kFollowUpPercent, 0u}) {
        uct.clear();
        uct.set_seed(1000 + run);
        uct.set_follow_up(follow_up);
        c4::SearchLimits limits = {1000.0, 0};
        c4::SearchReport report;
        uct.search(empty, limits, &report);
        const double rate = report.iterations / (report.elapsed_ms / 1000.0);
        if (follow_up) {
          uct_rate.push_back(rate);
          nodes.push_back(report.nodes_used);
        } else {
          plain_uct_rate.push_back(rate);
        }
      }
    }
    char name[16];
    std::snprintf(name, sizeof name, "%dx%d", size, size);
    std::printf("%-8s %12.0f %14.0f %9.1f %12.0f %9.0f %14.0f\n", name, median(random_rate), median(tactical_rate),
                median(tactical_moves), median(uct_rate), median(nodes), median(plain_uct_rate));
  }
  std::printf(
      "(median of %d runs of 1 s each from the empty board; one thread. Tactical playouts follow up\n"
      " %u%% of the time (Strategy/playout.h), which makes them longer: moves/po is their mean length;\n"
      " the last column is the same UCT with playouts that never follow up)\n",
      kRuns, static_cast<unsigned>(c4::kFollowUpPercent));
  return 0;
}
