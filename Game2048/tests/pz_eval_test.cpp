// PZ2048 Extension: the course's headers compile a student's user_logic.cpp
// unchanged, the runner plays the course's evaluation (checked against the
// course's loop computed here on our engine), player faults, and the formula.
#include <doctest/doctest.h>

#include <cstdio>
#include <sstream>

#include "../engine/slide.h"
#include "../pz/formula.h"
#include "../pz/pz_game.h"
#include "helpers.h"

using g2048::pz::formula_points;

namespace {

// Builds a player from user_logic.cpp source as a student would; "" on success.
std::string build_player(const g2048_test::ScratchDir& dir, const std::string& name, const std::string& source) {
  g2048_test::write_file(dir.file(name + ".cpp"), source);
  const std::string command = std::string(CXX_COMPILER) + " -std=c++17 -O2 -I'" + g2048_test::root() +
                              "/pz/include' '" + dir.file(name + ".cpp") + "' '" + PZ_PLAYER_LIB + "' -o '" +
                              dir.file(name) + "'";
  g2048_test::Outcome built = g2048_test::run_program({"/bin/sh", "-c", command}, dir);
  return built.exit_code == 0 ? "" : "build failed: " + built.output;
}

g2048_test::Outcome evaluate(const g2048_test::ScratchDir& dir, const std::string& player,
                             const std::vector<std::string>& options) {
  std::vector<std::string> argv = {g2048_test::program("PZ2048"), "--eval", dir.file(player), "--progress", "off"};
  argv.insert(argv.end(), options.begin(), options.end());
  return g2048_test::run_program(argv, dir);
}

// The course's runner loop, on our engine, for a player `decide` that shares
// the game's generator (it may draw from it and reseed it).
template <class Decide>
std::string reference_lines(int games, Decide decide) {
  long long total_score = 0, total_steps = 0;
  for (int game = 1; game <= games; ++game) {
    g2048::pz::Game g(4, 4, 2048, static_cast<uint64_t>(game));
    for (;;) {
      const char c = decide(g);
      const int dir = c == 'w'   ? g2048::kUp
                      : c == 's' ? g2048::kDown
                      : c == 'a' ? g2048::kLeft
                      : c == 'd' ? g2048::kRight
                                 : -1;
      if (dir < 0) continue;
      g.move(dir);
      if (g.reached_target() || g.stuck()) break;
    }
    total_score += g.score();
    total_steps += g.steps();
  }
  std::ostringstream lines;
  lines << "Average score over " << games << " games: " << double(total_score) / games << "\n"
        << "Average steps over " << games << " games: " << double(total_steps) / games << "\n";
  return lines.str();
}

std::string first_lines(const std::string& text, int n) {
  std::istringstream in(text);
  std::string line, out;
  for (int i = 0; i < n && std::getline(in, line); ++i) out += line + "\n";
  return out;
}

// The course's sample player: random directions from PZ2048::rand().
const char kRandomPlayer[] = R"(#include "user_logic.h"
#include "game_logic.h"

namespace PZ2048 {
static int row_num = 0, col_num = 0;
static std::vector<std::vector<int>> board;
void ClientPrepare(int r, int c) {
  row_num = r;
  col_num = c;
  board.assign(row_num, std::vector<int>(col_num, 0));
  tsrand();
}
void ReadBoard() {
  for (int i = 0; i < row_num; ++i)
    for (int j = 0; j < col_num; ++j) std::cin >> board[i][j];
}
char Decide() {
  static const char dir_map[4] = {'w', 's', 'a', 'd'};
  static int calls = 0;
  if (++calls % 37 == 0) srand(calls);  // reseeds the game's generator, as in the course
  if (calls % 11 == 0) return 'q';      // refused, asked again
  return dir_map[rand() % 4];
}
}
)";

// Up first; the next of a, d, s when the board it read does not move up. It
// checks that std::cin holds exactly the transcript's board text, else aborts.
const char kPriorityPlayer[] = R"(#include "user_logic.h"
#include "game_logic.h"
#include <cstdlib>
#include <iterator>
#include <sstream>

