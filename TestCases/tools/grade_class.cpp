// grade-class: grades a whole class's uploads as the OJ grades one. Each
// <student>.zip of the uploads folder is checked and unpacked into a folder of
// its own, compiled with the OJ's command, and graded against the sample
// ladder; the class table (class.csv) is rewritten after every student.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../../analysis/analyzer.h"
#include "../../common/atomic_file.h"
#include "../../common/copy_tree.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "../../common/json.h"
#include "../../common/ordered_pool.h"
#include "../../common/run_loop.h"
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
    "page); OUT/class.jsonl is the class's record, a line per student (a shard's: class-shard-K.*).\n"
    "Run again with the same options, it keeps the students its record holds. On many machines: the same\n"
    "command with --shard K/N on each (sharing OUT), then with --merge, which writes OUT/class.csv,\n"
    "OUT/class.html and OUT/class.jsonl from the shards' records.\n";

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
  for (const grade::GameEntry& e : entries) row.codes.push_back(e.code);
  grade::score_codes(grade::oj_order(settings.group), &row);  // the report as the record reads it back
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

// The class page at `path` (class.html, or a shard's own), written atomically:
// the table of `rows`, each student linked to its games.
bool write_class_page(const std::vector<grade::ClassRow>& rows, const fs::path& out, const std::string& path,
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
  return judge::write_file_atomically(path, grade::format_class_page(rows, heading, has_games, games_record), problem);
}

// grade-class's command line, and where the run starts: the uploads in name
// order (the units), those the class's record holds kept (a run again, a shard
// run again, --merge), and the plan of the rest.
struct ClassCommand {
  long long compile_limit_s = 120;
  bool analyze = false;
  Ways ways = Ways::kBoth;
  std::string out = "Results/class";
  fs::path uploads;
  std::vector<fs::path> zips;            // the uploads, in name order
  std::map<std::string, int> upload_of;  // a student's place in zips
  grade::Settings settings;
  judge::RunSettings run;  // --shard, --merge; the record OUT/<table>.jsonl
  std::string table;       // the table's files' name: "class", or a shard's "class-shard-K"
  std::string heading;
  std::vector<grade::ClassRow> kept;  // the rows the record holds
  judge::RunStart start;
};

// The words of the command line a setting of the record comes from.
const judge::SettingLabels kSettingLabels = {{"seed", "--seed"},
                                             {"group", "--group"},
                                             {"time_limit_ms", "--time-limit"},
                                             {"move_time_ms", "--move-time"},
                                             {"way", "--way"}};

const char* way_name(Ways ways) { return ways == Ways::kOj ? "oj" : ways == Ways::kPlugin ? "plugin" : "both"; }

// The settings every row line carries: those that change a student's grade.
std::string settings_json(const grade::Settings& s, Ways ways) {
  judge::JsonWriter json;
  return json.begin_object()
      .field("seed", s.seed)
      .field("group", s.group)
      .field("time_limit_ms", s.time_limit_ms)
      .field("move_time_ms", s.move_time_ms)
      .field("way", way_name(ways))
      .end_object()
      .str();
}

// How the class's record reads back: a line is the row of the upload its
// student names; unit i (in name order) is of shard i % N. Without --seed the
// run takes the record's.
judge::RecordFormat record_format(ClassCommand* command, bool seed_given) {
  judge::RecordFormat f;
  f.program = "grade-class";
  f.settings = [command] { return settings_json(command->settings, command->ways); };
  f.labels = kSettingLabels;
  f.read_unit = [command](const judge::JsonValue& v, int* index) -> std::string {
    const judge::JsonValue* student = v.find("student");
    if (!student || student->type != judge::JsonValue::kString) return "no student named";
    const auto upload = command->upload_of.find(student->text);
    if (upload == command->upload_of.end())
      return "student '" + student->text + "' has no upload in " + command->uploads.string();
    *index = upload->second;
    return "";
  };
  f.describe_unit = [command](int i) { return "the row of " + student_of(command->zips[i]); };
  f.shard_key = [](int i) { return i; };
  f.shard_rule = "the uploads i (in name order) with i % N == K";
  if (!seed_given)
    f.adopt = [command](const judge::JsonValue& settings) -> std::string {
      const judge::JsonValue* seed = settings.find("seed");
      if (!seed || !judge::parse_u64(seed->text, &command->settings.seed)) return "no seed in its settings";
      return "";
    };
  return f;
}

