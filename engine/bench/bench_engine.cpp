// One engine's measurements for make bench-strategy (see bench_engine.h).
// Built with -I<the engine's Strategy folder> -DBENCH_ENGINE=<the EngineApi's
// name>, and for the reference engine -Dc4engine=<another namespace> (and -Dc4=,
// the name its namespace had before), so that the
// engines link into one program.
#include "bench_engine.h"

#include <stdio.h>
#include <stdlib.h>
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
double playouts_per_second(const c4engine::Geometry& g, Playout playout, double seconds, uint64_t seed, double* moves) {
  c4engine::Position empty;
  empty.reset(&g);
  c4engine::Random rng(seed);
  long n = 0, played = 0;
  int sink = 0;
  const double start = cpu_seconds();
  while (cpu_seconds() - start < seconds) {
    for (int i = 0; i < 1000; ++i) {
      c4engine::Position p = empty;
      sink += playout(p, rng);
      played += p.moves();
    }
    n += 1000;
  }
  if (sink == 123456789) printf(" ");
  if (moves) *moves = double(played) / n;
  return n / (cpu_seconds() - start);
}

int random_playout(c4engine::Position& p, c4engine::Random& r) { return c4engine::random_playout(p, r); }
int tactical_playout(c4engine::Position& p, c4engine::Random& r) { return c4engine::tactical_playout(p, r); }

PlayoutRates playouts(int size, int run, double seconds) {
  c4engine::Geometry g;
  g.init(size, size, 0, 0);
  PlayoutRates rates = PlayoutRates();
  rates.random_playouts = playouts_per_second(g, random_playout, seconds, 1 + run, 0);
  rates.tactical_playouts = playouts_per_second(g, tactical_playout, seconds, 100 + run, &rates.tactical_moves);
  return rates;
}

// The search in progress: its engine (allocated on first use; pages are
// touched as the tree grows), its board and root position.
struct Search {
  c4engine::Uct* uct;
  c4engine::Geometry geometry;
  c4engine::Position root;
  uint32_t nodes;
};
Search search;

void search_start(int size, int run, bool follow_up) {
  if (!search.uct) {
    search.uct = new c4engine::Uct;
    if (!search.uct->init(12u << 20)) {
      fprintf(stderr, "bench-strategy: cannot allocate the node pool\n");
      exit(1);
    }
#ifdef BENCH_PORTABLE
    search.uct->set_code_path(c4engine::Uct::kPortable);
#endif
  }
  search.geometry.init(size, size, 0, 0);
  search.root.reset(&search.geometry);
  search.uct->clear();
  search.uct->set_seed(1000 + run);
  search.uct->set_follow_up(follow_up ? c4engine::kFollowUpPercent : 0u);
  search.nodes = 0;
}

double search_more(uint64_t iterations) {
  c4engine::SearchLimits limits = {0.0, iterations};
  c4engine::SearchReport report;
  const double start = cpu_seconds();
  search.uct->search(search.root, limits, &report);
  const double spent = cpu_seconds() - start;
  search.nodes = report.nodes_used;
  return spent;
}

uint32_t search_nodes() { return search.nodes; }

int self_play(const SelfPlay& game, SearchFigures* out) {
  c4engine::Uct* side[2] = {new c4engine::Uct, new c4engine::Uct};
  int plies = -1;
  if (side[0]->init(game.pool_nodes) && side[1]->init(game.pool_nodes)) {
    c4engine::Geometry g;
    g.init(game.rows, game.cols, game.rows - 3, game.cols / 2);
    c4engine::Position pos;
    pos.reset(&g);
    for (int s = 0; s < 2; ++s) {
      side[s]->set_seed(game.seed + s);
      side[s]->set_exploration(0.6f);  // the plugin's (Strategy.cpp)
    }
    c4engine::SearchLimits limits = {game.move_ms, game.iterations};
    for (plies = 0; plies < game.plies && !pos.full();) {
      c4engine::SearchReport report;
      const int column = side[plies % 2]->search(pos, limits, &report);
      SearchFigures& f = out[plies++];
      f.iterations = report.iterations;
      f.root_visits = report.root_visits;
      f.nodes_used = report.nodes_used;
      f.elapsed_ms = report.elapsed_ms;
#ifdef BENCH_COMPACTIONS
      f.compactions = report.compactions;
      f.compact_ms = report.compact_ms;
#else
      f.compactions = 0;
      f.compact_ms = 0;
#endif
      if (pos.play(column)) break;
      side[0]->advance(column);
      side[1]->advance(column);
    }
  }
  delete side[0];
  delete side[1];
  return plies;
}

}  // namespace

extern const EngineApi BENCH_ENGINE = {playouts, search_start, search_more, search_nodes, self_play};
