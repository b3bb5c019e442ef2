// The evaluations: the heuristic and the n-tuple network, their symmetries and tables.
#include "bot_helpers.h"

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
  CHECK(idx[0] == 0x654321u);                // tuple 0: cells 0 1 2 3 4 5
  CHECK(idx[kSymmetries] == 0xA98765u);      // tuple 1: cells 4 5 6 7 8 9
  CHECK(idx[2 * kSymmetries] == 0x765321u);  // tuple 2: cells 0 1 2 4 5 6
  CHECK(idx[3 * kSymmetries] == 0xBA9765u);  // tuple 3: cells 4 5 6 8 9 10
}
