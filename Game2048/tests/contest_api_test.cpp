// The contest's API (2048.h: Grid, Game) and its stats file (stats_file.h).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "../2048.h"
#include "../stats_file.h"
#include "helpers.h"

using g2048_test::golden;
using g2048_test::read_file;

namespace {

// Sets an environment variable for the life of the object, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) {
      had_ = true;
      old_ = old;
    }
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (had_)
      ::setenv(name_, old_.c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

// The simple bot's policy through the contest API: DOWN, LEFT, RIGHT, UP.
void play_to_the_end(Game& game, bool call_rand = false) {
  const dir_e order[4] = {DOWN, LEFT, RIGHT, UP};
  while (!game.isGameOver()) {
    if (call_rand) (void)std::rand();
    for (dir_e d : order)
      if (game.insertDirection(d)) break;
  }
}

using g2048_test::without_time;

}  // namespace

TEST_CASE("stats file: the contest's example, byte for byte") {
  // 100 games: 68 reach 16384, 28 stop at 8192, 4 at 4096; the scores average exactly 270026.
  g2048::ContestStats stats;
  const int64_t last = 100 * 270026LL - (368512 + 98 * 270026LL);
  for (int g = 0; g < 100; ++g) {
    const int max_tile = g < 68 ? 16384 : g < 96 ? 8192 : 4096;
    const int64_t score = g == 0 ? 368512 : g == 99 ? last : 270026;
    stats.add_game(score, max_tile, g == 0 ? 1041330 - 99 * 10000 : 10000);
  }
  CHECK(stats.format(3062.41) == read_file(golden("stats_contest_example.txt")));
  CHECK(stats.rounds() == 100);
  CHECK(stats.highest_score() == 368512);
  CHECK(stats.average_score() == doctest::Approx(270026));
  CHECK(stats.rate(13) == doctest::Approx(96));
  CHECK(stats.move_count() == 1041330);
}

TEST_CASE("stats file: fractions print as a default ostream prints them; no game prints zeros") {
  g2048::ContestStats stats;
  stats.add_game(368512, 16384, 10101);
  stats.add_game(270026, 8192, 10000);
  stats.add_game(1000, 128, 200);
  CHECK(stats.format(0.125) == read_file(golden("stats_three_games.txt")));
  CHECK(g2048::ContestStats().format(0) == read_file(golden("stats_no_game.txt")));
}

TEST_CASE("stats file: written atomically, an error names the path") {
  g2048_test::ScratchDir dir;
  g2048::ContestStats stats;
  stats.add_game(100, 8, 3);
  std::string error;
  REQUIRE(stats.write(dir.file("stats.txt"), 1.5, &error));
  CHECK(read_file(dir.file("stats.txt")) == stats.format(1.5));
  CHECK_FALSE(stats.write(dir.file("missing/stats.txt"), 1.5, &error));
  CHECK(g2048_test::contains(error, "missing/stats.txt"));
}

TEST_CASE("Grid: tiles by index and by (row, col), score from shifts, counts") {
  Grid grid;
  CHECK(grid.getEmptyBlkNo() == GRID_SIZE);
  CHECK(grid.getScore() == 0);
  grid.setBlock(0, 2);
  grid.setBlock(1, 2);
  grid.setBlock(2, 4);
  grid.setBlock(3, 8);
  grid.setBlock(1 * GRID_LENGTH + 2, 16);  // row 1, col 2
  CHECK(grid[6] == 16);
  CHECK(grid(1, 2) == 16);
  CHECK(grid(0, 3) == 8);
  CHECK(grid[-1] == 0);
  CHECK(grid[GRID_SIZE] == 0);
  CHECK(grid(4, 0) == 0);
  grid.setBlock(GRID_SIZE, 2);  // out of range: ignored
  CHECK(grid.getEmptyBlkNo() == 11);
  CHECK(grid.getMaxTile() == 16);

  REQUIRE(grid.shift(LEFT));  // 2 2 4 8 -> 4 4 8 0
  CHECK(grid[0] == 4);
  CHECK(grid[1] == 4);
  CHECK(grid[2] == 8);
  CHECK(grid[3] == 0);
  CHECK(grid.getScore() == 4);
  REQUIRE(grid.shift(LEFT));  // 4 4 8 -> 8 8
  CHECK(grid.getScore() == 12);
  CHECK_FALSE(grid.shift(INVALID));
  REQUIRE(grid.shift(DOWN));  // column 0 holds 8 over 16 (row 1's 16 went left first)
  CHECK(grid(2, 0) == 8);
  CHECK(grid(3, 0) == 16);
  CHECK(grid(3, 1) == 8);
  CHECK(grid.getScore() == 12);

  Grid other;
  other.copy(grid);
  CHECK(other.getScore() == grid.getScore());
  for (int i = 0; i < GRID_SIZE; ++i) CHECK(other[i] == grid[i]);
  other.clear();
  CHECK(other.getEmptyBlkNo() == GRID_SIZE);
  CHECK(other.getScore() == 0);
  CHECK(grid.getEmptyBlkNo() == 13);  // the copy was independent
}

TEST_CASE("Grid: a shift that changes nothing returns false and gains nothing") {
  Grid grid;
  const int row[4] = {2, 4, 8, 16};
  for (int c = 0; c < 4; ++c) grid.setBlock(c, row[c]);
  CHECK_FALSE(grid.shift(LEFT));
  CHECK_FALSE(grid.shift(RIGHT));
  CHECK_FALSE(grid.shift(UP));
  CHECK(grid.getScore() == 0);
  CHECK(grid.shift(DOWN));
}

