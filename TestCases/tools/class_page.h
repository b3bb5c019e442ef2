// The class page (class.html beside class.csv): the class table as one HTML
// file, ranked as the CSV, each student's row linking the replay page of that
// student's games (<student>/games.html, written by the viewer module) and
// each game they lost at the move that lost it. Every name and every line of
// compiler output is escaped: it stays text.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "class_table.h"

namespace grade {

// A game a student lost, as the class page links it: the game's number on the
// student's replay page (its games in round, then game order, from 1), the
// step the link opens (the losing move of an annotated record, else "end"),
// the sample and who moved first.
struct LostGame {
  int game = 0;
  std::string step;
  int sample = 0;
  bool strategy_first = true;
};
// The games the strategy (side A) lost in a student's record (games.jsonl:
// Compete's lines, plain or annotated by build/bin/analyze), in page order. A
// record that does not read gives none.
std::vector<LostGame> lost_games(const std::string& record);

// The page for `rows`. `heading` says what was graded (shown as text);
// `has_games(student)` says whether that student's games page exists, to link;
// `games_record(student)`, when given, the text of that student's record, whose
// lost games the page links at their losing move (games.html#game=N&step=K).
std::string format_class_page(std::vector<ClassRow> rows, const std::string& heading,
                              const std::function<bool(const std::string&)>& has_games,
                              const std::function<std::string(const std::string&)>& games_record = nullptr);

// The link to a student's games page, relative to the class page: the folder
// name percent-encoded (every byte but letters, digits and -._~).
std::string games_page_link(const std::string& student);

}  // namespace grade
