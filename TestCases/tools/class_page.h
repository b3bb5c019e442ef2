// The class page (class.html beside class.csv): the class table as one HTML
// file, ranked as the CSV, each student's row linking the replay page of that
// student's games (<student>/games.html, written by the viewer module). Every
// name and every line of compiler output is escaped: it stays text.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "class_table.h"

namespace grade {

// The page for `rows`. `heading` says what was graded (shown as text);
// `has_games(student)` says whether that student's games page exists, to link.
std::string format_class_page(std::vector<ClassRow> rows, const std::string& heading,
                              const std::function<bool(const std::string&)>& has_games);

// The link to a student's games page, relative to the class page: the folder
// name percent-encoded (every byte but letters, digits and -._~).
std::string games_page_link(const std::string& student);

}  // namespace grade
