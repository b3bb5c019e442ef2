// Grade: scores a ConnectFour strategy against the sample ladder exactly as
// the OJ does (see grade_score.h), with Compete's sandboxed referee.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <mutex>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/json_read.h"
#include "../../common/interrupt.h"
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

const char kUsageFooter[] =
    "On many machines: run the same command with --shard K/N and its own --results on each (a shard run\n"
    "again skips the games already in its file), then Grade --merge --results FILE <the shards' files>\n"
    "writes the results file the whole grade would have written, byte for byte. With --record FILE\n"
    "and/or --html FILE, pass the shards' --record files among the words too: the whole grade's record\n"
    "and replay page are written from them.\n";

// Reads a results file: its comment (the first line, without "# ") and its games.
bool read_results(const std::string& path, std::string* comment, std::vector<grade::GameEntry>* games,
                  std::string* problem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return *problem = path + ": cannot be read", false;
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  if (all.rfind("# ", 0) != 0) return *problem = path + ": line 1: no '# ' comment naming the grade", false;
  *comment = all.substr(2, all.find('\n') - 2);
  std::string error;
  if (!grade::parse_results(all, games, &error)) return *problem = path + ": " + error, false;
  return true;
}

// The first comma-separated field where two comments differ, both versions quoted.
std::string first_difference(const std::string& a, const std::string& b) {
  auto fields = [](const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t at; (at = text.find(", ", start)) != std::string::npos; start = at + 2)
      out.push_back(text.substr(start, at - start));
    out.push_back(text.substr(start));
    return out;
  };
  const std::vector<std::string> fa = fields(a), fb = fields(b);
  for (size_t i = 0; i < std::max(fa.size(), fb.size()); ++i) {
    const std::string x = i < fa.size() ? fa[i] : "(nothing)", y = i < fb.size() ? fb[i] : "(nothing)";
    if (x != y) return "'" + x + "' where this run has '" + y + "'";
  }
  return "the same";
}

// True if `path` is a record (JSON lines, or empty: a shard that has not
// finished a game) rather than a results file (which starts with "# ").
bool is_record_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;  // unreadable: reading it as results names the problem
  const int c = in.get();
  return c == '{' || c == std::char_traits<char>::eof();
}

// The game of `played` that a line of Compete's record stands for: the same
// sample (the line's round), board seed and first mover. -1 if none, or if
// the line lacks one of those fields.
int game_of_record_line(const std::vector<grade::PlayedGame>& played, const judge::JsonValue& line) {
  const judge::JsonValue* round = line.find("round");
  const judge::JsonValue* first = line.find("first");
  const judge::JsonValue* seed = line.find("seed");
  if (!round || !first || !seed) return -1;
  for (size_t i = 0; i < played.size(); ++i) {
    const grade::PlayedGame& p = played[i];
    if (std::to_string(p.entry.sample) == round->text && std::to_string(p.game.setup.seed) == seed->text &&
        first->text == (p.entry.strategy_first ? "A" : "B"))
      return static_cast<int>(i);
  }
  return -1;
}

// Gives each merged game its line from the shards' `records`, matched by
// sample (the round), who moved first and the board's seed, which follows
// from the grade's seed in `title`. False with *problem naming a game no record
// holds, a game two records hold, or a line of no game of this grade.
bool merged_record_lines(const std::vector<std::string>& records, const std::string& title,
                         std::vector<grade::PlayedGame>* played, std::string* problem) {
  const size_t at = title.find(", seed ");
  if (at == std::string::npos) return *problem = "the results name no seed: '" + title + "'", false;
  const uint64_t seed = std::strtoull(title.c_str() + at + 7, nullptr, 10);
  std::vector<std::string> source(played->size());
  for (grade::PlayedGame& p : *played)
    p.game.setup = c4::round_setup(seed, p.entry.sample, p.entry.strategy_first ? c4::kA : c4::kB);
  for (const std::string& path : records) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return *problem = path + ": cannot be read", false;
    std::stringstream text;
    text << in.rdbuf();
    bool torn = false;
    auto each = [&](int, const std::string& where, const std::string& line, const judge::JsonValue& value) {
      const int i = game_of_record_line(*played, value);
      if (i < 0) {
        const judge::JsonValue* round = value.find("round");
        const judge::JsonValue* board = value.find("seed");
        if (!round || !board || !value.find("first")) return *problem = where + "not a game of Compete's record", false;
        return *problem = where + "sample " + round->text + " on board seed " + board->text +
                          " is not a game of this grade (" + title + ")",
               false;
      }
      grade::PlayedGame& p = (*played)[i];
      if (!p.record.empty())
        return *problem = where + "sample " + std::to_string(p.entry.sample) + ", " +
                          (p.entry.strategy_first ? "strategy" : "sample") + " first, is in " + source[i] + " too",
               false;
      p.record = line;
      source[i] = path;
      return true;
    };
    if (!judge::read_json_lines(text.str(), path, each, &torn, problem)) return false;
  }
  for (const grade::PlayedGame& p : *played)
    if (p.record.empty())
      return *problem = "no record holds group " + std::to_string(p.entry.group) + ", sample " +
                        std::to_string(p.entry.sample) + ", " + (p.entry.strategy_first ? "strategy" : "sample") +
                        " first (pass every shard's --record file)",
             false;
  return true;
}

