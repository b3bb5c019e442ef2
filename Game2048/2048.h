// The 2014 Taiwan 2048-bot contest's API: a contest bot's own main.cpp
// compiles against this header unchanged and links libgame2048.a (README).
//
//   Grid: 16 tile values, index = row * 4 + col (row 0 at the top), and the
//         score it has gained; shift() slides it without spawning.
//   Game: the games of one run. Game() starts the first game; reset() closes
//         the current game and starts the next; ~Game() closes the current game
//         and writes the stats file. A closed game counts as a round when at
//         least one valid move was made in it, and only then does the next game
//         get a new number: a loop that calls reset() before each game and one
//         that calls it after each game play the same games, counted once each.
//
// Environment: GAME2048_SEED (default 2014) seeds the spawns and srand(), the
// same streams Run2048 uses: the same bot plays the same games under both.
// GAME2048_STATS names the stats file (default "stats.txt"); it is rewritten
// atomically after every game and at destruction. Time = CPU seconds of the
// process (clock()) from Game() to ~Game().
#ifndef GAME2048_CONTEST_2048_H
#define GAME2048_CONTEST_2048_H

#define GRID_LENGTH 4
#define GRID_SIZE 16
#define INITIAL_TILE_NUM 2
#define NORMAL_TILE 2
#define WILD_CARD_TILE 4
#define TILE_GEN_RATIO 9

typedef enum { LEFT = 0, DOWN, RIGHT, UP, INVALID } dir_e;

class Grid {
 public:
  Grid();
  int operator[](int index);               // tile value at index (0 if out of range)
  int operator()(int row, int col);        // tile value at (row, col) (0 if out of range)
  void clear();                            // all empty, score 0
  void copy(Grid& grid);                   // this = grid (tiles and score)
  void setBlock(int index, int val);       // sets one tile value (ignored if index is out of range)
  int getEmptyBlkNo();                     // number of empty cells
  int getScore();                          // the merges' total gained so far
  int getMaxTile();                        // largest tile value
  bool shift(dir_e dir);                   // slides; true if anything moved (no spawn)
  void print(int xPos = 0, int yPos = 0);  // to stdout; at column xPos, row yPos if either is > 0

 private:
  friend class Game;  // getCurrentGrid() copies the game's score in
  int m_blocks[GRID_SIZE];
  int m_score;
};

class Game {
 public:
  Game();
  ~Game();
  void reset();
  void getCurrentGrid(Grid& grid);
  bool insertDirection(dir_e dir);  // false, and nothing counted, when the move changes nothing
  bool isGameOver();
  int getScore();     // the current game's score
  int getMaxScore();  // the highest score of any game so far, the current one included
  void printGrid(int xPos, int yPos);

 private:
  Game(const Game&);
  Game& operator=(const Game&);
  struct State;
  State* m_state;
};

#endif  // GAME2048_CONTEST_2048_H
