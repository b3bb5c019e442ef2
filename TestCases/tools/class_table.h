// The class table: one row per upload, ranked by grade. Graded rows come
// first, best grade first (equal grades share a rank, students in name
// order); rejected uploads, compile errors and plugins that cannot be loaded
// follow, each with the reason.
#pragma once
#include <string>
#include <vector>

#include "../../common/json_read.h"
#include "grade_score.h"

namespace grade {

struct ClassRow {
  std::string student;  // the upload's name without ".zip"
  enum Status { kGraded, kRejected, kCompileError, kCannotLoad } status = kGraded;
  std::string detail;  // why it was not graded: the check, the compiler's first lines, the load error
  Report report;       // kGraded (and kCannotLoad: the games played)
  int crashes = 0, illegal_moves = 0, timeouts = 0;  // the strategy's forfeits by kind
  double compile_seconds = 0, think_seconds = 0;
  std::vector<int> codes;  // the strategy's result code of each game, in the OJ's order (graded, cannot load)
};

// The student's folder under the output folder: the student's id when it is a
// plain name, else "upload-" and the id's bytes in hex (an id such as "..",
// ".hidden" or "class" must not name, or reach, anything but its own folder).
std::string student_folder(const std::string& student);

const char* status_text(ClassRow::Status status);  // "graded", "rejected", "compile error", "cannot load"

// Counts the strategy's forfeits in `games` into the row's three kinds.
void count_forfeits(const std::vector<GameEntry>& games, ClassRow* row);

// Counts the games, points and forfeits of row->codes (the games of `order`,
// the grade's games in the OJ's order) into its report.
void score_codes(const std::vector<GameEntry>& order, ClassRow* row);

// A student's row as a line of the class's record (OUT/class.jsonl, a shard's
// OUT/class-shard-K.jsonl): its student, status, detail, compile and thinking
// seconds, the strategy's result code of each game in the OJ's order
// ("codes"), then the settings object `settings` and, for a shard,
// "shard":"K/N". The games themselves are in OUT/<student>/.
std::string row_line(const ClassRow& row, const std::string& settings, const std::string& shard);
// Reads a row line back, its report scored over `order`. False with
// *problem = where + the member that is missing or wrong.
bool read_row_line(const judge::JsonValue& line, const std::vector<GameEntry>& order, const std::string& where,
                   ClassRow* row, std::string* problem);

// A graded row's rank, shared by students with equal grades (0: not graded).
struct RankedRow {
  int rank = 0;
  ClassRow row;
};
// The rows in the table's order: graded first, best grade first, equal grades
// and the ungraded in student name order.
std::vector<RankedRow> rank_rows(std::vector<ClassRow> rows);

// The CSV (RFC 4180 quoting): a header line, then the rows in rank order:
// rank,student,status,total,group1..group5,won,tied,lost,crashes,illegal_moves,timeouts,compile_s,think_s,detail
std::string format_class_csv(std::vector<ClassRow> rows);

}  // namespace grade
