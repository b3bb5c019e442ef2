// The 2048 bot: evaluations, search, weights files, the TD trainer, the plugin.
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

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
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

// Sets `count` random entries of each table of `stage` to initial +- about 1000
// points, for the weights-file tests.
void scatter_random_weights(TrainingNetwork& net, int stage, float initial, int count, float divisor,
                            train2048::Rng& rng) {
  for (int t = 0; t < kTuples; ++t)
    for (int k = 0; k < count; ++k)
      net.table(t, stage)[rng.below(kTupleEntries)] = initial + (float(rng.below(2000001)) - 1000000.0f) / divisor;
}

// A tiny network for the trainer tests: the 4 rows' and 4 columns' 4-tuples,
// one table per stage, stage 2 from a 2^stage_exponent tile on (never with the
// default 16: a cell holds at most 2^15).
struct TinyNetwork {
  static constexpr int kFeatureCount = 8;
  int stage_exponent;
  std::vector<float> table[2] = {std::vector<float>(65536, 0.0f), std::vector<float>(65536, 0.0f)};
  explicit TinyNetwork(int e = 16) : stage_exponent(e) {}
  std::vector<float>& of(uint64_t b) { return table[stage_of_board(b, 2, stage_exponent)]; }
  const std::vector<float>& of(uint64_t b) const { return table[stage_of_board(b, 2, stage_exponent)]; }
  static void lines(uint64_t b, unsigned out[8]) {
    const uint64_t t = b4::transpose(b);
    for (int r = 0; r < 4; ++r) out[r] = unsigned((b >> (16 * r)) & 0xFFFF), out[4 + r] = unsigned((t >> (16 * r)) & 0xFFFF);
  }
  float value(uint64_t b) const {
    unsigned idx[8];
    lines(b, idx);
    float s = 0;
    for (unsigned i : idx) s += of(b)[i];
    return s;
  }
  float learn(uint64_t b, float target, float step) {
    unsigned idx[8];
    lines(b, idx);
    const float delta = step * (target - value(b));
    for (unsigned i : idx) of(b)[i] += delta;
    return value(b);
  }
  void prefetch(uint64_t) const {}
  void prefetch_for_learn(uint64_t) const {}
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

TEST_CASE("the network's tables start on 2 MiB boundaries (for huge pages) and hold every entry") {
  PlayingNetwork playing;
  playing.set_stages(2);
  TrainingNetwork training;
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < kTuples; ++t) {
      const WeightTable& w = playing.table(t, s);
      CHECK(w.size() == kTupleEntries);
      CHECK(reinterpret_cast<uintptr_t>(w.data()) % kHugePageBytes == 0);
    }
  for (int t = 0; t < kTuples; ++t) {
    FloatTable& w = training.table(t);
    REQUIRE(w.size() == kTupleEntries);
    CHECK(reinterpret_cast<uintptr_t>(w.data()) % kHugePageBytes == 0);
    w.back() = 1.5f;  // the last entry is inside the block
    CHECK(w.back() == 1.5f);
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

// Runs train2048 with `args` (a shell fragment), its output to `log`; its exit status.
int run_trainer(const std::string& args, const std::string& log) {
  const int status = std::system(("'" TRAIN2048_PATH "' " + args + " > '" + log + "' 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST_CASE("train2048: --help prints the usage; a run with nothing to train fails by name and leaves --out alone") {
  const std::string log = temp_path("train.log");
  CHECK(run_trainer("--help", log) == 0);
  CHECK(slurp(log).find("usage: train2048") != std::string::npos);
  CHECK(slurp(log).find("--episodes N is the episode count to train up to") != std::string::npos);

  // A network of 123456 episodes asked to train up to 1000: the old trainer
  // rewrote --out (by default the committed weights) and the checkpoint.
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(0.0f));
  const std::string weights = temp_path("has123456.n2048"), out = temp_path("out.n2048"),
                    checkpoint = temp_path("ck.f32"), curve = temp_path("curve.csv");
  std::string error;
  REQUIRE_MESSAGE(save_weights(weights, *net, 0.0f, "test run, seed 1, 123456 episodes", &error), error);
  {
    std::ofstream f(out);
    f << "the user's weights";
  }
  std::remove(checkpoint.c_str());
  const std::string files = " --out '" + out + "' --checkpoint '" + checkpoint + "' --curve '" + curve + "'";
  CHECK(run_trainer("--init-weights '" + weights + "' --episodes 1000" + files, log) == 2);
  const std::string said = slurp(log);
  CHECK_MESSAGE(said.find("nothing to train: the network has 123456 episodes and --episodes 1000") != std::string::npos,
                said);
  CHECK(said.find(out + " left untouched") != std::string::npos);
  CHECK(slurp(out) == "the user's weights");
  CHECK(access(checkpoint.c_str(), F_OK) != 0);
  // Equal counts are nothing to train either.
  CHECK(run_trainer("--init-weights '" + weights + "' --episodes 123456" + files, log) == 2);
  CHECK(slurp(out) == "the user's weights");
  for (const std::string& f : {log, weights, out, curve}) std::remove(f.c_str());
}

TEST_CASE("train2048 --from-starts: every episode from the file's boards, stages and episode count kept") {
  // A blank network of 100 episodes; the one start board holds a 16384, so
  // every episode that starts from it reaches 16384 (from the usual start a
  // blank network never gets near), and the tile is in every report window.
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(0.0f));
  const std::string weights = temp_path("blank100.n2048"), out = temp_path("from_starts.n2048"),
                    checkpoint = temp_path("from_starts.f32"), curve = temp_path("from_starts.csv"),
                    starts = temp_path("endgame_starts.txt"), log = temp_path("from_starts.log");
  std::string error;
  REQUIRE_MESSAGE(save_weights(weights, *net, 0.0f, "test run, seed 1, 100 episodes", &error), error);
  const b4::Board endgame = board_of({16384, 8192, 4096, 2048, 0, 0, 0, 1024, 0, 0, 2, 512, 0, 0, 0, 2});
  REQUIRE_MESSAGE(train2048::write_start_boards(starts, {endgame}, "one endgame board", &error), error);
  std::remove(curve.c_str());
  const std::string files = " --out '" + out + "' --checkpoint '" + checkpoint + "' --curve '" + curve + "'";
  CHECK(run_trainer("--init-weights '" + weights + "' --from-starts '" + starts +
                        "' --episodes 160 --report 20 --seed 4" + files,
                    log) == 0);
  const std::string said = slurp(log);
  CHECK_MESSAGE(said.find("every episode starts from one of 1 boards in " + starts) != std::string::npos, said);
  std::istringstream rows(slurp(curve));
  std::string row;
  std::getline(rows, row);  // the header
  int windows = 0;
  while (std::getline(rows, row)) {
    // episode,cpu_seconds,mean_score,max_score,r2048,r4096,r8192,r16384,...
    std::vector<std::string> field;
    std::istringstream cells(row);
    for (std::string cell; std::getline(cells, cell, ',');) field.push_back(cell);
    REQUIRE(field.size() >= 8);
    CHECK(field[7] == "100.00");
    ++windows;
  }
  CHECK(windows == 3);  // episodes 101..160: the count goes on from the network's 100
  std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
  std::string note;
  REQUIRE_MESSAGE(load_weights(out, loaded.get(), &note, &error), error);
  CHECK(loaded->stages() == 1);  // no stage added, unlike --stage2-starts
  CHECK(note.find("160 episodes") != std::string::npos);
  CHECK_MESSAGE(note.find("start boards of " + starts) != std::string::npos, note);

  // --win-tile is for the real game: with --downgrade it is refused by name.
  CHECK(run_trainer("--init-weights '" + weights + "' --from-starts '" + starts + "' --win-tile 32768 --downgrade 13" +
                        " --episodes 200" + files,
                    log) == 2);
  CHECK_MESSAGE(slurp(log).find("--win-tile needs --stage2-starts or --from-starts, and excludes --downgrade") !=
                    std::string::npos,
                slurp(log));
  // A board with no move cannot start an episode: refused by board and file.
  const b4::Board dead = board_of({2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2});
  REQUIRE_MESSAGE(train2048::write_start_boards(starts, {endgame, dead}, "", &error), error);
  CHECK(run_trainer("--init-weights '" + weights + "' --from-starts '" + starts + "' --episodes 200" + files, log) == 1);
  char dead_hex[17];
  std::snprintf(dead_hex, sizeof dead_hex, "%016llx", (unsigned long long)dead);
  CHECK_MESSAGE(slurp(log).find("start board " + std::string(dead_hex) + " in '" + starts + "' has no move") != std::string::npos,
                slurp(log));
  // --stage2-starts reads its boards the same way, and also wants the stage tile in each.
  CHECK(run_trainer("--init-weights '" + weights + "' --stage2-starts '" + starts + "' --episodes 200" + files, log) == 1);
  CHECK(slurp(log).find("start board " + std::string(dead_hex) + " in '" + starts + "' has no move") != std::string::npos);
  const b4::Board small = board_of({8192, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  REQUIRE_MESSAGE(train2048::write_start_boards(starts, {endgame, small}, "", &error), error);
  char small_hex[17];
  std::snprintf(small_hex, sizeof small_hex, "%016llx", (unsigned long long)small);
  CHECK(run_trainer("--init-weights '" + weights + "' --stage2-starts '" + starts + "' --episodes 200" + files, log) == 1);
  CHECK_MESSAGE(slurp(log).find("start board " + std::string(small_hex) + " in '" + starts +
                                "' lacks the stage tile 16384") != std::string::npos,
                slurp(log));
  for (const std::string& f : {weights, out, checkpoint, curve, starts, log}) std::remove(f.c_str());
}

TEST_CASE("play2048 --endgame-boards: the first qualifying position of each recorded game; a bad record named") {
  // Game 1: 4 4 in cells 0 and 1, LEFT makes an 8 in cell 0, a 2 spawns in cell 15:
  // 8 on top and a tile sum of 10 >= 8. Game 2 never gets there (a 2 and a 4).
  const std::string records = temp_path("records.jsonl"), boards = temp_path("endgame.txt"),
                    log = temp_path("play.log");
  {
    std::ofstream f(records);
    f << "{\"game\":1,\"max_tile\":8,\"directions\":\"LD\",\"spawns\":\"0414f2e2\"}\n"
      << "{\"game\":2,\"max_tile\":4,\"directions\":\"\",\"spawns\":\"0214\"}\n";
  }
  const std::string play = "'" PLAY2048_PATH "' --records '" + records + "' --endgame-boards '" + boards + "'";
  int status = std::system((play + " --min-sum 8 > '" + log + "' 2>&1").c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  std::vector<uint64_t> found;
  std::string error;
  REQUIRE_MESSAGE(train2048::read_start_boards(boards, &found, &error), error);
  CHECK(found == std::vector<uint64_t>{0x1000000000000003ULL});
  CHECK(slurp(boards).find("(1 of 2 games; 0 of them went on past 8)") != std::string::npos);

  // A move that changes nothing does not replay: the file and line are named, nothing is written.
  {
    std::ofstream f(records);
    f << "{\"game\":1,\"max_tile\":8,\"directions\":\"LD\",\"spawns\":\"0414f2e2\"}\n"
      << "{\"game\":2,\"max_tile\":4,\"directions\":\"R\",\"spawns\":\"3224\"}\n";
  }
  std::remove(boards.c_str());
  status = std::system((play + " --min-sum 16 > '" + log + "' 2>&1").c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 1);
  CHECK(slurp(log).find("record file '" + records + "' line 2: the game does not replay") != std::string::npos);
  CHECK(access(boards.c_str(), F_OK) != 0);
  for (const std::string& f : {records, boards, log}) std::remove(f.c_str());
}

TEST_CASE("weights: a compact file loads back into a float network for training (within quantisation error)") {
  // Random weights around an optimistic initial weight, so the offset is exercised too.
  const float initial = 2.5f;
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(initial));
  train2048::Rng rng(7);
  scatter_random_weights(*net, 0, initial, 20000, 997.0f, rng);
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

  // A coarser step (--step): the file shrinks, every weight is within half of
  // that step, and a re-export at the same step is the same file.
  const float coarse = 40 * step;
  const std::string coarse_path = temp_path("coarse.n2048");
  REQUIRE_MESSAGE(save_weights(coarse_path, *net, initial, note, &error, nullptr, coarse), error);
  CHECK(read_bytes(coarse_path).size() < read_bytes(path).size());
  REQUIRE_MESSAGE(load_weights_for_training(coarse_path, loaded.get(), &loaded_initial, &episodes, nullptr, &error), error);
  float coarse_err = 0;
  for (int t = 0; t < kTuples; ++t)
    for (uint32_t i = 0; i < kTupleEntries; ++i)
      coarse_err = std::max(coarse_err, std::fabs(net->table(t)[i] - loaded->table(t)[i]));
  CHECK(coarse_err <= 0.5f * coarse * 1.01f);
  CHECK(coarse_err > 0.5f * step);  // really coarser than the finest step
  REQUIRE_MESSAGE(save_weights(again, *loaded, loaded_initial, note, &error, nullptr, coarse), error);
  CHECK(read_bytes(again) == read_bytes(coarse_path));
  std::remove(coarse_path.c_str());

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

TEST_CASE("parallel training: one thread is the sequential loop; with more, every episode runs once, saves run alone") {
  // One thread: the same games and the same network as learn_episode in a loop.
  TinyNetwork sequential, threaded;
  train2048::Rng rng(99);
  std::vector<train2048::Step> path;
  std::vector<uint64_t> scores;
  for (int i = 0; i < 300; ++i) scores.push_back(train2048::learn_episode(sequential, rng, 0.1f, path).score);
  std::vector<uint64_t> threaded_scores;
  const uint64_t played = train2048::run_episodes(
      1, 99, 0, 300,
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t) { return train2048::learn_episode(threaded, r, 0.1f, p); },
      [&](uint64_t, const train2048::EpisodeResult& r) { threaded_scores.push_back(r.score); return false; },
      [] {}, [] { return false; });
  CHECK(played == 300);
  CHECK(threaded_scores == scores);
  const b4::Board probe = board_of({2, 4, 8, 16, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 4});
  CHECK(threaded.value(probe) == sequential.value(probe));

  // Three threads on the real network: each episode number once, book() one at a
  // time, exclusive() with nothing in flight, stop() ends the run.
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork);
  std::atomic<int> in_flight{0}, booking{0};
  std::atomic<bool> overlap{false}, busy_save{false};
  std::vector<int> seen(400, 0);
  int saves = 0;
  const uint64_t first = 1000;
  const uint64_t ran = train2048::run_episodes(
      3, 5, first, first + 400,
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t episode) {
        ++in_flight;
        ++seen[episode - first];
        const train2048::EpisodeResult result = train2048::learn_episode(*net, r, 0.1f, p);
        --in_flight;
        return result;
      },
      [&](uint64_t, const train2048::EpisodeResult&) {
        if (booking.fetch_add(1) != 0) overlap = true;
        booking.fetch_sub(1);
        return true;  // a save after every episode: the worst case for the pausing
      },
      [&] {
        ++saves;
        if (in_flight.load() != 0) busy_save = true;
      },
      [] { return false; });
  CHECK(ran == 400);
  CHECK(std::count(seen.begin(), seen.end(), 1) == 400);
  CHECK_FALSE(overlap.load());
  CHECK_FALSE(busy_save.load());
  CHECK(saves == 400);
  int asked = 0;
  const uint64_t stopped = train2048::run_episodes(
      2, 5, 0, 1000000,
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t) { return train2048::learn_episode(*net, r, 0.1f, p); },
      [&](uint64_t, const train2048::EpisodeResult&) { return false; }, [] {}, [&] { return ++asked > 50; });
  CHECK(stopped >= 50);
  CHECK(stopped <= 51);
}

TEST_CASE("parallel training: two threads sharing the 4x6 network still learn (mean of the last games beats the first)") {
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork);
  const uint64_t episodes = 3000, window = 500;
  std::vector<double> score(episodes, 0.0);
  train2048::run_episodes(
      2, 2024, 0, episodes,
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t) { return train2048::learn_episode(*net, r, 0.1f, p); },
      [&, booked = uint64_t(0)](uint64_t, const train2048::EpisodeResult& r) mutable {
        score[booked++] = double(r.score);  // in the order the games finished
        return false;
      },
      [] {}, [] { return false; });
  const double first = std::accumulate(score.begin(), score.begin() + window, 0.0) / window;
  const double last = std::accumulate(score.end() - window, score.end(), 0.0) / window;
  INFO("mean score of the first " << window << " games " << first << ", of the last " << last);
  CHECK(last > 1.5 * first);
}

