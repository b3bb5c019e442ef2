// Grade: scores a ConnectFour strategy against the sample ladder exactly as
// the OJ does (see grade_score.h), with Compete's sandboxed referee.
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/interrupt.h"
#include "../../common/run_loop.h"
#include "../../common/sandbox.h"
#include "../../viewer/page.h"
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

const char kUsageFooter[] =
    "On many machines: run the same command with --shard K/N and its own --record on each (a shard run\n"
    "again plays only the games its record lacks), then the same command with --merge and the shards'\n"
    "records after the strategy: it writes --results, --record and --html as one run would have, byte\n"
    "for byte, without playing.\n";

// True if `path` is a record (JSON lines, or empty: a shard that has not
// finished a game) rather than a strategy or a results file.
bool is_record_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;  // unreadable: the merge names it
  const int c = in.get();
  return c == '{' || c == std::char_traits<char>::eof();
}

// True if `path` starts as a grade's results file ("# "), not a record.
bool is_results_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char start[2] = {};
  return in.read(start, 2) && start[0] == '#' && start[1] == ' ';
}

// Grade's command line, and where the run starts: the games of the grade in
// the OJ's order, those its records hold (--resume, a shard run again,
// --merge) done, and the plan of the rest.
struct GradeCommand {
  std::string results_path, strategy;
  judge::RunSettings run;  // --record, --html, --shard, --resume, --merge
  grade::Settings settings;
  std::vector<grade::PlayedGame> played;  // every game of the grade, in the OJ's order
  judge::RunStart start;                  // the games recorded already, and the plan
  std::string comment;                    // the results file's first line
  std::string write_error;                // after the play: why a file could not be written, or ""
};

// Reads the command line and the records it names into *command; returns
// judge::OptionTable::kContinue to go on, else the exit status.
int read_grade_command(int argc, char** argv, GradeCommand* command) {
  grade::SettingsOptions grade_options;
  judge::RunSettings& run = command->run;
  judge::OptionTable command_line("Grade", kUsageHead);
  grade_options.add_to(&command_line, "the boards (default: a fresh seed, printed)");
  command_line.text("--results", "FILE", &command->results_path,
                    "write the games so far to FILE after every game (tab-separated)", "a file name");
  judge::RunRows rows;
  rows.seed = rows.jobs = rows.workdirs = rows.sandbox_report = false;
  rows.record_help =
      "Compete's record: one JSON line per game (the sample's number as its round),\n"
      "appended as each one ends";
  rows.shard_help =
      "play only shard K of N (K from 0): the games i of the OJ's order with i % N == K,\n"
      "into --record FILE (run again, it plays only what is not in its record yet)";
  rows.merge_help =
      "the shards' records follow the strategy: write the whole grade's --results,\n"
      "--record and --html from them, without playing";
  judge::add_run_options(&command_line, rows, &run);
  command_line.footer(kUsageFooter);
  std::vector<std::string> words;
  if (const int status = command_line.parse(argc, argv, &words); status != judge::OptionTable::kContinue) return status;
  // The strategy comes first (a record starts with '{', or is empty: a shard with no game yet).
  std::string& strategy = command->strategy;
  if (!words.empty() && (!run.merge || !is_record_file(words[0]))) {
    strategy = words[0];
    words.erase(words.begin());
  }
  if (strategy.empty()) strategy = "so/Strategy.so";
  if (!run.merge && !words.empty()) return command_line.error("unexpected argument '" + words[0] + "'");
  for (const std::string& w : words)
    if (is_results_file(w))
      return command_line.error("'" + w + "' is a results file: --merge reads the shards' --record files");
  run.have_seed = grade_options.have_seed();
  judge::RunRules rules;
  rules.after = "after the strategy";
  if (const std::string broken = judge::check_run_settings(run, rules, words.size()); !broken.empty())
    return command_line.error(broken);
  std::error_code ec;
  if (!run.merge && !std::filesystem::is_regular_file(strategy, ec))
    return command_line.error("strategy '" + strategy +
                              "' is not a file (build it with `make so`, or name another plugin)");
  std::string problem;
  for (const auto& [path, what] : {std::pair{command->results_path, "results file"},
                                   {run.record_path, "record file"},
                                   {run.html_path, "page file"}})
    if (!path.empty() && !judge::path_is_writable(path, &problem))
      return command_line.error(std::string(what) + ": " + problem);
  grade::Settings& settings = command->settings = grade_options.settings();
  settings.shard = run.shard;
  settings.shards = run.shards;
  if (!grade::plan(strategy, settings, &command->played, &problem)) return command_line.error(problem);
  // The results file's first line: the strategy and every setting that changes the games.
  command->comment = "Grade of " + strategy + ", " + settings.describe() +
                     (run.shards > 1 ? ", shard " + judge::shard_name(run.shard, run.shards) : "");
  const judge::RecordFormat format = grade::record_format(settings, strategy, &command->played);
  judge::RunStart& start = command->start =
      judge::start_run(run, format, static_cast<int>(command->played.size()), "game", "games", words);
  if (start.status != 0) {
    std::cerr << "Grade: " << start.problem << "\n";
    return start.status;
  }
  for (const judge::RecordedUnit& unit : start.recorded) grade::take_recorded(unit, &command->played[unit.index]);
  return judge::OptionTable::kContinue;
}

