// Our PZ2048 Extension player: a user_logic.cpp as a student writes one, on
// the 2048 bot's evaluation (Game2048/bot/): the trained n-tuple network and
// a shallow expectimax search over it. The search deepens under a node budget
// (bot/expectimax.h): one ply (the network alone) on open boards, a chance
// layer deeper when few cells are empty. Counting nodes, not time, and a
// fresh search per game keep a game's moves the same on any machine and in
// any process (so -j 2 gives the figures of -j 1).
//
// The network's weights file is found at run time as the bot finds it
// ($GAME2048_WEIGHTS, else from where the program lies: evaluator.h).
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "../../bot/evaluator.h"
#include "../../bot/expectimax.h"
#include "../../bot/weights_file.h"
#include "../../engine/board4.h"
#include "../../engine/slide.h"
#include "game_logic.h"
#include "user_logic.h"

namespace PZ2048 {
namespace {

int rows = 0, cols = 0;
std::vector<int> cells;
std::unique_ptr<bot2048::Evaluator> network;
std::unique_ptr<bot2048::Expectimax> search;

// The search's settings: one chance layer at most, under a small budget, so
// that only tight boards get it (1 ply alone reaches 2048 in 98.3% of games
// 1..300; this in 99.8% of games 1..1,000; figures in pz/README.md).
bot2048::ExpectimaxSettings settings() {
  bot2048::ExpectimaxSettings s;
  s.min_depth = 0;
  s.max_depth = 1;
  s.nodes_per_move = 300;
  s.min_moves_per_second = 0;  // no CPU-time guard: the same moves on any machine
  s.downgrade_from = 0;        // games end at 2048, far below the tiles it is for
  s.table_bits = 16;           // 65,536 cached positions: plenty for this search, cheap to clear
  return s;
}

void load_network() {
  const std::string path = bot2048::default_weights_path();
  std::unique_ptr<bot2048::PlayingNetwork> net(new bot2048::PlayingNetwork);
  std::string note, error;
  if (!bot2048::load_weights(path, net.get(), &note, &error)) {
    std::cerr << "PZ2048Player: cannot load the network: " << error << " (set GAME2048_WEIGHTS to the weights file)\n";
    std::exit(2);
  }
  network.reset(new bot2048::NetworkEvaluator(std::move(net)));
  search.reset(new bot2048::Expectimax(*network, settings()));
}

// Any move that changes the board (for boards other than 4 x 4).
char any_move() {
  const struct {
    int dir;
    char key;
  } order[] = {{g2048::kUp, 'w'}, {g2048::kLeft, 'a'}, {g2048::kRight, 'd'}, {g2048::kDown, 's'}};
  for (const auto& o : order) {
    std::vector<int> copy = cells;
    int64_t gained = 0;
    if (g2048::slide_board(copy.data(), rows, cols, o.dir, &gained)) return o.key;
  }
  return 'w';
}

}  // namespace

void ClientPrepare(int row_num, int col_num) {
  rows = row_num;
  cols = col_num;
  cells.assign(static_cast<size_t>(rows) * cols, 0);
  if (!search && rows == 4 && cols == 4) load_network();
  // Each game starts afresh (no cached positions, no banked nodes), so a game's
  // moves depend on its seed alone, whichever process plays it (-j).
  if (search) search->clear();
}

void ReadBoard() {
  for (int& v : cells) std::cin >> v;
}

char Decide() {
  g2048::b4::Board board;
  if (rows != 4 || cols != 4 || !g2048::b4::from_values(cells.data(), &board)) return any_move();
  static const char kKeys[4] = {'a', 's', 'd', 'w'};  // 0 LEFT, 1 DOWN, 2 RIGHT, 3 UP
  const int dir = search->choose_move(board);
  return dir >= 0 ? kKeys[dir] : 'w';
}

}  // namespace PZ2048
