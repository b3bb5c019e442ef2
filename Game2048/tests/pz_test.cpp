// PZ2048 mode: the course's target rules, random draws, undo, and transcript.
#include <doctest/doctest.h>

#include <random>
#include <sstream>

#include "../engine/slide.h"
#include "../pz/pz_game.h"
#include "../pz/transcript.h"
#include "helpers.h"

using g2048::pz::Game;
using g2048::pz::normalize_target;

namespace {

// The course's spawn, computed independently from the generator: two 32-bit draws.
void expected_spawn(std::mt19937_64& rng, std::vector<int>& cells) {
  const uint32_t where = static_cast<uint32_t>(rng()), what = static_cast<uint32_t>(rng());
  std::vector<int> empty;
  for (size_t i = 0; i < cells.size(); ++i)
    if (cells[i] == 0) empty.push_back(static_cast<int>(i));
  if (empty.empty()) return;
  cells[empty[where % empty.size()]] = what % 10 == 0 ? 4 : 2;
}

// The transcript of `input`; what the course prints on its console goes to *console.
std::string transcript(const std::string& input, std::string* console = nullptr) {
  std::istringstream in(input);
  std::ostringstream out, side;
  std::string error;
  REQUIRE(g2048::pz::run_transcript(in, out, side, &error));
  if (console)
    *console = side.str();
  else
    CHECK(side.str().empty());
  return out.str();
}

}  // namespace

TEST_CASE("PZ2048: targets are clamped to 8..8192 and rounded up to a power of two, with the course's words") {
  CHECK(normalize_target(8).value == 8);
  CHECK(normalize_target(8).announcement.empty());
  CHECK(normalize_target(2048).announcement.empty());
  CHECK(normalize_target(8192).value == 8192);
  CHECK(normalize_target(8192).announcement.empty());
  for (long long low : {4LL, 3LL, 0LL, -7LL}) {
    CHECK(normalize_target(low).value == 8);
    CHECK(normalize_target(low).announcement == "Target too low. Automatically changed target to 8.");
  }
  for (long long high : {8193LL, 16384LL, 1LL << 40}) {
    CHECK(normalize_target(high).value == 8192);
    CHECK(normalize_target(high).announcement == "Target too large. Automatically changed target to 8192.");
  }
  CHECK(normalize_target(5).value == 8);
  CHECK(normalize_target(5).announcement == "Target is not a power of 2. Automatically changed target to 8.");
  CHECK(normalize_target(100).value == 128);
  CHECK(normalize_target(100).announcement == "Target is not a power of 2. Automatically changed target to 128.");
  CHECK(normalize_target(4097).value == 8192);
}

TEST_CASE("PZ2048: one starting tile, spawns from mt19937_64 draws truncated to 32 bits") {
  for (uint64_t seed : {0ULL, 1ULL, 42ULL, 123456789ULL, 18446744073709551615ULL}) {
    CAPTURE(seed);
    for (int rows = 1; rows <= 4; ++rows)
      for (int cols = 2; cols <= 5; cols += 3) {
        Game game(rows, cols, 2048, seed);
        std::mt19937_64 rng(seed);
        std::vector<int> expected(static_cast<size_t>(rows) * cols, 0);
        expected_spawn(rng, expected);
        REQUIRE(game.cells() == expected);
        // Then a few moves, each spawn checked against the independent computation.
        for (int step = 0; step < 30; ++step) {
          const int dir = step % 4;
          std::vector<int> slid = expected;
          const bool valid = g2048::slide_board(slid.data(), rows, cols, dir);
          REQUIRE(game.move(dir) == valid);
          if (valid) {
            expected = slid;
            expected_spawn(rng, expected);
          }
          REQUIRE(game.cells() == expected);
        }
      }
  }
}

