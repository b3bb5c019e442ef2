#include "contest_game.h"

#include "slide.h"

namespace g2048 {

void ContestGame::start(uint64_t run_seed, uint64_t game) {
  for (int& t : tiles_) t = 0;
  score_ = 0;
  moves_ = 0;
  game_ = game;
  position_stream_ = SplitMix64(stream_seed(run_seed, Stream::kSpawnPosition, game));
  value_stream_ = SplitMix64(stream_seed(run_seed, Stream::kSpawnValue, game));
  for (int64_t& r : reached_) r = -1;
  spawns_.clear();
  directions_.clear();
  for (int i = 0; i < kInitialTiles; ++i) spawn();
  note_milestones();
}

bool ContestGame::move(int dir) {
  int64_t gained = 0;
  if (!slide_board(tiles_, kSide, kSide, dir, &gained)) return false;
  score_ += gained;
  ++moves_;
  directions_ += "LDRU"[dir];
  spawn();
  note_milestones();
  return true;
}

void ContestGame::set_tiles(const int tiles[kCellCount]) {
  for (int i = 0; i < kCellCount; ++i) tiles_[i] = tiles[i];
  note_milestones();
}

bool ContestGame::over() const { return !any_move(tiles_, kSide, kSide); }

int ContestGame::max_tile() const { return max_value(tiles_, kCellCount); }

void ContestGame::spawn() {
  const int empty = count_empty(tiles_, kCellCount);
  if (empty == 0) return;  // cannot happen after a valid move; kept safe
  const int cell = kth_empty(tiles_, kCellCount, static_cast<int>(position_stream_.below(empty)));
  const int value = value_stream_.below(10) == 0 ? 4 : 2;
  tiles_[cell] = value;
  spawns_.push_back({cell, value});
}

void ContestGame::note_milestones() {
  const int top = max_tile();
  for (int e = kFirstMilestone; e <= kLastMilestone; ++e)
    if (reached_[e - kFirstMilestone] < 0 && top >= (1 << e)) reached_[e - kFirstMilestone] = moves_;
}

}  // namespace g2048
