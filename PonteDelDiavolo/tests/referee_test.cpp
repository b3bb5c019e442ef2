// The referee against programs that misbehave, built by this suite from the
// source below (one binary, its behaviour chosen by the name it is run under),
// and a whole game between the baselines.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../../common/clock.h"
#include "../../common/sandbox.h"
#include "../referee/match.h"
#include "../rules/actions.h"
#include "../rules/files.h"
#include "../rules/score.h"

using namespace pdd;

namespace {

const char* kFaultSource = R"SRC(
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <unistd.h>
#include "hostile.h"

static int grid[100];
static void read_chess(const char* path) {
  FILE* f = std::fopen(path, "r");
  int i = 0, ch, v = -1;
  while (f && (ch = std::fgetc(f)) != EOF && i < 100) {
    if (ch >= '0' && ch <= '9') v = (v < 0 ? 0 : v * 10) + (ch - '0');
    else if (v >= 0) { grid[i++] = v; v = -1; }
  }
  if (v >= 0 && i < 100) grid[i++] = v;
  if (f) std::fclose(f);
}
static void write_chess(const char* path) {
  FILE* f = std::fopen(path, "w");
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 10; ++x) std::fprintf(f, "%d%c", grid[y * 10 + x], x == 9 ? '\n' : ',');
  std::fclose(f);
}
// Free cells with no tile of `own` within distance 2: isolated sandbanks are always legal
// (bridges are ignored: good enough for the first turns these programs are judged on).
static int place_isolated(int own, int count) {
  int placed = 0;
  for (int c = 0; c < 100 && placed < count; ++c) {
    if (grid[c]) continue;
    bool clear = true;
    for (int d = 0; d < 100 && clear; ++d)
      if (grid[d] == own && std::abs(d % 10 - c % 10) <= 2 && std::abs(d / 10 - c / 10) <= 2) clear = false;
    if (clear) { grid[c] = own; ++placed; }
  }
  return placed;
}
int main(int argc, char** argv) {
  if (argc < 6) return 3;
  std::string mode = argv[0];
  mode = mode.substr(mode.rfind('/') + 1);
  int own = argv[1][0] == 'W' ? 1 : 2;
  read_chess(argv[3]);
  if (mode.compare(0, 8, "hostile-") == 0 && hostile::attempt(mode.c_str() + 8)) {  // the sandbox failed: V13
    FILE* f = std::fopen(argv[3], "w"); std::fputs("the hostile attempt succeeded\n", f); std::fclose(f); return 0;
  }
  if (mode == "crash") std::raise(SIGSEGV);
  if (mode == "hang") { volatile unsigned long n = 0; for (;;) ++n; }
  if (mode == "noop") return 0;
  if (mode == "garbage") { FILE* f = std::fopen(argv[3], "w"); std::fputs("hello, referee\n", f); std::fclose(f); return 0; }
  if (mode == "memory") { std::vector<char> big(size_t(4) << 30, 1); return big[12345]; }
  if (mode == "notes") {  // a note in its working folder every turn; it cannot play without it
    FILE* f = std::fopen("notes.txt", "a");
    if (!f) { FILE* c = std::fopen(argv[3], "w"); std::fputs("no notes\n", c); std::fclose(c); return 0; }
    std::fputs("turn\n", f);
    std::fclose(f);
  }
  int tiles = mode == "one-tile" ? 1 : mode == "three-tiles" ? 3 : 2;
  if (mode == "wrong-colour") own = 3 - own;
  if (place_isolated(own, tiles) < tiles) return 0;
  if (mode == "chatty") for (int i = 0; i < 2000; ++i) std::printf("thinking very hard, line %d\n", i);
  write_chess(argv[3]);
  if (mode == "steplog") { FILE* f = std::fopen(argv[5], "a"); std::fputs("W_9_Chess_0,0_1,1\n", f); std::fclose(f); }
  if (mode == "steplog-touch") { FILE* f = std::fopen(argv[5], "a"); std::fclose(f); }
  if (mode == "crash-after-move") std::raise(SIGSEGV);
  if (mode == "orphan" && fork() == 0) {  // keeps writing stepLog.txt after its parent has answered
    for (int i = 0; i < 400; ++i) { usleep(5000); FILE* f = std::fopen(argv[5], "a"); if (f) { std::fputs("x\n", f); std::fclose(f); } }
    _exit(0);
  }
  return 0;
}
)SRC";