TEST_CASE("temporal coherence: a weight pushed back and forth slows down, one pushed one way keeps its rate") {
  TrainingNetwork net;
  net.enable_coherence();
  REQUIRE(net.coherence());
  const float step = 1.0f / kFeatures;  // alpha 1: the whole error while the rates are 1
  // Full boards whose 64 features are all distinct weights (per tuple table), so
  // each weight moves once per update and the boards share none.
  const b4::Board steady = board_of({2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 2});
  const b4::Board torn = board_of({4, 2, 16, 8, 64, 32, 256, 128, 1024, 512, 4096, 2048, 16384, 8192, 2, 32768});
  std::set<uint32_t> seen[kTuples];
  for (b4::Board x : {steady, torn}) {
    uint32_t idx[kFeatures];
    feature_indices(x, idx);
    for (int f = 0; f < kFeatures; ++f) REQUIRE(seen[f / kSymmetries].insert(idx[f]).second);
  }
  CHECK(net.learn(torn, 320.0f, step) == doctest::Approx(320.0f));  // first update: rate 1
  for (int i = 0; i < 20; ++i) {
    net.learn(torn, 0.0f, step);
    net.learn(torn, 320.0f, step);
  }
  const float before = net.value(torn), after = net.learn(torn, 0.0f, step);
  INFO("value " << before << " -> " << after << " towards 0");
  CHECK(after > 0.5f * before);  // errors of both signs: E stays small against A, the step shrinks
  // Steady errors of one sign keep the full step.
  for (float target = 100.0f; target <= 1000.0f; target += 100.0f)
    CHECK(net.learn(steady, target, step) == doctest::Approx(target));
  // Without coherence the same alternation moves the whole way every time.
  TrainingNetwork plain;
  for (int i = 0; i < 20; ++i) plain.learn(torn, 320.0f, step), plain.learn(torn, 0.0f, step);
  CHECK(plain.value(torn) == doctest::Approx(0.0f).epsilon(1e-3));
}

