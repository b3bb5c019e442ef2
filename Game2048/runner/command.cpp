#include "command.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "../../common/shards.h"
#include "protocol.h"

namespace g2048 {
namespace {

const char kUsageHead[] =
    "usage: Run2048 <bot.so> [options]\n"
    "Plays N games of 2048 with the bot in a sandboxed process, writes the contest's stats\n"
    "file after every game, prints each game, medians and the verdict (valid / invalid).\n";

const char kUsageFooter[] =
    "On many machines: each runs the same command line with --shard K/N and its own --record (its\n"
    "stats file is <--out>.shard-K-of-N; run again, it plays only the games not in its record), then\n"
    "the same command line with --merge and the shards' records after the bot writes the stats\n"
    "file, record and summary of the whole run without playing.\n"
    "Ctrl-C: stops at once; the stats file and the record keep the same finished games\n"
    "(the same command line with --resume plays the rest).\n"
    "exit status: 0 valid, 1 invalid (load failure, fault or too slow; --merge: shards missing),\n"
    "2 bad command line or a record of another command line, 3 the results could not be written\n";

}  // namespace

int read_run_command(int argc, char** argv, RunCommand* command) {
  RunConfig& config = command->config;
  config.progress = ::isatty(2) ? RunConfig::kProgressLive : RunConfig::kProgressLines;
  std::string bot_log = "-";
  long long games = config.games, move_limit = config.call_limit_ms, memory_mb = config.memory_limit_bytes >> 20,
            idle_limit = config.idle_limit, jobs = config.jobs;
  uint64_t seed = 0;
  bool have_seed = false;
  judge::RunSettings& run = command->run;
  const std::string jobs_need = "a whole number from 1 to 64";
  judge::OptionTable options("Run2048", kUsageHead);
  options
      .integer("--games", "N", 1, 1000000, &games, "games to play (default 100, the contest's)",
               "a whole number from 1 to 1000000")
      .unsigned64("--seed", "S", &seed, "seed of every random stream (default: $GAME2048_SEED, else 2014)",
                  "an unsigned 64-bit integer", &have_seed)
      .text("--out", "FILE", &config.stats_path, "the stats file (default stats.txt)", "a file name")
      .text("--bot-log", "WHERE", &bot_log,
            "the bot's stdout/stderr: a file, '-' for this program's stderr\n(default) or 'none'",
            "a file name, '-' or 'none'")
      .integer("--move-limit", "MS", 1, 3600000, &move_limit, "watchdog: wall time per bot call (default 10000)",
               "milliseconds from 1 to 3600000")
      .integer("--memory-limit", "MB", 16, 1 << 20, &memory_mb, "the bot's address space (default 2048)",
               "megabytes from 16 to 1048576")
      .integer("--idle-limit", "N", 1, 1000000000, &idle_limit,
               "answers in a row that change nothing before the game is lost (default 1000)",
               "a whole number from 1 to 1000000000")
      .flag("--stop-on-fault", &config.stop_on_fault,
            "stop at the first crash, hang or stuck game (default: restart the bot, play on)")
      .integer("--jobs", "N", 1, 64, &jobs, "", jobs_need)
      .integer("-j", "N", 1, 64, &jobs,
               "--jobs N: play N games at once, each worker with its own bot process (default 1,\n"
               "at most 64); results are committed in game order, so the files and lines\n"
               "are those of -j 1 for a bot whose play depends only on each game's seed\n"
               "(g2048_new_game's), not on rand() state carried across games",
               jobs_need)
      .custom(
          "--progress", "MODE",
          [&](const std::string&, const std::string& mode) {
            if (mode == "live")
              config.progress = RunConfig::kProgressLive;
            else if (mode == "lines")
              config.progress = RunConfig::kProgressLines;
            else if (mode == "off")
              config.progress = RunConfig::kProgressOff;
            else
              return false;
            return true;
          },
          "progress on stderr: live, lines or off (default: live on a terminal, else lines)", "live, lines or off");
  judge::RunRows rows;
  rows.seed = rows.jobs = false;  // the contest's own: a default seed, --jobs
  rows.record_help = "one JSON line per game: moves, spawns, milestones, faults";
  rows.html_help =
      "the replay page: one HTML file (opens from disk) with every game's replay,\n"
      "rewritten after each game";
  rows.shard_help =
      "play only the games g (from 0) with g % N == K, into --record FILE and\n"
      "<--out>.shard-K-of-N; run again, plays only the games not in its record";
  rows.merge_help =
      "the words after the bot are the shards' records: write the whole run's stats\n"
      "file, --record and --html from them, without playing";
  rows.resume_help = "continue a stopped run from its --record: the games recorded are not played again";
  rows.whose = "the bot's";
  judge::add_run_options(&options, rows, &run);
  options.footer(kUsageFooter);
  std::vector<std::string> bots;
  if (const int status = options.parse(argc, argv, &bots); status != judge::OptionTable::kContinue) return status;
  if (run.sandbox_report) {
    std::cout << judge::sandbox_report();
    return 0;
  }
  auto usage_error = [&](const std::string& problem) { return options.error(problem); };
  std::string error;
  if (!have_seed && !seed_from_environment(&seed, &error)) return usage_error(error);
  const bool merge = run.merge;
  config.record_path = run.record_path;
  config.html_path = run.html_path;
  config.shard = run.shard;
  config.shards = run.shards;
  std::vector<std::string>& records = command->records;
  if (merge && !bots.empty()) records.assign(bots.begin() + 1, bots.end());
  if (!merge && bots.size() > 1) return usage_error("one bot only: '" + bots[0] + "' and '" + bots[1] + "'");
  judge::RunRules rules;
  rules.shard_needs_seed = false;  // the default seed is the contest's, the same everywhere
  rules.shard_writes_page = true;
  rules.after = "after the bot";
  if (const std::string broken = judge::check_run_settings(run, rules, records.size()); !broken.empty())
    return usage_error(broken);
  if ((merge || config.shards > 1) && config.stop_on_fault)
    return usage_error("--stop-on-fault plays on one machine only: not with --shard or --merge");
  if (!bots.empty()) config.bot_path = config.bot_argument = bots[0];
  config.seed = seed;
  config.games = static_cast<int>(games);
  config.call_limit_ms = static_cast<int>(move_limit);
  config.memory_limit_bytes = memory_mb << 20;
  config.idle_limit = static_cast<int>(idle_limit);
  config.jobs = static_cast<int>(jobs);
  if (config.bot_path.empty()) return usage_error("no bot given (a shared object, e.g. bot.so)");
  if (!merge && ::access(config.bot_path.c_str(), R_OK) != 0)
    return usage_error("cannot read the bot '" + config.bot_path + "': " + std::strerror(errno));
  if (config.shards > 1) config.stats_path = judge::shard_result_path(config.stats_path, config.shard, config.shards);
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

  // --merge: every game from the shards' records; a shard or --resume: the games its record holds already.
  return judge::OptionTable::kContinue;
}

}  // namespace g2048
