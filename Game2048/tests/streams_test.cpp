// Spawns: their statistics, and the independence and reproducibility of the
// seeded streams (engine/streams.h, engine/contest_game.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "../engine/contest_game.h"
#include "../engine/slide.h"
#include "../engine/streams.h"

namespace {

// Chi-square statistic of observed counts against equal expected counts.
double chi_square_uniform(const std::vector<long>& counts) {
  long total = 0;
  for (long c : counts) total += c;
  const double expected = static_cast<double>(total) / counts.size();
  double chi = 0;
  for (long c : counts) chi += (c - expected) * (c - expected) / expected;
  return chi;
}

// Upper bound of chi-square with `dof` degrees of freedom that a true
// distribution exceeds with probability about 1e-6 (Wilson-Hilferty).
double chi_square_limit(int dof) {
  const double z = 4.75;
  const double a = 2.0 / (9.0 * dof);
  return dof * std::pow(1 - a + z * std::sqrt(a), 3);
}

// Plays with a fixed preference order until the game is over.
void play(g2048::ContestGame& game, const int order[4]) {
  while (!game.over())
    for (int i = 0; i < 4; ++i)
      if (game.move(order[i])) break;
}

const int kDownFirst[4] = {g2048::kDown, g2048::kLeft, g2048::kRight, g2048::kUp};
const int kLeftFirst[4] = {g2048::kLeft, g2048::kUp, g2048::kRight, g2048::kDown};

}  // namespace

TEST_CASE("spawns: 2 and 4 come 9:1, and the first two tiles land uniformly") {
  g2048::ContestGame game;
  std::vector<long> first(16, 0), second(16, 0);
  long fours = 0, spawns = 0;
  const int kGames = 200000;
  for (int g = 0; g < kGames; ++g) {
    game.start(99, static_cast<uint64_t>(g));
    REQUIRE(game.spawns().size() == 2);
    const auto& s = game.spawns();
    ++first[s[0].cell];
    // The second tile is uniform over the 15 cells left: count it by its rank among them.
    ++second[s[1].cell - (s[1].cell > s[0].cell ? 1 : 0)];
    for (const auto& spawn : s) {
      REQUIRE((spawn.value == 2 || spawn.value == 4));
      fours += spawn.value == 4;
      ++spawns;
    }
  }
  second.pop_back();  // ranks 0..14
  CHECK(chi_square_uniform(first) < chi_square_limit(15));
  CHECK(chi_square_uniform(second) < chi_square_limit(14));
  const double share = static_cast<double>(fours) / spawns;
  const double sigma = std::sqrt(0.1 * 0.9 / spawns);
  CHECK(std::fabs(share - 0.1) < 5 * sigma);
}

TEST_CASE("spawns: during play a tile lands uniformly on the empty cells") {
  // For each number of empty cells m, the rank of the chosen cell among them is uniform on 0..m-1.
  std::map<int, std::vector<long>> ranks;
  g2048::ContestGame game;
  for (int g = 0; g < 1500; ++g) {
    game.start(5, static_cast<uint64_t>(g));
    while (!game.over()) {
      int before[16];
      for (int i = 0; i < 16; ++i) before[i] = game.tiles()[i];
      bool moved = false;
      for (int dir : kDownFirst)
        if (game.move(dir)) {
          moved = true;
          // The board after the slide, before the spawn: the spawn's cell is its only difference with game.tiles().
          int slid[16];
          for (int i = 0; i < 16; ++i) slid[i] = before[i];
          g2048::slide_board(slid, 4, 4, dir);
          const int cell = game.spawns().back().cell;
          REQUIRE(slid[cell] == 0);
          int m = 0, rank = 0;
          for (int i = 0; i < 16; ++i)
            if (slid[i] == 0) {
              if (i < cell) ++rank;
              ++m;
            }
          auto& counts = ranks[m];
          counts.resize(m, 0);
          ++counts[rank];
          break;
        }
      REQUIRE(moved);
    }
  }
  int tested = 0;
  for (const auto& [m, counts] : ranks) {
    long total = 0;
    for (long c : counts) total += c;
    if (m < 2 || total < 20L * m) continue;  // too few for a chi-square test
    CAPTURE(m);
    CHECK(chi_square_uniform(counts) < chi_square_limit(m - 1));
    ++tested;
  }
  CHECK(tested >= 8);
}

TEST_CASE("streams: the spawn values do not depend on where tiles land or how the bot plays") {
  for (uint64_t g = 0; g < 20; ++g) {
    g2048::ContestGame a, b;
    a.start(42, g);
    b.start(42, g);
    play(a, kDownFirst);
    play(b, kLeftFirst);
    const size_t n = std::min(a.spawns().size(), b.spawns().size());
    REQUIRE(n > 50);
    CHECK(a.directions() != b.directions());
    for (size_t i = 0; i < n; ++i) REQUIRE(a.spawns()[i].value == b.spawns()[i].value);
  }
}

