// What the 2048 bot's and trainer's test suites share: boards from values,
// random boards, scratch files in /tmp, and the committed network loaded once.
#pragma once
#include <dlfcn.h>
#include <sys/wait.h>
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../../engine/board4.h"
#include "../../plugin/bot_abi.h"
#include "../../train/start_boards.h"
#include "../../train/parallel_episodes.h"
#include "../../train/td_trainer.h"
#include "../agent.h"
#include "../evaluator.h"
#include "../expectimax.h"
#include "../mcts.h"
#include "../ntuple.h"
#include "../weights_file.h"

namespace b4 = g2048::b4;
using namespace bot2048;

namespace bot_test {

// A board from 16 tile values, row-major.
inline b4::Board board_of(std::initializer_list<int> values) {
  int v[16], i = 0;
  for (int x : values) v[i++] = x;
  b4::Board b = 0;
  REQUIRE(b4::from_values(v, &b));
  return b;
}

// True if every spawn after `after` leaves no valid move.
inline bool loses_at_once(b4::Board after) {
  for (int k = 0; k < b4::count_empty(after); ++k)
    for (int e = 1; e <= 2; ++e)
      if (!b4::is_game_over(b4::spawn(after, k, e))) return false;
  return true;
}

// A random position with `tiles` tiles of exponents 1..max_e.
inline b4::Board random_board(train2048::Rng& rng, int tiles, int max_e) {
  b4::Board b = 0;
  for (int t = 0; t < tiles; ++t) {
    int i;
    do i = int(rng.below(16));
    while (b4::get_cell(b, i) != 0);
    b = b4::set_cell(b, i, 1 + int(rng.below(unsigned(max_e))));
  }
  return b;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::string temp_path(const char* name) { return "/tmp/test_bot2048_" + std::to_string(getpid()) + "_" + name; }

inline std::vector<char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}
inline void write_bytes(const std::string& path, const std::vector<char>& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), std::streamsize(data.size()));
}

// The committed network, loaded once (nullptr if the file is not there).
inline const Evaluator* committed_network() {
  static std::unique_ptr<Evaluator> evaluator = [] {
    std::unique_ptr<PlayingNetwork> net(new PlayingNetwork);
    std::string error;
    if (!load_weights(default_weights_path(), net.get(), nullptr, &error)) return std::unique_ptr<Evaluator>();
    return std::unique_ptr<Evaluator>(new NetworkEvaluator(std::move(net)));
  }();
  return evaluator.get();
}

inline std::vector<const Evaluator*> evaluators() {
  static HeuristicEvaluator heuristic;
  std::vector<const Evaluator*> list = {&heuristic};
  if (committed_network()) list.push_back(committed_network());
  return list;
}

}  // namespace bot_test
using namespace bot_test;
