// One engine's figures for make bench-strategy. bench_engine.cpp is compiled
// once per engine (the current Strategy/ and a reference commit's, each in a
// namespace of its own), with the OJ's flags; each copy defines one EngineApi.
// The current engine is measured twice: on the search loop the CPU runs best
// (AVX2 where it can) and on the portable one (BENCH_PORTABLE).
#ifndef BENCH_ENGINE_H_
#define BENCH_ENGINE_H_

#include <stdint.h>

struct PlayoutRates {
  double random_playouts;    // uniformly random playouts a second, from the empty board
  double tactical_playouts;  // tactical playouts a second (follow-up at the engine's own rate)
  double tactical_moves;     // their mean length in moves
};

struct EngineApi {
  // Playouts from the empty size x size board (blocked cell in a top corner),
  // `seconds` of CPU time for each figure; `run` varies the seeds.
  PlayoutRates (*playouts)(int size, int run, double seconds);
  // Starts a UCT search of that board afresh (`run` varies the seed; playouts
  // follow up at the engine's rate, or never).
  void (*search_start)(int size, int run, bool follow_up);
  // Goes on with that search for `iterations` more iterations (the tree, the
  // replies and the generator carry on, as in one long search); returns the
  // thread's CPU seconds they took.
  double (*search_more)(uint64_t iterations);
  // Nodes the search has used.
  uint32_t (*search_nodes)();
};

extern const EngineApi bench_current;
extern const EngineApi bench_portable;
extern const EngineApi bench_reference;

#endif
