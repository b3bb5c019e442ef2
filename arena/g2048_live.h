// One live PZ2048 game in the arena: the course's game (Game2048/pz/pz_game.h)
// played by the page's keys and buttons, a pasted operation sequence, or a
// sandboxed 2048 bot plugin (Game2048/runner/sandboxed_bot.h) or a PZ2048
// player program (pz_player.h) move by move.
//
// Invariant: ops() holds every operation character the game took, in order,
// so that PZ2048 given "rows cols target seed" and ops() prints exactly
// transcript() and ends in this game's position.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "../Game2048/pz/pz_game.h"
#include "../Game2048/runner/sandboxed_bot.h"
#include "live_game.h"
#include "pz_player.h"

namespace arena {

struct G2048Setup {
  long long rows = 4, cols = 4, target = 2048;  // the target as asked (PZ2048 normalizes it)
  uint64_t seed = 0;
};

// The page draws boards up to this many rows and columns (the course allows more).
constexpr long long kMaxG2048Side = 16;

class G2048Live : public LiveGame {
 public:
  G2048Live(std::string id, G2048Setup setup, HostEnvironment env);
  ~G2048Live() override { close(); }

  // One operation character, as PZ2048 reads it: w a s d z, or any other
  // printable one (an invalid operation); "" or why it is refused (the game is over, whitespace, '#').
  std::string operate(char op);
  // Starts the bot plugin at `path` (4 x 4 boards only); "" or why it cannot.
  std::string start_bot(const std::string& path);
  // Starts the PZ2048 player program at `path` (any board); "" or why it cannot.
  std::string start_player(const std::string& path);
  // One move of the bot or the player; "" or why there was none (it stops on
  // a fault, or after kIdleLimit answers in a row that move nothing).
  std::string bot_move();
  void stop_bot();
  void close() override;

  bool over() const { return over_; }
  std::string state_json() const;
  // PZ2048's output for this game's input, byte for byte.
  std::string transcript() const;
  // PZ2048's input: the header line, the operations and '#'.
  std::string input() const;

 private:
  G2048Setup setup_;
  HostEnvironment env_;
  g2048::pz::Game game_;
  std::string ops_, last_, end_;
  bool over_ = false, closed_ = false;
  static constexpr int kIdleLimit = 8;
  std::unique_ptr<g2048::SandboxedBot> bot_;
  std::unique_ptr<PzPlayer> player_;
  int idle_ = 0;
  std::string bot_name_;
  int64_t bot_last_us_ = 0;
};

}  // namespace arena
