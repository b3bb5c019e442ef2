// Compete: plays two ConnectFour plugins against each other, like the course's
// original judge, but with each plugin in its own sandboxed process.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "../common/options.h"
#include "../common/interrupt.h"
#include "../common/sprt.h"
#include "../common/sandbox.h"
#include "../common/judge_run.h"
#include "../common/shards.h"
#include "../common/workdir.h"
#include "match.h"
#include "player_options.h"
#include "resume.h"
#include "protocol.h"

namespace {

const char kUsageHead[] =
    "usage: Compete [options] <StrategyA.so> <StrategyB.so> <result file> <rounds>\n"
    "Plays <rounds> rounds of two games (A first, then B first) on one random board each.\n";

const char kUsageFooter[] =
    "After every round and at the end: W-L-D, score, Elo with its 95% interval, LOS, the pairs'\n"
    "counts and normalized Elo (and the SPRT), also written to <result file>.stats.json.\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone

  c4::MatchConfig config;
  c4::PlayerOptions player_options;
  judge::RunSettings run;
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
  std::vector<std::string> positional;
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
  const bool have_seed = player_options.have_seed, merge = run.merge, resume = run.resume;
  const long long jobs = player_options.jobs;
  if (positional.size() < 4)
    return usage_error("missing arguments: need two strategies, a result file and a round count");
  std::vector<std::string> shard_records;
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

  std::string host = judge::self_executable();
  judge::WorkdirRoot workdirs;  // opened once the command line and the record are read
  int side_index = 0;
  for (c4::PlayerConfig* p : {&config.a, &config.b}) {
    p->plugin_path = judge::absolute_path(positional[side_index]);
    p->host_executable = host;
    c4::apply_player_options(player_options, side_index, p);
    p->workdirs = &workdirs;
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
  c4::ResumeNotes notes;
  // A shard run again continues its record, as --resume does.
  config.resume = resume || config.shards > 1;
  int merge_status = 0;
  if (merge) {
    merge_status = c4::merge_shard_records(shard_records, have_seed, &config, &problem);
    config.merged = merge_status == 0;
  } else if (config.resume && !c4::load_record_for_resume(&config, have_seed, &notes, &problem)) {
    merge_status = 2;
  }
  if (merge_status != 0) {
    std::cerr << "Compete: " << problem << "\n";
    return merge_status;
  }
  if (notes.dropped_torn_line)
    std::cerr << "Compete: the record's last line was cut short; that game is played again\n";

  // Each game gives each plugin a fresh working folder of its own under this root
  // (workdir.h). Ctrl-C, SIGTERM or SIGHUP: every finished game is already in the
  // result file and the record; the working folders go and it dies of the signal.
  if (!judge::start_judge_run("Compete", "compete", player_options.workdirs, &workdirs, "", &problem)) {
    std::cerr << "Compete: " << problem << "\n";
    return 1;
  }
  std::cout << "Match seed: " << config.seed << "  A: " << positional[0] << "  B: " << positional[1] << "\n\n";
  c4::MatchOutcome outcome;
  std::string error;
  bool ok = c4::run_match(config, std::cout, std::cerr, &outcome, &error);
  if (!ok) {
    std::cerr << "Compete: " << error << "\n";
    return 1;
  }
  std::cout << outcome.summary.block();
  if (outcome.games_after_decision > 0)
    std::cout << "  (" << outcome.games_after_decision
              << " games finished by other workers after the decision are in the result file, not in these figures)\n";
  std::cout << "Summary: " << config.stats_path << "\n\n";
  const c4::Tally& t = outcome.tally;
  std::cout << c4::format_stat_block(t) << "Score of A vs B: " << t.a_wins << " - " << t.b_wins << " - " << t.ties
            << "\n";
  return 0;
}
