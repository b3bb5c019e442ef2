#include "game_pool.h"

#include <stdlib.h>

#include <cstring>
#include <filesystem>

#include "../../Compete/match.h"
#include "../../Compete/protocol.h"
#include "../../common/ordered_pool.h"
#include "../../common/sandbox.h"

namespace ladder_tools {

GameSpec board_for_round(uint64_t seed, int round) {
  c4::RoundBoard rb = c4::round_board(seed, round);
  GameSpec g;
  g.M = rb.M;
  g.N = rb.N;
  g.noX = rb.noX;
  g.noY = rb.noY;
  g.seed = rb.seed;
  return g;
}

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(path, ec);
  return ec ? path : p.string();
}

bool is_plugin_host(int argc, char** argv) { return argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0; }

int run_as_plugin_host(char** argv) { return c4::run_plugin_host(argv[2]); }

bool play_games(const std::vector<GameSpec>& games, const PoolOptions& options,
                const std::function<void(size_t, const c4::GameResult&)>& done, std::string* error) {
  // Each side works in a scratch folder of its own, as in Compete, so files a
  // plugin writes stay out of the user's folder.
  const std::string scratch_folder = judge::make_scratch_folder("c4grade");
  const char* scratch = scratch_folder.empty() ? nullptr : scratch_folder.c_str();
  if (!scratch) {
    if (error) *error = std::string("cannot make a scratch folder in /tmp: ") + std::strerror(errno);
    return false;
  }
  c4::PlayerConfig base;
  base.host_executable = judge::self_executable();
  base.time_limit_ms = options.time_limit_ms;
  c4::PlayerConfig a = base, b = base;
  a.env = options.env_a;
  b.env = options.env_b;
  a.workdir = std::string(scratch) + "/A";
  b.workdir = std::string(scratch) + "/B";
  std::filesystem::create_directories(a.workdir);
  std::filesystem::create_directories(b.workdir);

  // Games are committed (done) in the list's order, whatever order they end in.
  judge::OrderedPool<c4::GameResult> pool(static_cast<int>(games.size()), options.jobs);
  auto play = [&](int, int i, c4::GameResult* result) {
    const GameSpec& g = games[i];
    c4::GameSetup setup;
    setup.M = g.M;
    setup.N = g.N;
    setup.noX = g.noX;
    setup.noY = g.noY;
    setup.seed = g.seed;
    setup.first = g.first;
    c4::PlayerConfig pa = a, pb = b;
    pa.plugin_path = absolute_path(g.a);
    pb.plugin_path = absolute_path(g.b);
    *result = c4::play_game(setup, pa, pb);
    return true;
  };
  pool.run(play, [&](int i, c4::GameResult& result) {
    done(static_cast<size_t>(i), result);
    return true;
  });
  std::error_code ec;
  std::filesystem::remove_all(scratch, ec);
  return true;
}

}  // namespace ladder_tools
