// One engine's measurements for make bench-strategy (see bench_engine.h).
// Built with -I<the engine's Strategy folder> -DBENCH_ENGINE=<function name>,
// and for the reference engine -Dc4=<another namespace>, so that both engines
// link into one program.
#include "bench_engine.h"

#include <stdio.h>
#include <time.h>

#include "playout.h"
#include "position.h"
#include "uct.h"

namespace {

// The CPU time of this thread, in seconds: the figures count the time the
// engine ran, not the time other processes of a busy machine took from it.
double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// Playouts per second from the empty board of `g`; `moves` gets the mean playout length.
template <class Playout>
double playouts_per_second(const c4::Geometry& g, Playout playout, double seconds, uint64_t seed, double* moves) {
  c4::Position empty;
  empty.reset(&g);
  c4::Random rng(seed);
  long n = 0, played = 0;
  int sink = 0;
  const double start = cpu_seconds();
  while (cpu_seconds() - start < seconds) {
    for (int i = 0; i < 1000; ++i) {
      c4::Position p = empty;
      sink += playout(p, rng);
      played += p.moves();
    }
    n += 1000;
  }
  if (sink == 123456789) printf(" ");
  if (moves) *moves = double(played) / n;
  return n / (cpu_seconds() - start);
}

int random_playout(c4::Position& p, c4::Random& r) { return c4::random_playout(p, r); }
int tactical_playout(c4::Position& p, c4::Random& r) { return c4::tactical_playout(p, r); }

// The search's node pool, allocated on first use (pages are touched as the tree grows).
c4::Uct* search_engine() {
  static c4::Uct* uct = 0;
  if (!uct) {
    uct = new c4::Uct;
    if (!uct->init(12u << 20)) {
      fprintf(stderr, "bench-strategy: cannot allocate the node pool\n");
      return 0;
    }
  }
  return uct;
}

}  // namespace

EngineRates BENCH_ENGINE(int size, int run, double playout_seconds, double search_seconds) {
  EngineRates rates = EngineRates();
  c4::Geometry g;
  g.init(size, size, 0, 0);
  rates.random_playouts = playouts_per_second(g, random_playout, playout_seconds, 1 + run, 0);
  rates.tactical_playouts = playouts_per_second(g, tactical_playout, playout_seconds, 100 + run, &rates.tactical_moves);
  c4::Uct* uct = search_engine();
  if (!uct) return rates;
  c4::Position empty;
  empty.reset(&g);
  const uint32_t follow_ups[] = {c4::kFollowUpPercent, 0u};
  for (int i = 0; i < 2; ++i) {
    uct->clear();
    uct->set_seed(1000 + run);
    uct->set_follow_up(follow_ups[i]);
    c4::SearchLimits limits = {search_seconds * 1000.0, 0};
    c4::SearchReport report;
    const double start = cpu_seconds();
    uct->search(empty, limits, &report);
    const double rate = report.iterations / (cpu_seconds() - start);
    if (i == 0) {
      rates.uct_iterations = rate;
      rates.uct_nodes = report.nodes_used;
    } else {
      rates.plain_uct = rate;
    }
  }
  uct->set_follow_up(c4::kFollowUpPercent);
  return rates;
}