using namespace PZ2048;
static std::vector<int> cells;
static int rows, cols;
void PZ2048::ClientPrepare(int r, int c) { rows = r; cols = c; cells.assign(r * c, 0); }
void PZ2048::ReadBoard() {
  const std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  std::istringstream in(text);
  std::string expected;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      in >> cells[r * cols + c];
      expected += std::to_string(cells[r * cols + c]) + " ";
    }
    expected += "\n";
  }
  if (text != expected || !in) std::abort();
}
static bool moves(int dr, int dc) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = cells[r * cols + c], nr = r + dr, nc = c + dc;
      if (v == 0 || nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
      const int w = cells[nr * cols + nc];
      if (w == 0 || w == v) return true;
    }
  return false;
}
char PZ2048::Decide() {
  if (moves(-1, 0)) return 'w';
  if (moves(0, -1)) return 'a';
  if (moves(0, 1)) return 'd';
  return 's';
}
)";

char priority_decide(const g2048::pz::Game& g) {
  for (const auto& [dir, c] : {std::pair<int, char>{g2048::kUp, 'w'}, {g2048::kLeft, 'a'}, {g2048::kRight, 'd'}}) {
    std::vector<int> copy = g.cells();
    int64_t gained = 0;
    if (g2048::slide_board(copy.data(), 4, 4, dir, &gained)) return c;
  }
  return 's';
}

std::string faulty_player(const std::string& decide_body) {
  return "#include \"user_logic.h\"\n#include \"game_logic.h\"\n#include <csignal>\n#include <cstdlib>\n"
         "namespace PZ2048 {\nstatic int game = 0;\nvoid ClientPrepare(int, int) { ++game; }\n"
         "void ReadBoard() {}\nchar Decide() {\n" +
         decide_body + "\n}\n}\n";
}

}  // namespace

TEST_CASE("PZ2048 Extension: the course's sample player compiles unchanged and scores as the course's loop") {
  g2048_test::ScratchDir dir;
  REQUIRE(build_player(dir, "random", kRandomPlayer) == "");
  const int games = 300;
  g2048_test::Outcome run = evaluate(dir, "random", {"--games", std::to_string(games)});
  CHECK(run.exit_code == 0);
  int calls = 0;
  const std::string expected = reference_lines(games, [&](g2048::pz::Game& g) {
    static const char dir_map[4] = {'w', 's', 'a', 'd'};
    if (++calls % 37 == 0) g.reseed(static_cast<uint32_t>(calls));
    if (calls % 11 == 0) return 'q';
    return dir_map[g.draw() % 4];
  });
  CHECK(first_lines(run.output, 2) == expected);
  const auto time_lines = g2048_test::lines_starting(run.output, "Total run time: ");
  REQUIRE(time_lines.size() == 1);
  CHECK(time_lines[0].find("s (0min ") != std::string::npos);
  CHECK(g2048_test::lines_starting(run.output, "Score by formula: ").size() == 1);
}

TEST_CASE("PZ2048 Extension: a priority player reads the board as printed; -j 2 gives the same figures") {
  g2048_test::ScratchDir dir;
  REQUIRE(build_player(dir, "priority", kPriorityPlayer) == "");
  const std::string expected = reference_lines(200, priority_decide);
  g2048_test::Outcome one = evaluate(dir, "priority", {"--games", "200"});
  CHECK(one.exit_code == 0);
  CHECK(first_lines(one.output, 2) == expected);
  g2048_test::Outcome two = evaluate(dir, "priority", {"--games", "200", "-j", "2"});
  CHECK(two.exit_code == 0);
  CHECK(first_lines(two.output, 2) == expected);
}

