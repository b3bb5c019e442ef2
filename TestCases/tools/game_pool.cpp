#include "game_pool.h"

#include <cstring>

#include "../../Compete/protocol.h"
#include "../../common/cli.h"
#include "../../common/sandbox.h"

namespace sample_tools {

bool is_plugin_host(int argc, char** argv) { return argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0; }

int run_as_plugin_host(char** argv) { return c4::run_plugin_host(argv[2]); }

bool play_games(const std::vector<c4::ScheduledGame>& games, const PoolOptions& options,
                const std::function<void(size_t, const c4::GameResult&)>& done, std::string* error) {
  // Each game gives each side a fresh working folder of its own under this root.
  judge::WorkdirRoot workdirs;
  if (!workdirs.open("c4grade", options.workdirs, error)) return false;
  const c4::PlayerConfig a = c4::player_config(options.a, &workdirs), b = c4::player_config(options.b, &workdirs);
  std::vector<c4::ScheduledGame> absolute = games;
  for (c4::ScheduledGame& g : absolute) {  // plugins find them from their own folders
    g.plugin_a = judge::absolute_path(g.plugin_a);
    g.plugin_b = judge::absolute_path(g.plugin_b);
  }
  return c4::play_games(
      absolute, a, b, options.jobs,
      [&](size_t i, const c4::ScheduledGame&, const c4::GameResult& result) {
        done(i, result);
        return c4::AfterGame::kGoOn;
      },
      error);
}

}  // namespace sample_tools
