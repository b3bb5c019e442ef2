// The player process of the Extension runner: main() around a student's
// user_logic.cpp, plus the course's game and random functions (game_logic.h,
// utils.h) acting on the player's copy of the judge's game.
//
//   g++ -std=c++17 -O2 -IGame2048/pz/include user_logic.cpp
//       build/Game2048/libpz2048player.a -o player        (one command)
//   build/bin/PZ2048 --eval ./player
//
// Per game the runner sends GameStart: the player calls ClientPrepare(rows,
// cols), then starts its copy (srand(seed), one spawned tile: the same draws
// as the judge's). Per turn it sends the board, score, steps and the draws its
// game made since the last answer; the player replays those draws, prints the
// board as PrintBoard() does into std::cin, calls ReadBoard() and Decide(),
// and answers with the character and what Decide() did to the generator
// (player_protocol.h). Invariant: between turns the copy's generator is
// exactly the judge's, so rand() in a player draws what it would in the
// course's own runner, where player and game share one generator.
#include <fcntl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <vector>

#include "../../../common/sandbox.h"
#include "../../engine/slide.h"
#include "../pz_game.h"
#include "../player_protocol.h"
#include "game_logic.h"
#include "user_logic.h"

namespace {

namespace proto = g2048::pz::protocol;

struct PlayerState {
  std::unique_ptr<g2048::pz::Game> game;  // the copy; none before a game starts
  std::mt19937_64 idle_generator;         // what rand() draws before a game starts
  uint last_seed = 0;
  int rows = 0, cols = 0;
  // What Decide() did to the generator during the current turn.
  bool reseeded = false;
  uint reseed_value = 0;
  uint64_t draws_base = 0;  // game->draws() at the turn's start or the last reseed
};

PlayerState& state() {
  static PlayerState s;
  return s;
}

void print_board(std::ostream& out) {
  const PlayerState& s = state();
  for (int r = 0; r < s.game->rows(); ++r) {
    for (int c = 0; c < s.game->cols(); ++c) out << s.game->at(r, c) << ' ';
    out << '\n';
  }
}

// Exits with a message when a player calls a game function with no game.
g2048::pz::Game& game_or_die(const char* function) {
  if (!state().game) {
    std::cerr << "PZ2048 player: " << function << "() called before the game started\n";
    std::exit(3);
  }
  return *state().game;
}

bool read_body(void* message, size_t size) {
  // The kind (the first 4 bytes) is already read.
  return judge::channel::read_exact(judge::channel::kRequestFd, static_cast<char*>(message) + 4, size - 4);
}

}  // namespace