TEST_CASE("PZ2048 Extension: a player that always answers w is stopped, naming the game and seed") {
  // The course's loop asks again for ever once 'w' changes nothing; ours stops after 1,000 answers.
  g2048_test::ScratchDir dir;
  REQUIRE(build_player(dir, "up", faulty_player("return 'w';")) == "");
  g2048_test::Outcome run = evaluate(dir, "up", {"--games", "5"});
  CHECK(run.exit_code == 1);
  CHECK(g2048_test::contains(run.output, "1000 answers in a row that moved nothing in game 1 (seed 1, move "));
  CHECK(g2048_test::contains(run.output, "the last, 'w', changes nothing"));
  CHECK_FALSE(g2048_test::contains(run.output, "Average score"));

  REQUIRE(build_player(dir, "other", faulty_player("return game == 2 ? 'x' : \"wasd\"[std::rand() % 4];")) == "");
  g2048_test::Outcome other = evaluate(dir, "other", {"--games", "5"});
  CHECK(other.exit_code == 1);
  CHECK(g2048_test::contains(other.output, "moved nothing in game 2 (seed 2, move 1)"));
  CHECK(g2048_test::contains(other.output, "'x', is not one of w s a d"));
}

TEST_CASE("PZ2048 Extension: a crashing, exiting or looping Decide() is reported with the game and seed") {
  g2048_test::ScratchDir dir;
  REQUIRE(build_player(dir, "crash",
                       faulty_player("if (game == 3) std::raise(SIGSEGV);\n"
                                     "return \"wasd\"[std::rand() % 4];")) == "");
  g2048_test::Outcome crash = evaluate(dir, "crash", {"--games", "10", "-j", "2"});
  CHECK(crash.exit_code == 1);
  CHECK(g2048_test::contains(crash.output, "killed by signal 11 (Segmentation fault) in game "));
  CHECK(g2048_test::contains(crash.output, "(seed "));

  REQUIRE(build_player(dir, "quit",
                       faulty_player("if (game == 2) std::exit(0);\n"
                                     "return \"wasd\"[std::rand() % 4];")) == "");
  g2048_test::Outcome quit = evaluate(dir, "quit", {"--games", "4"});
  CHECK(quit.exit_code == 1);
  CHECK(g2048_test::contains(quit.output, "the player's process exited with code 0 in game 2 (seed 2, move 1)"));

  REQUIRE(build_player(dir, "loop",
                       faulty_player("if (game == 2) for (volatile int i = 0;; ++i) {}\n"
                                     "return \"wasd\"[std::rand() % 4];")) == "");
  g2048_test::Outcome loop = evaluate(dir, "loop", {"--games", "4", "--move-limit", "300"});
  CHECK(loop.exit_code == 1);
  CHECK(g2048_test::contains(loop.output, "no answer within 300 ms in game 2 (seed 2, move 1)"));
  CHECK(g2048_test::contains(loop.output, "the run stopped after 1 of 4 games"));
}