TEST_CASE("streams: a spawn's position draw does not depend on the values drawn or the bot's play") {
  // Replaying two different games of the same seed and game number: whenever both boards had
  // the same number of empty cells before spawn i, the chosen rank among them is the same.
  // Rebuild each game's sequence of (empty cells, rank) from its directions and spawns.
  auto ranks = [](const g2048::ContestGame& game) {
    std::vector<std::pair<int, int>> out;  // (m, rank)
    int tiles[16] = {};
    const auto& spawns = game.spawns();
    for (size_t i = 0; i < spawns.size(); ++i) {
      if (i >= 2) g2048::slide_board(tiles, 4, 4, std::string("LDRU").find(game.directions()[i - 2]));
      int m = 0, rank = 0;
      for (int c = 0; c < 16; ++c)
        if (tiles[c] == 0) {
          if (c < spawns[i].cell) ++rank;
          ++m;
        }
      out.push_back({m, rank});
      tiles[spawns[i].cell] = spawns[i].value;
    }
    return out;
  };
  int compared = 0, differing_boards = 0;
  for (uint64_t g = 0; g < 20; ++g) {
    g2048::ContestGame a, b;
    a.start(8, g);
    b.start(8, g);
    play(a, kDownFirst);
    play(b, kLeftFirst);
    const auto ra = ranks(a), rb = ranks(b);
    for (size_t i = 0; i < std::min(ra.size(), rb.size()); ++i)
      if (ra[i].first == rb[i].first) {
        REQUIRE(ra[i].second == rb[i].second);
        ++compared;
      } else {
        ++differing_boards;
      }
  }
  CHECK(compared > 200);
  CHECK(differing_boards > 200);
}

TEST_CASE("streams: position and value draws are uncorrelated") {
  // Contingency table of (first tile's cell, its value) over many games: independent.
  std::vector<long> twos(16, 0), fours(16, 0);
  g2048::ContestGame game;
  for (int g = 0; g < 100000; ++g) {
    game.start(1234, static_cast<uint64_t>(g));
    const auto& s = game.spawns()[0];
    (s.value == 4 ? fours : twos)[s.cell]++;
  }
  long total2 = 0, total4 = 0;
  for (int c = 0; c < 16; ++c) {
    total2 += twos[c];
    total4 += fours[c];
  }
  const double n = static_cast<double>(total2 + total4);
  double chi = 0;
  for (int c = 0; c < 16; ++c) {
    const double cell_total = static_cast<double>(twos[c] + fours[c]);
    const double e2 = cell_total * total2 / n, e4 = cell_total * total4 / n;
    chi += (twos[c] - e2) * (twos[c] - e2) / e2 + (fours[c] - e4) * (fours[c] - e4) / e4;
  }
  CHECK(chi < chi_square_limit(15));
}

TEST_CASE("streams: a game depends only on (seed, game number), never on earlier games") {
  g2048::ContestGame fresh, played;
  for (uint64_t g = 0; g < 5; ++g) {
    played.start(77, g);
    play(played, kDownFirst);
  }
  played.start(77, 5);
  fresh.start(77, 5);
  play(played, kDownFirst);
  play(fresh, kDownFirst);
  CHECK(played.directions() == fresh.directions());
  CHECK(played.score() == fresh.score());
  REQUIRE(played.spawns().size() == fresh.spawns().size());
  for (size_t i = 0; i < fresh.spawns().size(); ++i) CHECK(played.spawns()[i].cell == fresh.spawns()[i].cell);
  // Another seed or another game number: another game.
  g2048::ContestGame other_seed, other_game;
  other_seed.start(78, 5);
  other_game.start(77, 6);
  play(other_seed, kDownFirst);
  play(other_game, kDownFirst);
  CHECK(other_seed.directions() != fresh.directions());
  CHECK(other_game.directions() != fresh.directions());
}

TEST_CASE("streams: the three streams of a game, and those of different games, have different seeds") {
  std::vector<uint64_t> seeds;
  for (uint64_t g : {uint64_t{0}, uint64_t{1}, uint64_t{2}, g2048::kRunWide})
    for (g2048::Stream s : {g2048::Stream::kSpawnPosition, g2048::Stream::kSpawnValue, g2048::Stream::kBot})
      for (uint64_t run : {uint64_t{0}, uint64_t{1}, g2048::kDefaultSeed})
        seeds.push_back(g2048::stream_seed(run, s, g));
  std::sort(seeds.begin(), seeds.end());
  CHECK(std::adjacent_find(seeds.begin(), seeds.end()) == seeds.end());
}

TEST_CASE("milestones: the valid move at which 2048, 4096, ... first appear") {
  g2048::ContestGame game;
  game.start(1, 0);
  for (int e = g2048::kFirstMilestone; e <= g2048::kLastMilestone; ++e) CHECK(game.reached_at(e) == -1);
  int tiles[16] = {1024, 1024, 0, 0, 2048, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  game.set_tiles(tiles);
  CHECK(game.reached_at(11) == 0);  // a 2048 already on the board
  int fresh[16] = {1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  game.start(1, 0);
  game.set_tiles(fresh);
  REQUIRE(game.move(g2048::kDown));  // no merge: the 1024s fall to row 3, side by side
  CHECK(game.reached_at(11) == -1);
  REQUIRE(game.move(g2048::kLeft));
  CHECK(game.reached_at(11) == 2);
  CHECK(game.score() >= 2048);
  CHECK(game.max_tile() == 2048);
  CHECK(game.reached_at(12) == -1);
}
