// The expectimax search: tactics, multi-stage leaves, tile downgrading, the endgame rules, the budget by stage.
#include "bot_helpers.h"

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