TEST_CASE("PZ2048: undo restores board, score and steps once; it never rewinds the generator") {
  Game game(3, 3, 2048, 7);
  CHECK_FALSE(game.undo());  // nothing to undo at the start
  std::mt19937_64 rng(7);
  std::vector<int> shadow(9, 0);
  expected_spawn(rng, shadow);
  REQUIRE(game.cells() == shadow);

  // Find a valid move, make it, then undo it.
  int dir = 0;
  while (!g2048::slide_board(std::vector<int>(shadow).data(), 3, 3, dir)) ++dir;
  const std::vector<int> before = game.cells();
  REQUIRE(game.move(dir));
  std::vector<int> slid = shadow;
  g2048::slide_board(slid.data(), 3, 3, dir);
  expected_spawn(rng, slid);  // draws 3 and 4
  REQUIRE(game.cells() == slid);
  CHECK(game.steps() == 1);
  // A move that changes nothing does not touch the undo state.
  int idle = 0;
  while (idle < 4 && g2048::slide_board(std::vector<int>(game.cells()).data(), 3, 3, idle)) ++idle;
  if (idle < 4) CHECK_FALSE(game.move(idle));
  REQUIRE(game.undo());
  CHECK(game.cells() == before);
  CHECK(game.steps() == 0);
  CHECK(game.score() == 0);
  CHECK_FALSE(game.undo());  // one level only

  // The same move again: the spawn comes from draws 5 and 6, not 3 and 4 again.
  REQUIRE(game.move(dir));
  std::vector<int> again = before;
  g2048::slide_board(again.data(), 3, 3, dir);
  expected_spawn(rng, again);
  CHECK(game.cells() == again);
  REQUIRE(game.undo());
  CHECK(game.cells() == before);
}

TEST_CASE("PZ2048: undo restores the score of a merging move") {
  // Drive a 1 x 4 board until a merge happens, then undo it.
  Game game(1, 4, 2048, 3);
  for (int i = 0; i < 200 && game.score() == 0; ++i) {
    const std::vector<int> cells = game.cells();
    const int64_t steps = game.steps();
    if (!game.move(i % 2 ? g2048::kLeft : g2048::kRight)) continue;
    if (game.score() > 0) {
      REQUIRE(game.undo());
      CHECK(game.score() == 0);
      CHECK(game.steps() == steps);
      CHECK(game.cells() == cells);
      return;
    }
  }
  FAIL("no merge happened");
}

TEST_CASE("PZ2048: transcripts match the golden files") {
  for (const char* name : {"pz_undo", "pz_target", "pz_stuck", "pz_large"}) {
    CAPTURE(name);
    const std::string input = g2048_test::read_file(g2048_test::golden(std::string(name) + ".in"));
    const std::string expected = g2048_test::read_file(g2048_test::golden(std::string(name) + ".out"));
    REQUIRE_FALSE(expected.empty());
    std::string console;  // pz_undo and pz_large change their targets
    CHECK(transcript(input, &console) == expected);
  }
}

TEST_CASE("PZ2048: the transcript's lines, checked by hand on a 2 x 2 board") {
  // Seed 1: draws 3144183656 588839502 | 2061911450 2033565838 (32-bit truncations of mt19937_64(1)).
  // Start: cell 3144183656 % 4 = 0 gets 2 (588839502 % 10 = 2). 'd': 2 slides right, spawn
  // cell rank 2061911450 % 3 = 2 of {0, 2, 3} = cell 3, tile 2 (2033565838 % 10 = 8).
  const std::string out = transcript("2 2 8 1 d q #");
  CHECK(out ==
        "[0] Steps: 0 Score: 0\n2 0 \n0 0 \n"
        "[1] Swiped rightward. Operation succeeded.\nSteps: 1 Score: 0\n0 2 \n0 2 \n"
        "[2] Invalid operation.\n"
        "Game ended.\nSteps: 1\nScore: 0\n");
}

