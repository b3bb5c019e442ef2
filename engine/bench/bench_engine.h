// One engine's figures for make bench-strategy and make bench-pool. bench_engine.cpp is compiled
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

// A game of the engine against itself, two trees (one a side), for make bench-pool.
struct SelfPlay {
  int rows, cols;       // the board; its blocked cell is (rows - 3, cols / 2)
  int plies;            // at most
  double move_ms;       // each search's time (0: no limit)
  uint64_t iterations;  // each search's iterations (0: no limit)
  uint32_t pool_nodes;  // each tree's pool
  uint64_t seed;
};

// One search of a self-play game.
struct SearchFigures {
  uint64_t iterations;
  uint32_t root_visits;  // after the search: the iterations and the visits the root had before
  uint32_t nodes_used;
  double elapsed_ms;
  uint32_t compactions;  // 0 where the engine does not report them
  double compact_ms;
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
  // Plays a SelfPlay game; `out` gets one SearchFigures a ply. Returns the plies
  // played, or -1 if a pool cannot be allocated.
  int (*self_play)(const SelfPlay& game, SearchFigures* out);
};

extern const EngineApi bench_current;
extern const EngineApi bench_portable;
extern const EngineApi bench_reference;

#endif
