// Run2048: plays a 2048 bot plugin exactly as the 2014 contest would, in a
// sandboxed child process, and writes the contest's stats file.
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/interrupt.h"
#include "../../common/sandbox.h"
#include "run.h"
#include "protocol.h"

namespace {

const char kUsage[] =
    "usage: Run2048 <bot.so> [options]\n"
    "Plays N games of 2048 with the bot in a sandboxed process, writes the contest's stats\n"
    "file after every game, prints each game, medians and the verdict (valid / invalid).\n"
    "options:\n"
    "  --games N          games to play (default 100, the contest's)\n"
    "  --seed S           seed of every random stream (default: $GAME2048_SEED, else 2014)\n"
    "  --out FILE         the stats file (default stats.txt)\n"
    "  --record FILE      one JSON line per game: moves, spawns, milestones, faults\n"
    "  --html FILE        the replay page: one HTML file (opens from disk) with every game's replay,\n"
    "                     rewritten after each game\n"
    "  --bot-log WHERE    the bot's stdout/stderr: a file, '-' for this program's stderr\n"
    "                     (default) or 'none'\n"
    "  --move-limit MS    watchdog: wall time per bot call (default 10000)\n"
    "  --memory-limit MB  the bot's address space (default 2048)\n"
    "  --idle-limit N     answers in a row that change nothing before the game is lost (default 1000)\n"
    "  --stop-on-fault    stop at the first crash, hang or stuck game (default: restart the bot, play on)\n"
    "  --jobs N, -j N     play N games at once, each worker with its own bot process (default 1,\n"
    "                     at most 64); results are committed in game order, so the files and lines\n"
    "                     are those of -j 1 for a bot whose play depends only on each game's seed\n"
    "                     (g2048_new_game's), not on rand() state carried across games\n"
    "  --progress MODE    progress on stderr: live, lines or off (default: live on a terminal, else lines)\n"
    "  --sandbox-report   print the protections of the bot's sandbox on this kernel, and exit\n"
    "Ctrl-C: stops at once; the stats file and the record keep the same finished games.\n"
    "exit status: 0 valid, 1 invalid (load failure, fault or too slow), 2 bad command line,\n"
    "3 the results could not be written\n";

int usage_error(const std::string& problem) { return judge::usage_error("Run2048", kUsage, problem); }

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "--plugin-host") == 0) {
    uint64_t seed = 0;
    if (!judge::parse_u64(argv[3], &seed)) return 2;
    return g2048::run_bot_host(argv[2], seed);
  }

  g2048::RunConfig config;
  std::string error;
  if (!g2048::seed_from_environment(&config.seed, &error)) return usage_error(error);
  config.progress = ::isatty(2) ? g2048::RunConfig::kProgressLive : g2048::RunConfig::kProgressLines;
  std::string bot_log = "-";
  long long number = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--sandbox-report") {
      std::cout << judge::sandbox_report();
      return 0;
    } else if (arg == "--games") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 1, 1000000, &number))
        return usage_error("--games needs a whole number from 1 to 1000000");
      config.games = static_cast<int>(number);
    } else if (arg == "--seed") {
      const char* v = value();
      if (!v || !judge::parse_u64(v, &config.seed)) return usage_error("--seed needs an unsigned 64-bit integer");
    } else if (arg == "--out") {
      const char* v = value();
      if (!v || !*v) return usage_error("--out needs a file name");
      config.stats_path = v;
    } else if (arg == "--record") {
      const char* v = value();
      if (!v || !*v) return usage_error("--record needs a file name");
      config.record_path = v;
    } else if (arg == "--html") {
      const char* v = value();
      if (!v || !*v) return usage_error("--html needs a file name");
      config.html_path = v;
    } else if (arg == "--bot-log") {
      const char* v = value();
      if (!v || !*v) return usage_error("--bot-log needs a file name, '-' or 'none'");
      bot_log = v;
    } else if (arg == "--move-limit") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 1, 3600000, &number))
        return usage_error("--move-limit needs milliseconds from 1 to 3600000");
      config.call_limit_ms = static_cast<int>(number);
    } else if (arg == "--memory-limit") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 16, 1 << 20, &number))
        return usage_error("--memory-limit needs megabytes from 16 to 1048576");
      config.memory_limit_bytes = number << 20;
    } else if (arg == "--idle-limit") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 1, 1000000000, &number))
        return usage_error("--idle-limit needs a whole number from 1 to 1000000000");
      config.idle_limit = static_cast<int>(number);
    } else if (arg == "--jobs" || arg == "-j") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 1, 64, &number))
        return usage_error(arg + " needs a whole number from 1 to 64" + (v ? std::string(", not '") + v + "'" : ""));
      config.jobs = static_cast<int>(number);
    } else if (arg == "--stop-on-fault") {
      config.stop_on_fault = true;
    } else if (arg == "--progress") {
      const char* v = value();
      const std::string mode = v ? v : "";
      if (mode == "live")
        config.progress = g2048::RunConfig::kProgressLive;
      else if (mode == "lines")
        config.progress = g2048::RunConfig::kProgressLines;
      else if (mode == "off")
        config.progress = g2048::RunConfig::kProgressOff;
      else
        return usage_error("--progress needs live, lines or off");
    } else if (!arg.empty() && arg[0] == '-') {
      return usage_error("unknown option '" + arg + "'");
    } else if (config.bot_path.empty()) {
      config.bot_path = arg;
    } else {
      return usage_error("one bot only: '" + config.bot_path + "' and '" + arg + "'");
    }
  }
  if (config.bot_path.empty()) return usage_error("no bot given (a shared object, e.g. bot.so)");
  if (::access(config.bot_path.c_str(), R_OK) != 0)
    return usage_error("cannot read the bot '" + config.bot_path + "': " + std::strerror(errno));
  if (!judge::path_is_writable(config.stats_path, &error)) return usage_error("--out: " + error);
  if (!config.record_path.empty() && !judge::path_is_writable(config.record_path, &error))
    return usage_error("--record: " + error);
  if (!config.html_path.empty() && !judge::path_is_writable(config.html_path, &error))
    return usage_error("--html: " + error);
  if (bot_log == "-")
    config.bot_log_path = "/dev/stderr";
  else if (bot_log != "none") {
    if (!judge::path_is_writable(bot_log, &error)) return usage_error("--bot-log: " + error);
    config.bot_log_path = judge::absolute_path(bot_log);
  }
  config.bot_path = judge::absolute_path(config.bot_path);
  config.host_executable = judge::self_executable();

  // Ctrl-C, SIGTERM or SIGHUP: the stats file and the record keep the same
  // games (every one committed before the signal); the bots die with their host.
  // The bot works in a scratch folder of its own, removed at the end.
  char scratch_template[] = "/tmp/run2048.XXXXXX";
  const char* scratch = ::mkdtemp(scratch_template);
  if (scratch) ::chmod(scratch, 0711);  // the plugins' own users pass through to their folders
  if (scratch) config.workdir = scratch;
  judge::die_cleanly_on_signal([dir = config.workdir](int sig) {
    const std::string note = std::string("\nRun2048: stopped by ") + strsignal(sig) +
                             "; the stats file and the record hold the games finished before it\n";
    (void)!::write(2, note.data(), note.size());
    std::error_code ec;
    if (!dir.empty()) std::filesystem::remove_all(dir, ec);
  });
  std::cerr << judge::sandbox_summary_line() << "\n";
  g2048::RunResult result = g2048::run_contest(config, std::cout, std::cerr);
  if (scratch) {
    std::error_code ec;
    std::filesystem::remove_all(scratch, ec);
  }
  if (result.io_failed) {
    std::cerr << "Run2048: " << result.io_problem << "\n";
    return 3;
  }
  return result.valid ? 0 : 1;
}
