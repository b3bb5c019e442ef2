// The 2048 bot: evaluations, search, weights files, the TD trainer, the plugin.
#include <dlfcn.h>
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "../../engine/board4.h"
#include "../../plugin/bot_abi.h"
#include "../../train/td_trainer.h"
#include "../agent.h"
#include "../evaluator.h"
#include "../expectimax.h"
#include "../mcts.h"
#include "../ntuple.h"
#include "../weights_file.h"

#ifndef BOT2048_PLUGIN_PATH
#define BOT2048_PLUGIN_PATH "Game2048/bot/bot2048.so"
#endif

namespace b4 = g2048::b4;
using namespace bot2048;

namespace {

// A board from 16 tile values, row-major.
b4::Board board_of(std::initializer_list<int> values) {
  int v[16], i = 0;
  for (int x : values) v[i++] = x;
  b4::Board b = 0;
  REQUIRE(b4::from_values(v, &b));
  return b;
}

// True if every spawn after `after` leaves no valid move.
bool loses_at_once(b4::Board after) {
  for (int k = 0; k < b4::count_empty(after); ++k)
    for (int e = 1; e <= 2; ++e)
      if (!b4::is_game_over(b4::spawn(after, k, e))) return false;
  return true;
}

// A random position with `tiles` tiles of exponents 1..max_e.
b4::Board random_board(train2048::Rng& rng, int tiles, int max_e) {
  b4::Board b = 0;
  for (int t = 0; t < tiles; ++t) {
    int i;
    do i = int(rng.below(16));
    while (b4::get_cell(b, i) != 0);
    b = b4::set_cell(b, i, 1 + int(rng.below(unsigned(max_e))));
  }
  return b;
}

std::string temp_path(const char* name) { return "/tmp/test_bot2048_" + std::to_string(getpid()) + "_" + name; }

std::vector<char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}
void write_bytes(const std::string& path, const std::vector<char>& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), std::streamsize(data.size()));
}

// The committed network, loaded once (nullptr if the file is not there).
const Evaluator* committed_network() {
  static std::unique_ptr<Evaluator> evaluator = [] {
    std::unique_ptr<PlayingNetwork> net(new PlayingNetwork);
    std::string error;
    if (!load_weights(default_weights_path(), net.get(), nullptr, &error)) return std::unique_ptr<Evaluator>();
    return std::unique_ptr<Evaluator>(new NetworkEvaluator(std::move(net)));
  }();
  return evaluator.get();
}

std::vector<const Evaluator*> evaluators() {
  static HeuristicEvaluator heuristic;
  std::vector<const Evaluator*> list = {&heuristic};
  if (committed_network()) list.push_back(committed_network());
  return list;
}

// A tiny network for the trainer test: the 4 rows and 4 columns' 4-tuples, one table.
struct TinyNetwork {
  static constexpr int kFeatureCount = 8;
  std::vector<float> table = std::vector<float>(65536, 0.0f);
  void lines(uint64_t b, unsigned out[8]) const {
    const uint64_t t = b4::transpose(b);
    for (int r = 0; r < 4; ++r) out[r] = unsigned((b >> (16 * r)) & 0xFFFF), out[4 + r] = unsigned((t >> (16 * r)) & 0xFFFF);
  }
  float value(uint64_t b) const {
    unsigned idx[8];
    lines(b, idx);
    float s = 0;
    for (unsigned i : idx) s += table[i];
    return s;
  }
  float learn(uint64_t b, float target, float step) {
    unsigned idx[8];
    lines(b, idx);
    const float delta = step * (target - value(b));
    for (unsigned i : idx) table[i] += delta;
    return value(b);
  }
  void prefetch(uint64_t) const {}
};

}  // namespace

TEST_CASE("the heuristic and the network value a board and its 8 symmetric images alike") {
  train2048::Rng rng(7);
  for (const Evaluator* e : evaluators()) {
    for (int n = 0; n < 200; ++n) {
      const b4::Board b = random_board(rng, 1 + int(rng.below(15)), 11);
      uint64_t images[kSymmetries];
      symmetric_boards(b, images);
      for (uint64_t image : images) CHECK(e->evaluate(image) == doctest::Approx(e->evaluate(b)).epsilon(1e-4));
    }
  }
}

