// The players through their command line: legal answers, stepLog untouched,
// files untouched when nothing is legal, and the strategy's basic sense.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../../common/sandbox.h"
#include "../../common/tests/shell.h"
#include "../players/search.h"
#include "../referee/infer_action.h"
#include "../referee/match.h"
#include "../rules/score.h"
#include "helpers.h"

using namespace pdd;
using pdd_test::board_from_rows;
using pdd_test::C;

namespace {

std::string repo_dir() {
  std::string exe = judge::self_executable();
  for (int i = 0; i < 4; ++i) exe = exe.substr(0, exe.rfind('/'));
  return exe;
}

std::string scratch_dir() {
  char tmpl[] = "/tmp/pdd-players-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  return tmpl;
}

struct Run {
  int exit_code = -1;
  std::string chess, bridge, steplog;
};

// Runs a player on the given file contents; returns the files it leaves.
Run run_player(const std::string& name, const std::string& colour, const std::string& offer, const std::string& chess,
               const std::string& bridge, const std::string& steplog, const std::vector<std::string>& extra = {}) {
  std::string dir = scratch_dir();
  std::ofstream(dir + "/chess.txt") << chess;
  std::ofstream(dir + "/bridge.txt") << bridge;
  std::ofstream(dir + "/stepLog.txt") << steplog;
  ::chmod((dir + "/stepLog.txt").c_str(), 0444);  // any attempt to open it for writing fails loudly
  judge::SpawnOptions o;
  o.confine = false;  // our own program, run on files outside any game folder
  o.argv = {
      repo_dir() + "/build/bin/" + name, colour, offer, dir + "/chess.txt", dir + "/bridge.txt", dir + "/stepLog.txt"};
  o.argv.insert(o.argv.end(), extra.begin(), extra.end());
  o.env = {{"PDD_THINK_MS", "150"}, {"PDD_SEED", "3"}};
  o.output_path = dir + "/output.txt";
  judge::Process p;
  std::string error;
  REQUIRE(p.start(o, &error));
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(20000), &status));
  Run r;
  r.exit_code = status.kind == judge::ExitStatus::kExited ? status.code : -1;
  REQUIRE(read_text_file(dir + "/chess.txt", &r.chess, &error));
  REQUIRE(read_text_file(dir + "/bridge.txt", &r.bridge, &error));
  REQUIRE(read_text_file(dir + "/stepLog.txt", &r.steplog, &error));
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  return r;
}

Board middle_game() {
  Board b = board_from_rows({"WW.BB.....",  //
                             "WW.BB.....",  //
                             "..........",  //
                             "WW..B.W...",  //
                             "W...B.....",  //
                             "....B.....",  //
                             "..........",  //
                             "......WW..",  //
                             "......WW..",  //
                             "B........."});
  b.add_bridge(C(0, 1), C(0, 3));
  return b;
}

}  // namespace

TEST_CASE("every player answers a middle-game position legally, in CRLF files, and leaves stepLog alone") {
  Board b = middle_game();
  std::string chess = pdd_test::chess_text(b), bridge = pdd_test::bridge_text(b);
  std::string crlf_chess, crlf_bridge;
  for (char ch : chess) crlf_chess += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  for (char ch : bridge) crlf_bridge += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  const std::string log = "W_1_Chess_0,0_1,0\r\nB_2_Chess_3,0_4,0";  // no final newline
  for (const char* name : {"pdd-strategy", "pdd-random", "pdd-greedy"})
    for (Colour c : {kWhite, kBlack}) {
      CAPTURE(name);
      CAPTURE(c);
      Run r = run_player(name, c == kWhite ? "W" : "B", "N", crlf_chess, crlf_bridge, log);
      CHECK(r.exit_code == 0);
      CHECK(r.steplog == log);
      TurnContext t;
      t.board = b;
      t.mover = c;
      Judgement j = infer_action(t, r.chess, r.bridge);
      CHECK_MESSAGE(j.violation == Violation::kNone, j.detail);
    }
}

TEST_CASE("with no legal action a player leaves the files byte for byte as they were") {
  std::vector<std::string> rows(10, "BBBBBBBBBB");
  rows[9] = ".BBBBBBBBB";
  Board full = board_from_rows(rows);
  std::string chess = pdd_test::chess_text(full) + "\r\n", bridge = pdd_test::bridge_text(full);
  for (const char* name : {"pdd-strategy", "pdd-random", "pdd-greedy"}) {
    CAPTURE(name);
    Run r = run_player(name, "W", "N", chess, bridge, "");
    CHECK(r.exit_code == 0);
    CHECK(r.chess == chess);
    CHECK(r.bridge == bridge);
  }
}