// The records --merge reads: every shard's in OUT, else the whole class's.
std::vector<std::string> records_to_merge(const std::string& out) {
  std::vector<std::string> records;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(out, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("class-shard-", 0) == 0 && e.path().extension() == ".jsonl") records.push_back(e.path().string());
  }
  std::sort(records.begin(), records.end());
  if (records.empty() && fs::exists(fs::path(out) / "class.jsonl", ec))
    records.push_back((fs::path(out) / "class.jsonl").string());
  return records;
}

int read_class_command(int argc, char** argv, ClassCommand* command) {
  grade::SettingsOptions grade_options;
  judge::RunSettings& run = command->run;
  Ways& ways = command->ways;
  std::string& out = command->out;
  judge::OptionTable command_line("grade-class", kUsageHead);
  grade_options.add_to(&command_line,
                       "the boards, the same for every student (default: the record's, else a fresh "
                       "seed, printed)");
  command_line
      .text("--out", "DIR", &out, "where the students' folders and class.csv go (default Results/class)", "a folder")
      .integer("--compile-time", "S", 1, 3600, &command->compile_limit_s, "seconds the compiler may take (default 120)",
               "seconds from 1 to 3600")
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
      .flag("--analyze", &command->analyze,
            "annotate each lost game with the engines' analysis (build/bin/analyze's default effort), so\n"
            "that the class page links it at its losing move");
  judge::RunRows rows;
  rows.seed = rows.jobs = rows.record = rows.html = rows.resume = rows.workdirs = rows.sandbox_report = false;
  rows.shard_help =
      "grade only the uploads i (in name order) with i % N == K, into OUT/class-shard-K.*\n"
      "(run again, it grades only the students its record lacks)";
  rows.merge_help = "grade nothing: the class's table, page and record from the shards' records in OUT";
  judge::add_run_options(&command_line, rows, &run);
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
  for (size_t i = 0; i < zips.size(); ++i) command->upload_of[student_of(zips[i])] = static_cast<int>(i);
  if (zips.empty()) return command_line.error("no uploads (<student>.zip) in '" + uploads.string() + "'");
  // The table's files and the record: OUT/class.*, or a shard's own OUT/class-shard-K.*.
  const std::string& table = command->table =
      run.shards > 1 ? "class-shard-" + std::to_string(run.shard) : std::string("class");
  run.record_path = (fs::path(out) / (table + ".jsonl")).string();
  run.resume = !run.merge;  // a run again keeps the students already graded
  run.have_seed = grade_options.have_seed();
  const std::vector<std::string> merged = run.merge ? records_to_merge(out) : std::vector<std::string>();
  judge::RunRules rules;
  rules.after = "in " + out + " (class-shard-K.jsonl, from grade-class --shard K/N)";
  if (const std::string broken = judge::check_run_settings(run, rules, run.merge ? merged.size() : 0); !broken.empty())
    return command_line.error(broken);
  fs::create_directories(out, ec);
  std::string problem;
  for (const char* extension : {".csv", ".html", ".jsonl"})
    if (!judge::path_is_writable((fs::path(out) / (table + extension)).string(), &problem))
      return command_line.error("class table: " + problem);
  command->settings = grade_options.settings();
  judge::RunStart& start = command->start =
      judge::start_run(run, record_format(command, grade_options.have_seed()), static_cast<int>(zips.size()), "student",
                       "students", merged);
  if (start.status != 0) {
    std::cerr << "grade-class: " << start.problem
              << (start.status == 2 && !run.merge ? " (grade into another --out, or remove the record to grade anew)"
                                                  : "")
              << "\n";
    return start.status;
  }
  const std::vector<grade::GameEntry> order = grade::oj_order(command->settings.group);
  for (const judge::RecordedUnit& unit : start.recorded) {
    grade::ClassRow row;
    if (!grade::read_row_line(unit.value, order, run.record_path + ": " + student_of(zips[unit.index]) + ": ", &row,
                              &problem)) {
      std::cerr << "grade-class: " << problem << "\n";
      return 2;
    }
    command->kept.push_back(row);
  }
  const grade::Settings& settings = command->settings;
  command->heading = std::to_string(zips.size()) + " uploads of " + uploads.string() + ", " + settings.describe() +
                     (ways == Ways::kBoth ? ""
                      : ways == Ways::kOj ? ", the OJ's way"
                                          : ", as plugins") +
                     (run.shards > 1 ? ", shard " + judge::shard_name(run.shard, run.shards) : std::string());
  return judge::OptionTable::kContinue;
}

