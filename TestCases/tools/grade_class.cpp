// grade-class: grades a whole class's uploads as the OJ grades one. Each
// <student>.zip of the uploads folder is checked and unpacked into a folder of
// its own, compiled with the OJ's command, and graded against the sample
// ladder; the class table (class.csv) is rewritten after every student.
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/options.h"
#include "class_table.h"
#include "grade_run.h"
#include "upload.h"

namespace {

namespace fs = std::filesystem;

const char kUsageHead[] =
    "usage: grade-class [options] <uploads folder>\n"
    "Grades every <student>.zip of the folder as the OJ grades Strategy.zip: unpacked into OUT/<student>/\n"
    "(refused: absolute paths, '..', links, over 100 KB, over 200 files), compiled there with\n"
    "g++ -Wall -std=c++11 -O2 -fpic -shared *.cpp, then graded against the samples (see Grade --help).\n"
    "OUT/class.csv ranks the class; OUT/<student>/grade.tsv holds each student's games.\n";

// The student's id: the upload's file name without ".zip".
std::string student_of(const fs::path& zip) { return zip.stem().string(); }

}  // namespace

int main(int argc, char** argv) {
  if (ladder_tools::is_plugin_host(argc, argv)) return ladder_tools::run_as_plugin_host(argv);

  uint64_t seed = 0;
  bool have_seed = false;
  long long group = 0, move_time_ms = 0, time_limit_ms = 3000, jobs = 1, compile_limit_s = 120;
  std::string samples_dir = judge::path_beside_executable("../../TestCases"), out = "Results/class";
  judge::OptionTable command_line("grade-class", kUsageHead);
  command_line.text("--out", "DIR", &out, "where the students' folders and class.csv go (default Results/class)", "a folder")
      .unsigned64("--seed", "S", &seed, "the boards, the same for every student (default: a fresh seed, printed)",
                  "an unsigned integer", &have_seed)
      .integer("--group", "G", 1, grade::kGroups, &group, "play group G (1..5) only", "a group from 1 to 5")
      .integer("--move-time", "MS", 1, 3600000, &move_time_ms, "sets STRATEGY_MOVE_MS=MS for each strategy",
               "milliseconds from 1 to 3600000")
      .integer("--time-limit", "MS", 1, 3600000, &time_limit_ms, "wall time per getPoint call (default 3000)",
               "milliseconds from 1 to 3600000")
      .integer("-j", "N", 1, 64, &jobs, "play N games at once (default 1)", "a whole number from 1 to 64")
      .integer("--compile-time", "S", 1, 3600, &compile_limit_s, "seconds the compiler may take (default 120)",
               "seconds from 1 to 3600")
      .text("--samples", "DIR", &samples_dir, "the folder of 1.so .. 50.so (default: the checkout's TestCases/)",
            "a folder");
  std::vector<std::string> words;
  if (const int status = command_line.parse(argc, argv, &words); status != judge::OptionTable::kContinue) return status;
  if (words.empty()) return command_line.error("missing the uploads folder");
  if (words.size() > 1) return command_line.error("unexpected argument '" + words[1] + "'");
  std::error_code ec;
  const fs::path uploads = words[0];
  if (!fs::is_directory(uploads, ec)) return command_line.error("uploads folder '" + uploads.string() + "' is not a folder");
  std::vector<fs::path> zips;
  for (const fs::directory_entry& e : fs::directory_iterator(uploads, ec))
    if (e.path().extension() == ".zip" && e.is_regular_file(ec)) zips.push_back(e.path());
  std::sort(zips.begin(), zips.end());
  if (zips.empty()) return command_line.error("no uploads (<student>.zip) in '" + uploads.string() + "'");
  if (!have_seed) seed = judge::random_seed();
  fs::create_directories(out, ec);
  const std::string table = (fs::path(out) / "class.csv").string();
  std::string problem;
  if (!judge::path_is_writable(table, &problem)) return command_line.error("class table: " + problem);

  grade::Settings settings;
  settings.seed = seed;
  settings.group = static_cast<int>(group);
  settings.move_time_ms = static_cast<int>(move_time_ms);
  settings.time_limit_ms = static_cast<int>(time_limit_ms);
  settings.jobs = static_cast<int>(jobs);
  settings.samples_dir = samples_dir;
  std::cout << "Grading " << zips.size() << " uploads of " << uploads.string() << " (" << settings.describe()
            << ") into " << out << "\n";

  std::vector<grade::ClassRow> rows;
  for (const fs::path& zip : zips) {
    grade::ClassRow row;
    row.student = student_of(zip);
    const fs::path folder = fs::path(out) / row.student;
    fs::remove_all(folder, ec);
    const fs::path source = folder / "upload";
    std::cout << "\n" << row.student << ": " << std::flush;
    if (!upload::unpack(zip.string(), source.string(), &problem)) {
      row.status = grade::ClassRow::kRejected;
      row.detail = problem;
    } else {
      const upload::CompileResult built = upload::compile(source.string(), static_cast<int>(compile_limit_s));
      row.compile_seconds = built.seconds;
      if (!built.ok) {
        row.status = grade::ClassRow::kCompileError;
        row.detail = built.first_lines;
      } else {
        std::vector<grade::PlayedGame> games;
        std::string error;
        const std::string plugin = fs::absolute(source / "Strategy.so").string();
        if (!grade::plan(plugin, settings, &games, &error) || !grade::play(&games, settings, [](size_t) {}, &error)) {
          std::cerr << "grade-class: " << error << "\n";
          return 1;
        }
        const std::vector<grade::GameEntry> entries = grade::entries_done(games);
        row.report = grade::score(entries);
        grade::count_forfeits(entries, &row);
        for (const grade::PlayedGame& g : games) row.think_seconds += g.strategy_us / 1e6;
        bool loaded = false;
        for (const grade::PlayedGame& g : games) {
          if (g.entry.code != c4::kALoadError && g.entry.code != c4::kAMissingSymbol) loaded = true;
          else if (row.detail.empty()) row.detail = g.reason;
        }
        if (!loaded) row.status = grade::ClassRow::kCannotLoad;
        if (!judge::write_file_atomically((folder / "grade.tsv").string(),
                                          grade::format_results(entries, "Grade of " + row.student + ", " +
                                                                             settings.describe()),
                                          &error)) {
          std::cerr << "grade-class: " << error << "\n";
          return 1;
        }
      }
    }
    std::cout << grade::status_text(row.status);
    if (row.status == grade::ClassRow::kGraded) std::cout << ", " << row.report.total << " points";
    else std::cout << ": " << row.detail;
    std::cout << std::endl;
    rows.push_back(row);
    // The table so far, rewritten whole: an interrupted run keeps every student graded.
    if (!judge::write_file_atomically(table, grade::format_class_csv(rows), &problem)) {
      std::cerr << "grade-class: " << problem << "\n";
      return 1;
    }
  }
  std::cout << "\nclass table: " << table << "\n";
  return 0;
}