TEST_CASE("PZ2048: the command reads a file or stdin; a bad header is an error naming the line") {
  g2048_test::ScratchDir dir;
  const std::string pz = g2048_test::program("PZ2048");
  g2048_test::Outcome ok = g2048_test::run_program({pz, g2048_test::golden("pz_target.in")}, dir);
  CHECK(ok.exit_code == 0);
  CHECK(ok.output == g2048_test::read_file(g2048_test::golden("pz_target.out")));

  g2048_test::write_file(dir.file("bad.in"), "3 3\n\nabc 5\nwasd\n");
  g2048_test::Outcome bad = g2048_test::run_program({pz, dir.file("bad.in")}, dir);
  CHECK(bad.exit_code == 2);
  CHECK(g2048_test::contains(bad.output, "line 3: target 'abc'"));
  CHECK_FALSE(g2048_test::contains(bad.output, "Steps"));

  g2048_test::write_file(dir.file("short.in"), "3 3 8");
  g2048_test::Outcome short_input = g2048_test::run_program({pz, dir.file("short.in")}, dir);
  CHECK(short_input.exit_code == 2);
  CHECK(g2048_test::contains(short_input.output, "the input ends before seed"));

  g2048_test::write_file(dir.file("zero.in"), "0 3 8 1");
  CHECK(g2048_test::run_program({pz, dir.file("zero.in")}, dir).exit_code == 2);
  g2048_test::Outcome missing = g2048_test::run_program({pz, dir.file("missing.in")}, dir);
  CHECK(missing.exit_code == 2);
  CHECK(g2048_test::contains(missing.output, "missing.in"));
}

// The course's checker, rule by rule, on hand-made inputs. Seed 1's first draws
// (32-bit truncations of mt19937_64(1)): 3144183656 588839502, so the starting
// tile of a 1 x 1 board is a 2 (588839502 % 10 = 2).
TEST_CASE("PZ2048 rule: the starting board is never checked; a stuck start with no operation ends at once") {
  CHECK(transcript("1 1 2048 1\n") ==
        "[0] Steps: 0 Score: 0\n2 \n"
        "Game ended.\nSteps: 0\nScore: 0\n");
  CHECK(transcript("1 1 2048 1\n#w") ==
        "[0] Steps: 0 Score: 0\n2 \n"
        "Game ended.\nSteps: 0\nScore: 0\n");
  // The first operation line is followed by the check, then the game ends.
  CHECK(transcript("1 1 2048 1 w a") ==
        "[0] Steps: 0 Score: 0\n2 \n"
        "[1] Swiped upward. Operation failed.\nSteps: 0 Score: 0\n2 \n"
        "You've stuck.\n"
        "Game ended.\nSteps: 0\nScore: 0\n");
  CHECK(transcript("1 1 8 1 z") ==
        "[0] Steps: 0 Score: 0\n2 \n"
        "[1] Tried to undo previous operation. Operation failed.\nSteps: 0 Score: 0\n2 \n"
        "You've stuck.\n"
        "Game ended.\nSteps: 0\nScore: 0\n");
}

TEST_CASE("PZ2048 rule: an invalid character is an operation line of its own, and no check follows it") {
  // On the stuck 1 x 1 board, invalid lines do not end the game; the first swipe does.
  CHECK(transcript("1 1 2048 1\nx W?1\nd s") ==
        "[0] Steps: 0 Score: 0\n2 \n"
        "[1] Invalid operation.\n"
        "[2] Invalid operation.\n"
        "[3] Invalid operation.\n"
        "[4] Invalid operation.\n"
        "[5] Swiped rightward. Operation failed.\nSteps: 0 Score: 0\n2 \n"
        "You've stuck.\n"
        "Game ended.\nSteps: 0\nScore: 0\n");
  // '#' stops reading; so does the end of the input.
  CHECK(transcript("1 2 8 1 x # d") ==
        "[0] Steps: 0 Score: 0\n2 0 \n"
        "[1] Invalid operation.\n"
        "Game ended.\nSteps: 0\nScore: 0\n");
  CHECK(transcript("1 2 8 1 x") == transcript("1 2 8 1 x # d"));
}

