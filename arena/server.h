// The arena's web server: one page and its JSON API on one address, every
// request checked by guard.h's rules, the games in a GameTable.
#pragma once
#include <string>

#include "catalog.h"
#include "live_game.h"

namespace arena {

struct ServerSettings {
  std::string bind = "127.0.0.1";
  int port = 8048;  // 0: a free port
  int max_games = 64;
  int idle_seconds = 600;
  std::string token;
};

// Serves until SIGINT/SIGTERM; prints the start line "arena: http://HOST:PORT/?token=TOKEN"
// on stdout once listening. Returns the exit status (1 when it cannot listen).
int serve(const ServerSettings& settings, const Catalog& catalog, const HostEnvironment& hosts);

}  // namespace arena
