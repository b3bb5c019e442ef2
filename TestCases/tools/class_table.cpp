#include "class_table.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../../Compete/game.h"

namespace grade {
namespace {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c == '\n' || c == '\r' ? ' ' : c;
  }
  return quoted + "\"";
}

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", s);
  return text;
}

// A value of row.txt on one line: a line break as \n, a backslash as \\, other controls as spaces.
std::string escape_value(const std::string& text) {
  std::string value;
  for (char c : text) {
    if (c == '\\')
      value += "\\\\";
    else if (c == '\n')
      value += "\\n";
    else
      value += c == '\r' || c == '\t' ? ' ' : c;
  }
  return value;
}

// A value as escape_value wrote it.
std::string unescape_value(const std::string& value) {
  std::string text;
  for (size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '\\' && i + 1 < value.size() && (value[i + 1] == 'n' || value[i + 1] == '\\'))
      text += value[++i] == 'n' ? '\n' : '\\';
    else
      text += value[i];
  }
  return text;
}

}  // namespace

const char* status_text(ClassRow::Status status) {
  switch (status) {
    case ClassRow::kGraded: return "graded";
    case ClassRow::kRejected: return "rejected";
    case ClassRow::kCompileError: return "compile error";
    case ClassRow::kCannotLoad: return "cannot load";
  }
  return "?";
}

void count_forfeits(const std::vector<GameEntry>& games, ClassRow* row) {
  for (const GameEntry& g : games) {
    row->crashes += g.code == c4::kARuntimeError;
    row->illegal_moves += g.code == c4::kAIllegalMove;
    row->timeouts += g.code == c4::kATimeout;
  }
}

std::string format_row_file(const ClassRow& row, const std::string& config, const std::string& shard) {
  return "config\t" + config + "\nshard\t" + shard + "\nstudent\t" + escape_value(row.student) + "\nstatus\t" +
         status_text(row.status) + "\ndetail\t" + escape_value(row.detail) + "\ncompile_s\t" +
         seconds(row.compile_seconds) + "\nthink_s\t" + seconds(row.think_seconds) + "\n";
}

bool read_row_file(const std::string& folder, ClassRow* row, std::string* config, std::string* shard,
                   std::string* problem) {
  const std::string path = folder + "/row.txt";
  std::ifstream in(path, std::ios::binary);
  if (!in) return *problem = path + ": cannot be read", false;
  *row = ClassRow();
  std::string line, status;
  int number = 0;
  bool have[7] = {false};
  const char* keys[] = {"config", "shard", "student", "status", "detail", "compile_s", "think_s"};
  while (std::getline(in, line)) {
    ++number;
    const size_t tab = line.find('\t');
    const std::string key = line.substr(0, tab), value = tab == std::string::npos ? "" : line.substr(tab + 1);
    int k = 0;
    while (k < 7 && key != keys[k]) ++k;
    if (k == 7 || tab == std::string::npos)
      return *problem = path + ": line " + std::to_string(number) + ": unknown field '" + key + "'", false;
    have[k] = true;
    if (k == 0) *config = value;
    if (k == 1) *shard = value;
    if (k == 2) row->student = unescape_value(value);
    if (k == 3) status = value;
    if (k == 4) row->detail = unescape_value(value);
    if (k == 5) row->compile_seconds = std::atof(value.c_str());
    if (k == 6) row->think_seconds = std::atof(value.c_str());
  }
  for (int k = 0; k < 7; ++k)
    if (!have[k]) return *problem = path + ": no field '" + keys[k] + "'", false;
  const ClassRow::Status all[] = {ClassRow::kGraded, ClassRow::kRejected, ClassRow::kCompileError,
                                  ClassRow::kCannotLoad};
  bool known = false;
  for (ClassRow::Status st : all)
    if (status == status_text(st)) row->status = st, known = true;
  if (!known)
    return *problem = path + ": status '" + status + "' is not one of graded, rejected, compile error, cannot load",
           false;
  if (row->status == ClassRow::kGraded || row->status == ClassRow::kCannotLoad) {
    std::ifstream games_in(folder + "/grade.tsv", std::ios::binary);
    std::stringstream text;
    text << games_in.rdbuf();
    std::vector<GameEntry> games;
    std::string error;
    if (!games_in || !parse_results(text.str(), &games, &error))
      return *problem = folder + "/grade.tsv: " + (games_in ? error : "cannot be read"), false;
    row->report = score(games);
    count_forfeits(games, row);
  }
  return true;
}

std::vector<RankedRow> rank_rows(std::vector<ClassRow> rows) {
  std::stable_sort(rows.begin(), rows.end(), [](const ClassRow& a, const ClassRow& b) {
    const bool ga = a.status == ClassRow::kGraded, gb = b.status == ClassRow::kGraded;
    if (ga != gb) return ga;
    if (ga && a.report.total != b.report.total) return a.report.total > b.report.total;
    return a.student < b.student;
  });
  std::vector<RankedRow> ranked(rows.size());
  int rank = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    const bool graded = rows[i].status == ClassRow::kGraded;
    if (graded && (i == 0 || rows[i - 1].report.total != rows[i].report.total)) rank = static_cast<int>(i) + 1;
    ranked[i].rank = graded ? rank : 0;
    ranked[i].row = std::move(rows[i]);
  }
  return ranked;
}

std::string format_class_csv(std::vector<ClassRow> rows) {
  std::string text =
      "rank,student,status,total,group1,group2,group3,group4,group5,won,tied,lost,crashes,illegal_moves,timeouts,"
      "compile_s,think_s,detail\n";
  for (const RankedRow& ranked : rank_rows(std::move(rows))) {
    const ClassRow& r = ranked.row;
    const bool graded = r.status == ClassRow::kGraded;
    text += (graded ? std::to_string(ranked.rank) : std::string()) + "," + csv_field(r.student) + "," +
            status_text(r.status);
    text += "," + (graded ? std::to_string(r.report.total) : std::string());
    for (int g = 1; g <= kGroups; ++g)
      text += "," + (graded && r.report.games[g] ? std::to_string(r.report.points[g]) : std::string());
    const int counts[] = {r.report.wins, r.report.ties, r.report.losses, r.crashes, r.illegal_moves, r.timeouts};
    for (int c : counts) text += "," + (graded ? std::to_string(c) : std::string());
    text += "," + seconds(r.compile_seconds) + "," + seconds(r.think_seconds) + "," + csv_field(r.detail) + "\n";
  }
  return text;
}

std::string student_folder(const std::string& student) {
  const bool plain = !student.empty() && student.size() <= 200 && student[0] != '.' &&
                     student.compare(0, 5, "class") != 0 && student.find('/') == std::string::npos &&
                     student.find('\0') == std::string::npos;
  if (plain) return student;
  static const char hex[] = "0123456789abcdef";
  std::string folder = "upload-";
  for (unsigned char c : student.substr(0, 100)) folder += std::string(1, hex[c >> 4]) + hex[c & 15];
  return folder;
}

}  // namespace grade