TEST_CASE("the network's feature indices are the tuples' cells on each image") {
  // Cells 0..15 hold exponents 1..15, 0: tuple 0 on the identity reads cells 0..5.
  b4::Board b = 0;
  for (int i = 0; i < 16; ++i) b = b4::set_cell(b, i, (i + 1) & 0xF);
  uint32_t idx[kFeatures];
  feature_indices(b, idx);
  CHECK(idx[0] == 0x654321u);                  // tuple 0: cells 0 1 2 3 4 5
  CHECK(idx[kSymmetries] == 0xA98765u);        // tuple 1: cells 4 5 6 7 8 9
  CHECK(idx[2 * kSymmetries] == 0x765321u);    // tuple 2: cells 0 1 2 4 5 6
  CHECK(idx[3 * kSymmetries] == 0xBA9765u);    // tuple 3: cells 4 5 6 8 9 10
}

TEST_CASE("expectimax takes an obvious merge") {
  // Merging the two 1024s (LEFT or RIGHT) makes a 2048; UP is valid too but merges nothing.
  const b4::Board b = board_of({1024, 1024, 0, 0,  //
                                2, 4, 8, 16,       //
                                4, 8, 16, 32,      //
                                8, 16, 32, 64});
  REQUIRE(b4::can_move(b, b4::kUp));
  for (const Evaluator* e : evaluators()) {
    for (int depth = 0; depth <= 2; ++depth) {
      ExpectimaxSettings s;
      s.min_depth = s.max_depth = depth;
      s.min_moves_per_second = 0;
      Expectimax search(*e, s);
      const int d = search.choose_move(b);
      INFO(e->name() << " at depth " << depth);
      CHECK((d == b4::kLeft || d == b4::kRight));
    }
  }
}

TEST_CASE("expectimax avoids a move that loses at once") {
  // LEFT fills the last gap so that a 2 (p = 0.9) ends the game; RIGHT and DOWN are safe.
  const b4::Board b = board_of({2, 4, 2, 4,  //
                                4, 2, 4, 2,  //
                                2, 4, 2, 4,  //
                                4, 2, 0, 8});
  REQUIRE(b4::can_move(b, b4::kLeft));
  REQUIRE(!b4::can_move(b, b4::kUp));
  REQUIRE(b4::is_game_over(b4::spawn(b4::move(b, b4::kLeft), 0, 1)));
  REQUIRE(!loses_at_once(b4::move(b, b4::kRight)));
  REQUIRE(!loses_at_once(b4::move(b, b4::kDown)));
  for (const Evaluator* e : evaluators()) {
    for (int depth = 1; depth <= 3; ++depth) {
      ExpectimaxSettings s;
      s.min_depth = s.max_depth = depth;
      s.min_moves_per_second = 0;
      Expectimax search(*e, s);
      INFO(e->name() << " at depth " << depth);
      CHECK(search.choose_move(b) != b4::kLeft);
    }
    ExpectimaxSettings budgeted;  // the default, budgeted search
    budgeted.min_moves_per_second = 0;
    Expectimax search(*e, budgeted);
    CHECK(search.choose_move(b) != b4::kLeft);
  }
}

TEST_CASE("every agent returns a move that changes the board, or -1 when none does") {
  const char* specs[] = {"expectimax-heuristic:nodes=3000", "expectimax:nodes=3000", "greedy", "mcts:playouts=40",
                         "mcts:playouts=40,guided=1"};
  for (const char* spec : specs) {
    std::string error;
    std::unique_ptr<Agent> agent = make_agent(spec, &error);
    REQUIRE_MESSAGE(agent, error);
    agent->new_game(5);
    train2048::Rng rng(11);
    for (int n = 0; n < 300; ++n) {
      const b4::Board b = random_board(rng, 10 + int(rng.below(7)), 9);
      const int d = agent->choose_move(b);
      INFO(spec << " on board " << std::hex << b);
      bool any = false;
      for (int k = 0; k < 4; ++k) any = any || b4::can_move(b, k);
      if (any) CHECK((d >= 0 && d < 4 && b4::can_move(b, d)));
      else CHECK(d == -1);
    }
  }
}

