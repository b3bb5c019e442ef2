// One live ConnectFour game in the arena: a person against a sandboxed
// plugin, or two plugins watched move by move. The board is the judge's own
// (Compete/board.h), the plugins run in Compete's plugin host
// (c4::SandboxedPlayer), and a finished or unfinished game is written as a
// Compete record line (c4::record_line).
//
// Invariants: moves() replays onto a fresh board to board(); once over() the
// game takes no move but undo() (which reopens it); a side played by a plugin
// has a live host exactly while the game is not over.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "../Compete/board.h"
#include "../Compete/game.h"
#include "../Compete/player.h"
#include "live_game.h"

namespace arena {

// Who plays one side: a plugin (path not empty) or the person at the page.
struct C4Seat {
  std::string name;  // shown on the page and written in the record ("you" for the person)
  std::string path;  // the plugin's file; "" for the person
  bool human() const { return path.empty(); }
};

struct C4Setup {
  int M = 0, N = 0, noX = 0, noY = 0;
  uint64_t seed = 0;
  c4::Side first = c4::kA;
  C4Seat a, b;
  int time_limit_ms = 3000;  // the judge's limit per move
  int move_ms = 0;           // STRATEGY_MOVE_MS given to the plugins (0: unset)
  long long memory_limit_bytes = 1LL << 30;
  // Moves already played (a game continued from a record); checked by start().
  std::vector<c4::MoveRecord> preset;
};

class C4Live : public LiveGame {
 public:
  C4Live(std::string id, C4Setup setup, HostEnvironment env);
  ~C4Live() override { close(); }
  C4Live(const C4Live&) = delete;
  C4Live& operator=(const C4Live&) = delete;

  // Checks the setup, replays the preset moves and starts the plugins' hosts.
  // False with *error when the setup is wrong (a load failure is the game's result instead).
  bool start(std::string* error);
  // The person drops a stone in `column`; "" or why it is refused.
  std::string human_move(int column);
  // While a plugin is to move: one move of it (watch mode steps with this).
  // Returns false when it is not a plugin's turn.
  bool plugin_move();
  // In a game against a plugin: plays the plugin's moves until the person is
  // to move or the game is over (a watched game moves one step at a time instead).
  void plugin_moves_if_against_person() {
    if (!setup_.a.human() && !setup_.b.human()) return;
    while (!over() && !seat(to_move_).human() && plugin_move()) {
    }
  }
  // Takes back moves up to and including the person's last one (with the
  // plugin's replies), restarting the plugins; "" or why it cannot.
  std::string undo();
  // Ends the game's hosts; the game takes no more moves.
  void close() override;

  bool over() const { return over_; }
  // The state the page draws, as one JSON object.
  std::string state_json() const;
  // The game as a Compete record line (an unfinished game says so in its reason).
  std::string record_line() const;

 private:
  const C4Seat& seat(c4::Side side) const { return side == c4::kA ? setup_.a : setup_.b; }
  bool start_plugin(c4::Side side);
  void stop_plugins();
  void finish(int code, const std::string& reason);
  void apply(c4::Side side, int x, int y, int64_t wall_us, int64_t cpu_us);
  // The referee's step (c4::referee_step) on an answer of `side`: the move recorded, or the game over.
  void referee(c4::Side side, const c4::Answer& answer, const std::string& refused);

  C4Setup setup_;
  HostEnvironment env_;
  c4::Board board_;
  std::vector<c4::MoveRecord> moves_;
  c4::Side to_move_;
  bool over_ = false, closed_ = false;
  int code_ = 0;
  std::string reason_;
  std::vector<std::pair<int, int>> win_;
  bool has_illegal_ = false;
  int illegal_x_ = 0, illegal_y_ = 0;
  std::unique_ptr<c4::SandboxedPlayer> players_[3];  // indexed by Side; null for the person
  std::unique_ptr<judge::Workdir> workdirs_[3];
  std::chrono::steady_clock::time_point turn_start_ = std::chrono::steady_clock::now();
};

}  // namespace arena