TEST_CASE("temporal coherence: the sums saved beside a checkpoint resume the same rates; a stale file is refused") {
  const float step = 1.0f / kFeatures;
  const b4::Board torn = board_of({4, 2, 16, 8, 64, 32, 256, 128, 1024, 512, 4096, 2048, 16384, 8192, 2, 32768});
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork);
  net->enable_coherence();
  for (int i = 0; i < 20; ++i) net->learn(torn, 320.0f, step), net->learn(torn, 0.0f, step);
  const std::string ckpt = temp_path("tc.f32"), sums = ckpt + ".tc";
  std::string error;
  REQUIRE_MESSAGE(save_checkpoint(ckpt, *net, 9, 0.0f, &error), error);
  REQUIRE_MESSAGE(save_coherence(sums, *net, 9, &error), error);

  // Resumed with its sums, the next update is the one the running network makes.
  std::unique_ptr<TrainingNetwork> resumed(new TrainingNetwork);
  uint64_t episodes = 0;
  float initial = 0;
  REQUIRE_MESSAGE(load_checkpoint(ckpt, resumed.get(), &episodes, &initial, &error), error);
  resumed->enable_coherence();
  REQUIRE_MESSAGE(load_coherence(sums, resumed.get(), episodes, &error), error);
  const float before = net->value(torn), running = net->learn(torn, 0.0f, step);
  CHECK(resumed->value(torn) == before);
  CHECK(resumed->learn(torn, 0.0f, step) == running);
  CHECK(running > 0.5f * before);  // the sums kept the slowed rate ...
  net.reset();

  // ... which a resume without them loses: its rates restart at 1, the whole error.
  REQUIRE_MESSAGE(load_checkpoint(ckpt, resumed.get(), &episodes, &initial, &error), error);
  resumed->enable_coherence();
  CHECK(resumed->learn(torn, 0.0f, step) == doctest::Approx(0.0f).epsilon(1e-3));

  // Sums from another save, or a damaged file, are refused by name and leave the sums alone.
  uint32_t idx[kFeatures];
  feature_indices(torn, idx);
  auto refused = [&](uint64_t at, const char* why) {
    std::string message;
    const TrainingNetwork::Coherence kept = resumed->coherence_table(0)[idx[0]];
    CHECK_FALSE(load_coherence(sums, resumed.get(), at, &message));
    INFO(message);
    CHECK(message.find(sums) != std::string::npos);
    CHECK(message.find(why) != std::string::npos);
    CHECK(resumed->coherence_table(0)[idx[0]].signed_sum == kept.signed_sum);
    CHECK(resumed->coherence_table(0)[idx[0]].absolute_sum == kept.absolute_sum);
  };
  refused(10, "saved at episode 9, the checkpoint is at 10");
  REQUIRE(::truncate(sums.c_str(), 1000) == 0);
  refused(9, "wrong size");
  std::remove(ckpt.c_str());
  std::remove(sums.c_str());
}

