// The TD trainer: the train2048 program, learning, parallel episodes, temporal coherence, downgraded and multi-stage
// training.
#include "../../bot/tests/bot_helpers.h"
#include "tiny_network.h"

#include <map>

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
  CHECK(run_trainer("--init-weights '" + weights + "' --from-starts '" + starts + "' --episodes 200" + files, log) ==
        1);
  char dead_hex[17];
  std::snprintf(dead_hex, sizeof dead_hex, "%016llx", (unsigned long long)dead);
  CHECK_MESSAGE(
      slurp(log).find("start board " + std::string(dead_hex) + " in '" + starts + "' has no move") != std::string::npos,
      slurp(log));
  // --stage2-starts reads its boards the same way, and also wants the stage tile in each.
  CHECK(run_trainer("--init-weights '" + weights + "' --stage2-starts '" + starts + "' --episodes 200" + files, log) ==
        1);
  CHECK(slurp(log).find("start board " + std::string(dead_hex) + " in '" + starts + "' has no move") !=
        std::string::npos);
  const b4::Board small = board_of({8192, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  REQUIRE_MESSAGE(train2048::write_start_boards(starts, {endgame, small}, "", &error), error);
  char small_hex[17];
  std::snprintf(small_hex, sizeof small_hex, "%016llx", (unsigned long long)small);
  CHECK(run_trainer("--init-weights '" + weights + "' --stage2-starts '" + starts + "' --episodes 200" + files, log) ==
        1);
  CHECK_MESSAGE(slurp(log).find("start board " + std::string(small_hex) + " in '" + starts +
                                "' lacks the stage tile 16384") != std::string::npos,
                slurp(log));
  for (const std::string& f : {weights, out, checkpoint, curve, starts, log}) std::remove(f.c_str());
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
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t) {
        return train2048::learn_episode(threaded, r, 0.1f, p);
      },
      [&](uint64_t, const train2048::EpisodeResult& r) {
        threaded_scores.push_back(r.score);
        return false;
      },
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
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t) {
        return train2048::learn_episode(*net, r, 0.1f, p);
      },
      [&](uint64_t, const train2048::EpisodeResult&) { return false; }, [] {}, [&] { return ++asked > 50; });
  CHECK(stopped >= 50);
  CHECK(stopped <= 51);
}

