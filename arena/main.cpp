// arena: play ConnectFour against the kit's plugins in a browser, or watch
// two of them, on a page served on this machine only (arena/README.md).
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../Compete/protocol.h"
#include "../Game2048/runner/protocol.h"
#include "../common/cli.h"
#include "../common/options.h"
#include "../common/sandbox.h"
#include "../common/workdir.h"
#include "catalog.h"
#include "guard.h"
#include "server.h"

namespace {

const char kUsageHead[] =
    "usage: arena [options] [plugin.so ... | sources.zip ... | sources folder ... | player program ...]\n"
    "Serves a page to play ConnectFour against the plugins (and watch two of them), and PZ2048\n"
    "(by hand, by a 2048 bot plugin or by a player program), and Ponte del Diavolo against a program,\n"
    "in a browser.\n"
    "Offers the plugins given and those in the checkout's so/, TestCases/ and build/so/; a file\n"
    "given as a .zip or a folder is a ConnectFour side built the OJ's way (its main.cpp the OJ's), as is\n"
    "a program that names getPoint; any other program is a PZ2048 player (user_logic.cpp built for\n"
    "PZ2048 --eval) or a Ponte del Diavolo program (the course's files); build/bin/pdd-random, -greedy,\n"
    "-strategy too.\n";

const char kUsageFooter[] =
    "Prints one line, the address to open (its token is needed by every request), and serves until Ctrl-C.\n";

}  // namespace

// The players the page offers: the command line's (a plugin, sources or a
// program each) and the checkout's (so/, TestCases/, build/so/, the Ponte del
// Diavolo programs). OptionTable::kContinue, or the usage error's status.
int gather_players(const std::vector<std::string>& positional, const std::filesystem::path& self,
                   judge::OptionTable* options, arena::Catalog* catalog) {
  for (const std::string& path : positional) {
    std::error_code ec;
    // A ConnectFour side may also be sources (a zip or a folder), built the OJ's way when it plays.
    const bool folder = std::filesystem::is_directory(path, ec);
    if (!folder && !std::filesystem::is_regular_file(path, ec)) return options->error("no plugin file '" + path + "'");
    const std::string ext = std::filesystem::path(path).extension().string();
    if (!folder && ext != ".so" && ext != ".zip" && access(path.c_str(), X_OK) != 0)
      return options->error("'" + path +
                            "' is neither a plugin (.so), sources (.zip, a folder) nor an executable program");
    catalog->add(path);
  }
  // The checkout: the arena is build/bin/arena in it.
  const std::filesystem::path root = self.parent_path().parent_path().parent_path();
  for (const char* folder : {"so", "TestCases", "build/so"}) catalog->add_folder((root / folder).string());
  // The kit's Ponte del Diavolo programs, when built.
  for (const char* program : {"pdd-random", "pdd-greedy", "pdd-strategy"}) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(root / "build/bin" / program, ec))
      catalog->add((root / "build/bin" / program).string());
  }

  return judge::OptionTable::kContinue;
}

int main(int argc, char** argv) {
  // The plugins' hosts are this program, re-run in host mode.
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);
  if (argc == 4 && std::strcmp(argv[1], "--plugin-host") == 0) {  // a 2048 bot's host
    uint64_t seed = 0;
    if (!judge::parse_u64(argv[3], &seed)) return 2;
    return g2048::run_bot_host(argv[2], seed);
  }
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the arena's alone

  arena::ServerSettings settings;
  long long port = settings.port, max_games = settings.max_games, idle = settings.idle_seconds;
  bool bind_given = false;
  judge::WorkdirSettings workdir_settings;
  judge::OptionTable options("arena", kUsageHead);
  options
      .integer("--port", "P", 0, 65535, &port, "listen on port P (default 8048; 0 picks a free port)",
               "a port number from 0 to 65535")
      .text("--bind", "ADDR", &settings.bind,
            "listen on ADDR instead of 127.0.0.1 (warned: other machines may reach the page)", "an address",
            &bind_given)
      .integer("--max-games", "N", 1, 10000, &max_games, "at most N live games at once (default 64)",
               "a whole number from 1 to 10000")
      .integer("--idle-seconds", "S", 1, 86400, &idle, "end a game nobody used for S seconds (default 600)",
               "a whole number of seconds from 1 to 86400")
      .footer(kUsageFooter);
  judge::add_workdir_options(&options, &workdir_settings);
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  settings.port = static_cast<int>(port);
  settings.max_games = static_cast<int>(max_games);
  settings.idle_seconds = static_cast<int>(idle);
  if (bind_given && settings.bind != "127.0.0.1" && settings.bind != "::1")
    std::cerr << "arena: warning: listening on " << settings.bind
              << ", not 127.0.0.1: whoever reaches this address and has the token can run the plugins\n";

  arena::Catalog catalog;
  const std::filesystem::path self = judge::self_executable();
  if (const int status = gather_players(positional, self, &options, &catalog); status != judge::OptionTable::kContinue)
    return status;

  settings.token = arena::make_token();
  if (settings.token.empty()) {
    std::cerr << "arena: cannot read /dev/urandom for the token\n";
    return 1;
  }
  judge::WorkdirRoot workdirs;
  std::string problem;
  if (!workdirs.open("arena", workdir_settings, &problem)) {
    std::cerr << "arena: " << problem << "\n";
    return 1;
  }
  arena::HostEnvironment hosts{self.string(), &workdirs};
  return arena::serve(settings, catalog, hosts);
}
