#include "match_command.h"

#include <filesystem>
#include <iostream>

#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "../common/options.h"
#include "../common/sandbox.h"
#include "../common/shards.h"
#include "player_options.h"

namespace c4 {
namespace {

const char kUsageHead[] =
    "usage: Compete [options] <StrategyA.so> <StrategyB.so> <result file> <rounds>\n"
    "Plays <rounds> rounds of two games (A first, then B first) on one random board each.\n";

const char kUsageFooter[] =
    "After every round and at the end: W-L-D, score, Elo with its 95% interval, LOS, the pairs'\n"
    "counts and normalized Elo (and the SPRT), also written to <result file>.stats.json.\n";

}  // namespace

int read_match_command(int argc, char** argv, const judge::WorkdirRoot* workdirs, MatchCommand* command) {
  PlayerOptions player_options;
  judge::RunSettings& run = command->run;
  MatchConfig& config = command->config;
  std::string log_dir, sprt_text;
  judge::SprtModel sprt_model = judge::SprtModel::kPentanomial;
  judge::OptionTable options("Compete", kUsageHead);
  player_options.add_to(&options, true, "reproducible boards (default: a fresh seed, printed)",
                        "play N games at once (default 1; the result file does not change)");
  judge::RunRows rows;
  rows.seed = rows.jobs = rows.workdirs = false;  // the players' options hold them
  rows.units = "rounds";
  rows.record_help = "one JSON line per game: board, seed, moves with times, result, reason";
  rows.resume_help = "continue a stopped match from its --record: recorded games are not replayed";
  rows.shard_help =
      "play only shard K of N (K from 0): the rounds r with r % N == K, into --record FILE\n"
      "(the shard's own record; run again, it plays only the games not in it yet) and\n"
      "<result file>.shard-K-of-N; needs --seed";
  rows.merge_help =
      "the words after <rounds> are the shards' records: write the result file, --record\n"
      "and summary of the whole match from them, without playing (the same command line\n"
      "as the shards', without --shard)";
  judge::add_run_options(&options, rows, &run);
  options
      .text("--log-dir", "DIR", &log_dir,
            "keep each plugin's stdout/stderr in DIR/A.log and DIR/B.log (default: discarded)", "a folder")
      .custom(
          "--sprt", "TEST",
          [&](const std::string&, const std::string& v) {
            sprt_text = v;
            config.sprt_enabled = true;
            return true;
          },
          "stop as soon as A is shown at most E0 (H0) or at least E1 (H1) Elo stronger\n"
          "than B; TEST is \"elo0=E0 elo1=E1 [alpha=A] [beta=B]\" (alpha, beta default 0.05);\n"
          "<rounds> is the cap",
          "\"elo0=E0 elo1=E1 [alpha=A] [beta=B]\"")
      .custom(
          "--sprt-model", "M",
          [&](const std::string&, const std::string& v) { return judge::parse_sprt_model(v, &sprt_model); },
          "pentanomial (over rounds as game pairs, the default) or trinomial (over games)", "pentanomial or trinomial")
      .footer(kUsageFooter);
  std::vector<std::string>& positional = command->sides;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (run.sandbox_report) {
    std::cout << judge::sandbox_report();
    return 0;
  }
  auto usage_error = [&](const std::string& problem) { return options.error(problem); };
  config.seed = run.seed = player_options.seed;
  run.have_seed = player_options.have_seed;
  config.record_path = run.record_path;
  config.html_path = run.html_path;
  config.shard = run.shard;
  config.shards = run.shards;
  const bool have_seed = player_options.have_seed, merge = run.merge;
  const long long jobs = player_options.jobs;
  if (positional.size() < 4)
    return usage_error("missing arguments: need two strategies, a result file and a round count");
  std::vector<std::string>& shard_records = command->shard_records;
  if (merge) shard_records.assign(positional.begin() + 4, positional.end());
  if (!merge && positional.size() > 4) return usage_error("unexpected argument '" + positional[4] + "'");
  judge::RunRules rules;
  rules.after = "after <rounds>";
  if (const std::string broken = judge::check_run_settings(run, rules, shard_records.size()); !broken.empty())
    return usage_error(broken);
  if (config.sprt_enabled && (merge || config.shards > 1))
    return usage_error(merge ? "--merge and --sprt: a sharded match has no SPRT"
                             : "--shard and --sprt: an SPRT decides on the whole match");
  long long rounds = 0;
  if (!judge::parse_int(positional[3], 1, 1000000, &rounds))
    return usage_error("the round count must be a positive whole number, not '" + positional[3] + "'");
  std::string problem;
  if (!judge::path_is_writable(positional[2], &problem)) return usage_error("result file: " + problem);
  if (!config.record_path.empty() && !judge::path_is_writable(config.record_path, &problem))
    return usage_error("record file: " + problem);
  if (!config.html_path.empty() && !judge::path_is_writable(config.html_path, &problem))
    return usage_error("--html: " + problem);
  if (config.sprt_enabled && !judge::parse_sprt(sprt_text, &config.sprt, &problem)) return usage_error(problem);
  config.sprt.model = sprt_model;
  if (!have_seed) config.seed = judge::random_seed();

  int side_index = 0;
  for (c4::PlayerConfig* p : {&config.a, &config.b}) {
    *p = player_config(describe_player(player_options, side_index, judge::absolute_path(positional[side_index])),
                       workdirs);
    const char* label = side_index == 0 ? "A" : "B";
    if (!log_dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(log_dir, ec);
      p->log_path = judge::absolute_path(log_dir + "/" + label + ".log");
    }
    ++side_index;
  }
  config.rounds = static_cast<int>(rounds);
  config.jobs = static_cast<int>(jobs);
  config.result_path =
      config.shards > 1 ? judge::shard_result_path(positional[2], config.shard, config.shards) : positional[2];
  config.stats_path = config.result_path + ".stats.json";
  if (!judge::path_is_writable(config.stats_path, &problem)) return usage_error("summary file: " + problem);
  command->workdir_settings = player_options.workdirs;
  // A shard run again continues its record, as --resume does.
  config.resume = run.resume || config.shards > 1;
  return judge::OptionTable::kContinue;
}

}  // namespace c4