TEST_CASE(
    "parallel training: two threads sharing the 4x6 network still learn (mean of the last games beats the first)") {
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork);
  const uint64_t episodes = 3000, window = 500;
  std::vector<double> score(episodes, 0.0);
  train2048::run_episodes(
      2, 2024, 0, episodes,
      [&](train2048::Rng& r, std::vector<train2048::Step>& p, uint64_t) {
        return train2048::learn_episode(*net, r, 0.1f, p);
      },
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
    const TrainingNetwork::Coherence kept = resumed->coherence_of(0, 0, idx[0]);
    CHECK_FALSE(load_coherence(sums, resumed.get(), at, &message));
    INFO(message);
    CHECK(message.find(sums) != std::string::npos);
    CHECK(message.find(why) != std::string::npos);
    CHECK(resumed->coherence_of(0, 0, idx[0]).signed_sum == kept.signed_sum);
    CHECK(resumed->coherence_of(0, 0, idx[0]).absolute_sum == kept.absolute_sum);
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

TEST_CASE(
    "the collector's greedy moves value their afterstates downgraded when asked (--downgrade with --collect-starts)") {
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

TEST_CASE(
    "training episodes that end at a tile: bootstrapped (--stop-at-tile) or worth kConversionValue (--win-tile)") {
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

TEST_CASE("train2048 writes under build/train/ of the working folder by default, never the committed weights") {
  const std::string folder = temp_path("defaults");
  REQUIRE(std::system(("mkdir -p '" + folder + "'").c_str()) == 0);
  const std::string log = folder + "/log.txt";
  const int status = std::system(
      ("cd '" + folder + "' && '" TRAIN2048_PATH "' --episodes 3 --report 1 --seed 5 > log.txt 2>&1").c_str());
  CHECK_MESSAGE(WIFEXITED(status), slurp(log));
  CHECK_MESSAGE(WEXITSTATUS(status) == 0, slurp(log));
  for (const char* file : {"build/train/weights.n2048", "build/train/checkpoint.f32", "build/train/curve.csv"})
    CHECK_MESSAGE(access((folder + "/" + file).c_str(), R_OK) == 0, file);
  REQUIRE(std::system(("rm -rf '" + folder + "'").c_str()) == 0);
}

namespace {

// A network of one weight per board, for checking targets by hand: value(b) is
// the board's own entry (0 until learned), learn moves it by step * error and
// records the board and its target.
struct BoardTableNet {
  static constexpr int kFeatureCount = 1;
  std::map<uint64_t, float> v;
  std::vector<std::pair<uint64_t, float>> learned;  // (board, target), in the order learned
  float value(uint64_t b) const {
    const auto it = v.find(b);
    return it == v.end() ? 0.0f : it->second;
  }
  float learn(uint64_t b, float target, float step) {
    learned.push_back({b, target});
    return v[b] = value(b) + step * (target - value(b));
  }
  void prefetch(uint64_t) const {}
  void prefetch_for_learn(uint64_t) const {}
};

// Whether `next` follows `after` by one spawn and one move.
bool follows(b4::Board after, b4::Board next) {
  for (int k = 0; k < b4::count_empty(after); ++k)
    for (int e = 1; e <= 2; ++e)
      for (int d = 0; d < 4; ++d) {
        const b4::Board b = b4::spawn(after, k, e), moved = b4::move(b, d, nullptr);
        if (moved != b && moved == next) return true;
      }
  return false;
}

}  // namespace

TEST_CASE("lambda-returns: backward targets by hand for lambda 0, 0.5 and 1") {
  // Afterstates 1, 2, 3 valued 10, 20, 30, made by moves worth 4, 8 and 16; step 0.5.
  const std::vector<train2048::Step> path = {{1, 4}, {2, 8}, {3, 16}};
  struct Case {
    float lambda;
    std::vector<float> targets;  // of afterstates 3, 2, 1
    float before_first;          // the target the pass ends with
  };
  // lambda 0.5: 3 -> 0 (value 15); 2 -> 16 + 0.5 * 15 + 0.5 * 0 = 23.5 (value 21.75);
  // 1 -> 8 + 0.5 * 21.75 + 0.5 * 23.5 = 30.625 (value 20.3125); then 4 + 0.5 * 20.3125 + 0.5 * 30.625.
  // lambda 0 is the one-step target (16 + 15, then 8 + 25.5); lambda 1 the rewards to come (16, 24).
  for (const Case& c : {Case{0.5f, {0.0f, 23.5f, 30.625f}, 29.46875f}, Case{0.0f, {0.0f, 31.0f, 33.5f}, 4 + 21.75f},
                        Case{1.0f, {0.0f, 16.0f, 24.0f}, 28.0f}}) {
    BoardTableNet net;
    net.v = {{1, 10.0f}, {2, 20.0f}, {3, 30.0f}};
    const float end = train2048::learn_backward(net, path, 0, 0.0f, 0.5f, c.lambda);
    INFO("lambda " << c.lambda);
    REQUIRE(net.learned.size() == 3);
    for (int i = 0; i < 3; ++i) {
      CHECK(net.learned[size_t(i)].first == uint64_t(3 - i));
      CHECK(net.learned[size_t(i)].second == doctest::Approx(c.targets[size_t(i)]));
    }
    CHECK(end == doctest::Approx(c.before_first));
  }
  // From path[1] on, path[0] is left alone.
  BoardTableNet net;
  train2048::learn_backward(net, path, 1, 0.0f, 0.5f, 0.5f);
  CHECK(net.learned.size() == 2);
  CHECK(net.v.count(1) == 0);
}

TEST_CASE("lambda-returns: lambda 0.5 trains a tiny network too (fixed seed)") {
  TinyNetwork net;
  train2048::Rng rng(2024);
  std::vector<train2048::Step> path;
  const int episodes = 4000, window = 500;
  double first = 0, last = 0;
  for (int i = 0; i < episodes; ++i) {
    const train2048::EpisodeResult r = train2048::learn_episode(net, rng, 0.1f, path, 0, 0, 0.5f);
    if (i < window) first += double(r.score);
    if (i >= episodes - window) last += double(r.score);
  }
  INFO("mean score of the first games " << first / window << ", of the last " << last / window);
  CHECK(last > 1.5 * first);
}

TEST_CASE("restart: goes on from an afterstate of the game's later half, in the real game, learning only from it") {
  train2048::Rng rng(77);
  for (int round = 0; round < 40; ++round) {
    BoardTableNet net;
    std::vector<train2048::Step> game;
    const train2048::EpisodeResult first = train2048::learn_episode(net, rng, 0.5f, game, 0, 0, 0.5f);
    CHECK_FALSE(first.restarted);
    REQUIRE(game.size() >= 2);
    for (int again = 0; again < 3; ++again) {
      const std::vector<train2048::Step> before = game;
      net.learned.clear();
      const train2048::EpisodeResult r = train2048::learn_restart(net, rng, 0.5f, game, 0.5f);
      CHECK(r.restarted);
      // The afterstate it went on from: k = the kept prefix's last index.
      REQUIRE(game.size() >= size_t(r.moves) + 1);
      const size_t k = game.size() - size_t(r.moves) - 1;
      INFO("round " << round << ", restart " << again << ": from afterstate " << k << " of " << before.size());
      CHECK(k >= before.size() / 2);
      CHECK(k < before.size());
      for (size_t t = 0; t <= k; ++t) CHECK(game[t].afterstate == before[t].afterstate);
      // The new moves are the real game's (no downgrading): each follows the last.
      for (size_t t = k + 1; t < game.size(); ++t) CHECK(follows(game[t - 1].afterstate, game[t].afterstate));
      uint64_t score = 0;
      for (size_t t = k + 1; t < game.size(); ++t) score += game[t].reward;
      CHECK(r.score == score);
      // Learned: afterstates k..end, backwards, the last towards 0.
      REQUIRE(net.learned.size() == game.size() - k);
      for (size_t i = 0; i < net.learned.size(); ++i)
        CHECK(net.learned[i].first == game[game.size() - 1 - i].afterstate);
      CHECK(net.learned[0].second == 0.0f);
    }
  }
}

TEST_CASE("temporal coherence: a weight and its two sums in one 16-byte record, the values kept") {
  CHECK(sizeof(TrainingNetwork::Record) == 16);
  CHECK(alignof(TrainingNetwork::Record) == 16);  // 4 records a cache line, none split
  std::unique_ptr<TrainingNetwork> net(new TrainingNetwork(0.25f));
  train2048::Rng rng(5);
  std::vector<b4::Board> boards;
  for (int i = 0; i < 50; ++i) boards.push_back(random_board(rng, 8, 10));
  for (b4::Board b : boards) net->learn(b, 1000.0f, 0.1f / kFeatures);
  std::vector<float> values;
  for (b4::Board b : boards) values.push_back(net->value(b));
  net->enable_coherence();
  for (size_t i = 0; i < boards.size(); ++i) CHECK(net->value(boards[i]) == values[i]);
  uint32_t idx[kFeatures];
  feature_indices(boards[0], idx);
  const TrainingNetwork::Coherence zero = net->coherence_of(0, 0, idx[0]);
  CHECK(zero.signed_sum == 0.0f);
  CHECK(zero.absolute_sum == 0.0f);
  const float before = net->weight(0, 0, idx[0]);
  const float error = 500.0f - net->value(boards[0]);
  net->learn(boards[0], 500.0f, 0.1f / kFeatures);
  // Every image of the board moved its weight; the first one's sums hold the error (once per image using it).
  int uses = 0;
  for (int f = 0; f < kSymmetries; ++f) uses += idx[f] == idx[0];
  CHECK(net->coherence_of(0, 0, idx[0]).signed_sum == doctest::Approx(uses * error));
  CHECK(net->coherence_of(0, 0, idx[0]).absolute_sum == doctest::Approx(uses * std::fabs(error)));
  CHECK(net->weight(0, 0, idx[0]) != before);
  // The checkpoint holds the weights from the records.
  const std::string ckpt = temp_path("records.f32");
  std::string error_text;
  REQUIRE_MESSAGE(save_checkpoint(ckpt, *net, 7, 0.25f, &error_text), error_text);
  std::unique_ptr<TrainingNetwork> back(new TrainingNetwork);
  uint64_t episodes = 0;
  float initial = 0;
  REQUIRE_MESSAGE(load_checkpoint(ckpt, back.get(), &episodes, &initial, &error_text), error_text);
  for (b4::Board b : boards) CHECK(back->value(b) == net->value(b));
  std::remove(ckpt.c_str());
}

TEST_CASE("train2048 --lambda, --tc's alpha 1, --restart: in the note and the curve; bad values and mixes refused") {
  const std::string out = temp_path("recipe.n2048"), checkpoint = temp_path("recipe.f32"),
                    curve = temp_path("recipe.csv"), log = temp_path("recipe.log");
  const std::string files = " --out '" + out + "' --checkpoint '" + checkpoint + "' --curve '" + curve + "'";
  std::remove(curve.c_str());
  REQUIRE(run_trainer("--tc --restart 3 --episodes 80 --report 40 --seed 9" + files, log) == 0);
  std::unique_ptr<PlayingNetwork> loaded(new PlayingNetwork);
  std::string note, error;
  REQUIRE_MESSAGE(load_weights(out, loaded.get(), &note, &error), error);
  INFO(note);
  CHECK(note.find("TC(0.5) with 3 restarts a game backward") != std::string::npos);
  CHECK(note.find("alpha 1,") != std::string::npos);
  // Each game from the usual start is followed by 3 restarts: 10 games in each window of 40 episodes.
  std::istringstream rows(slurp(curve));
  std::string row;
  std::getline(rows, row);
  CHECK(row.find(",games,moves") != std::string::npos);
  int windows = 0;
  while (std::getline(rows, row)) {
    std::vector<std::string> field;
    std::istringstream cells(row);
    for (std::string cell; std::getline(cells, cell, ',');) field.push_back(cell);
    REQUIRE(field.size() == 12);
    CHECK(field[10] == "10");
    ++windows;
  }
  CHECK(windows == 2);

  std::remove(curve.c_str());
  REQUIRE(run_trainer("--lambda 0 --alpha 0.25 --episodes 10 --report 10 --seed 9" + files, log) == 0);
  REQUIRE_MESSAGE(load_weights(out, loaded.get(), &note, &error), error);
  CHECK(note.find("TD(0) backward") != std::string::npos);
  CHECK(note.find("alpha 0.25,") != std::string::npos);

  CHECK(run_trainer("--lambda 1.5" + files, log) == 2);
  CHECK(slurp(log).find("1.5") != std::string::npos);
  CHECK(run_trainer("--restart 2 --downgrade 13" + files, log) == 2);
  CHECK(slurp(log).find("--restart learns whole games from the usual start, in the real game") != std::string::npos);
  for (const std::string& f : {out, checkpoint, checkpoint + ".tc", curve, log}) std::remove(f.c_str());
}

// A training network seen only through value/learn/prefetch (no *_indices): the trainer's plain path.
struct BoardByBoard {
  static constexpr int kFeatureCount = kFeatures;
  TrainingNetwork& net;
  float value(uint64_t b) const { return net.value(b); }
  float learn(uint64_t b, float target, float step) { return net.learn(b, target, step); }
  void prefetch(uint64_t b) const { net.prefetch(b); }
  void prefetch_for_learn(uint64_t b) const { net.prefetch_for_learn(b); }
};

TEST_CASE("the trainer computes a board's feature indices once: the same games and weights as value and learn") {
  static_assert(train2048::HasIndices<TrainingNetwork>::value && !train2048::HasIndices<BoardByBoard>::value);
  std::unique_ptr<TrainingNetwork> once(new TrainingNetwork), plain_net(new TrainingNetwork);
  BoardByBoard plain{*plain_net};
  train2048::Rng r1(31), r2(31);
  std::vector<train2048::Step> p1, p2;
  for (int i = 0; i < 200; ++i) {
    const train2048::EpisodeResult a = train2048::learn_episode(*once, r1, 0.3f, p1, 0, 0, 0.5f);
    const train2048::EpisodeResult b = train2048::learn_episode(plain, r2, 0.3f, p2, 0, 0, 0.5f);
    REQUIRE(a.score == b.score);
    REQUIRE(a.moves == b.moves);
  }
  train2048::Rng rng(8);
  for (int i = 0; i < 200; ++i) {
    const b4::Board b = random_board(rng, 6, 9);
    CHECK(once->value(b) == plain_net->value(b));
  }
}