TEST_CASE("downgraded training records and plays on only downgraded afterstates (what the dg search values)") {
  // Threshold 2^7 = 128, which games on a tiny network reach at once.
  const int from = 7;
  TinyNetwork net;
  train2048::Rng rng(77);
  std::vector<train2048::Step> path;
  int plain_unfixed = 0, downgraded_unfixed = 0, downgraded_big = 0, tiles_jump = 0;
  for (int i = 0; i < 200; ++i) {
    train2048::learn_episode(net, rng, 0.1f, path);  // the real game: boards with gaps above 128 occur
    for (const train2048::Step& s : path) plain_unfixed += b4::downgrade(s.afterstate, from) != s.afterstate;
    const train2048::EpisodeResult r = train2048::learn_episode(net, rng, 0.1f, path, from);
    CHECK(r.moves == int(path.size()));
    for (size_t t = 0; t < path.size(); ++t) {
      const b4::Board a = path[t].afterstate;
      downgraded_unfixed += b4::downgrade(a, from) != a;
      downgraded_big += b4::max_exponent(a) >= from;
      // The game goes on from the recorded board: one spawn and one move later
      // the tile count is at most one more (a move never adds tiles).
      if (t + 1 < path.size()) tiles_jump += b4::count_empty(path[t + 1].afterstate) + 1 < b4::count_empty(a);
    }
  }
  CHECK(tiles_jump == 0);
  INFO("real-game afterstates a downgrade would change: " << plain_unfixed);
  CHECK(plain_unfixed > 100);      // so the check below can fail
  CHECK(downgraded_big > 100);     // the threshold is reached in the downgraded game too
  CHECK(downgraded_unfixed == 0);  // and every recorded afterstate is already downgraded
}

// --- multi-stage weights --------------------------------------------------------

namespace {

// Depth-1 expectimax by the definition, from evaluate(): every spawn, every
// reply, leaf = reward + evaluate(afterstate) (the reference for the search).
float depth1_reference(const Evaluator& e, uint64_t after) {
  const int empty = b4::count_empty(after);
  float sum = 0;
  for (int k = 0; k < empty; ++k)
    for (int exponent = 1; exponent <= 2; ++exponent) {
      const uint64_t b = b4::spawn(after, k, exponent);
      float best = 0;
      for (int d = 0; d < 4; ++d) {
        uint32_t r = 0;
        const uint64_t a = b4::move(b, d, &r);
        if (a != b) best = std::max(best, float(r) + e.evaluate(a));
      }
      sum += (exponent == 1 ? 0.9f : 0.1f) / float(empty) * best;
    }
  return sum;
}

// The search's depth-1 value of each valid move from `b`, with leaves batched
// and one by one, is the move's reward plus depth1_reference(reference, ...).
// Returns how many moves' values also differ from the plain `other` reference
// by more than a point.
int check_depth1_against(const Evaluator& searched, ExpectimaxSettings s, b4::Board b, const Evaluator& reference,
                         const Evaluator& other) {
  int differ = 0;
  for (bool batched : {true, false}) {
    s.min_moves_per_second = 0;
    s.cache_leaves = batched;
    Expectimax search(searched, s);
    float out[4];
    search.evaluate_moves(b, 1, out);
    for (int d = 0; d < 4; ++d) {
      uint32_t r = 0;
      const uint64_t after = b4::move(b, d, &r);
      if (after == b) continue;
      INFO("move " << d << (batched ? ", batched leaves" : ", leaves one by one"));
      CHECK(out[d] == doctest::Approx(float(r) + depth1_reference(reference, after)).epsilon(1e-5));
      if (std::fabs(out[d] - (float(r) + depth1_reference(other, after))) > 1.0f) ++differ;
    }
  }
  return differ;
}

}  // namespace

