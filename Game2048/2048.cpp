// The contest's Grid and Game over the shared engine (engine/), streams and
// stats file.
#include "2048.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>

#include "engine/contest_game.h"
#include "engine/slide.h"
#include "stats_file.h"

// --- Grid -----------------------------------------------------------------------

Grid::Grid() { clear(); }

int Grid::operator[](int index) { return index >= 0 && index < GRID_SIZE ? m_blocks[index] : 0; }

int Grid::operator()(int row, int col) {
  if (row < 0 || row >= GRID_LENGTH || col < 0 || col >= GRID_LENGTH) return 0;
  return m_blocks[row * GRID_LENGTH + col];
}

void Grid::clear() {
  for (int& b : m_blocks) b = 0;
  m_score = 0;
}

void Grid::copy(Grid& grid) {
  for (int i = 0; i < GRID_SIZE; ++i) m_blocks[i] = grid.m_blocks[i];
  m_score = grid.m_score;
}

void Grid::setBlock(int index, int val) {
  if (index >= 0 && index < GRID_SIZE) m_blocks[index] = val;
}

int Grid::getEmptyBlkNo() { return g2048::count_empty(m_blocks, GRID_SIZE); }

int Grid::getScore() { return m_score; }

int Grid::getMaxTile() { return g2048::max_value(m_blocks, GRID_SIZE); }

bool Grid::shift(dir_e dir) {
  int64_t gained = 0;
  if (!g2048::slide_board(m_blocks, GRID_LENGTH, GRID_LENGTH, dir, &gained)) return false;
  m_score += static_cast<int>(gained);
  return true;
}

void Grid::print(int xPos, int yPos) {
  const bool placed = xPos > 0 || yPos > 0;
  for (int r = 0; r < GRID_LENGTH; ++r) {
    if (placed) std::printf("\033[%d;%dH", yPos + r + 1, xPos + 1);  // ANSI: row, column from 1
    for (int c = 0; c < GRID_LENGTH; ++c) std::printf("%7d", m_blocks[r * GRID_LENGTH + c]);
    std::printf("\n");
  }
  std::fflush(stdout);
}

// --- Game -----------------------------------------------------------------------

struct Game::State {
  uint64_t seed = g2048::kDefaultSeed;
  std::string stats_path = "stats.txt";
  std::clock_t start = 0;
  g2048::ContestGame game;
  g2048::ContestStats stats;
  int64_t max_score = 0;

  double cpu_seconds() const { return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC; }
  // Counts the current game as a round if a move was made in it; rewrites the stats file.
  void close_game() {
    if (game.moves() == 0) return;
    stats.add_game(game.score(), game.max_tile(), game.moves());
    std::string error;
    if (!stats.write(stats_path, cpu_seconds(), &error)) std::cerr << "2048: " << error << "\n";
  }
};

Game::Game() : m_state(new State) {
  m_state->start = std::clock();
  std::string error;
  if (!g2048::seed_from_environment(&m_state->seed, &error)) {
    std::cerr << "2048: " << error << "\n";
    std::exit(2);
  }
  if (const char* path = std::getenv("GAME2048_STATS")) m_state->stats_path = path;
  std::srand(static_cast<unsigned>(g2048::stream_seed(m_state->seed, g2048::Stream::kBot, g2048::kRunWide)));
  m_state->game.start(m_state->seed, 0);
}

Game::~Game() {
  m_state->close_game();
  std::string error;
  if (!m_state->stats.write(m_state->stats_path, m_state->cpu_seconds(), &error))
    std::cerr << "2048: " << error << "\n";
  delete m_state;
}

void Game::reset() {
  // An unplayed game is not a round and keeps its number: game k is the k-th
  // played game whichever way the bot's loop calls reset(), as in Run2048.
  const uint64_t next = m_state->game.game() + (m_state->game.moves() > 0 ? 1 : 0);
  m_state->close_game();
  m_state->game.start(m_state->seed, next);
}

void Game::getCurrentGrid(Grid& grid) {
  grid.clear();
  for (int i = 0; i < GRID_SIZE; ++i) grid.setBlock(i, m_state->game.tiles()[i]);
  grid.m_score = static_cast<int>(m_state->game.score());
}

bool Game::insertDirection(dir_e dir) {
  if (dir < LEFT || dir > UP) return false;
  if (!m_state->game.move(dir)) return false;
  if (m_state->game.score() > m_state->max_score) m_state->max_score = m_state->game.score();
  return true;
}

bool Game::isGameOver() { return m_state->game.over(); }

int Game::getScore() { return static_cast<int>(m_state->game.score()); }

int Game::getMaxScore() { return static_cast<int>(m_state->max_score); }

void Game::printGrid(int xPos, int yPos) {
  Grid grid;
  getCurrentGrid(grid);
  grid.print(xPos, yPos);
}