TEST_CASE("make_agent rejects bad specs with a message naming the problem") {
  std::string error;
  CHECK(!make_agent("minimax", &error));
  CHECK(error.find("unknown kind 'minimax'") != std::string::npos);
  CHECK(!make_agent("expectimax:depth=3", &error));
  CHECK(error.find("unknown option 'depth'") != std::string::npos);
  CHECK(!make_agent("mcts:playouts=ten", &error));
  CHECK(error.find("playouts=ten") != std::string::npos);
  CHECK(!make_agent("expectimax:min=3,max=2", &error));
}

TEST_CASE("weights: saved, loaded, and rejected when corrupted or truncated") {
  // A network with a few distinct weights round-trips through the 16-bit file.
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(0.0f));
  const uint64_t boards[] = {0x1234ULL, 0x0000FEDC00000021ULL, 0x0102030405060708ULL};
  float delta = 37.5f;
  for (uint64_t b : boards) net->add(b, delta), delta *= -3;
  const std::string path = temp_path("weights.n2048");
  std::string error, note;
  REQUIRE_MESSAGE(save_weights(path, *net, 0.0f, "test note", &error), error);
  {
    std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
    REQUIRE_MESSAGE(load_weights(path, loaded.get(), &note, &error), error);
    CHECK(note == "test note");
    for (uint64_t b : boards) CHECK(loaded->value(b) == doctest::Approx(net->value(b)).epsilon(1e-3));
    std::unique_ptr<Evaluator> e = load_evaluator(path);
    CHECK(std::string(e->name()) == "ntuple");
  }
  const std::vector<char> good = read_bytes(path);

  // One flipped byte in the payload: the checksum catches it.
  std::vector<char> bad = good;
  bad[bad.size() - 3] ^= 0x40;
  write_bytes(path, bad);
  {
    std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
    CHECK(!load_weights(path, loaded.get(), nullptr, &error));
    CHECK(error.find("checksum") != std::string::npos);
    CHECK(error.find(path) != std::string::npos);
    CHECK(std::string(load_evaluator(path)->name()) == "heuristic");
  }
  // Truncated, anywhere: in the header or in the payload.
  for (size_t keep : {size_t(10), good.size() / 2, good.size() - 1}) {
    write_bytes(path, std::vector<char>(good.begin(), good.begin() + long(keep)));
    std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
    CHECK(!load_weights(path, loaded.get(), nullptr, &error));
    CHECK(error.find("truncated") != std::string::npos);
    CHECK(std::string(load_evaluator(path)->name()) == "heuristic");
  }
  // Not a weights file at all, and a missing one.
  write_bytes(path, std::vector<char>(200, 'x'));
  CHECK(std::string(load_evaluator(path)->name()) == "heuristic");
  std::remove(path.c_str());
  std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
  CHECK(!load_weights(path, loaded.get(), nullptr, &error));
  CHECK(error.find("cannot open") != std::string::npos);
  CHECK(std::string(load_evaluator(path)->name()) == "heuristic");
}

TEST_CASE("weights: a compact file loads back into a float network for training (within quantisation error)") {
  // Random weights around an optimistic initial weight, so the offset is exercised too.
  const float initial = 2.5f;
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(initial));
  train2048::Rng rng(7);
  for (int t = 0; t < kTuples; ++t)
    for (int k = 0; k < 20000; ++k)
      net->table(t)[rng.below(kTupleEntries)] = initial + (float(rng.below(2000001)) - 1000000.0f) / 997.0f;
  const std::string path = temp_path("init.n2048"), again = temp_path("init2.n2048");
  std::string error, note;
  REQUIRE_MESSAGE(save_weights(path, *net, initial, "test run, seed 1, 123456 episodes", &error), error);

  std::unique_ptr<TrainingNetwork> loaded(new TrainingNetwork(0.0f));
  float loaded_initial = 0;
  uint64_t episodes = 0;
  REQUIRE_MESSAGE(load_weights_for_training(path, loaded.get(), &loaded_initial, &episodes, &note, &error), error);
  CHECK(note == "test run, seed 1, 123456 episodes");
  CHECK(episodes == 123456);
  CHECK(loaded_initial == doctest::Approx(initial));
  // The scale is max |w - initial| / 32767: every weight comes back within half a step.
  float max_abs = 0, max_err = 0;
  for (int t = 0; t < kTuples; ++t)
    for (uint32_t i = 0; i < kTupleEntries; ++i) {
      max_abs = std::max(max_abs, std::fabs(net->table(t)[i] - initial));
      max_err = std::max(max_err, std::fabs(net->table(t)[i] - loaded->table(t)[i]));
    }
  const float step = max_abs / 32767.0f;
  INFO("largest error " << max_err << ", quantisation step " << step);
  CHECK(max_err <= 0.5f * step * 1.01f + 1e-6f);

  // Exporting the loaded network again gives the same 16-bit file contents (values stay put).
  REQUIRE_MESSAGE(save_weights(again, *loaded, loaded_initial, note, &error), error);
  CHECK(read_bytes(again) == read_bytes(path));

  // A note without an episode count gives 0 (the trainer then takes --start-episode).
  CHECK(episodes_from_note("no count here") == 0);
  CHECK(episodes_from_note("exported from x at 42 episodes") == 42);
  // A missing file is refused with a message naming it.
  std::remove(path.c_str());
  std::remove(again.c_str());
  CHECK(!load_weights_for_training(path, loaded.get(), &loaded_initial, &episodes, nullptr, &error));
  CHECK(error.find(path) != std::string::npos);
}

