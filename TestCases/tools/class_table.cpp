#include "class_table.h"

#include <algorithm>
#include <cstdio>

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

std::string format_class_csv(std::vector<ClassRow> rows) {
  std::stable_sort(rows.begin(), rows.end(), [](const ClassRow& a, const ClassRow& b) {
    const bool ga = a.status == ClassRow::kGraded, gb = b.status == ClassRow::kGraded;
    if (ga != gb) return ga;
    if (ga && a.report.total != b.report.total) return a.report.total > b.report.total;
    return a.student < b.student;
  });
  std::string text =
      "rank,student,status,total,group1,group2,group3,group4,group5,won,tied,lost,crashes,illegal_moves,timeouts,"
      "compile_s,think_s,detail\n";
  int rank = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    const ClassRow& r = rows[i];
    const bool graded = r.status == ClassRow::kGraded;
    if (graded && (i == 0 || rows[i - 1].report.total != r.report.total)) rank = static_cast<int>(i) + 1;
    text += (graded ? std::to_string(rank) : std::string()) + "," + csv_field(r.student) + "," + status_text(r.status);
    text += "," + (graded ? std::to_string(r.report.total) : std::string());
    for (int g = 1; g <= kGroups; ++g)
      text += "," + (graded && r.report.games[g] ? std::to_string(r.report.points[g]) : std::string());
    const int counts[] = {r.report.wins, r.report.ties, r.report.losses, r.crashes, r.illegal_moves, r.timeouts};
    for (int c : counts) text += "," + (graded ? std::to_string(c) : std::string());
    text += "," + seconds(r.compile_seconds) + "," + seconds(r.think_seconds) + "," + csv_field(r.detail) + "\n";
  }
  return text;
}

}  // namespace grade