// The repository's top folder, found from this test's executable (build/PonteDelDiavolo/tests/).
std::string repo_dir() {
  std::string exe = judge::self_executable();
  for (int i = 0; i < 4; ++i) exe = exe.substr(0, exe.rfind('/'));
  return exe;
}

std::string program(const std::string& name) { return repo_dir() + "/build/bin/" + name; }

// Removes the suite's scratch folder when the suite ends.
struct ScratchFolder {
  std::string path;
  ~ScratchFolder() {
    std::error_code ignored;
    if (!path.empty()) std::filesystem::remove_all(path, ignored);
  }
};

// Builds the fault program once; returns the folder holding one link per mode.
const std::string& fault_dir() {
  static ScratchFolder scratch;
  std::string& dir = scratch.path;
  if (!dir.empty()) return dir;
  char tmpl[] = "/tmp/pdd-faults-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  dir = tmpl;
  ::chmod(dir.c_str(), 0711);  // the programs' own users pass through to their game folders
  std::ofstream(dir + "/fault.cpp") << kFaultSource;
  std::string cmd = "g++ -O1 -I" + repo_dir() + "/Compete/tests/plugins -o " + dir + "/fault " + dir + "/fault.cpp";
  REQUIRE(std::system(cmd.c_str()) == 0);
  for (const char* mode : {"crash",
                           "hang",
                           "noop",
                           "garbage",
                           "memory",
                           "one-tile",
                           "three-tiles",
                           "wrong-colour",
                           "chatty",
                           "steplog",
                           "steplog-touch",
                           "crash-after-move",
                           "orphan",
                           "notes",
                           "hostile-write_outside",
                           "hostile-connect_tcp",
                           "hostile-kill_judge",
                           "hostile-read_memory",
                           "hostile-fork_bomb",
                           "hostile-huge_file",
                           "hostile-leave_daemon"})
    REQUIRE(::symlink((dir + "/fault").c_str(), (dir + "/" + mode).c_str()) == 0);
  std::ofstream(dir + "/bad-interpreter") << "#!/no/such/interpreter\n";
  ::chmod((dir + "/bad-interpreter").c_str(), 0755);
  std::ofstream(dir + "/not-executable") << "#!/bin/sh\n";
  return dir;
}

int game_counter = 0;

GameResult play(const std::string& white, const std::string& black, int time_limit_ms = 2000) {
  MatchOptions o;
  o.program[kWhite] = white;
  o.program[kBlack] = black;
  o.game_dir = fault_dir() + "/game-" + std::to_string(++game_counter);
  o.time_limit_ms = time_limit_ms;
  o.memory_limit_mb = 256;
  o.seed = 42;
  o.refusal_hooks = program("refusal-hooks.so");
  GameResult r = play_game(o);
  REQUIRE(r.error.empty());
  return r;
}

GameResult fault_as_white(const std::string& mode, int time_limit_ms = 2000) {
  return play(fault_dir() + "/" + mode, program("pdd-random"), time_limit_ms);
}

}  // namespace

TEST_CASE("referee: a program that cannot be run loses with V1") {
  for (const char* name : {"no-such-program", "not-executable", "bad-interpreter"}) {
    CAPTURE(name);
    GameResult r = fault_as_white(name);
    CHECK(r.violation == Violation::kCannotRun);
    CHECK(r.violator == kWhite);
    CHECK(r.winner == kBlack);
    CHECK(r.actions == 0);
  }
  GameResult r = play(program("pdd-random"), fault_dir() + "/no-such-program");
  CHECK(r.violation == Violation::kCannotRun);
  CHECK(r.violator == kBlack);
  CHECK(r.actions == 1);
}

