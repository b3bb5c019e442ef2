// A PZ2048 player program (a student's user_logic.cpp built with the
// course's headers, Game2048/pz/README.md) playing one arena game: the
// Extension runner's process and protocol (Game2048/pz/player_protocol.h),
// one turn per call.
//
// The arena's game does not take the player's draws on the shared generator
// (PZ2048::rand(), srand()): its spawns stay those of PZ2048's Basic mode, so
// its transcript is PZ2048's for the same operations. The player's copy is
// refreshed from the board every turn, as in the Extension runner.
#pragma once
#include <cstdint>
#include <string>

#include "../Game2048/pz/pz_game.h"
#include "../common/sandbox.h"

namespace arena {

class PzPlayer {
 public:
  ~PzPlayer() { stop(); }
  // Starts the program and sends the game's start; "" or why it cannot.
  std::string start(const std::string& program, const g2048::pz::Game& game, uint64_t seed);
  // One Decide(): its character in *move; "" or the fault (the process is then gone).
  std::string decide(const g2048::pz::Game& game, int limit_ms, char* move, int64_t* wall_us);
  void stop();

 private:
  judge::Process process_;
  uint64_t draws_seen_ = 0;  // the game's draws when the player last saw it
};

}  // namespace arena