// Grade --merge: the shards' results files become the whole grade's, in the
// OJ's order; with `record_out` or `page_out`, the shards' `records` become
// the whole grade's record and replay page. Nothing is written unless all are complete.
int merge_shards(const std::vector<std::string>& files, const std::vector<std::string>& records, const std::string& out,
                 const std::string& record_out, const std::string& page_out) {
  std::string base, problem;
  int count = 0;
  std::vector<std::vector<grade::GameEntry>> shard_games;
  std::vector<std::string> shard_file;
  for (const std::string& file : files) {
    std::string comment;
    std::vector<grade::GameEntry> games;
    if (!read_results(file, &comment, &games, &problem)) {
      std::cerr << "Grade: " << problem << "\n";
      return 2;
    }
    const size_t at = comment.rfind(", shard ");
    int k = 0, n = 0;
    if (at == std::string::npos || !judge::parse_shard(comment.substr(at + 8), &k, &n)) {
      std::cerr << "Grade: " << file << ": line 1: not a shard's results (no ', shard K/N')\n";
      return 2;
    }
    if (base.empty()) {
      base = comment.substr(0, at);
      count = n;
      shard_games.assign(n, {});
      shard_file.assign(n, "");
    } else if (comment.substr(0, at) != base || n != count) {
      std::cerr << "Grade: " << file << " is from another grade: "
                << first_difference(comment.substr(0, at) + ", of " + std::to_string(n),
                                    base + ", of " + std::to_string(count))
                << " (" << files[0] << ")\n";
      return 2;
    }
    if (!shard_file[k].empty()) {
      std::cerr << "Grade: " << file << " and " << shard_file[k] << " are both shard " << k << "/" << n << "\n";
      return 2;
    }
    shard_file[k] = file;
    shard_games[k] = games;
  }
  std::string missing;
  for (int k = 0; k < count; ++k)
    if (shard_file[k].empty())
      missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(count);
  if (!missing.empty()) {
    std::cerr << "Grade: missing shard " << missing << " (run it with --shard and merge again)\n";
    return 1;
  }
  // The games of the whole grade, in the OJ's order; game i comes from shard i % N.
  const size_t group_at = base.find(", group ");
  const int only_group = group_at == std::string::npos ? 0 : std::atoi(base.c_str() + group_at + 8);
  std::vector<grade::GameEntry> merged;
  std::vector<size_t> next(count, 0);
  size_t i = 0;
  for (int g = 1; g <= grade::kGroups; ++g) {
    if (only_group != 0 && g != only_group) continue;
    for (int sample : grade::group_samples(g))
      for (bool strategy_first : {true, false}) {
        const int k = static_cast<int>(i++ % count);
        const std::vector<grade::GameEntry>& mine = shard_games[k];
        const size_t j = next[k]++;
        if (j >= mine.size() || mine[j].group != g || mine[j].sample != sample ||
            mine[j].strategy_first != strategy_first) {
          std::cerr << "Grade: " << shard_file[k] << " is incomplete: it lacks group " << g << ", sample " << sample
                    << ", " << (strategy_first ? "strategy" : "sample") << " first (run the shard again)\n";
          return 1;
        }
        merged.push_back(mine[j]);
      }
  }
  for (int k = 0; k < count; ++k)
    if (next[k] != shard_games[k].size()) {
      std::cerr << "Grade: " << shard_file[k] << " holds games that shard " << k << "/" << count << " does not play\n";
      return 2;
    }
  std::vector<grade::PlayedGame> played(merged.size());
  for (size_t g = 0; g < merged.size(); ++g) played[g].entry = merged[g], played[g].done = true;
  if ((!record_out.empty() || !page_out.empty()) && !merged_record_lines(records, base, &played, &problem)) {
    std::cerr << "Grade: " << problem << "\n";
    return 1;
  }
  if (!judge::write_file_atomically(out, grade::format_results(merged, base), &problem) ||
      !grade::write_record_and_page(played, record_out, page_out, base, &problem)) {
    std::cerr << "Grade: " << problem << "\n";
    return 1;
  }
  const grade::Report report = grade::score(merged);
  std::printf("Merged %d shards of %s into %s\n", count, base.c_str(), out.c_str());
  for (int g = 1; g <= grade::kGroups; ++g)
    if (report.games[g]) std::printf("Group %d: %d / %d\n", g, report.points[g], grade::kGroupPoints);
  int possible = 0;
  for (int g = 1; g <= grade::kGroups; ++g) possible += report.games[g] * grade::kPointsPerGame;
  std::printf("\nTotal: %d / %d   (%d won, %d tied, %d lost; %d forfeited by the strategy)\n", report.total, possible,
              report.wins, report.ties, report.losses, report.forfeits);
  return 0;
}