// How many times the sandbox refused `call` with `error` to `side` in the game.
uint64_t refusals_of(const GameResult& r, Colour side, const std::string& call, const std::string& error) {
  uint64_t count = 0;
  for (const judge::Refusal& refusal : r.refused[side])
    if (refusal.call == call && refusal.error == error) count += refusal.count;
  return count;
}

int runs_of(const GameResult& r, Colour side) {
  return static_cast<int>(
      std::count_if(r.moves.begin(), r.moves.end(), [&](const MoveTime& m) { return m.colour == side; }));
}

TEST_CASE("referee: a hostile program's attempts are refused or killed, the game goes on, the result says which") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  const std::string decoy = fault_dir() + "/decoy.txt";
  std::ofstream(decoy) << "precious\n";
  ::setenv("HOSTILE_TARGET", decoy.c_str(), 1);
  struct Attempt {
    const char* mode;
    const char* killed_by;  // "" if refused: the program plays on
    bool applies;
    const char* call;       // a refusal every run of the program meets, counted; "" for none
    const char* error;      // its errno
    bool leaves_processes;  // it leaves processes running, killed after each of its runs
  };
  const Attempt attempts[] = {{"hostile-write_outside", "", true, "open", "EACCES", false},
                              {"hostile-connect_tcp", "signal 31", s.seccomp, "", "", false},
                              {"hostile-kill_judge", "signal 31", s.seccomp, "", "", false},
                              {"hostile-read_memory", "signal 31", s.seccomp, "", "", false},
                              {"hostile-fork_bomb", "", s.process_limit, "fork", "EAGAIN", true},
                              {"hostile-huge_file", "signal 25", true, "", "", false},
                              {"hostile-leave_daemon", "", true, "", "", true}};
  for (const Attempt& a : attempts) {
    if (!a.applies) continue;
    INFO("mode " << std::string(a.mode));
    GameResult r = fault_as_white(a.mode);
    INFO(r.reason);
    CHECK(r.violation != Violation::kFileFormat);  // the attempt never succeeded
    if (*a.killed_by) {
      CHECK(r.violation == Violation::kNotAnAction);  // killed before its move
      CHECK(r.violator == kWhite);
      CHECK(r.reason.find(a.killed_by) != std::string::npos);
    } else {
      CHECK(r.steps.size() >= 2);  // its move stood and the game went on
    }
    // What happened to the attempts is in the result, for the hostile side only:
    // the refusals every run met (a refusal before a kill too), what it left running.
    const int runs = runs_of(r, kWhite);
    REQUIRE(runs >= 1);
    if (*a.call) CHECK(refusals_of(r, kWhite, a.call, a.error) >= static_cast<uint64_t>(runs));
    // (read_memory's opens are refused only if a process lives within 200 pids of it: not checked.)
    if (!*a.call && std::string(a.mode) != "hostile-read_memory") CHECK(r.refused[kWhite].empty());
    INFO("White's runs: " << runs << ", processes killed: " << r.daemons_killed[kWhite]);
    if (a.leaves_processes)
      CHECK(r.daemons_killed[kWhite] >= runs);
    else
      CHECK(r.daemons_killed[kWhite] == 0);
    CHECK(r.refused[kBlack].empty());
    CHECK(r.daemons_killed[kBlack] == 0);
    std::string text, error;
    CHECK(read_text_file(decoy, &text, &error));
    CHECK(text == "precious\n");
  }
  ::unsetenv("HOSTILE_TARGET");
}

TEST_CASE("pdd-referee --sandbox-report prints every protection and exits 0") {
  const std::string out = fault_dir() + "/sandbox-report.txt";
  judge::SpawnOptions o;
  o.confine = false;
  o.argv = {program("pdd-referee"), "--sandbox-report"};
  o.output_path = out;
  judge::Process p;
  std::string error, text;
  REQUIRE(p.start(o, &error));
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(20000), &status));
  CHECK(status.kind == judge::ExitStatus::kExited);
  CHECK(status.code == 0);
  REQUIRE(read_text_file(out, &text, &error));
  for (const char* layer : {"own user", "process cap", "filesystem", "network", "signals", "file size"})
    CHECK(text.find(layer) != std::string::npos);
}