TEST_CASE("players reject a bad command line and unreadable files without touching anything") {
  Board b = middle_game();
  Run r = run_player("pdd-strategy", "X", "N", pdd_test::chess_text(b), pdd_test::bridge_text(b), "");
  CHECK(r.exit_code == 2);
  CHECK(r.chess == pdd_test::chess_text(b));
  r = run_player("pdd-strategy", "W", "N", "nonsense", pdd_test::bridge_text(b), "");
  CHECK(r.exit_code == 1);
  CHECK(r.chess == "nonsense");
  r = run_player("pdd-strategy", "W", "N", pdd_test::chess_text(b), pdd_test::bridge_text(b), "", {"--think-ms", "50"});
  CHECK(r.exit_code == 0);
  bool changed = r.chess != pdd_test::chess_text(b) || r.bridge != pdd_test::bridge_text(b);
  CHECK(changed);
}

TEST_CASE("players and pdd-bench: --help prints the table's usage; a bad option or value exits 2 naming it") {
  const std::string bin = repo_dir() + "/build/bin/", dir = scratch_dir();
  std::string out;
  for (const std::string program : {"pdd-strategy", "pdd-greedy", "pdd-random", "pdd-bench"}) {
    CAPTURE(program);
    CHECK(test_shell::run_in(dir, "'" + bin + program + "' --help", &out) == 0);
    CHECK(out.find("usage: " + program) == 0);
    CHECK(test_shell::run_in(dir, "'" + bin + program + "' --frobnicate", &out) == 2);
    CHECK(out.find(program + ": unknown option '--frobnicate'\nusage: " + program) == 0);
  }
  CHECK(test_shell::run_in(dir, "'" + bin + "pdd-random' --help", &out) == 0);
  CHECK(out.find("  --think-ms N  time to think in milliseconds") != std::string::npos);
  // The course's five arguments come first, whatever they look like; the options after them.
  CHECK(test_shell::run_in(dir, "'" + bin + "pdd-random' W N c b s --think-ms 0", &out) == 2);
  CHECK(out.find("pdd-random: --think-ms needs milliseconds from 1 to 3600000, not '0'\n") == 0);
  CHECK(test_shell::run_in(dir, "'" + bin + "pdd-random' --think-ms 50 W N c", &out) == 2);
  CHECK(out.find("pdd-random: colour must be W or B, got '--think-ms'\n") == 0);
  CHECK(test_shell::run_in(dir, "'" + bin + "pdd-bench' --games 0", &out) == 2);
  CHECK(out.find("pdd-bench: --games needs a whole number from 1 to 100000, not '0'\n") == 0);
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

TEST_CASE("strategy: with only bridges left it builds the one that links islands; it completes an island") {
  // White cannot place two tiles; it may bridge its two islands (1+1 -> 3 points) or two single tiles.
  Board link = board_from_rows({"WWBWWBBBBB", "WW.WWBBBBB", "BBBBBBBBBB", "BBBBBBBBBB", "BBBBBBBBBB", "BBBBBBBBBB",
                                "BBBBBBBBBB", "BBBBBBBBBB", "W.WBBBBBBB", "BBBBBBBBBB"});
  SearchLimits limits;
  limits.think_ms = 300;
  Action a;
  REQUIRE(choose_action(link, kWhite, false, limits, &a));
  CHECK(a == Action::make(Action::kBridge, C(1, 1), C(3, 1)));
  Board after = link;
  apply_action(after, kWhite, a);
  CHECK(score(after, kWhite).points == 3);
  // Black sandbank of three with room: completing it is worth an island.
  Board grow = board_from_rows({"BBB.......", "..........", "..........", "..........", "..........", "..........",
                                "..........", "......W...", "..........", ".........W"});
  REQUIRE(choose_action(grow, kBlack, false, limits, &a));
  after = grow;
  apply_action(after, kBlack, a);
  CHECK(score(after, kBlack).islands == 1);
}

TEST_CASE("strategy: answers the Change offer with a legal action (taking or declining)") {
  for (const auto& rows : std::vector<std::vector<std::string>>{{"....WW...."}, {"W.........", ".........W"}}) {
    Board b = board_from_rows(rows);
    SearchLimits limits;
    limits.think_ms = 200;
    Action a;
    REQUIRE(choose_action(b, kBlack, true, limits, &a));
    TurnContext t;
    t.board = b;
    t.mover = kBlack;
    t.change_offered = true;
    Board after = b;
    apply_action(after, kBlack, a);
    Judgement j = infer_action(t, pdd_test::chess_text(after), pdd_test::bridge_text(after));
    CHECK_MESSAGE(j.violation == Violation::kNone, j.detail);
    CHECK(j.action == a);
  }
}

TEST_CASE("strategy beats the random player in a refereed game at 100 ms per move") {
  ::setenv("PDD_THINK_MS", "100", 1);
  MatchOptions o;
  o.program[kWhite] = repo_dir() + "/build/bin/pdd-random";
  o.program[kBlack] = repo_dir() + "/build/bin/pdd-strategy";
  o.game_dir = scratch_dir();
  o.seed = 11;
  GameResult r = play_game(o);
  ::unsetenv("PDD_THINK_MS");
  std::error_code ignored;
  std::filesystem::remove_all(o.game_dir, ignored);
  REQUIRE(r.error.empty());
  CHECK(r.violation == Violation::kNone);
  CHECK(r.winner == kBlack);
  CHECK(r.score[kBlack].points > r.score[kWhite].points);
}
