// One engine's figures for make bench-strategy. bench_engine.cpp is compiled
// once per engine (the current Strategy/ and a reference commit's, each in a
// namespace of its own), with the OJ's flags; each copy defines one function.
#ifndef BENCH_ENGINE_H_
#define BENCH_ENGINE_H_

struct EngineRates {
  double random_playouts;    // uniformly random playouts a second, from the empty board
  double tactical_playouts;  // tactical playouts a second (follow-up at the engine's own rate)
  double tactical_moves;     // their mean length in moves
  double uct_iterations;     // UCT iterations a second, a 1 s search of the empty board
  double uct_nodes;          // nodes that search used
  double plain_uct;          // UCT iterations a second with playouts that never follow up
};

// Measures an empty size x size board (blocked cell in a top corner); `run`
// varies the seeds. `playout_seconds` for each playout figure, `search_seconds`
// for each search.
EngineRates bench_current(int size, int run, double playout_seconds, double search_seconds);
EngineRates bench_reference(int size, int run, double playout_seconds, double search_seconds);

#endif