TEST_CASE("PZ2048 rule: a changed target is announced on the console, never in the transcript") {
  struct Case {
    const char* target;
    const char* announcement;
  };
  const Case cases[] = {
      {"4", "Target too low. Automatically changed target to 8.\n"},
      {"-3", "Target too low. Automatically changed target to 8.\n"},
      {"8193", "Target too large. Automatically changed target to 8192.\n"},
      {"5", "Target is not a power of 2. Automatically changed target to 8.\n"},
      {"100", "Target is not a power of 2. Automatically changed target to 128.\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.target);
    std::string console;
    const std::string out = transcript(std::string("1 1 ") + c.target + " 1 w", &console);
    CHECK(console == c.announcement);
    CHECK(out.rfind("[0] Steps: 0 Score: 0\n", 0) == 0);
    CHECK_FALSE(g2048_test::contains(out, "Target"));
  }
  // The normalized target is the one played to: the same game as with the power of two.
  std::string console;
  const std::string ops = " adadwsadwdsadsawdsadwadswdasdwasdasdwadswdsawdawdsadwsadaswd";
  CHECK(transcript("2 2 5 7" + ops, &console) == transcript("2 2 8 7" + ops));
  CHECK(transcript("2 2 3000 7" + ops, &console) == transcript("2 2 4096 7" + ops));
  CHECK(transcript("2 2 9000 7" + ops, &console) == transcript("2 2 8192 7" + ops));
  CHECK(g2048_test::contains(transcript("2 2 8 7" + ops), "You've merged a 8 tile!\n"));
}

TEST_CASE("PZ2048 rule: the command prints the announcement on stderr and the transcript alone on stdout") {
  g2048_test::ScratchDir dir;
  const std::string pz = g2048_test::program("PZ2048");
  g2048_test::write_file(dir.file("low.in"), "1 1 3 1 w");
  g2048_test::Outcome run = g2048_test::run_program(
      {"/bin/sh", "-c", "'" + pz + "' '" + dir.file("low.in") + "' 2>'" + dir.file("err.txt") + "'"}, dir);
  CHECK(run.exit_code == 0);
  CHECK(run.output ==
        "[0] Steps: 0 Score: 0\n2 \n"
        "[1] Swiped upward. Operation failed.\nSteps: 0 Score: 0\n2 \n"
        "You've stuck.\nGame ended.\nSteps: 0\nScore: 0\n");
  CHECK(g2048_test::read_file(dir.file("err.txt")) == "Target too low. Automatically changed target to 8.\n");
}

TEST_CASE("PZ2048 rule: a bad header names the value, exits 2 and prints no transcript") {
  g2048_test::ScratchDir dir;
  const std::string pz = g2048_test::program("PZ2048");
  struct Case {
    const char* input;
    const char* message;
  };
  const Case cases[] = {
      {"4097 4 2048 1 w", "line 1: rows '4097' is not a whole number from 1 to 4096"},
      {"4 -2 2048 1 w", "line 1: cols '-2' is not a whole number from 1 to 4096"},
      {"4 4 2048 1e3 w", "line 1: seed '1e3' is not a 64-bit integer"},
      {"4 4\n2048 seven w", "line 2: seed 'seven' is not a 64-bit integer"},
      {"", "line 1: the input ends before rows (expected 'rows cols target seed')"},
      {"\n\n4 4", "line 3: the input ends before target"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.input);
    g2048_test::write_file(dir.file("case.in"), c.input);
    g2048_test::Outcome run = g2048_test::run_program({pz, dir.file("case.in")}, dir);
    CHECK(run.exit_code == 2);
    CHECK(g2048_test::contains(run.output, c.message));
    CHECK_FALSE(g2048_test::contains(run.output, "Steps"));
  }
}
