#include "game_pool.h"

#include <stdlib.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "../../Compete/match.h"
#include "../../Compete/protocol.h"
#include "../../common/ordered_pool.h"
#include "../../common/cpu_share.h"
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
  // Each game gives each side a fresh working folder of its own under this root.
  judge::WorkdirRoot workdirs;
  if (!workdirs.open("c4grade", options.workdirs, error)) return false;
  c4::PlayerConfig base;
  base.host_executable = judge::self_executable();
  base.time_limit_ms = options.time_limit_ms;
  base.workdirs = &workdirs;
  base.freeze = options.freeze;
  c4::PlayerConfig a = base, b = base;
  a.env = options.env_a;
  b.env = options.env_b;

  // Games are committed (done) in the list's order, whatever order they end in.
  judge::OrderedPool<c4::GameResult> pool(static_cast<int>(games.size()), options.jobs);
  const int slots = std::max(1, std::min(options.jobs, static_cast<int>(games.size())));
  auto play = [&](int worker, int i, c4::GameResult* result) {
    const GameSpec& g = games[i];
    c4::GameSetup setup;
    setup.M = g.M;
    setup.N = g.N;
    setup.noX = g.noX;
    setup.noY = g.noY;
    setup.seed = g.seed;
    setup.first = g.first;
    setup.id = g.id.empty() ? "game" + std::to_string(i + 1) : g.id;
    c4::PlayerConfig pa = a, pb = b;
    pa.plugin_path = absolute_path(g.a);
    pb.plugin_path = absolute_path(g.b);
    pa.cpus = pb.cpus = judge::cpu_share(worker, slots);
    *result = c4::play_game(setup, pa, pb);
    return result->judge_error.empty() || pool.fail(i, result->judge_error);
  };
  pool.run(play, [&](int i, c4::GameResult& result) {
    done(static_cast<size_t>(i), result);
    return true;
  });
  if (!pool.failure().empty()) {
    if (error) *error = pool.failure();
    return false;
  }
  return true;
}

}  // namespace ladder_tools