TEST_CASE("Game: moves, the current grid, invalid moves and game over") {
  g2048_test::ScratchDir dir;
  ScopedEnv stats("GAME2048_STATS", dir.file("stats.txt"));
  ScopedEnv seed("GAME2048_SEED", "11");
  Game game;
  Grid grid;
  game.getCurrentGrid(grid);
  CHECK(grid.getEmptyBlkNo() == GRID_SIZE - INITIAL_TILE_NUM);
  CHECK(game.getScore() == 0);
  CHECK_FALSE(game.isGameOver());
  CHECK_FALSE(game.insertDirection(INVALID));
  CHECK_FALSE(game.insertDirection(static_cast<dir_e>(-1)));
  // Find a direction that changes nothing, if any: it must be refused, board unchanged.
  for (int d = LEFT; d <= UP; ++d) {
    Grid probe;
    probe.copy(grid);
    if (!probe.shift(static_cast<dir_e>(d))) {
      CHECK_FALSE(game.insertDirection(static_cast<dir_e>(d)));
      Grid same;
      game.getCurrentGrid(same);
      for (int i = 0; i < GRID_SIZE; ++i) CHECK(same[i] == grid[i]);
    }
  }
  // A valid move: the board slid as Grid::shift says, plus exactly one spawned 2 or 4.
  for (int d = LEFT; d <= UP; ++d) {
    Grid expected;
    expected.copy(grid);
    if (!expected.shift(static_cast<dir_e>(d))) continue;
    REQUIRE(game.insertDirection(static_cast<dir_e>(d)));
    Grid after;
    game.getCurrentGrid(after);
    int differences = 0;
    for (int i = 0; i < GRID_SIZE; ++i)
      if (after[i] != expected[i]) {
        ++differences;
        CHECK(expected[i] == 0);
        CHECK((after[i] == NORMAL_TILE || after[i] == WILD_CARD_TILE));
      }
    CHECK(differences == 1);
    CHECK(after.getScore() == game.getScore());
    break;
  }
  play_to_the_end(game);
  CHECK(game.isGameOver());
  for (int d = LEFT; d <= UP; ++d) CHECK_FALSE(game.insertDirection(static_cast<dir_e>(d)));
  game.getCurrentGrid(grid);
  CHECK(grid.getEmptyBlkNo() == 0);
  CHECK(game.getMaxScore() == game.getScore());
}

TEST_CASE("Game: rounds count played games, whether reset() comes before or after each game") {
  g2048_test::ScratchDir dir;
  ScopedEnv seed("GAME2048_SEED", "3");
  std::string before, after;
  {
    ScopedEnv stats("GAME2048_STATS", dir.file("before.txt"));
    Game game;
    for (int g = 0; g < 3; ++g) {
      game.reset();  // closes the (unplayed) game in progress: not a round
      play_to_the_end(game);
    }
  }
  {
    ScopedEnv stats("GAME2048_STATS", dir.file("after.txt"));
    Game game;
    int max_score = 0;
    for (int g = 0; g < 3; ++g) {
      play_to_the_end(game);
      if (game.getScore() > max_score) max_score = game.getScore();
      CHECK(game.getMaxScore() == max_score);
      game.reset();  // the fresh game left at the end is not a round either
      if (g == 1) CHECK(g2048_test::contains(read_file(dir.file("after.txt")), "#Rounds: 2\n"));
    }
  }
  before = read_file(dir.file("before.txt"));
  after = read_file(dir.file("after.txt"));
  CHECK(g2048_test::contains(before, "#Rounds: 3\n"));
  CHECK(g2048_test::contains(before, "\nTime: "));
  // Both loops played games 0, 1 and 2 of the seed: the same stats but for the time.
  CHECK(without_time(before) == without_time(after));
}

TEST_CASE("Game: one seed, the same games; the bot's rand() does not change them") {
  g2048_test::ScratchDir dir;
  auto run = [&](const std::string& seed, const std::string& name, bool call_rand) {
    ScopedEnv s("GAME2048_SEED", seed);
    ScopedEnv stats("GAME2048_STATS", dir.file(name));
    {
      Game game;
      for (int g = 0; g < 4; ++g) {
        play_to_the_end(game, call_rand);
        game.reset();
      }
    }
    return without_time(read_file(dir.file(name)));
  };
  const std::string a = run("5", "a.txt", false), b = run("5", "b.txt", true), c = run("6", "c.txt", false);
  CHECK(g2048_test::contains(a, "#Rounds: 4\n"));
  CHECK(a == b);
  CHECK(a != c);
}

TEST_CASE("Game: srand() is seeded from the bot stream, so rand() is reproducible") {
  g2048_test::ScratchDir dir;
  ScopedEnv stats("GAME2048_STATS", dir.file("s.txt"));
  int first = 0, second = 0, other = 0;
  {
    ScopedEnv s("GAME2048_SEED", "9");
    Game game;
    first = std::rand();
  }
  {
    ScopedEnv s("GAME2048_SEED", "9");
    Game game;
    second = std::rand();
  }
  {
    ScopedEnv s("GAME2048_SEED", "10");
    Game game;
    other = std::rand();
  }
  CHECK(first == second);
  CHECK(first != other);
}