TEST_CASE("multi-stage: stage 2 values the boards whose largest tile reaches the threshold") {
  CHECK(stage_of_board(board_of({8192, 8192, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}), 2, 14) == 0);
  CHECK(stage_of_board(board_of({16384, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), 2, 14) == 1);
  CHECK(stage_of_board(board_of({2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32768}), 2, 14) == 1);
  CHECK(stage_of_board(board_of({16384, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), 1, 14) == 0);
  CHECK(stage_of_board(board_of({1024, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), 2, 10) == 1);

  // Training: a new stage 2 starts as a copy of stage 1; updates go to the board's stage only.
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(0.0f));
  const b4::Board low = board_of({8192, 4096, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  const b4::Board high = board_of({16384, 4096, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  net->add(low, 1.0f);
  net->add(high, 2.0f);  // stage 1 still: one stage
  const float low_before = net->value(low), high_before = net->value(high);
  net->add_second_stage();
  CHECK(net->stages() == 2);
  CHECK(net->stage_exponent() == kDefaultStageExponent);
  CHECK(net->value(low) == low_before);
  CHECK(net->value(high) == high_before);
  net->add(high, 0.5f);
  CHECK(net->value(high) >= high_before + 0.5f * kFeatures);  // more if images share an index
  CHECK(net->value(low) == low_before);
  CHECK(net->table(0, 0) != net->table(0, 1));

  // Playing: the stage's tables are read, by value() and by indices.
  std::unique_ptr<PlayingNetwork> play(new PlayingNetwork);
  play->set_stages(2, 14);
  uint32_t idx[kFeatures];
  feature_indices(high, idx);
  for (int f = 0; f < kFeatures; ++f) play->table(f / kSymmetries, 1)[idx[f]] = 3;
  CHECK(play->value(high) == doctest::Approx(3.0f * kFeatures));
  CHECK(play->value(low) == 0.0f);
  CHECK(play->value_of_indices(play->stage_of(high), idx) == play->value(high));
}

TEST_CASE("multi-stage: a stage 2 equal to stage 1 values and searches exactly as one stage") {
  // (When stages were added, a one-stage network was checked bit for bit
  // against the code before them (commit a919eb9) on the weights of then; this
  // keeps the same guarantee for any weights: the stage machinery changes
  // nothing unless stage 2 holds other weights.)
  REQUIRE(committed_network() != nullptr);
  const PlayingNetwork& committed = static_cast<const NetworkEvaluator*>(committed_network())->network();
  std::unique_ptr<PlayingNetwork> one(new PlayingNetwork), two(new PlayingNetwork);
  two->set_stages(2, 13);
  for (PlayingNetwork* net : {one.get(), two.get()}) {
    net->scale = committed.scale;
    net->offset = committed.offset;
    for (int s = 0; s < net->stages(); ++s)
      for (int t = 0; t < kTuples; ++t) net->table(t, s) = committed.table(t, 0);
  }
  train2048::Rng rng(99);
  for (int i = 0; i < 20000; ++i) {
    const b4::Board b = random_board(rng, 4 + int(rng.below(12)), 15);
    const float a = one->value(b), c = two->value(b);
    if (std::memcmp(&a, &c, 4) != 0) FAIL("board " << b << ": " << a << " vs " << c);
  }
  const NetworkEvaluator one_stage(std::move(one)), two_stages(std::move(two));
  ExpectimaxSettings fixed, budgeted;
  fixed.min_depth = fixed.max_depth = 2;
  budgeted.nodes_per_move = 3000;
  for (ExpectimaxSettings* s : {&fixed, &budgeted}) {
    s->min_moves_per_second = 0;
    Expectimax a(one_stage, *s), b(two_stages, *s);
    train2048::Rng boards(123);
    int differing = 0;
    for (int i = 0; i < 300; ++i) {
      const b4::Board board = random_board(boards, 6 + int(boards.below(10)), 14);
      differing += a.choose_move(board) != b.choose_move(board);
    }
    INFO((s == &fixed ? "depth 2" : "budget 3000"));
    CHECK(differing == 0);
  }
}

TEST_CASE("multi-stage: the search picks each leaf's stage, batched or not") {
  REQUIRE(committed_network() != nullptr);
  const PlayingNetwork& one = static_cast<const NetworkEvaluator*>(committed_network())->network();
  // Stage 2 = stage 1 halved, so the stages give clearly different values.
  std::unique_ptr<PlayingNetwork> two(new PlayingNetwork);
  two->set_stages(2, 14);
  two->scale = one.scale;
  two->offset = one.offset;
  for (int t = 0; t < kTuples; ++t) {
    two->table(t, 0) = one.table(t);
    for (uint32_t i = 0; i < kTupleEntries; ++i) two->table(t, 1)[i] = int16_t(one.table(t)[i] / 2);
  }
  NetworkEvaluator staged(std::move(two));
  // LEFT makes a 16384 (stage 2), UP does not (stage 1); later leaves mix both.
  const b4::Board b = board_of({8192, 8192, 4, 2, 16, 32, 8, 4, 2, 0, 0, 0, 0, 0, 0, 0});
  CHECK(check_depth1_against(staged, ExpectimaxSettings(), b, staged, *committed_network()) > 0);
  const b4::Board left = b4::move(b, b4::kLeft);
  CHECK(staged.evaluate(left) != committed_network()->evaluate(left));
  const b4::Board up = b4::move(b, b4::kUp);
  CHECK(staged.evaluate(up) == committed_network()->evaluate(up));
}

TEST_CASE("tile downgrading: the search values each big-tile leaf as its downgraded board, batched or not") {
  REQUIRE(committed_network() != nullptr);
  // The committed network asked about the downgraded board, as the reference.
  struct Downgraded : Evaluator {
    const Evaluator& inner;
    int from;
    Downgraded(const Evaluator& e, int f) : inner(e), from(f) {}
    float evaluate(uint64_t after) const override { return inner.evaluate(b4::downgrade(after, from)); }
    bool counts_reward() const override { return true; }
    const char* name() const override { return "downgraded"; }
  } reference(*committed_network(), 14);
  // A 16384 with a gap at 2048: every leaf has a tile to downgrade.
  const b4::Board b = board_of({16384, 8192, 4096, 2, 512, 256, 8, 4, 2, 0, 0, 0, 0, 0, 0, 4});
  ExpectimaxSettings s;
  s.downgrade_from = 14;
  // ... and downgrading changed what the search sees.
  CHECK(check_depth1_against(*committed_network(), s, b, reference, *committed_network()) > 0);
  std::string error;
  CHECK(make_agent("expectimax:dg=14", &error) != nullptr);
  CHECK(!make_agent("expectimax:dg=16", &error));
  CHECK(error.find("dg") != std::string::npos);
}

// 16384 on top, tiles summing to 31508 >= 15/8 * 16384 = 30720: the endgame.
b4::Board endgame16384() { return board_of({16384, 8192, 4096, 2048, 2, 512, 256, 8, 4, 2, 0, 0, 0, 0, 0, 4}); }
// The same without the 8192 and 2048: 21268, not the endgame.
b4::Board before_endgame16384() { return board_of({16384, 0, 4096, 2, 0, 512, 256, 8, 4, 2, 0, 0, 0, 0, 0, 4}); }

// The depth-1 values of the moves from `board` by a fresh searcher with `s`.
std::vector<float> fresh_values(const Evaluator& net, const ExpectimaxSettings& s, b4::Board board, int depth = 1) {
  std::unique_ptr<Expectimax> search(new Expectimax(net, s));
  float out[4];
  search->evaluate_moves(board, depth, out);
  return std::vector<float>(out, out + 4);
}

// One searcher with `mixed`, its table kept, through earlier -> endgame -> earlier
// values each root as a fresh searcher with that root's own settings does (and
// the endgame's settings change the endgame's values). Returns the searcher.
std::unique_ptr<Expectimax> check_endgame_switch(const Evaluator& net, const ExpectimaxSettings& mixed,
                                                 const ExpectimaxSettings& for_earlier,
                                                 const ExpectimaxSettings& for_endgame) {
  const b4::Board endgame = endgame16384(), earlier = before_endgame16384();
  REQUIRE(8 * b4::tile_sum(endgame) >= 15 * 16384);
  REQUIRE(8 * b4::tile_sum(earlier) < 15 * 16384);
  const std::vector<float> want_endgame = fresh_values(net, for_endgame, endgame),
                           want_earlier = fresh_values(net, for_earlier, earlier);
  CHECK(want_endgame != fresh_values(net, for_earlier, endgame));
  std::unique_ptr<Expectimax> search(new Expectimax(net, mixed));
  for (b4::Board b : {earlier, endgame, earlier}) {
    float got[4];
    search->evaluate_moves(b, 1, got);
    CHECK(std::vector<float>(got, got + 4) == (b == endgame ? want_endgame : want_earlier));
  }
  return search;
}

TEST_CASE("endgame downgrading: a root whose chain is one T/8 short of 2T uses enddg, any other root dg") {
  REQUIRE(committed_network() != nullptr);
  const Evaluator& net = *committed_network();
  ExpectimaxSettings dg13, dg14, both;
  dg13.downgrade_from = both.downgrade_from = 13;
  dg14.downgrade_from = both.endgame_downgrade_from = 14;
  std::unique_ptr<Expectimax> search = check_endgame_switch(net, both, dg13, dg14);
  // Below the late stage the endgame rule never applies: an 8192 board with its chain
  // one 1024 short of 16384 is searched with dg as usual.
  const b4::Board late8192 = board_of({8192, 4096, 2048, 1024, 2, 256, 128, 8, 4, 2, 0, 0, 0, 0, 0, 4});
  float got[4];
  search->evaluate_moves(late8192, 1, got);
  CHECK(std::vector<float>(got, got + 4) == fresh_values(net, dg13, late8192));
  std::string error;
  CHECK(make_agent("expectimax:enddg=14", &error) != nullptr);
  CHECK(!make_agent("expectimax:enddg=16", &error));
  CHECK(error.find("enddg") != std::string::npos);
}

TEST_CASE("endgame conversion (endwin): raw leaves in the endgame, a line making 2T ends worth kConversionValue") {
  REQUIRE(committed_network() != nullptr);
  const Evaluator& net = *committed_network();
  ExpectimaxSettings usual, raw, endwin;
  usual.downgrade_from = endwin.downgrade_from = 13;
  endwin.endgame_conversion = true;
  // Two 16384s side by side: LEFT makes the 32768 (reward 32768 + 16 for the 8s),
  // and that line ends there, whatever the depth.
  const b4::Board two = board_of({16384, 16384, 8, 8, 2, 512, 256, 4, 4, 2, 0, 0, 0, 0, 0, 2});
  REQUIRE(8 * b4::tile_sum(two) >= 15 * 16384);
  for (int depth : {1, 2}) {
    const std::vector<float> got = fresh_values(net, endwin, two, depth);
    CHECK(got[0] == 32768.0f + 16.0f + kConversionValue);
    CHECK(fresh_values(net, usual, two, depth)[0] != got[0]);
  }
  // No 32768 within reach: every leaf is the raw board (dg off), as a search
  // without downgrading sees it; other roots as usual.
  check_endgame_switch(net, endwin, usual, raw);
  std::string error;
  CHECK(make_agent("expectimax:endwin=1", &error) != nullptr);
}

TEST_CASE("the search's budget follows the stage: early below 2^(latefrom-1), late from 2^latefrom") {
  // The same 40 positions of each stage (the largest tile placed in a corner
  // over random smaller tiles), searched with and without stage factors.
  auto boards_with = [](int largest) {
    train2048::Rng rng{uint64_t(largest)};
    std::vector<b4::Board> list;
    while (list.size() < 40) {
      const b4::Board b = b4::set_cell(random_board(rng, 9, 9), 0, largest);
      if (!b4::is_game_over(b)) list.push_back(b);
    }
    return list;
  };
  auto work = [](const Evaluator& e, const ExpectimaxSettings& s, const std::vector<b4::Board>& boards) {
    Expectimax search(e, s);
    for (b4::Board b : boards) search.choose_move(b);
    return search.stats().nodes;
  };
  for (const Evaluator* e : evaluators()) {
    ExpectimaxSettings flat;
    flat.nodes_per_move = 20000;
    flat.max_depth = 8;
    flat.min_moves_per_second = 0;
    flat.late_from = 14;
    ExpectimaxSettings staged = flat;
    staged.early_budget = 0.25;
    staged.late_budget = 4;
    INFO(std::string(e->name()));
    const std::vector<b4::Board> early = boards_with(12), middle = boards_with(13), late = boards_with(14);
    CHECK(double(work(*e, staged, early)) < 0.6 * double(work(*e, flat, early)));
    CHECK(work(*e, staged, middle) == work(*e, flat, middle));  // 2^(latefrom-1): the plain budget
    CHECK(double(work(*e, staged, late)) > 2.0 * double(work(*e, flat, late)));
  }
  std::string error;
  CHECK(make_agent("expectimax:early=0.5,late=2,latefrom=15", &error) != nullptr);
  CHECK(!make_agent("expectimax:late=0", &error));
  CHECK(error.find("late > 0") != std::string::npos);
  CHECK(!make_agent("expectimax:latefrom=16", &error));
  CHECK(error.find("latefrom") != std::string::npos);
}

TEST_CASE("multi-stage weights: a 2-stage file round-trips; a one-stage file stays version 2") {
  const float initial = 1.5f;
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(initial));
  train2048::Rng rng(11);
  scatter_random_weights(*net, 0, initial, 20000, 991.0f, rng);
  const std::string one_path = temp_path("one.n2048"), path = temp_path("two.n2048"), again = temp_path("two2.n2048");
  std::string error, note;
  REQUIRE_MESSAGE(save_weights(one_path, *net, initial, "one stage", &error), error);
  const std::vector<char> one_bytes = read_bytes(one_path);
  REQUIRE(one_bytes.size() > 12);
  CHECK(one_bytes[8] == 2);

  net->add_second_stage(13);
  scatter_random_weights(*net, 1, initial, 5000, 991.0f, rng);
  REQUIRE_MESSAGE(save_weights(path, *net, initial, "two stages, 77 episodes", &error), error);
  const std::vector<char> bytes = read_bytes(path);
  CHECK(bytes[8] == 3);
  // Stage 2 as differences: mostly zeros, so far smaller than a second stage-1 payload.
  CHECK(bytes.size() < one_bytes.size() + one_bytes.size() / 2);
  {
    std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
    REQUIRE_MESSAGE(load_weights(path, loaded.get(), &note, &error), error);
    CHECK(note == "two stages, 77 episodes");
    CHECK(std::string(load_evaluator(path)->name()) == "ntuple");
    CHECK(loaded->stages() == 2);
    CHECK(loaded->stage_exponent() == 13);
    train2048::Rng boards(3);
    const float step = loaded->scale;
    for (int i = 0; i < 2000; ++i) {
      const b4::Board b = random_board(boards, 8, 14);
      INFO("board " << b << " stage " << loaded->stage_of(b));
      CHECK(std::fabs(loaded->value(b) - net->value(b)) <= 0.5f * step * kFeatures * 1.01f + 1e-3f);
    }
  }
  std::unique_ptr<TrainingNetwork> back(new TrainingNetwork(0.0f));
  float back_initial = 0;
  uint64_t episodes = 0;
  REQUIRE_MESSAGE(load_weights_for_training(path, back.get(), &back_initial, &episodes, &note, &error), error);
  CHECK(back->stages() == 2);
  CHECK(back->stage_exponent() == 13);
  CHECK(episodes == 77);
  REQUIRE_MESSAGE(save_weights(again, *back, back_initial, note, &error), error);
  CHECK(read_bytes(again) == bytes);
  back.reset();  // a 2-stage float network is 512 MiB

  // Checkpoints keep both stages too.
  const std::string ckpt = temp_path("two.f32");
  REQUIRE_MESSAGE(save_checkpoint(ckpt, *net, 5, initial, &error), error);
  std::unique_ptr<TrainingNetwork> resumed(new TrainingNetwork(0.0f));
  float resumed_initial = 0;
  REQUIRE_MESSAGE(load_checkpoint(ckpt, resumed.get(), &episodes, &resumed_initial, &error), error);
  CHECK(resumed->stages() == 2);
  CHECK(resumed->stage_exponent() == 13);
  CHECK(resumed->table(2, 1) == net->table(2, 1));
  CHECK(resumed->table(2, 0) == net->table(2, 0));
  std::remove(ckpt.c_str());
  std::remove(one_path.c_str());
  std::remove(again.c_str());

  // Corrupted or truncated 2-stage files are refused with a message naming the file.
  auto refused = [&](const std::vector<char>& data, const char* why) {
    write_bytes(path, data);
    std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
    std::string message;
    const bool ok = load_weights(path, loaded.get(), nullptr, &message);
    INFO(message);
    CHECK(!ok);
    CHECK(message.find(path) != std::string::npos);
    CHECK(message.find(why) != std::string::npos);
    CHECK(std::string(load_evaluator(path)->name()) == "heuristic");
  };
  std::vector<char> bad = bytes;
  bad[bad.size() - 5] ^= 0x11;  // in stage 2's tables
  refused(bad, "checksum");
  bad = bytes;
  bad[32] = 5;  // the stage count
  refused(bad, "checksum");
  for (size_t keep : {size_t(40), bytes.size() / 2, bytes.size() - 1})
    refused(std::vector<char>(bytes.begin(), bytes.begin() + long(keep)), "truncated");
  std::remove(path.c_str());
}

TEST_CASE("multi-stage weights: over 32 MiB, the smallest stage-2 differences go first") {
  REQUIRE(committed_network() != nullptr);
  const PlayingNetwork& committed = static_cast<const NetworkEvaluator*>(committed_network())->network();
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(0.0f));
  float initial = 0;
  uint64_t episodes = 0;
  std::string error;
  REQUIRE_MESSAGE(load_weights_for_training(default_weights_path(), net.get(), &initial, &episodes, nullptr, &error), error);
  net->add_second_stage();
  for (int t = 0; t < kTuples; ++t) net->table(t, 1) = net->table(t, 0);  // whatever the committed stage 2 is
  // Many differences of 1..3 quantisation steps (megabytes of them) and a few
  // of 5000 steps, on entries whose stage-1 weight is small (the scale stays).
  const float step = committed.scale;
  train2048::Rng rng(5);
  std::vector<std::pair<int, uint32_t>> large;
  for (int t = 0; t < kTuples; ++t)
    for (int k = 0; k < 1000000; ++k) {
      const uint32_t i = rng.below(kTupleEntries);
      if (std::abs(committed.table(t)[i]) > 20000) continue;
      const bool big = k % 1000 == 0;
      net->table(t, 1)[i] += step * float(big ? 5000 : 1 + int(rng.below(3)));
      if (big) large.push_back({t, i});
    }
  const std::string path = temp_path("pruned.n2048");
  WeightsPruning pruned;
  REQUIRE_MESSAGE(save_weights(path, *net, initial, "pruning test", &error, &pruned, committed.scale), error);
  CHECK(read_bytes(path).size() <= 32u << 20);
  CHECK(pruned.stage2 >= 1);
  CHECK(pruned.stage2 < 5000);
  CHECK(pruned.stage1 == 0);
  std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
  REQUIRE_MESSAGE(load_weights(path, loaded.get(), nullptr, &error), error);
  std::remove(path.c_str());
  REQUIRE(loaded->stages() == 2);
  CHECK(loaded->scale == committed.scale);
  // Stage 1 exactly as committed, except entries with a cell of 16384 or more
  // (never read by stage 1, whose boards lack the tile), which are stored as 0.
  // Stage 2: each entry within the pruning threshold of its own quantised
  // weight, the large differences all kept, the small ones (1..3 steps) gone.
  size_t stage1_differing = 0, unreadable_nonzero = 0, stage2_off = 0, differing = 0;
  for (int t = 0; t < kTuples; ++t)
    for (uint32_t i = 0; i < kTupleEntries; ++i) {
      bool unreadable = false;
      for (int c = 0; c < kTupleCells; ++c) unreadable |= ((i >> (4 * c)) & 15) >= 14;
      if (unreadable)
        unreadable_nonzero += loaded->table(t, 0)[i] != 0;
      else
        stage1_differing += loaded->table(t, 0)[i] != committed.table(t, 0)[i];
      const long wanted = std::lround((net->table(t, 1)[i] - initial) / committed.scale);
      stage2_off += std::abs(loaded->table(t, 1)[i] - wanted) > pruned.stage2;
      differing += !unreadable && loaded->table(t, 1)[i] != loaded->table(t, 0)[i];
    }
  CHECK(stage1_differing == 0);
  CHECK(unreadable_nonzero == 0);
  CHECK(stage2_off == 0);
  net.reset();
  size_t kept = 0;
  for (const auto& [t, i] : large) kept += loaded->table(t, 1)[i] - committed.table(t, 0)[i] >= 4990;
  CHECK(kept == large.size());
  INFO("stage-2 entries differing from stage 1: " << differing << ", large ones " << large.size());
  CHECK(differing < 3000000);
}

TEST_CASE("multi-stage training: the collector writes first positions holding the stage tile") {
  TinyNetwork net(8);
  train2048::Rng rng(31);
  std::vector<uint64_t> boards;
  int games = 0;
  while (boards.size() < 20 && games < 2000) {
    ++games;
    if (const b4::Board b = train2048::play_until_tile(net, rng, 8)) boards.push_back(b);
  }
  REQUIRE(boards.size() == 20);
  const std::string path = temp_path("starts.txt");
  std::string error;
  REQUIRE_MESSAGE(train2048::write_start_boards(path, boards, "test boards", &error), error);
  std::vector<uint64_t> back;
  REQUIRE_MESSAGE(train2048::read_start_boards(path, &back, &error), error);
  CHECK(back == boards);
  for (uint64_t b : back) CHECK(b4::max_exponent(b) == 8);  // the first moment: the tile, nothing larger
  // With a tile sum: the first position with the tile on top and the tiles summing
  // to at least it; a game that makes a larger tile first gives none.
  int endgames = 0;
  bool short_of_sum = false;
  for (int g = 0; g < 400 && endgames < 10; ++g) {
    train2048::Rng game_rng(1000 + g), plain_rng(1000 + g);
    const b4::Board b = train2048::play_until_tile(net, game_rng, 8, 448);
    if (!b) continue;
    ++endgames;
    CHECK(b4::max_exponent(b) == 8);
    CHECK(b4::tile_sum(b) >= 448);
    // The same game without the sum stops earlier, at the tile's first appearance.
    const b4::Board first = train2048::play_until_tile(net, plain_rng, 8);
    short_of_sum |= first != b && b4::tile_sum(first) < 448;
  }
  CHECK(endgames == 10);
  CHECK(short_of_sum);
  // A malformed file is refused, naming the file and the line.
  std::ofstream(path) << "# comment\n0123456789abcdef\nnot a board\n";
  CHECK(!train2048::read_start_boards(path, &back, &error));
  CHECK(error.find(path) != std::string::npos);
  CHECK(error.find("line 3") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("the collector's greedy moves value their afterstates downgraded when asked (--downgrade with --collect-starts)") {
  // A small network of random weights (every line counts), then boards with an 8192 and gaps.
  TinyNetwork net;
  train2048::Rng rng(77);
  for (float& w : net.table[0]) w = float(rng.below(1000));
  int differing = 0;
  for (int k = 0; k < 300; ++k) {
    b4::Board b = 0;
    for (int i = 0; i < 16; ++i) b |= uint64_t(rng.below(5) == 0 ? 0 : 1 + rng.below(9)) << (4 * i);
    b = (b & ~uint64_t(0xF)) | 13;  // an 8192 in a corner
    uint32_t reward = 0, plain_reward = 0;
    const b4::Board chosen = train2048::greedy_afterstate(net, b, &reward, 13);
    const b4::Board plain = train2048::greedy_afterstate(net, b, &plain_reward);
    // The choice by hand: reward + V(downgraded afterstate), first best direction.
    b4::Board want = b;
    float best = -1e30f;
    for (int d = 0; d < 4; ++d) {
      uint32_t r = 0;
      const b4::Board after = b4::move(b, d, &r);
      if (after == b) continue;
      const float v = float(r) + net.value(b4::downgrade(after, 13));
      if (v > best) best = v, want = after;
    }
    CHECK(chosen == want);  // the real move, not the downgraded board
    differing += chosen != plain;
  }
  CHECK(differing > 0);
}

TEST_CASE("training episodes that end at a tile: bootstrapped (--stop-at-tile) or worth kConversionValue (--win-tile)") {
  // 64 64 128: the first move makes 128 128 (reward 128), the second the 256
  // (reward 256, the greedy choice of a blank network). Stopping at 256 ends the
  // episode there: only the first afterstate is learned, towards 256 plus the
  // blank network's value of the second (0), or plus kConversionValue.
  const b4::Board start = board_of({64, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2});
  auto total = [](const TinyNetwork& n) { return std::accumulate(n.table[0].begin(), n.table[0].end(), 0.0); };
  std::vector<train2048::Step> path;
  TinyNetwork plain, stopped, won;
  train2048::Rng r1(5), r2(5), r3(5);
  const train2048::EpisodeResult whole = train2048::learn_episode_from(plain, r1, 0.5f, start, path);
  CHECK(whole.moves > 2);  // without a stop the game is played out
  const train2048::EpisodeResult a = train2048::learn_episode_from(stopped, r2, 0.5f, start, path, 0, 8);
  CHECK(a.moves == 2);
  CHECK(a.score == 128 + 256);
  CHECK(a.max_exponent == 8);
  CHECK(path.size() == 1);
  const train2048::EpisodeResult b = train2048::learn_episode_from(won, r3, 0.5f, start, path, 0, 8, kConversionValue);
  CHECK(b.moves == 2);
  CHECK(path.size() == 1);
  // One afterstate learned, from 0 towards 256 and towards 256 + kConversionValue by the same share.
  REQUIRE(total(stopped) > 0);
  CHECK(total(won) / total(stopped) == doctest::Approx((256.0 + kConversionValue) / 256.0).epsilon(1e-4));
  // A start that already holds the tile does not stop at once: the stop is the move that makes it.
  TinyNetwork again;
  train2048::Rng r4(5);
  const b4::Board holding = board_of({256, 64, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2});
  CHECK(train2048::learn_episode_from(again, r4, 0.5f, holding, path, 0, 8).moves > 2);
}

TEST_CASE("multi-stage training: stage 2 from fixed start boards improves, stage 1 untouched (fixed seed)") {
  TinyNetwork net(8);
  const std::vector<b4::Board> starts = {board_of({256, 128, 64, 32, 4, 8, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0}),
                                         board_of({2, 4, 8, 256, 0, 2, 16, 128, 0, 0, 4, 64, 0, 0, 0, 2}),
                                         board_of({256, 2, 0, 0, 128, 4, 0, 0, 64, 8, 2, 0, 4, 0, 0, 0})};
  train2048::Rng rng(2025);
  std::vector<train2048::Step> path;
  const int episodes = 3000, window = 500;
  double first = 0, last = 0;
  for (int i = 0; i < episodes; ++i) {
    const train2048::EpisodeResult r = train2048::learn_episode_from_starts(net, rng, 0.1f, starts, path);
    if (i < window) first += double(r.score);
    if (i >= episodes - window) last += double(r.score);
  }
  first /= window;
  last /= window;
  INFO("mean score of the first " << window << " episodes " << first << ", of the last " << last);
  CHECK(last > 1.3 * first);
  CHECK(std::all_of(net.table[0].begin(), net.table[0].end(), [](float w) { return w == 0.0f; }));
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