// Grades this shard's uploads that its record lacks, in name order, each
// committed at once: its line to the record, the table and the page rewritten
// (--merge: only the files written); the exit status.
int grade_class(ClassCommand& command) {
  const std::vector<fs::path>& zips = command.zips;
  const judge::RunSettings& run = command.run;
  const judge::RunStart& start = command.start;
  const fs::path out = command.out;
  const grade::Settings& settings = command.settings;
  std::vector<grade::ClassRow> rows = command.kept;
  std::string problem;
  judge::ResultSink sink((out / (command.table + ".csv")).string(), run.record_path,
                         (out / (command.table + ".html")).string(),
                         [&](const std::string& path, const std::vector<std::string>&, std::string* error) {
                           return write_class_page(rows, out, path, command.heading, error);
                         });
  std::string csv = grade::format_class_csv(rows);
  if (!sink.start(&csv, &start.kept, start.page_lines, !run.merge)) {
    std::cerr << "grade-class: " << sink.error() << "\n";
    return 1;
  }
  if (run.merge) {
    std::cout << "Merged " << rows.size() << " students into " << (out / "class.csv").string() << ", "
              << (out / "class.html").string() << " and " << run.record_path << "\n";
    return 0;
  }
  std::cout << "Grading " << zips.size() << " uploads of " << command.uploads.string() << " (" << settings.describe()
            << ") into " << out.string() << "\n";
  for (const judge::RecordedUnit& unit : start.recorded)
    std::cout << "\n" << student_of(zips[unit.index]) << ": kept from " << run.record_path << std::endl;
  const std::string settings_object = settings_json(settings, command.ways);
  for (int i : start.plan) {
    const std::string student = student_of(zips[i]);
    std::cout << "\n" << student << ": " << std::flush;
    const grade::ClassRow row =
        grade_student(zips[i], out / grade::student_folder(student), settings,
                      static_cast<int>(command.compile_limit_s), command.ways, command.analyze, &problem);
    if (!problem.empty()) {
      std::cerr << "grade-class: " << problem << "\n";
      return 1;
    }
    std::cout << grade::status_text(row.status);
    if (row.status == grade::ClassRow::kGraded)
      std::cout << ", " << row.report.total << " points";
    else
      std::cout << ": " << row.detail;
    std::cout << std::endl;
    rows.push_back(row);
    csv = grade::format_class_csv(rows);
    if (!sink.commit(&csv, grade::row_line(row, settings_object,
                                           run.shards > 1 ? judge::shard_name(run.shard, run.shards) : ""))) {
      std::cerr << "grade-class: " << sink.error() << "\n";
      return 1;
    }
  }
  std::cout << "\nclass table: " << (out / (command.table + ".csv")).string()
            << ", page: " << (out / (command.table + ".html")).string() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (sample_tools::is_plugin_host(argc, argv)) return sample_tools::run_as_plugin_host(argv);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone
  ClassCommand command;
  if (const int status = read_class_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;
  return grade_class(command);
}