// Gives the kept games (--resume, a shard run again) their lines of the
// record at `path`, matched by sample, board seed and who moved first. A kept
// game without a line stays out of the record and the page.
bool keep_recorded_lines(const std::string& path, std::vector<grade::PlayedGame>* played, std::string* problem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return true;  // no record yet
  std::stringstream text;
  text << in.rdbuf();
  bool torn = false;
  auto each = [&](int, const std::string&, const std::string& line, const judge::JsonValue& value) {
    const int i = game_of_record_line(*played, value);
    if (i >= 0 && (*played)[i].done && (*played)[i].record.empty()) (*played)[i].record = line;
    return true;
  };
  return judge::read_json_lines(text.str(), path, each, &torn, problem);
}

// Grade's command line: its options, the checks of what they allow together,
// the games planned (a shard's) and, with --resume or a shard run again, those
// already in the results file kept. --merge is done here, whole. Returns
// judge::OptionTable::kContinue to play, else the exit status.
struct GradeCommand {
  std::string results_path, record_path, html_path, strategy;
  int shard = 0, shards = 1;
  grade::Settings settings;
  std::vector<grade::PlayedGame> played;  // the games of this run, in the OJ's order
  std::string comment;                    // the results file's first line
  std::string write_error;                // after the play: why a file could not be written, or ""
};

int read_grade_command(int argc, char** argv, GradeCommand* command) {
  grade::SettingsOptions grade_options;
  std::string& results_path = command->results_path;
  std::string& record_path = command->record_path;
  std::string& html_path = command->html_path;
  std::string& strategy = command->strategy;
  int& shard = command->shard;
  int& shards = command->shards;
  bool resume = false, merge = false;
  judge::OptionTable command_line("Grade", kUsageHead);
  grade_options.add_to(&command_line, "the boards (default: a fresh seed, printed)");
  command_line
      .text("--results", "FILE", &results_path, "write the games so far to FILE after every game (tab-separated)",
            "a file name")
      .text("--record", "FILE", &record_path,
            "Compete's record of the games so far (one JSON line per game, the sample's number as\n"
            "its round), rewritten after every game",
            "a file name")
      .text("--html", "FILE", &html_path,
            "the replay page of every finished game (one HTML file that opens from disk), rewritten after\n"
            "every game",
            "a file name")
      .custom(
          "--shard", "K/N",
          [&](const std::string&, const std::string& v) { return judge::parse_shard(v, &shard, &shards); },
          "play only shard K of N (K from 0): the games i of the OJ's order with i % N == K", "K/N, 0 <= K < N <= 1000")
      .flag("--resume", &resume, "keep the games already in --results (same command line) and play the rest")
      .flag("--merge", &merge,
            "the words are the shards' --results files (and --record files): write the whole grade's\n"
            "--results (and --record, --html)")
      .footer(kUsageFooter);
  std::vector<std::string> words;
  if (const int status = command_line.parse(argc, argv, &words); status != judge::OptionTable::kContinue) return status;
  if (merge) {
    std::vector<std::string> results_files, record_files;
    for (const std::string& w : words) (is_record_file(w) ? record_files : results_files).push_back(w);
    if (results_files.empty()) return command_line.error("--merge needs the shards' results files");
    if (results_path.empty()) return command_line.error("--merge needs --results FILE for the whole grade");
    const bool writes_games = !record_path.empty() || !html_path.empty();
    if (writes_games && record_files.empty())
      return command_line.error("--merge with --record or --html needs the shards' --record files among the words");
    if (!writes_games && !record_files.empty())
      return command_line.error("'" + record_files[0] +
                                "' is a record: give --record FILE or --html FILE to merge records");
    return merge_shards(results_files, record_files, results_path, record_path, html_path);
  }
  if (words.size() > 1) return command_line.error("unexpected argument '" + words[1] + "'");
  if (!words.empty()) strategy = words[0];
  if (strategy.empty()) strategy = "so/Strategy.so";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(strategy, ec))
    return command_line.error("strategy '" + strategy +
                              "' is not a file (build it with `make so`, or name another plugin)");
  std::string problem;
  if (!results_path.empty() && !judge::path_is_writable(results_path, &problem))
    return command_line.error("results file: " + problem);
  if (!record_path.empty() && !judge::path_is_writable(record_path, &problem))
    return command_line.error("record file: " + problem);
  if (!html_path.empty() && !judge::path_is_writable(html_path, &problem))
    return command_line.error("page file: " + problem);
  const grade::Settings& settings = command->settings = grade_options.settings();
  std::vector<grade::PlayedGame>& played = command->played;
  if (!grade::plan(strategy, settings, &played, &problem)) return command_line.error(problem);
  if (shards > 1) {
    std::vector<grade::PlayedGame> mine;
    for (size_t i = 0; i < played.size(); ++i)
      if (static_cast<int>(i % shards) == shard) mine.push_back(played[i]);
    played = mine;
  }
  // The results file's first line: the strategy and every setting that changes the games.
  const std::string& comment = command->comment =
      "Grade of " + strategy + ", " + settings.describe() +
      (shards > 1 ? ", shard " + std::to_string(shard) + "/" + std::to_string(shards) : "");
  // A shard run again, or --resume: the games already in the results file are not played again.
  std::error_code exists_ec;
  if ((resume || shards > 1) && !results_path.empty() && std::filesystem::exists(results_path, exists_ec)) {
    std::vector<grade::GameEntry> kept;
    std::string header;
    if (!read_results(results_path, &header, &kept, &problem)) return command_line.error(problem);
    if (header != comment)
      return command_line.error(results_path +
                                " was made by another command line: " + first_difference(header, comment));
    for (const grade::GameEntry& k : kept)
      for (grade::PlayedGame& p : played)
        if (!p.done && p.entry.group == k.group && p.entry.sample == k.sample &&
            p.entry.strategy_first == k.strategy_first) {
          p.done = true;
          p.entry.code = k.code;
          p.reason = "kept from " + results_path;
        }
    if (!record_path.empty() && !keep_recorded_lines(record_path, &played, &problem))
      return command_line.error(problem);
  }

  return judge::OptionTable::kContinue;
}