// Plays the games of the plan, each committed at once to the results file, the
// record and the page; 0 (command->write_error says whether a file could not
// be written), or 1 with the reason on stderr.
int play_grade(GradeCommand* command) {
  std::vector<grade::PlayedGame>& played = command->played;
  const grade::Settings& settings = command->settings;
  const judge::RunSettings& run = command->run;
  const judge::RunStart& start = command->start;
  judge::ResultSink sink(command->results_path, run.record_path, run.html_path,
                         [&](const std::string& path, const std::vector<std::string>& lines, std::string* error) {
                           return viewer::write_page(path, viewer::Kind::kConnectFour, lines, command->comment, error);
                         });
  auto results = [&] { return grade::format_results(grade::entries_done(played), command->comment); };
  std::string text = results();
  if (!sink.start(&text, &start.kept, start.page_lines, run.resume || run.shards > 1)) {
    command->write_error = sink.error();
    return 0;
  }
  if (run.merge) {
    std::cout << "Merged " << start.recorded.size() << " games of " << command->comment << "\n";
    return 0;
  }
  std::cout << "Grading " << command->strategy << " against the samples in " << settings.samples_dir << " ("
            << settings.describe()
            << (run.shards > 1 ? ", shard " + std::to_string(run.shard) + " of " + std::to_string(run.shards) : "")
            << ")\n";
  if (!start.recorded.empty())
    std::cout << "Kept " << start.recorded.size() << " games from " << run.record_path << "; playing "
              << start.plan.size() << "\n";
  std::cout.flush();
  // Ctrl-C, SIGTERM or SIGHUP: the results file, the record and the page keep the
  // same games (the sink writes each game's files under results_mutex()); the
  // plugins' hosts are killed and their folders removed (interrupt.h).
  judge::die_cleanly_on_signal([](int sig) {
    const std::string note = std::string("\nGrade: stopped by ") + strsignal(sig) +
                             "; the results file holds the games finished before it (--resume plays the rest)\n";
    (void)!::write(2, note.data(), note.size());
  });
  int finished = 0;
  auto done = [&](size_t i) {
    const grade::PlayedGame& p = played[i];
    text = results();
    sink.commit(&text, p.record);
    std::cerr << "Finished game " << ++finished << " of " << start.plan.size() << ": sample " << p.entry.sample << ", "
              << (p.entry.strategy_first ? "strategy" : "sample") << " first: " << grade::outcome_text(p.entry.code)
              << " (" << grade::points_for(p.entry.code) << ")\n";
  };
  std::string error;
  if (!grade::play(&played, settings, done, &error, &start.plan)) {
    std::cerr << "Grade: " << error << "\n";
    return 1;
  }
  command->write_error = sink.error();
  return 0;
}

// Prints each group's games and points and the total; the exit status: 1 when
// a file could not be written or a sample or the strategy could not be
// loaded, else 0.
int print_grade(const GradeCommand& command) {
  const std::vector<grade::PlayedGame>& played = command.played;
  const std::vector<grade::GameEntry> entries = grade::entries_done(played);
  grade::Report report = grade::score(entries);
  bool sample_problem = false, strategy_unloadable = false;
  for (int g = 1; g <= grade::kGroups; ++g) {
    if (report.games[g] == 0) continue;
    std::printf("\nGroup %d (samples", g);
    for (int s : grade::group_samples(g)) std::printf(" %d", s);
    std::printf(
        ")\n  sample  first     board          result                                   points  moves  strategy time s "
        "(max ms/move)\n");
    for (const grade::PlayedGame& p : played) {
      if (p.entry.group != g || !p.done) continue;
      char board[32];
      std::snprintf(board, sizeof board, "%dx%d (%d,%d)", p.game.setup.M, p.game.setup.N, p.game.setup.noX,
                    p.game.setup.noY);
      std::printf("  %6d  %-8s  %-13s  %-40s  %6d  %5zu  %s\n", p.entry.sample,
                  p.entry.strategy_first ? "strategy" : "sample", board, grade::outcome_text(p.entry.code).c_str(),
                  grade::points_for(p.entry.code), p.moves, thinking_time(p.strategy_us, p.strategy_max_us).c_str());
      int code = p.entry.code;
      if (code != c4::kTie && code != c4::kAWins && code != c4::kBWins)
        std::printf("          why: %s\n", p.reason.c_str());
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
  if (!command.write_error.empty()) {
    std::cerr << "Grade: " << command.write_error << "\n";
    return 1;
  }
  if (sample_problem) {
    std::cerr << "Grade: a sample could not be loaded; the grade is incomplete\n";
    return 1;
  }
  if (strategy_unloadable) {
    std::cerr << "Grade: " << command.strategy << " could not be loaded\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (sample_tools::is_plugin_host(argc, argv)) return sample_tools::run_as_plugin_host(argv);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone
  GradeCommand command;
  if (const int status = read_grade_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;
  if (play_grade(&command) != 0) return 1;
  return print_grade(command);
}
