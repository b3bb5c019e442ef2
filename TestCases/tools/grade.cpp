// Grade: scores a ConnectFour strategy against the sample ladder exactly as
// the OJ does (see grade_score.h), with Compete's sandboxed referee.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "game_pool.h"
#include "grade_run.h"
#include "grade_score.h"

namespace {

const char kUsageHead[] =
    "usage: Grade [options] [strategy.so]     (default so/Strategy.so)\n"
    "Plays the strategy against the graded samples 1 3 5 .. 49 as the OJ does: five groups of five,\n"
    "each sample twice on one random board (the strategy first, then the sample first);\n"
    "10 points per win, 5 per tie, 0 per loss; 100 per group, 500 in all.\n";

// "12.3 (850)": total seconds and the longest move in milliseconds.
std::string thinking_time(int64_t total_us, int64_t max_us) {
  char text[48];
  std::snprintf(text, sizeof text, "%.1f (%lld)", total_us / 1e6, static_cast<long long>(max_us / 1000));
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (ladder_tools::is_plugin_host(argc, argv)) return ladder_tools::run_as_plugin_host(argv);

  uint64_t seed = 0;
  bool have_seed = false;
  long long group = 0, move_time_ms = 0, time_limit_ms = 3000, jobs = 1;
  // The ladder of this checkout: build/bin/Grade finds TestCases/ two folders up.
  std::string samples_dir = judge::path_beside_executable("../../TestCases");
  std::string results_path, strategy;
  judge::OptionTable command_line("Grade", kUsageHead);
  command_line.unsigned64("--seed", "S", &seed, "the boards (default: a fresh seed, printed)", "an unsigned integer", &have_seed)
      .integer("--group", "G", 1, grade::kGroups, &group, "play group G (1..5) only", "a group from 1 to 5")
      .integer("--move-time", "MS", 1, 3600000, &move_time_ms,
               "sets STRATEGY_MOVE_MS=MS for the strategy, as Compete's --move-time (quick runs)",
               "milliseconds from 1 to 3600000")
      .integer("--time-limit", "MS", 1, 3600000, &time_limit_ms,
               "wall time allowed per getPoint call (default 3000, the OJ's)", "milliseconds from 1 to 3600000")
      .integer("-j", "N", 1, 64, &jobs, "play N games at once (default 1)", "a whole number from 1 to 64")
      .text("--samples", "DIR", &samples_dir, "the folder of 1.so .. 50.so (default: the checkout's TestCases/)", "a folder")
      .text("--results", "FILE", &results_path, "write the games so far to FILE after every game (tab-separated)",
            "a file name");
  std::vector<std::string> words;
  if (const int status = command_line.parse(argc, argv, &words); status != judge::OptionTable::kContinue) return status;
  if (words.size() > 1) return command_line.error("unexpected argument '" + words[1] + "'");
  if (!words.empty()) strategy = words[0];
  if (strategy.empty()) strategy = "so/Strategy.so";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(strategy, ec))
    return command_line.error("strategy '" + strategy + "' is not a file (build it with `make so`, or name another plugin)");
  std::string problem;
  if (!results_path.empty() && !judge::path_is_writable(results_path, &problem))
    return command_line.error("results file: " + problem);
  if (!have_seed) seed = judge::random_seed();

  grade::Settings settings;
  settings.seed = seed;
  settings.group = static_cast<int>(group);
  settings.move_time_ms = static_cast<int>(move_time_ms);
  settings.time_limit_ms = static_cast<int>(time_limit_ms);
  settings.jobs = static_cast<int>(jobs);
  settings.samples_dir = samples_dir;
  std::vector<grade::PlayedGame> played;
  if (!grade::plan(strategy, settings, &played, &problem)) return command_line.error(problem);

  const std::string setting = settings.describe();
  std::cout << "Grading " << strategy << " against the samples in " << samples_dir << " (" << setting << ")\n";
  std::cout.flush();

  int finished = 0;
  bool write_failed = false;
  std::string error;
  auto done = [&](size_t i) {
    const grade::PlayedGame& p = played[i];
    ++finished;
    if (!results_path.empty() && !write_failed) {
      std::string why;
      if (!judge::write_file_atomically(
              results_path, grade::format_results(grade::entries_done(played), "Grade of " + strategy + ", " + setting),
              &why)) {
        write_failed = true;
        error = why;
      }
    }
    std::cerr << "Finished game " << finished << " of " << played.size() << ": sample " << p.entry.sample << ", "
              << (p.entry.strategy_first ? "strategy" : "sample") << " first: " << grade::outcome_text(p.entry.code)
              << " (" << grade::points_for(p.entry.code) << ")\n";
  };
  if (!grade::play(&played, settings, done, &error)) {
    std::cerr << "Grade: " << error << "\n";
    return 1;
  }

  const std::vector<grade::GameEntry> entries = grade::entries_done(played);
  grade::Report report = grade::score(entries);
  bool sample_problem = false, strategy_unloadable = false;
  for (int g = 1; g <= grade::kGroups; ++g) {
    if (report.games[g] == 0) continue;
    std::printf("\nGroup %d (samples", g);
    for (int s : grade::group_samples(g)) std::printf(" %d", s);
    std::printf(")\n  sample  first     board          result                                   points  moves  strategy time s (max ms/move)\n");
    for (const grade::PlayedGame& p : played) {
      if (p.entry.group != g) continue;
      char board[32];
      std::snprintf(board, sizeof board, "%dx%d (%d,%d)", p.spec.M, p.spec.N, p.spec.noX, p.spec.noY);
      std::printf("  %6d  %-8s  %-13s  %-40s  %6d  %5zu  %s\n", p.entry.sample,
                  p.entry.strategy_first ? "strategy" : "sample", board, grade::outcome_text(p.entry.code).c_str(),
                  grade::points_for(p.entry.code), p.moves, thinking_time(p.strategy_us, p.strategy_max_us).c_str());
      int code = p.entry.code;
      if (code != c4::kTie && code != c4::kAWins && code != c4::kBWins) std::printf("          why: %s\n", p.reason.c_str());
      if (grade::sample_failed_to_load(code)) sample_problem = true;
      if (code == c4::kALoadError || code == c4::kAMissingSymbol) strategy_unloadable = true;
    }
    std::printf("Group %d: %d / %d\n", g, report.points[g], grade::kGroupPoints);
  }
  int possible = 0;
  for (int g = 1; g <= grade::kGroups; ++g) possible += report.games[g] * grade::kPointsPerGame;
  std::printf("\nTotal: %d / %d   (%d won, %d tied, %d lost; %d forfeited by the strategy)\n", report.total, possible,
              report.wins, report.ties, report.losses, report.forfeits);
  std::fflush(stdout);
  if (write_failed) {
    std::cerr << "Grade: " << error << "\n";
    return 1;
  }
  if (sample_problem) {
    std::cerr << "Grade: a sample could not be loaded; the grade is incomplete\n";
    return 1;
  }
  if (strategy_unloadable) {
    std::cerr << "Grade: " << strategy << " could not be loaded\n";
    return 1;
  }
  return 0;
}