TEST_CASE("referee: a crash without a move is no action (V9) and names the signal") {
  GameResult r = fault_as_white("crash");
  CHECK(r.violation == Violation::kNotAnAction);
  CHECK(r.violator == kWhite);
  CHECK(r.reason.find("signal 11") != std::string::npos);
}

TEST_CASE("referee: the files are judged whatever the exit status (a crash after a legal move counts)") {
  GameResult r = fault_as_white("crash-after-move");
  REQUIRE(r.steps.size() >= 1);
  CHECK(r.steps[0].colour == kWhite);
  CHECK(r.steps[0].action.kind == Action::kChess);
}

TEST_CASE("referee: a hanging program is killed at the time limit (V11)") {
  judge::Stopwatch watch;
  GameResult r = fault_as_white("hang", 300);
  CHECK(r.violation == Violation::kTimeout);
  CHECK(r.violator == kWhite);
  CHECK(watch.elapsed_ms() < 3000);
  REQUIRE(r.moves.size() == 1);
  CHECK(r.moves[0].ms >= 300);
}

TEST_CASE("referee: any write to stepLog.txt is V12, even opening it for writing without writing") {
  for (const char* mode : {"steplog", "steplog-touch"}) {
    CAPTURE(mode);
    GameResult r = fault_as_white(mode);
    CHECK(r.violation == Violation::kStepLogWritten);
    CHECK(r.violator == kWhite);
  }
}

TEST_CASE("referee: processes a program leaves behind are killed before the opponent's turn") {
  GameResult r = fault_as_white("orphan");
  REQUIRE(r.steps.size() >= 2);  // Black's first turn was not blamed for the orphan's writes
  CHECK(r.violator != kBlack);
  CHECK(r.daemons_killed[kWhite] >= 1);  // the orphan, killed when its parent ended, is in the result
  CHECK(r.daemons_killed[kBlack] == 0);
}

TEST_CASE("referee: wrong colour (V14), garbage (V13), one tile and three tiles and nothing (V9)") {
  CHECK(fault_as_white("wrong-colour").violation == Violation::kWrongColour);
  GameResult g = fault_as_white("garbage");
  CHECK(g.violation == Violation::kFileFormat);
  CHECK(g.detail.find("chess.txt") != std::string::npos);
  CHECK(fault_as_white("one-tile").violation == Violation::kNotAnAction);
  GameResult three = fault_as_white("three-tiles");
  CHECK(three.violation == Violation::kNotAnAction);
  CHECK(three.detail.find("3 new tile(s)") != std::string::npos);
  CHECK(fault_as_white("noop").violation == Violation::kNotAnAction);
  // The same faults from Black, after White's opening.
  GameResult b = play(program("pdd-random"), fault_dir() + "/wrong-colour");
  CHECK(b.violation == Violation::kWrongColour);
  CHECK(b.violator == kBlack);
  CHECK(b.actions == 1);
}

TEST_CASE("referee: a program over the memory cap fails without harming the referee") {
  GameResult r = fault_as_white("memory");
  CHECK(r.violation == Violation::kNotAnAction);
  CHECK(r.violator == kWhite);
}

TEST_CASE("referee: output is captured, not judged") {
  GameResult r = fault_as_white("chatty");
  REQUIRE(r.steps.size() >= 1);
  CHECK(r.steps[0].colour == kWhite);
  std::string out, error;
  REQUIRE(read_text_file(fault_dir() + "/game-" + std::to_string(game_counter) + "/white-output.txt", &out, &error));
  CHECK(out.find("thinking very hard, line 1999") != std::string::npos);
}

