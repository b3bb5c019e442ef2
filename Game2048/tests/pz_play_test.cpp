// PZ2048 --play: a person's game in the terminal, driven through tmux as a
// person would play it (send-keys), read back from the screen (capture-pane);
// the transcript it prints on exit must be the Basic mode's for its input.
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "../pz/transcript.h"
#include "helpers.h"

namespace {

// A tmux server of the test's own (its own socket), killed at the end. It runs
// in the foreground (-D) as a sandboxed child: a daemon would leave our
// process group and be killed as an escapee by common/sandbox.
class Tmux {
 public:
  explicit Tmux(const g2048_test::ScratchDir& dir) : dir_(dir), socket_("pz_play_" + std::to_string(::getpid())) {
    judge::SpawnOptions options;
    options.argv = {"/usr/bin/tmux", "-L", socket_, "-D"};
    options.confine = false;  // the terminal the test drives, not code under judgement
    std::string error;
    REQUIRE(server_.start(options, &error));
    for (int i = 0; i < 100 && tmux({"list-sessions"}).output.find("no server") != std::string::npos; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ~Tmux() {
    tmux({"kill-server"});
    server_.kill();
  }
  g2048_test::Outcome tmux(const std::vector<std::string>& args) {
    std::vector<std::string> argv = {"/usr/bin/tmux", "-L", socket_};
    argv.insert(argv.end(), args.begin(), args.end());
    return g2048_test::run_program(argv, dir_);
  }
  std::string screen() { return tmux({"capture-pane", "-p", "-t", "play"}).output; }

 private:
  const g2048_test::ScratchDir& dir_;
  std::string socket_;
  judge::Process server_;
};

// Waits (up to 10 s) until `file` contains `part`.
bool wait_for_file(const std::string& file, const std::string& part) {
  for (int i = 0; i < 200; ++i) {
    if (g2048_test::contains(g2048_test::read_file(file), part)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

bool wait_for_screen(Tmux& tmux, const std::string& part) {
  for (int i = 0; i < 200; ++i) {
    if (g2048_test::contains(tmux.screen(), part)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// The board drawn on the screen, as the transcript prints it ("2 0 0 4 \n...").
std::string board_on_screen(const std::string& screen, int cols) {
  std::istringstream in(screen);
  std::string line, board;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::vector<std::string> cells;
    std::string w;
    bool all_tiles = true;
    while (words >> w) {
      cells.push_back(w);
      all_tiles = all_tiles && (w == "." || w.find_first_not_of("0123456789") == std::string::npos);
    }
    if (!all_tiles || static_cast<int>(cells.size()) != cols) continue;
    for (const std::string& c : cells) board += (c == "." ? "0" : c) + " ";
    board += "\n";
  }
  return board;
}

// The transcript's last "Steps: N Score: S" line and the board after it.
std::string last_state(const std::string& transcript, int rows) {
  std::istringstream in(transcript);
  std::vector<std::string> lines;
  std::string line;
  size_t last = std::string::npos;
  while (std::getline(in, line)) {
    if (line.rfind("Steps: ", 0) == 0 && line.find(" Score: ") != std::string::npos) last = lines.size();
    lines.push_back(line);
  }
  REQUIRE(last != std::string::npos);
  REQUIRE(last + rows < lines.size());
  std::string state;
  for (int i = 0; i <= rows; ++i) state += lines[last + i] + "\n";
  return state;
}

// Plays keys in tmux; returns {screen before quitting, transcript, input}.
struct Played {
  std::string screen, transcript, input;
};

Played play(const g2048_test::ScratchDir& dir, Tmux& tmux, const std::string& args,
            const std::vector<std::string>& keys, const std::string& wait_for, const std::string& quit_key) {
  Played p;
  const std::string command = "'" + g2048_test::program("PZ2048") + "' --play " + args + " >'" + dir.file("out") +
                              "' 2>'" + dir.file("in") + "'; sleep 30";
  REQUIRE(tmux.tmux({"new-session", "-d", "-s", "play", "-x", "90", "-y", "40", command}).exit_code == 0);
  REQUIRE(wait_for_screen(tmux, "Score: 0   Steps: 0"));
  for (const std::string& key : keys) tmux.tmux({"send-keys", "-t", "play", key});
  REQUIRE(wait_for_screen(tmux, wait_for));
  p.screen = tmux.screen();
  tmux.tmux({"send-keys", "-t", "play", quit_key});
  REQUIRE(wait_for_file(dir.file("in"), "#"));
  REQUIRE(wait_for_file(dir.file("out"), "Score: "));
  p.transcript = g2048_test::read_file(dir.file("out"));
  p.input = g2048_test::read_file(dir.file("in"));
  return p;
}

std::string replay(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, console;
  std::string error;
  REQUIRE(g2048::pz::run_transcript(in, out, console, &error));
  return out.str();
}

}  // namespace

TEST_CASE("PZ2048 --play: keys move, undo and quit; the screen and the printed transcript agree with Basic mode") {
  g2048_test::ScratchDir dir;
  Tmux tmux(dir);
  // Arrows and letters; 'x' is ignored; the last key (z) undoes the 'd'.
  const Played p =
      play(dir, tmux, "4 4 100 7", {"Up", "Left", "Right", "Down", "w", "a", "s", "x", "d", "z"}, "Undone.", "q");
  CHECK(g2048_test::contains(p.screen, "target 128"));  // normalized, and said so
  CHECK(g2048_test::contains(p.screen, "Target is not a power of 2. Automatically changed target to 128."));
  CHECK(p.input == "4 4 100 7\nwadswasdz#\n");
  CHECK(replay(p.input) == p.transcript);
  // The last screen shows the transcript's final state.
  const std::string state = last_state(p.transcript, 4);
  std::istringstream first(state);
  std::string steps_line;
  std::getline(first, steps_line);  // "Steps: N Score: S"
  const std::string steps = steps_line.substr(7, steps_line.find(' ', 7) - 7);
  const std::string score = steps_line.substr(steps_line.rfind(' ') + 1);
  CHECK(g2048_test::contains(p.screen, "Score: " + score + "   Steps: " + steps));
  CHECK(board_on_screen(p.screen, 4) == state.substr(steps_line.size() + 1));
  CHECK(g2048_test::contains(p.transcript, "[9] Tried to undo previous operation. Operation succeeded.\n"));
  const std::string ending = "Game ended.\nSteps: " + steps + "\nScore: " + score + "\n";
  REQUIRE(p.transcript.size() > ending.size());
  CHECK(p.transcript.substr(p.transcript.size() - ending.size()) == ending);
}

TEST_CASE("PZ2048 --play: the game ends as in Basic mode, at the target or stuck, on any key") {
  g2048_test::ScratchDir dir;
  Tmux tmux(dir);
  // As many keys as Basic mode reads before the game ends: one more would quit.
  std::string moves;
  for (int i = 0; i < 60; ++i) moves += i % 2 ? 'a' : 'd';
  const std::string whole = replay("1 3 8 1\n" + moves);
  const size_t operations = g2048_test::lines_starting(whole, "[").size() - 1;
  REQUIRE(g2048_test::contains(whole, "Game ended."));
  REQUIRE(operations < moves.size());
  std::vector<std::string> keys;
  for (size_t i = 0; i < operations; ++i) keys.push_back(std::string(1, moves[i]));
  const Played p = play(dir, tmux, "1 3 8 1", keys, "Press any key.", "Space");
  const bool won = g2048_test::contains(p.screen, "You've merged a 8 tile!");
  CHECK((won || g2048_test::contains(p.screen, "You've stuck.")));
  CHECK(g2048_test::contains(p.transcript,
                             won ? "You've merged a 8 tile!\nGame ended.\n" : "You've stuck.\nGame ended.\n"));
  CHECK(replay(p.input) == p.transcript);
  CHECK(p.transcript == whole);
  CHECK(board_on_screen(p.screen, 3) == last_state(p.transcript, 1).substr(last_state(p.transcript, 1).find('\n') + 1));
}

TEST_CASE("PZ2048 --play: bad arguments and no terminal are named, exit 2") {
  g2048_test::ScratchDir dir;
  const std::string pz = g2048_test::program("PZ2048");
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const Case cases[] = {
      {{"4", "4", "2048"}, "--play needs ROWS COLS TARGET SEED"},
      {{"0", "4", "2048", "1"}, "rows '0' is not a whole number from 1 to 16"},
      {{"4", "17", "2048", "1"}, "cols '17' is not a whole number from 1 to 16"},
      {{"4", "4", "big", "1"}, "target 'big' is not a 64-bit integer"},
      {{"4", "4", "2048", "seven"}, "seed 'seven' is not a 64-bit integer"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {pz, "--play"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    CAPTURE(c.message);
    g2048_test::Outcome run = g2048_test::run_program(argv, dir);
    CHECK(run.exit_code == 2);
    CHECK(g2048_test::contains(run.output, c.message));
  }
  g2048_test::Outcome no_tty =
      g2048_test::run_program({"/usr/bin/setsid", "-w", pz, "--play", "4", "4", "2048", "1"}, dir);
  CHECK(no_tty.exit_code == 2);
  CHECK(g2048_test::contains(no_tty.output, "--play needs a terminal"));
}
