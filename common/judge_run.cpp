#include "judge_run.h"

#include <unistd.h>

#include <cstring>
#include <iostream>

#include "atomic_file.h"
#include "cli.h"
#include "interrupt.h"
#include "sandbox.h"
#include "shards.h"

namespace judge {

void add_run_options(OptionTable* options, const RunRows& rows, RunSettings* s) {
  auto either = [](const std::string& own, const std::string& common) { return own.empty() ? common : own; };
  if (rows.seed)
    options->unsigned64("--seed", "S", &s->seed, either(rows.seed_help, "reproducible runs (default: a fresh seed)"),
                        "an unsigned integer", &s->have_seed);
  if (rows.jobs)
    options->integer("-j", "N", 1, 64, &s->jobs,
                     either(rows.jobs_help, "play N " + rows.units + " at once (default 1; the files do not change)"),
                     "a whole number from 1 to 64");
  if (rows.record)
    options->text("--record", "FILE", &s->record_path,
                  either(rows.record_help, "one JSON line per game, appended as each one ends"), "a file name");
  if (rows.html)
    options->text("--html", "FILE", &s->html_path,
                  either(rows.html_help,
                         "the replay page: one HTML file (opens from disk) with every finished game,\n"
                         "rewritten after each game"),
                  "a file name");
  if (rows.resume)
    options->flag(
        "--resume", &s->resume,
        either(rows.resume_help, "continue a stopped run from its --record: recorded games are not replayed"));
  if (rows.shard)
    options->custom(
        "--shard", "K/N",
        [s](const std::string&, const std::string& v) { return parse_shard(v, &s->shard, &s->shards); },
        either(rows.shard_help, "play only shard K of N (K from 0): the " + rows.units +
                                    " i with i % N == K, into --record FILE\n"
                                    "(run again, it plays only what is not in its record yet)"),
        "K/N, 0 <= K < N <= 1000");
  if (rows.merge)
    options->flag("--merge", &s->merge,
                  either(rows.merge_help,
                         "the shards' records follow the other arguments: write the whole run's files\n"
                         "from them, without playing"));
  if (rows.sandbox_report)
    options->flag("--sandbox-report", &s->sandbox_report,
                  "print the protections of " + rows.whose + " sandbox on this kernel, and exit");
  if (rows.workdirs) add_workdir_options(options, &s->workdirs);
}

std::string check_run_settings(const RunSettings& s, const RunRules& rules, size_t merge_records) {
  if (s.merge) {
    if (merge_records == 0) return "--merge needs the shards' records " + rules.after;
    if (s.shards > 1) return "--merge and --shard: the merge reads every shard's record, on one machine";
    if (s.resume) return "--merge and --resume: the merge plays no game";
  }
  if (s.shards > 1) {
    if (rules.shard_needs_seed && !s.have_seed) return "--shard needs --seed S, the same on every shard";
    if (s.record_path.empty()) return "--shard needs --record FILE, the shard's own record";
    if (!rules.shard_writes_page && !s.html_path.empty())
      return "--html: a shard writes no page (give --html to the merge)";
  }
  if (s.resume && s.record_path.empty()) return "--resume needs --record FILE, the record it continues";
  return "";
}

bool start_judge_run(const std::string& program, const std::string& folder, const WorkdirSettings& settings,
                     WorkdirRoot* root, const std::string& kept, std::string* problem) {
  if (!root->open(folder, settings, problem)) return false;
  if (kept.empty())
    die_cleanly_on_signal(nullptr);
  else
    die_cleanly_on_signal([program, kept](int sig) {
      const std::string note = "\n" + program + ": stopped by " + strsignal(sig) + "; " + kept + "\n";
      (void)!::write(2, note.data(), note.size());
    });
  std::cerr << sandbox_summary_line() << "\n";
  return true;
}

std::vector<int> units_to_play(int total, const std::vector<bool>& done, int shard, int shards,
                               const std::function<int(int unit)>& shard_key) {
  std::vector<int> units;
  for (int i = 0; i < total; ++i)
    if (!done[i] && shard_key(i) % shards == shard) units.push_back(i);
  return units;
}

ResultSink::ResultSink(std::string result_path, std::string record_path, std::string page_path, PageWriter page)
    : result_path_(std::move(result_path)),
      record_path_(std::move(record_path)),
      page_path_(std::move(page_path)),
      page_(std::move(page)) {}

bool ResultSink::fail(const std::string& why) {
  if (error_.empty()) error_ = why;
  return false;
}

bool ResultSink::start(const std::string* result, const std::string* record_text, std::vector<std::string> page_lines,
                       bool resumed, const std::vector<std::string>& more) {
  if (resumed) {  // what a judge killed mid-write left behind
    for (const std::string* path : {&result_path_, &record_path_, &page_path_})
      if (!path->empty()) remove_stale_temporaries(*path);
    for (const std::string& path : more)
      if (!path.empty()) remove_stale_temporaries(path);
  }
  std::string why;
  if (result && !result_path_.empty() && !write_file_atomically(result_path_, *result, &why)) return fail(why);
  if (record_text && !record_path_.empty() && !write_file_atomically(record_path_, *record_text, &why))
    return fail(why);
  page_lines_ = std::move(page_lines);
  if (!page_path_.empty() && !page_(page_path_, page_lines_, &why)) return fail(why);
  return true;
}

bool ResultSink::commit(const std::string* result, const std::string& line, bool append) {
  if (failed()) return false;
  std::string why;
  const std::string record = append ? record_path_ : "";
  if (result && !result_path_.empty()) {
    if (!write_game_results(result_path_, *result, record, line, &why)) return fail(why);
  } else if (!record.empty()) {
    std::lock_guard<std::mutex> both_files(results_mutex());
    if (!append_line(record, line, &why)) return fail(why);
  }
  if (!page_path_.empty()) {
    page_lines_.push_back(line);
    if (!page_(page_path_, page_lines_, &why)) return fail(why);
  }
  return true;
}

}  // namespace judge
