// The weights file: saving, loading, compaction, multi-stage files, the 32 MiB cap, damage refused by name.
#include "bot_helpers.h"

namespace {

// Sets `count` random entries of each table of `stage` to initial +- about 1000
// points, for the weights-file tests.
void scatter_random_weights(TrainingNetwork& net, int stage, float initial, int count, float divisor,
                            train2048::Rng& rng) {
  for (int t = 0; t < kTuples; ++t)
    for (int k = 0; k < count; ++k)
      net.table(t, stage)[rng.below(kTupleEntries)] = initial + (float(rng.below(2000001)) - 1000000.0f) / divisor;
}

}  // namespace

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
  REQUIRE_MESSAGE(load_weights_for_training(coarse_path, loaded.get(), &loaded_initial, &episodes, nullptr, &error),
                  error);
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
  REQUIRE_MESSAGE(load_weights_for_training(default_weights_path(), net.get(), &initial, &episodes, nullptr, &error),
                  error);
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