TEST_CASE("a whole game between the baselines ends with a consistent score") {
  GameResult r = play(program("pdd-random"), program("pdd-greedy"));
  const std::string dir = fault_dir() + "/game-" + std::to_string(game_counter);
  CHECK(r.violation == Violation::kNone);
  CHECK(r.actions > 20);
  // Neither side can act at the end.
  CHECK_FALSE(has_legal_action(r.board, kWhite, false, Crossing::kStrict));
  CHECK_FALSE(has_legal_action(r.board, kBlack, false, Crossing::kStrict));
  // Replaying the stepLog from an empty board gives the final position, every action legal.
  std::string text, error;
  REQUIRE(read_text_file(dir + "/stepLog.txt", &text, &error));
  std::vector<StepRecord> steps;
  REQUIRE(parse_steplog(text, &steps, &error));
  REQUIRE(steps.size() == static_cast<size_t>(r.actions));
  Board replay;
  for (size_t i = 0; i < steps.size(); ++i) {
    CHECK(steps[i].turn == static_cast<int>(i) + 1);
    auto legal = legal_actions(replay, steps[i].colour, i == 1, Crossing::kStrict);
    CHECK(std::find(legal.begin(), legal.end(), steps[i].action) != legal.end());
    apply_action(replay, steps[i].colour, steps[i].action);
  }
  CHECK(replay == r.board);
  // The final files hold the same position, and the scores follow from it.
  std::string chess_text, bridge_text;
  Grid chess, bridges;
  Board from_files;
  REQUIRE(read_text_file(dir + "/chess.txt", &chess_text, &error));
  REQUIRE(read_text_file(dir + "/bridge.txt", &bridge_text, &error));
  REQUIRE(parse_grid(chess_text, "chess.txt", 2, &chess, &error));
  REQUIRE(parse_grid(bridge_text, "bridge.txt", 1 << 30, &bridges, &error));
  REQUIRE(board_from_grids(chess, bridges, &from_files, &error));
  CHECK(from_files == r.board);
  for (Colour c : {kWhite, kBlack}) {
    PlayerScore s = score(from_files, c);
    CHECK(s.points == r.score[c].points);
    CHECK(s.islands == r.score[c].islands);
    CHECK(s.bridges == r.score[c].bridges);
  }
  CHECK(r.score[kWhite].bridges + r.score[kBlack].bridges == r.board.bridge_count());
  std::string reason;
  CHECK(decide_winner(r.score[kWhite], r.score[kBlack], &reason) == r.winner);
  CHECK(reason == r.reason);
}

TEST_CASE("pdd-referee writes one result line per game and keeps earlier lines") {
  const std::string dir = fault_dir() + "/cli";
  ::mkdir(dir.c_str(), 0755);
  const std::string record = dir + "/results.jsonl";
  std::ofstream(record) << "{\"earlier\":true}\n";
  judge::SpawnOptions o;
  o.confine = false;  // the referee under test confines its programs itself
  o.argv = {program("pdd-referee"),
            fault_dir() + "/one-tile",
            program("pdd-random"),
            "--games",
            "2",
            "--alternate",
            "--seed",
            "5",
            "--dir",
            dir,
            "--record",
            record,
            "--quiet"};
  o.output_path = dir + "/referee-output.txt";
  judge::Process p;
  std::string error;
  REQUIRE(p.start(o, &error));
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(60000), &status));
  CHECK(status.kind == judge::ExitStatus::kExited);
  CHECK(status.code == 0);
  std::string text, output;
  REQUIRE(read_text_file(record, &text, &error));
  REQUIRE(read_text_file(dir + "/referee-output.txt", &output, &error));
  CHECK(std::count(text.begin(), text.end(), '\n') == 3);
  CHECK(text.find("{\"earlier\":true}\n{\"game\":1") == 0);
  CHECK(text.find("\"violation\":\"V9\",\"violator\":\"W\"") != std::string::npos);  // game 1: one-tile is White
  CHECK(text.find("\"violation\":\"V9\",\"violator\":\"B\"") != std::string::npos);  // game 2: it is Black
  CHECK(output.find("White violated V9") != std::string::npos);
  // A bad option is a usage error, not a game.
  judge::Process bad;
  o.argv = {program("pdd-referee"), "a", "b", "--games", "zero"};
  REQUIRE(bad.start(o, &error));
  REQUIRE(bad.wait(judge::Deadline::after_ms(10000), &status));
  CHECK(status.code == 2);
}

