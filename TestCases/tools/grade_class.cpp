// grade-class: grades a whole class's uploads as the OJ grades one. Each
// <student>.zip of the uploads folder is checked and unpacked into a folder of
// its own, compiled with the OJ's command, and graded against the sample
// ladder; the class table (class.csv) is rewritten after every student.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../analysis/analyzer.h"
#include "../../common/atomic_file.h"
#include "../../common/copy_tree.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/ordered_pool.h"
#include "../../common/staging.h"
#include "../../common/workdir.h"
#include "class_page.h"
#include "class_table.h"
#include "grade_run.h"
#include "../../Compete/upload.h"

namespace {

namespace fs = std::filesystem;

const char kUsageHead[] =
    "usage: grade-class [options] <uploads folder>\n"
    "Grades every <student>.zip of the folder as the OJ grades Strategy.zip: unpacked into OUT/<student>/ "
    "(OUT/upload-<hex>/ for a name such as \"..\" or \"class\")\n"
    "(refused: absolute paths, '..', links, over 100 KB, over 200 files), built there the OJ's way\n"
    "(its main.cpp replaced by the OJ's, g++ -DONLINE_JUDGE -std=c++11 -O2 *.cpp: a program over\n"
    "stdin/stdout) and as the course framework's plugin (g++ -Wall -std=c++11 -O2 -fpic -shared *.cpp),\n"
    "then graded against the samples the OJ's way (see Grade --help and --way).\n"
    "OUT/class.csv ranks the class, OUT/class.html is the same table as a page linking each student's games.\n"
    "OUT/<student>/ holds grade.tsv (the results), games.jsonl and games.html (the record and its replay\n"
    "page) and row.txt (the student's row).\n"
    "Run again with the same options, it keeps the students already graded. On many machines: the same\n"
    "command with --shard K/N on each (sharing OUT), then with --merge, which writes OUT/class.csv and\n"
    "OUT/class.html.\n";

// The student's id: the upload's file name without ".zip".
std::string student_of(const fs::path& zip) { return zip.stem().string(); }

// With --analyze: each game the strategy lost gets the engines' analysis
// (analysis/README.md) in its record line, so that the class page links it at
// its losing move. `line` numbers the record's lines as write_record_and_page writes them.
bool annotate_lost_games(std::vector<grade::PlayedGame>* games, int jobs, std::string* problem) {
  std::vector<size_t> lost;
  std::vector<int> line_of(games->size(), 0);
  int line = 0;
  for (size_t i = 0; i < games->size(); ++i) {
    const grade::PlayedGame& p = (*games)[i];
    if (!p.done || p.record.empty()) continue;
    line_of[i] = ++line;
    if (grade::points_for(p.entry.code) == 0) lost.push_back(i);
  }
  const analysis::Effort effort;
  std::string failure;
  judge::OrderedPool<std::string> pool(static_cast<int>(lost.size()), jobs);
  pool.run(
      [&](int, int unit, std::string* annotated) {
        grade::PlayedGame& p = (*games)[lost[unit]];
        judge::JsonValue v;
        analysis::GameAnalysis a;
        std::string why;
        if (judge::parse_json(p.record, &v, &why) &&
            analysis::analyze_connect4(v, line_of[lost[unit]], effort, &a, &why))
          *annotated = analysis::annotated_line(p.record, a.json);
        else
          *annotated = "";
        return true;
      },
      [&](int unit, std::string& annotated) {
        if (annotated.empty()) {
          failure = "the analysis of game " + std::to_string(line_of[lost[unit]]) + " failed";
          return false;
        }
        (*games)[lost[unit]].record = annotated;
        return true;
      });
  if (!failure.empty()) *problem = failure;
  return failure.empty();
}

// How an upload is built and played: the OJ's way (a program over stdin/stdout, its main.cpp the
// OJ's), the course framework's (a plugin), or both (graded the OJ's way, the plugin's grade beside it).
enum class Ways { kOj, kPlugin, kBoth };

// The grade of `strategy` in `games`; false with *problem for a problem of the judge.
bool grade_games(const std::string& strategy, const grade::Settings& settings, const std::string& keep_dir,
                 std::vector<grade::PlayedGame>* games, std::string* problem) {
  grade::Settings own = settings;  // a student's kept working folders go to <keep>/<student>/
  if (!own.workdirs.keep_dir.empty()) own.workdirs.keep_dir = keep_dir;
  return grade::plan(strategy, own, games, problem) && grade::play(
                                                           games, own, [](size_t) {}, problem);
}

// The reason of the first game the strategy forfeited, or "".
std::string first_forfeit(const std::vector<grade::PlayedGame>& games) {
  for (const grade::PlayedGame& g : games)
    if (g.done &&
        (g.entry.code == c4::kARuntimeError || g.entry.code == c4::kAIllegalMove || g.entry.code == c4::kATimeout))
      return g.reason;
  return "";
}

// Unpacks, compiles and grades one upload into `folder` (emptied first). A
// problem of the judge itself (not of the upload) is left in *problem.
grade::ClassRow grade_student(const fs::path& zip, const fs::path& folder, const grade::Settings& settings,
                              int compile_limit_s, Ways ways, bool analyze, std::string* problem) {
  problem->clear();
  grade::ClassRow row;
  row.student = student_of(zip);
  std::error_code ec;
  fs::remove_all(folder, ec);
  const fs::path source = folder / "upload";
  // unzip and the compiler get a user id of their own only where other users
  // can reach their folder: when `folder` is closed to them, the upload is
  // unpacked and built in a workspace of the staging area and copied back.
  std::string blocker;
  const std::string workspace =
      judge::reachable_by_others(fs::absolute(folder).string(), 0, &blocker) ? "" : judge::staged_workspace();
  const fs::path build = workspace.empty() ? source : fs::path(workspace) / "upload";
  std::string why;
  if (!upload::unpack(zip.string(), build.string(), &why)) {
    row.status = grade::ClassRow::kRejected;
    row.detail = why;
    fs::create_directories(folder, ec);
    if (!workspace.empty()) fs::remove_all(workspace, ec);
    return row;
  }
  // The plugin first: the OJ's build then puts its own main.cpp in place of the upload's.
  upload::CompileResult plugin_build, program_build;
  if (ways != Ways::kOj) plugin_build = upload::compile(build.string(), compile_limit_s, upload::Target::kPlugin);
  if (ways != Ways::kPlugin) program_build = upload::compile(build.string(), compile_limit_s, upload::Target::kProgram);
  if (!workspace.empty()) {
    const bool copied = judge::copy_tree(build, source);  // a build makes no links
    fs::remove_all(workspace, ec);
    if (!copied) {
      *problem = "cannot copy the build of " + row.student + " from " + build.string() + " to " + source.string();
      return row;
    }
  }
  row.compile_seconds = plugin_build.seconds + program_build.seconds;
  const bool oj = ways != Ways::kPlugin;
  const upload::CompileResult& built = oj ? program_build : plugin_build;
  if (!built.ok) {
    row.status = grade::ClassRow::kCompileError;
    row.detail = built.first_lines;
    if (oj && ways == Ways::kBoth && plugin_build.ok) row.detail += " (as a plugin it builds)";
    return row;
  }
  std::vector<grade::PlayedGame> games;
  const std::string strategy =
      fs::absolute(source / upload::built_file(oj ? upload::Target::kProgram : upload::Target::kPlugin)).string();
  const std::string keep = settings.workdirs.keep_dir + "/" + row.student;
  if (!grade_games(strategy, settings, keep, &games, problem)) return row;
  const std::vector<grade::GameEntry> entries = grade::entries_done(games);
  row.report = grade::score(entries);
  grade::count_forfeits(entries, &row);
  for (const grade::PlayedGame& g : games) row.think_seconds += g.strategy_us / 1e6;
  bool loaded = false;
  for (const grade::PlayedGame& g : games) {
    if (g.entry.code != c4::kALoadError && g.entry.code != c4::kAMissingSymbol)
      loaded = true;
    else if (row.detail.empty())
      row.detail = g.reason;
  }
  if (!loaded) row.status = grade::ClassRow::kCannotLoad;
  // Both ways: when the plugin scores otherwise, the row says so, and why the OJ's way lost points.
  if (ways == Ways::kBoth && plugin_build.ok) {
    std::vector<grade::PlayedGame> as_plugin;
    if (!grade_games(fs::absolute(source / "Strategy.so").string(), settings, keep + "/plugin", &as_plugin, problem))
      return row;
    const int plugin_total = grade::score(grade::entries_done(as_plugin)).total;
    if (plugin_total != row.report.total) {
      const std::string lost = first_forfeit(games);
      row.detail = "the OJ's way " + std::to_string(row.report.total) + ", as a plugin " +
                   std::to_string(plugin_total) + (lost.empty() ? "" : "; the OJ's way: " + lost) +
                   (row.detail.empty() ? "" : "; " + row.detail);
    }
  }
  if (analyze && !annotate_lost_games(&games, settings.jobs, problem)) return row;
  const std::string title = "Grade of " + row.student + ", " + settings.describe();
  if (judge::write_file_atomically((folder / "grade.tsv").string(), grade::format_results(entries, title), problem))
    grade::write_record_and_page(games, (folder / "games.jsonl").string(), (folder / "games.html").string(), title,
                                 problem);
  return row;
}

// The class table as class.csv and class.html (or a shard's own pair), each written atomically.
bool write_tables(const std::vector<grade::ClassRow>& rows, const fs::path& out, const std::string& name,
                  const std::string& heading, std::string* problem) {
  auto has_games = [&](const std::string& student) {
    std::error_code ec;
    return fs::is_regular_file(out / grade::student_folder(student) / "games.html", ec);
  };
  auto games_record = [&](const std::string& student) {  // its lost games are linked at their losing move
    std::ifstream in(out / grade::student_folder(student) / "games.jsonl", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  return judge::write_file_atomically((out / (name + ".csv")).string(), grade::format_class_csv(rows), problem) &&
         judge::write_file_atomically((out / (name + ".html")).string(),
                                      grade::format_class_page(rows, heading, has_games, games_record), problem);
}

// grade-class --merge: the class table from every student's row, wherever its shard ran.
int merge_rows(const std::vector<fs::path>& zips, const std::string& out, const std::string& config,
               const std::string& table, const std::string& heading) {
  std::vector<grade::ClassRow> rows;
  std::string missing, problem;
  int shards = 0;
  std::vector<std::string> absent;
  for (const fs::path& zip : zips) {
    const fs::path folder = fs::path(out) / grade::student_folder(student_of(zip));
    grade::ClassRow row;
    std::string row_config, row_shard;
    if (!fs::exists(folder / "row.txt")) {
      absent.push_back(student_of(zip));
      continue;
    }
    if (!grade::read_row_file(folder.string(), &row, &row_config, &row_shard, &problem)) {
      std::cerr << "grade-class: " << problem << "\n";
      return 2;
    }
    if (row_config != config) {
      std::cerr << "grade-class: " << (folder / "row.txt").string() << " was graded with '" << row_config
                << "', this command line says '" << config << "'\n";
      return 2;
    }
    int k = 0, n = 0;
    if (judge::parse_shard(row_shard, &k, &n)) shards = std::max(shards, n);
    rows.push_back(row);
  }
  if (!absent.empty()) {
    std::cerr << "grade-class: missing rows (their shard has not run or was cut short):";
    for (size_t i = 0; i < zips.size(); ++i)
      for (const std::string& a : absent)
        if (student_of(zips[i]) == a)
          std::cerr << " " << a
                    << (shards > 1 ? " (shard " + std::to_string(i % shards) + "/" + std::to_string(shards) + ")" : "");
    std::cerr << "\n";
    return 1;
  }
  if (!write_tables(rows, out, table, heading, &problem)) {
    std::cerr << "grade-class: " << problem << "\n";
    return 1;
  }
  std::cout << "Merged " << rows.size() << " students into " << (fs::path(out) / (table + ".csv")).string() << " and "
            << (fs::path(out) / (table + ".html")).string() << "\n";
  return 0;
}

// grade-class's command line: its options, the checks of what they allow
// together, the uploads found and the table's names. Returns
// judge::OptionTable::kContinue to grade, else the exit status.
struct ClassCommand {
  long long compile_limit_s = 120;
  int shard = 0, shards = 1;
  bool merge = false, analyze = false;
  Ways ways = Ways::kBoth;
  std::string out = "Results/class";
  fs::path uploads;
  std::vector<fs::path> zips;  // the uploads, in name order
  grade::Settings settings;
  std::string table;  // the table's files' name: "class", or a shard's "class-shard-K"
  std::string shard_text, config, heading;
};

int read_class_command(int argc, char** argv, ClassCommand* command) {
  grade::SettingsOptions grade_options;
  long long& compile_limit_s = command->compile_limit_s;
  int& shard = command->shard;
  int& shards = command->shards;
  bool& merge = command->merge;
  bool& analyze = command->analyze;
  Ways& ways = command->ways;
  std::string& out = command->out;
  judge::OptionTable command_line("grade-class", kUsageHead);
  grade_options.add_to(&command_line, "the boards, the same for every student (default: a fresh seed, printed)");
  command_line
      .text("--out", "DIR", &out, "where the students' folders and class.csv go (default Results/class)", "a folder")
      .integer("--compile-time", "S", 1, 3600, &compile_limit_s, "seconds the compiler may take (default 120)",
               "seconds from 1 to 3600")
      .custom(
          "--shard", "K/N",
          [&](const std::string&, const std::string& v) { return judge::parse_shard(v, &shard, &shards); },
          "grade only the uploads i (in name order) with i % N == K; the table holds those", "K/N, 0 <= K < N <= 1000")
      .custom(
          "--way", "W",
          [&](const std::string&, const std::string& v) {
            if (v == "oj") return ways = Ways::kOj, true;
            if (v == "plugin") return ways = Ways::kPlugin, true;
            if (v == "both") return ways = Ways::kBoth, true;
            return false;
          },
          "how each upload is built and played: oj (a program, its main.cpp the OJ's, over stdin/stdout),\n"
          "plugin (the course framework's .so), or both (default: graded the OJ's way; a row whose plugin\n"
          "scores otherwise says so, with the reason the OJ's way lost points)",
          "oj, plugin or both")
      .flag("--merge", &merge, "grade nothing: the class table from the rows every shard left in OUT")
      .flag("--analyze", &analyze,
            "annotate each lost game with the engines' analysis (build/bin/analyze's default effort), so\n"
            "that the class page links it at its losing move");
  std::vector<std::string> words;
  if (const int status = command_line.parse(argc, argv, &words); status != judge::OptionTable::kContinue) return status;
  if (words.empty()) return command_line.error("missing the uploads folder");
  if (words.size() > 1) return command_line.error("unexpected argument '" + words[1] + "'");
  std::error_code ec;
  const fs::path& uploads = command->uploads = words[0];
  if (!fs::is_directory(uploads, ec))
    return command_line.error("uploads folder '" + uploads.string() + "' is not a folder");
  std::vector<fs::path>& zips = command->zips;
  for (const fs::directory_entry& e : fs::directory_iterator(uploads, ec))
    if (e.path().extension() == ".zip" && e.is_regular_file(ec)) zips.push_back(e.path());
  std::sort(zips.begin(), zips.end());
  if (zips.empty()) return command_line.error("no uploads (<student>.zip) in '" + uploads.string() + "'");
  if (!grade_options.have_seed() && (merge || shards > 1))
    return command_line.error("--shard and --merge need --seed: every shard must grade on the same boards");
  fs::create_directories(out, ec);
  // The table's two files: class.csv and class.html, or a shard's own class-shard-K.*.
  const std::string& table = command->table =
      shards > 1 ? "class-shard-" + std::to_string(shard) : std::string("class");
  std::string problem;
  for (const char* extension : {".csv", ".html"})
    if (!judge::path_is_writable((fs::path(out) / (table + extension)).string(), &problem))
      return command_line.error("class table: " + problem);

  const grade::Settings& settings = command->settings = grade_options.settings();

  // A run again (or a shard run again) keeps each student whose row was made by the same command line.
  const std::string& shard_text = command->shard_text = std::to_string(shard) + "/" + std::to_string(shards);
  const std::string& config = command->config = settings.describe() + (ways == Ways::kBoth ? ""
                                                                       : ways == Ways::kOj ? ", the OJ's way"
                                                                                           : ", as plugins");
  command->heading = std::to_string(zips.size()) + " uploads of " + uploads.string() + ", " + config +
                     (shards > 1 && !merge ? ", shard " + shard_text : std::string());
  return judge::OptionTable::kContinue;
}

// Grades this shard's uploads in turn (a student whose row the same command
// line made is kept), the table rewritten after each; the exit status.
int grade_class(const ClassCommand& command) {
  const std::vector<fs::path>& zips = command.zips;
  const std::string &out = command.out, &table = command.table, &heading = command.heading, &config = command.config,
                    &shard_text = command.shard_text;
  const grade::Settings& settings = command.settings;
  const int shard = command.shard, shards = command.shards;
  std::string problem;
  std::cout << "Grading " << zips.size() << " uploads of " << command.uploads.string() << " (" << settings.describe()
            << ") into " << out << "\n";
  std::vector<grade::ClassRow> rows;
  for (size_t i = 0; i < zips.size(); ++i) {
    if (static_cast<int>(i % shards) != shard) continue;
    const std::string student = student_of(zips[i]);
    const fs::path folder = fs::path(out) / grade::student_folder(student);
    grade::ClassRow row;
    std::string kept_config, kept_shard;
    std::cout << "\n" << student << ": " << std::flush;
    if (grade::read_row_file(folder.string(), &row, &kept_config, &kept_shard, &problem) && kept_config == config) {
      std::cout << "kept from " << (folder / "row.txt").string() << ", ";
    } else {
      row = grade_student(zips[i], folder, settings, static_cast<int>(command.compile_limit_s), command.ways,
                          command.analyze, &problem);
      if (!problem.empty()) {
        std::cerr << "grade-class: " << problem << "\n";
        return 1;
      }
      if (!judge::write_file_atomically((folder / "row.txt").string(), grade::format_row_file(row, config, shard_text),
                                        &problem)) {
        std::cerr << "grade-class: " << problem << "\n";
        return 1;
      }
    }
    std::cout << grade::status_text(row.status);
    if (row.status == grade::ClassRow::kGraded)
      std::cout << ", " << row.report.total << " points";
    else
      std::cout << ": " << row.detail;
    std::cout << std::endl;
    rows.push_back(row);
    // The table so far, rewritten whole: an interrupted run keeps every student graded. A shard's
    // table is its own; --merge makes the class's.
    if (!write_tables(rows, out, table, heading, &problem)) {
      std::cerr << "grade-class: " << problem << "\n";
      return 1;
    }
  }
  std::cout << "\nclass table: " << (fs::path(out) / (table + ".csv")).string()
            << ", page: " << (fs::path(out) / (table + ".html")).string() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (sample_tools::is_plugin_host(argc, argv)) return sample_tools::run_as_plugin_host(argv);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone
  ClassCommand command;
  if (const int status = read_class_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;
  if (command.merge) return merge_rows(command.zips, command.out, command.config, command.table, command.heading);
  return grade_class(command);
}