TEST_CASE("the committed weights load and are within 32 MiB") {
  const std::string path = default_weights_path();
  const std::vector<char> bytes = read_bytes(path);
  REQUIRE_MESSAGE(!bytes.empty(), "no weights at " << path);
  CHECK(bytes.size() <= 32u << 20);
  REQUIRE(committed_network() != nullptr);
  // A trained network values an open, ordered board above a cluttered one.
  const b4::Board good = board_of({1024, 512, 256, 128, 8, 16, 32, 64, 4, 0, 0, 0, 0, 0, 0, 0});
  const b4::Board bad = board_of({2, 1024, 4, 128, 512, 8, 256, 16, 4, 64, 2, 32, 8, 2, 16, 0});
  CHECK(committed_network()->evaluate(good) > committed_network()->evaluate(bad));
}

TEST_CASE("TD training improves a tiny network over a few thousand episodes (fixed seed)") {
  TinyNetwork net;
  train2048::Rng rng(2024);
  std::vector<train2048::Step> path;
  const int episodes = 4000, window = 500;
  double first = 0, last = 0;
  for (int i = 0; i < episodes; ++i) {
    const train2048::EpisodeResult r = train2048::learn_episode(net, rng, 0.1f, path);
    if (i < window) first += double(r.score);
    if (i >= episodes - window) last += double(r.score);
  }
  first /= window;
  last /= window;
  INFO("mean score of the first " << window << " games " << first << ", of the last " << last);
  CHECK(last > 1.5 * first);
}

TEST_CASE("the plugin never answers a move that changes nothing while another exists") {
  setenv("GAME2048_AGENT", "expectimax:nodes=2000", 1);
  void* so = dlopen(BOT2048_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
  REQUIRE_MESSAGE(so, dlerror());
  auto move = reinterpret_cast<int (*)(const int*, int, int)>(dlsym(so, G2048_MOVE_SYMBOL));
  auto new_game = reinterpret_cast<void (*)(int, unsigned long long)>(dlsym(so, G2048_NEW_GAME_SYMBOL));
  REQUIRE(reinterpret_cast<void*>(move) != nullptr);
  REQUIRE(reinterpret_cast<void*>(new_game) != nullptr);
  new_game(0, 99);
  train2048::Rng rng(3);
  int checked = 0;
  for (int n = 0; n < 400; ++n) {
    // Nearly full boards, where most moves change nothing, and a few 65536 tiles.
    const b4::Board b = random_board(rng, 13 + int(rng.below(4)), 6);
    int tiles[16];
    b4::to_values(b, tiles);
    if (n % 50 == 0) tiles[rng.below(16)] = 65536;
    b4::Board read = 0;
    for (int i = 0; i < 16; ++i) read = b4::set_cell(read, i, tiles[i] >= 32768 ? 15 : b4::exponent_of(tiles[i]));
    if (b4::is_game_over(read)) continue;
    const int d = move(tiles, 0, n);
    INFO("board " << std::hex << read);
    CHECK((d >= 0 && d < 4 && b4::can_move(read, d)));
    ++checked;
  }
  CHECK(checked > 100);
  dlclose(so);
}