TEST_CASE("PZ2048 Extension: bad command lines name the value and exit 2") {
  g2048_test::ScratchDir dir;
  const std::string pz = g2048_test::program("PZ2048");
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  g2048_test::write_file(dir.file("text"), "not a program");
  const Case cases[] = {
      {{"--eval"}, "--eval needs the player program"},
      {{"--eval", dir.file("missing")}, "is not an executable file"},
      {{"--eval", dir.file("text")}, "is not an executable file"},
      {{"--eval", "/bin/true", "--games", "0"}, "--games needs a whole number from 1 to 1000000, not '0'"},
      {{"--eval", "/bin/true", "-j", "two"}, "-j needs a whole number from 1 to 64, not 'two'"},
      {{"--eval", "/bin/true", "--progress", "loud"}, "--progress needs live, lines or off, not 'loud'"},
      {{"--eval", "/bin/true", "--fast"}, "unknown option '--fast'"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {pz};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    CAPTURE(c.message);
    g2048_test::Outcome run = g2048_test::run_program(argv, dir);
    CHECK(run.exit_code == 2);
    CHECK(g2048_test::contains(run.output, c.message));
  }
  // A program that is no player dies at once: a fault, not a hang.
  g2048_test::Outcome no_player = g2048_test::run_program({pz, "--eval", "/bin/true", "--games", "3"}, dir);
  CHECK(no_player.exit_code == 1);
  CHECK(g2048_test::contains(no_player.output, "exited with code 0 in game 1 (seed 1"));
}

TEST_CASE("PZ2048 and bench_engine: --help prints the table's usage and exits 0; a bad option exits 2") {
  g2048_test::ScratchDir dir;
  for (const std::string name : {"bin/PZ2048", "Game2048/bench_engine"}) {
    const std::string path = std::string(G2048_BUILD) + "/" + name, program = name.substr(name.rfind('/') + 1);
    CAPTURE(program);
    g2048_test::Outcome help = g2048_test::run_program({path, "--help"}, dir);
    CHECK(help.exit_code == 0);
    CHECK(help.output.find("usage: " + program) == 0);
    g2048_test::Outcome bad = g2048_test::run_program({path, "--frobnicate"}, dir);
    CHECK(bad.exit_code == 2);
    CHECK(bad.output.find(program + ": unknown option '--frobnicate'\nusage: " + program) == 0);
  }
  g2048_test::Outcome help = g2048_test::run_program({g2048_test::program("PZ2048"), "-h"}, dir);
  CHECK(g2048_test::contains(help.output, "  --move-limit MS     wall time for one Decide() (default 10000)\n"));
  // An --eval option without --eval is a bad command line, not an input file.
  g2048_test::Outcome stray = g2048_test::run_program({g2048_test::program("PZ2048"), "--games", "5"}, dir);
  CHECK(stray.exit_code == 2);
  CHECK(g2048_test::contains(stray.output, "go with --eval"));
}

TEST_CASE("PZ2048 Extension: the course's formula at its boundaries") {
  CHECK(formula_points(0) == 0);
  CHECK(formula_points(999) == 0);
  CHECK(formula_points(999.49) == 0);
  CHECK(formula_points(999.5) == 35);   // the average is rounded first
  CHECK(formula_points(1000) == 35);    // ceil(1e6 / 2e5) + 30
  CHECK(formula_points(2000) == 50);    // ceil(4e6 / 2e5) + 30
  CHECK(formula_points(2999) == 75);    // ceil(44.97) + 30
  CHECK(formula_points(3000) == 75);    // ceil(12.27 * 1.585 + 55.55) = ceil(74.997)
  CHECK(formula_points(7999) == 93);    // ceil(92.36)
  CHECK(formula_points(8000) == 93);    // ceil(42.92 * sqrt(3) + 18.16) = ceil(92.50)
  CHECK(formula_points(10000) == 97);   // ceil(42.92 * sqrt(3.32) + 18.16) = ceil(96.39)
  CHECK(formula_points(23000) == 110);  // ceil(109.4)
  CHECK(formula_points(24000) == 110);  // ceil(110.06), capped
  CHECK(formula_points(1e6) == 110);
}

TEST_CASE("PZ2048 Extension: our player reaches 2048 and finds its weights at run time") {
  g2048_test::ScratchDir dir;
  const std::string pz = g2048_test::program("PZ2048"), ours = g2048_test::program("PZ2048Player");
  // Node-counted search: the same games on any machine.
  g2048_test::Outcome run = g2048_test::run_program({pz, "--eval", ours, "--games", "10", "--progress", "off"}, dir);
  CHECK(run.exit_code == 0);
  CHECK(g2048_test::contains(run.output, "Reached 2048 in 10 of 10 games (100.00%)"));
  CHECK(g2048_test::contains(run.output, "Average score over 10 games: 2"));  // about 20,500
  // Each game starts a fresh search: two processes play the same games.
  g2048_test::Outcome two =
      g2048_test::run_program({pz, "--eval", ours, "--games", "10", "-j", "2", "--progress", "off"}, dir);
  CHECK(two.exit_code == 0);
  CHECK(first_lines(two.output, 2) == first_lines(run.output, 2));
  // Without its weights it says so and the run stops.
  g2048_test::Outcome missing = g2048_test::run_program({pz, "--eval", ours, "--games", "2", "--progress", "off"}, dir,
                                                        {{"GAME2048_WEIGHTS", dir.file("none.n2048")}});
  CHECK(missing.exit_code == 1);
  CHECK(g2048_test::contains(missing.output, "PZ2048Player: cannot load the network"));
  CHECK(g2048_test::contains(missing.output, "exited with code 2 in game 1 (seed 1"));
}
