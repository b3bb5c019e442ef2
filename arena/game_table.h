// The live games, by id: at most `capacity` at once; a game unused for the
// idle time, or closed by its page, is removed and its hosts ended.
#pragma once
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "live_game.h"

namespace arena {

class GameTable {
 public:
  GameTable(int capacity, int idle_seconds) : capacity_(capacity), idle_(idle_seconds) {}
  // A fresh id nobody can guess (16 hex digits from /dev/urandom).
  static std::string new_id();
  // Adds the game; false when the table is full.
  bool add(std::shared_ptr<LiveGame> game);
  // The game, marked as used now; nullptr for an unknown id.
  std::shared_ptr<LiveGame> find(const std::string& id);
  // Removes and closes the game; false for an unknown id.
  bool close(const std::string& id);
  // Removes and closes every game idle for longer than the idle time; returns how many.
  int close_idle();
  // Closes every game (the arena is stopping).
  void close_all();
  int size();
  int capacity() const { return capacity_; }

 private:
  struct Entry {
    std::shared_ptr<LiveGame> game;
    std::chrono::steady_clock::time_point last_used;
  };
  static void close_game(const std::shared_ptr<LiveGame>& game);
  std::mutex mutex_;
  std::map<std::string, Entry> games_;
  int capacity_, idle_;
};

}  // namespace arena