namespace {

// Runs pdd-referee with `args` (its output in `output`) until it ends; its exit status.
judge::ExitStatus run_referee(const std::vector<std::string>& args, const std::string& output) {
  judge::SpawnOptions o;
  o.confine = false;  // the referee under test confines its programs itself
  o.argv = {program("pdd-referee")};
  o.argv.insert(o.argv.end(), args.begin(), args.end());
  o.output_path = output;
  judge::Process p;
  std::string error;
  REQUIRE(p.start(o, &error));
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(120000), &status));
  return status;
}

}  // namespace

TEST_CASE("pdd-referee: a program's notes in its working folder survive its turns, and each game starts empty") {
  const std::string dir = fault_dir() + "/notes-run";
  ::mkdir(dir.c_str(), 0755);
  judge::SpawnOptions o;
  o.confine = false;  // the referee under test confines its programs itself
  o.argv = {
      program("pdd-referee"), fault_dir() + "/notes", program("pdd-random"), "--games", "2", "--seed", "5", "--dir",
      dir + "/games",         "--keep-workdirs",      dir + "/kept",         "--quiet"};
  o.output_path = dir + "/referee-output.txt";
  judge::Process p;
  std::string error;
  REQUIRE(p.start(o, &error));
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(60000), &status));
  CHECK(status.kind == judge::ExitStatus::kExited);
  for (int g = 1; g <= 2; ++g) {
    CAPTURE(g);
    std::string notes, steps;
    REQUIRE(read_text_file(dir + "/kept/game" + std::to_string(g) + "-white/notes.txt", &notes, &error));
    REQUIRE(read_text_file(dir + "/games/game-" + std::to_string(g) + "/stepLog.txt", &steps, &error));
    const long turns = std::count(notes.begin(), notes.end(), '\n');
    long white_actions = 0;
    for (size_t at = 0; (at = steps.find("W_", at)) != std::string::npos; ++at)
      if (at == 0 || steps[at - 1] == '\n') ++white_actions;
    // One note a turn: the turns whose actions stand in the stepLog, and the last one if it broke a rule.
    CHECK(turns >= 2);
    CHECK((turns == white_actions || turns == white_actions + 1));
    // Black's folder has none of White's notes.
    CHECK_FALSE(read_text_file(dir + "/kept/game" + std::to_string(g) + "-black/notes.txt", &notes, &error));
  }
}

TEST_CASE("pdd-referee: a record it cannot write is an error (exit status 3) naming the file") {
  const std::string dir = fault_dir() + "/unwritable";
  ::mkdir(dir.c_str(), 0755);
  // The record's name is taken by game 1's folder once game 1 starts: writable
  // when the referee checks it, a folder when game 1's line is written.
  const std::string record = dir + "/game-1";
  const judge::ExitStatus status = run_referee({fault_dir() + "/one-tile", program("pdd-random"), "--games", "2",
                                                "--seed", "5", "--dir", dir, "--record", record, "--quiet"},
                                               dir + "-output.txt");
  CHECK(status.kind == judge::ExitStatus::kExited);
  CHECK(status.code == 3);
  std::string output, error;
  REQUIRE(read_text_file(dir + "-output.txt", &output, &error));
  CHECK(output.find("pdd-referee: cannot write the record or the page: ") != std::string::npos);
  CHECK(output.find(record) != std::string::npos);
  CHECK(output.find("=== Game 2") == std::string::npos);  // it stops at once
}