// Plays the games not kept, each committed at once to the results file, the
// record and the page; 0 (command->write_error says whether a file could not
// be written), or 1 with the reason on stderr.
int play_grade(GradeCommand* command) {
  std::vector<grade::PlayedGame>& played = command->played;
  const grade::Settings& settings = command->settings;
  const std::string &results_path = command->results_path, &record_path = command->record_path,
                    &html_path = command->html_path, &strategy = command->strategy, &comment = command->comment;
  const int shard = command->shard, shards = command->shards;
  const std::string setting = settings.describe();
  std::cout << "Grading " << strategy << " against the samples in " << settings.samples_dir << " (" << setting
            << (shards > 1 ? ", shard " + std::to_string(shard) + " of " + std::to_string(shards) : "") << ")\n";
  std::cout.flush();

  size_t kept = 0;
  for (const grade::PlayedGame& p : played) kept += p.done;
  if (kept > 0)
    std::cout << "Kept " << kept << " games from " << results_path << "; playing " << played.size() - kept << "\n";
  int finished = 0;
  bool write_failed = false;
  std::string error;
  // Ctrl-C, SIGTERM or SIGHUP: the results file, the record and the page keep the
  // same games (each game's writes are made under results_mutex()); the plugins'
  // hosts are killed and their folders removed (interrupt.h).
  judge::die_cleanly_on_signal([](int sig) {
    const std::string note = std::string("\nGrade: stopped by ") + strsignal(sig) +
                             "; the results file holds the games finished before it (--resume plays the rest)\n";
    (void)!::write(2, note.data(), note.size());
  });
  auto done = [&](size_t i) {
    const grade::PlayedGame& p = played[i];
    ++finished;
    std::string why;
    std::unique_lock<std::mutex> all_files(judge::results_mutex());
    if (!write_failed && !results_path.empty() &&
        !judge::write_file_atomically(results_path, grade::format_results(grade::entries_done(played), comment), &why))
      write_failed = true, error = why;
    if (!write_failed && !grade::write_record_and_page(played, record_path, html_path, comment, &why))
      write_failed = true, error = why;
    all_files.unlock();
    std::cerr << "Finished game " << finished << " of " << played.size() - kept << ": sample " << p.entry.sample << ", "
              << (p.entry.strategy_first ? "strategy" : "sample") << " first: " << grade::outcome_text(p.entry.code)
              << " (" << grade::points_for(p.entry.code) << ")\n";
  };
  if (!grade::play(&played, settings, done, &error)) {
    std::cerr << "Grade: " << error << "\n";
    return 1;
  }
  command->write_error = write_failed ? error : "";
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
      if (p.entry.group != g) continue;
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