namespace PZ2048 {

void srand(uint seed) {
  PlayerState& s = state();
  s.last_seed = seed;
  if (!s.game) {
    s.idle_generator.seed(seed);
    return;
  }
  s.game->reseed(seed);
  s.reseeded = true;
  s.reseed_value = seed;
  s.draws_base = s.game->draws();
}

void tsrand() { srand(static_cast<uint>(std::chrono::system_clock::now().time_since_epoch().count())); }

uint rand() {
  PlayerState& s = state();
  return s.game ? s.game->draw() : static_cast<uint>(s.idle_generator());
}

uint get_seed() { return state().last_seed; }

void Start(int row_num, int col_num, int target, uint game_seed) {
  PlayerState& s = state();
  if (row_num != s.rows || col_num != s.cols) {
    std::cerr << "PZ2048 player: Start(" << row_num << ", " << col_num << ") in a player: only the judge's board size ("
              << s.rows << " x " << s.cols << ") can be copied\n";
    std::exit(3);
  }
  s.game.reset(new g2048::pz::Game(row_num, col_num, target, game_seed));
  s.last_seed = game_seed;
  s.reseeded = true;
  s.reseed_value = game_seed;
  s.draws_base = 0;  // the new copy's count starts at the reseed
}

std::pair<int, int> EndGame() {
  const g2048::pz::Game& g = game_or_die("EndGame");
  return {static_cast<int>(g.steps()), static_cast<int>(g.score())};
}

int GetRows() { return game_or_die("GetRows").rows(); }
int GetCols() { return game_or_die("GetCols").cols(); }

bool TryRun(char dir) {
  g2048::pz::Game& g = game_or_die("TryRun");
  switch (dir) {
    case 'w': return g.move(g2048::kUp);
    case 's': return g.move(g2048::kDown);
    case 'a': return g.move(g2048::kLeft);
    case 'd': return g.move(g2048::kRight);
    default: return false;
  }
}

bool Undo() { return game_or_die("Undo").undo(); }

void SetTile(int row_index, int col_index, int value) {
  g2048::pz::Game& g = game_or_die("SetTile");
  std::vector<int> cells = g.cells();
  cells.at(static_cast<size_t>(row_index) * g.cols() + col_index) = value;
  g.set_position(cells, g.score(), g.steps());
}

int GetTile(int row_index, int col_index) { return game_or_die("GetTile").at(row_index, col_index); }
int Score() { return static_cast<int>(game_or_die("Score").score()); }
int Steps() { return static_cast<int>(game_or_die("Steps").steps()); }
int GetTarget() { return game_or_die("GetTarget").target(); }
bool HasReachedTarget() { return game_or_die("HasReachedTarget").reached_target(); }
bool Stuck() { return game_or_die("Stuck").stuck(); }

void PrintBoard() {
  game_or_die("PrintBoard");
  print_board(std::cout);
}

}  // namespace PZ2048

int main() {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  if (::fcntl(judge::channel::kRequestFd, F_GETFD) < 0 || ::fcntl(judge::channel::kReplyFd, F_GETFD) < 0) {
    std::cerr << "This is a PZ2048 player: the runner starts it (build/bin/PZ2048 --eval PROGRAM).\n";
    return 2;
  }
  PlayerState& s = state();
  uint32_t kind = 0;
  while (judge::channel::read_exact(judge::channel::kRequestFd, &kind, sizeof kind)) {
    if (kind == proto::kGameStart) {
      proto::GameStart start;
      if (!read_body(&start, sizeof start)) return 3;
      s.game.reset();  // ClientPrepare's draws and seeds come before the game's srand
      s.rows = start.rows;
      s.cols = start.cols;
      PZ2048::ClientPrepare(start.rows, start.cols);
      s.game.reset(new g2048::pz::Game(start.rows, start.cols, start.target, start.seed));
      s.last_seed = start.seed;
    } else if (kind == proto::kTurn && s.game) {
      proto::Turn turn;
      std::vector<int32_t> cells(static_cast<size_t>(s.rows) * s.cols);
      if (!read_body(&turn, sizeof turn) ||
          !judge::channel::read_exact(judge::channel::kRequestFd, cells.data(), cells.size() * sizeof(int32_t)))
        return 3;
      s.game->skip_draws(turn.spawn_draws);
      s.game->set_position(std::vector<int>(cells.begin(), cells.end()), turn.score, turn.steps);
      s.reseeded = false;
      s.draws_base = s.game->draws();
      // The course's turn: PrintBoard() into a string, that string as std::cin for ReadBoard().
      std::ostringstream printed;
      print_board(printed);
      std::istringstream board(printed.str());
      std::streambuf* const saved = std::cin.rdbuf(board.rdbuf());
      PZ2048::ReadBoard();
      std::cin.rdbuf(saved);
      proto::Answer answer;
      answer.move = static_cast<unsigned char>(PZ2048::Decide());
      answer.reseeded = s.reseeded ? 1 : 0;
      answer.seed = s.reseed_value;
      answer.draws = s.game->draws() - s.draws_base;
      if (!judge::channel::write_exact(judge::channel::kReplyFd, &answer, sizeof answer)) return 3;
    } else {
      std::cerr << "PZ2048 player: unexpected message " << kind << " from the runner\n";
      return 3;
    }
  }
  return 0;
}