TEST_CASE("pdd-referee: the record and the summary say what the sandbox refused and killed, per colour") {
  const std::string dir = fault_dir() + "/sandbox-events";
  ::mkdir(dir.c_str(), 0755);
  const std::string record = dir + "/results.jsonl", decoy = dir + "-decoy.txt";
  std::ofstream(decoy) << "precious\n";
  ::setenv("HOSTILE_TARGET", decoy.c_str(), 1);
  // White writes outside its folder (refused), Black leaves a daemon (killed); both play on.
  const judge::ExitStatus status =
      run_referee({fault_dir() + "/hostile-write_outside", fault_dir() + "/hostile-leave_daemon", "--seed", "5",
                   "--dir", dir, "--record", record, "--quiet"},
                  dir + "-output.txt");
  ::unsetenv("HOSTILE_TARGET");
  CHECK(status.kind == judge::ExitStatus::kExited);
  CHECK(status.code == 0);
  std::string text, output, error;
  REQUIRE(read_text_file(record, &text, &error));
  REQUIRE(read_text_file(dir + "-output.txt", &output, &error));
  INFO(text);
  CHECK(text.find("\"refused\":[{\"player\":\"W\",\"call\":\"open\",\"errno\":\"EACCES\",\"count\":") !=
        std::string::npos);
  CHECK(text.find("{\"player\":\"B\",\"call\"") == std::string::npos);  // Black was refused nothing
  CHECK(text.find("\"daemons_killed\":[{\"player\":\"B\",\"count\":") != std::string::npos);
  CHECK(text.find("{\"player\":\"W\",\"count\"") == std::string::npos);  // White left nothing running
  CHECK(output.find("Sandbox, White: refused open EACCES x") != std::string::npos);
  CHECK(output.find("Sandbox, Black: ") != std::string::npos);
  CHECK(output.find("left running, killed") != std::string::npos);
  REQUIRE(read_text_file(decoy, &text, &error));
  CHECK(text == "precious\n");
}

TEST_CASE("pdd-referee: Ctrl-C ends the referee by that signal, its programs with it; the record keeps game 1") {
  const std::string dir = fault_dir() + "/interrupted";
  ::mkdir(dir.c_str(), 0755);
  const std::string record = dir + "/results.jsonl", output = dir + "-output.txt";
  // Game 1 ends at White's first turn; in game 2 (colours swapped) "hang" plays
  // White and never answers within the hour it is given.
  judge::SpawnOptions o;
  o.confine = false;
  o.argv = {program("pdd-referee"),
            fault_dir() + "/one-tile",
            fault_dir() + "/hang",
            "--games",
            "2",
            "--alternate",
            "--time-limit",
            "3600000",
            "--seed",
            "5",
            "--dir",
            dir,
            "--record",
            record,
            "--quiet"};
  o.output_path = output;
  judge::Process p;
  std::string error, text;
  REQUIRE(p.start(o, &error));
  auto hang_alive = [&] {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      std::ifstream in(entry.path() / "cmdline");
      std::string argv0;
      if (in && std::getline(in, argv0, '\0') && argv0 == fault_dir() + "/hang") return true;
    }
    return false;
  };
  // Game 2 has started once its White, "hang", runs (the output file is buffered).
  const judge::Deadline deadline = judge::Deadline::after_ms(60000);
  while (!hang_alive() && !deadline.expired()) ::usleep(20000);
  REQUIRE(hang_alive());
  ::kill(p.pid(), SIGINT);
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(30000), &status));
  CHECK(status.kind == judge::ExitStatus::kSignaled);
  CHECK(status.signal == SIGINT);
  REQUIRE(read_text_file(output, &text, &error));
  CHECK(text.find("pdd-referee: stopped by Interrupt; the record holds the games finished before it") !=
        std::string::npos);
  std::string lines;
  REQUIRE(read_text_file(record, &lines, &error));
  CHECK(std::count(lines.begin(), lines.end(), '\n') == 1);
  CHECK(lines.find("{\"game\":1,") == 0);
  // The hanging program died with the referee (soon after: killing it takes a moment).
  const judge::Deadline reaped = judge::Deadline::after_ms(10000);
  while (hang_alive() && !reaped.expired()) ::usleep(20000);
  CHECK_FALSE(hang_alive());
  // No temporary file is left beside the record.
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    CHECK(entry.path().filename().string().find(".tmp.") == std::string::npos);
}
