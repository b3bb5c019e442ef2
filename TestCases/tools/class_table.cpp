#include "class_table.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "../../Compete/game.h"
#include "../../common/json.h"
#include "../../common/record_fields.h"

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

// The members of a row line that are one value each, in the line's order.
struct RowMembers {
  std::string student, status, detail;
  double compile_s = 0, think_s = 0;
};
const judge::RecordFields<RowMembers> kRowFields = {{"student", &RowMembers::student},
                                                    {"status", &RowMembers::status},
                                                    {"detail", &RowMembers::detail},
                                                    {"compile_s", &RowMembers::compile_s},
                                                    {"think_s", &RowMembers::think_s}};

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

void score_codes(const std::vector<GameEntry>& order, ClassRow* row) {
  std::vector<GameEntry> games = order;
  for (size_t i = 0; i < games.size() && i < row->codes.size(); ++i) games[i].code = row->codes[i];
  games.resize(std::min(games.size(), row->codes.size()));
  row->report = score(games);
  row->crashes = row->illegal_moves = row->timeouts = 0;
  count_forfeits(games, row);
}

std::string row_line(const ClassRow& row, const std::string& settings, const std::string& shard) {
  judge::JsonWriter json;
  json.begin_object();
  kRowFields.write(RowMembers{row.student, status_text(row.status), row.detail, row.compile_seconds, row.think_seconds},
                   &json);
  json.key("codes").begin_array();
  for (int code : row.codes) json.value(code);
  json.end_array().key("settings").raw(settings);
  if (!shard.empty()) json.field("shard", shard);
  return json.end_object().str();
}

bool read_row_line(const judge::JsonValue& line, const std::vector<GameEntry>& order, const std::string& where,
                   ClassRow* row, std::string* problem) {
  RowMembers m;
  if (!kRowFields.read(line, where, &m, problem)) return false;
  *row = ClassRow();
  row->student = m.student;
  row->detail = m.detail;
  row->compile_seconds = m.compile_s;
  row->think_seconds = m.think_s;
  bool known = false;
  for (ClassRow::Status st : {ClassRow::kGraded, ClassRow::kRejected, ClassRow::kCompileError, ClassRow::kCannotLoad})
    if (m.status == status_text(st)) row->status = st, known = true;
  if (!known)
    return *problem = where + "status '" + m.status + "' is not one of graded, rejected, compile error, cannot load",
           false;
  const judge::JsonValue* codes = line.find("codes");
  const bool played = row->status == ClassRow::kGraded || row->status == ClassRow::kCannotLoad;
  if (!codes || codes->type != judge::JsonValue::kArray || codes->items.size() != (played ? order.size() : 0))
    return *problem = where + "field 'codes' is not " + (played ? std::to_string(order.size()) : "no") +
                      " result codes (one per game of the grade)",
           false;
  for (const judge::JsonValue& code : codes->items) {
    long long c = 0;
    if (code.type != judge::JsonValue::kNumber || !judge::parse_int(code.text, -4, 8, &c))
      return *problem = where + "field 'codes' holds '" + code.dump() + "', not a result code", false;
    row->codes.push_back(static_cast<int>(c));
  }
  score_codes(order, row);
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
