// What every live game of the arena shares: an id, a lock its requests hold,
// and close(), which ends its programs' hosts (the page went away, it idled,
// or the arena stops).
#pragma once
#include <mutex>
#include <string>

#include "../common/workdir.h"

namespace arena {

// What the arena gives every plugin host: its executable (the arena itself,
// re-run in host mode) and the root of the games' working folders.
struct HostEnvironment {
  std::string host_executable;
  const judge::WorkdirRoot* workdirs = nullptr;
};

class LiveGame {
 public:
  explicit LiveGame(std::string id) : id_(std::move(id)) {}
  virtual ~LiveGame() = default;
  // Idempotent; after it the game refuses every move.
  virtual void close() = 0;
  const std::string& id() const { return id_; }

  std::mutex mutex;  // held by every request on this game, and by close()'s caller

 protected:
  std::string id_;
};

}  // namespace arena
