#include "game_table.h"

#include "guard.h"

namespace arena {

std::string GameTable::new_id() { return make_token().substr(0, 16); }

bool GameTable::add(std::shared_ptr<LiveGame> game) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (static_cast<int>(games_.size()) >= capacity_) return false;
  const std::string id = game->id();
  games_[id] = Entry{std::move(game), std::chrono::steady_clock::now()};
  return true;
}

std::shared_ptr<LiveGame> GameTable::find(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return nullptr;
  it->second.last_used = std::chrono::steady_clock::now();
  return it->second.game;
}

// Waits for the request in progress on the game (a plugin thinking) to end.
void GameTable::close_game(const std::shared_ptr<LiveGame>& game) {
  std::lock_guard<std::mutex> lock(game->mutex);
  game->close();
}

bool GameTable::close(const std::string& id) {
  std::shared_ptr<LiveGame> game;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return false;
    game = it->second.game;
    games_.erase(it);
  }
  close_game(game);
  return true;
}

int GameTable::close_idle() {
  std::vector<std::shared_ptr<LiveGame>> idle;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto cutoff = std::chrono::steady_clock::now() - std::chrono::seconds(idle_);
    for (auto it = games_.begin(); it != games_.end();) {
      if (it->second.last_used < cutoff) {
        idle.push_back(it->second.game);
        it = games_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (const auto& game : idle) close_game(game);
  return static_cast<int>(idle.size());
}

void GameTable::close_all() {
  std::map<std::string, Entry> all;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    all.swap(games_);
  }
  for (const auto& kv : all) close_game(kv.second.game);
}

int GameTable::size() {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int>(games_.size());
}

}  // namespace arena
