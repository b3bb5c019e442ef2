// One game of the contest's 4x4 2048: the board as tile values, the score, the
// valid moves, the spawns from the run's seeded streams, and the move at which
// each large tile first appeared. Shared by the contest's Game (2048.cpp) and
// the runner, so both play exactly the same games from the same seed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "streams.h"

namespace g2048 {

constexpr int kSide = 4;
constexpr int kCellCount = 16;
constexpr int kInitialTiles = 2;
// Milestones tracked: 2048 = 2^11 ... 131072 = 2^17, the stats file's rates.
constexpr int kFirstMilestone = 11;
constexpr int kLastMilestone = 17;
constexpr int kMilestones = kLastMilestone - kFirstMilestone + 1;

class ContestGame {
 public:
  struct Spawn {
    int cell;   // 0..15
    int value;  // 2 or 4
  };

  // Starts game `game` (from 0) of the run seeded with `run_seed`: an empty
  // board, then kInitialTiles spawns.
  void start(uint64_t run_seed, uint64_t game);

  // Applies `dir` (0 LEFT, 1 DOWN, 2 RIGHT, 3 UP). A valid move adds its merges
  // to the score, counts one move and spawns a tile; returns false (and
  // changes nothing) for a move that changes nothing or an unknown direction.
  bool move(int dir);
  // True when no direction changes the board.
  bool over() const;
  // Replaces the board (tests, analysis); score, moves and streams are kept,
  // milestones already on the board count as reached now.
  void set_tiles(const int tiles[kCellCount]);

  const int* tiles() const { return tiles_; }
  int64_t score() const { return score_; }
  int64_t moves() const { return moves_; }
  int max_tile() const;
  uint64_t game() const { return game_; }
  // Valid moves made when tile 2^exponent first appeared; -1 if it has not.
  // exponent in [kFirstMilestone, kLastMilestone].
  int64_t reached_at(int exponent) const { return reached_[exponent - kFirstMilestone]; }
  // Every spawn so far, the initial tiles first; one per valid move after them.
  const std::vector<Spawn>& spawns() const { return spawns_; }
  // Every valid move so far, one character each: L D R U.
  const std::string& directions() const { return directions_; }

 private:
  void spawn();
  void note_milestones();

  int tiles_[kCellCount] = {};
  int64_t score_ = 0;
  int64_t moves_ = 0;
  uint64_t game_ = 0;
  SplitMix64 position_stream_, value_stream_;
  int64_t reached_[kMilestones] = {};
  std::vector<Spawn> spawns_;
  std::string directions_;
};

}  // namespace g2048
