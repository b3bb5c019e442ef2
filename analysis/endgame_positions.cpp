#include "endgame_positions.h"

#include <sstream>

#include "../common/cli.h"

namespace analysis {
namespace {

// "3.4.10" for the columns of `mask`, lowest first; "-" for none.
std::string column_list(uint16_t mask) {
  std::string text;
  for (int y = 0; y < 16; ++y)
    if ((mask >> y) & 1) text += (text.empty() ? "" : ".") + std::to_string(y);
  return text.empty() ? "-" : text;
}

// The numbers of "3.4.10" in [0, max], each into *out; "-" is none.
bool parse_list(const std::string& text, int max, std::vector<int>* out) {
  out->clear();
  if (text == "-") return true;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, '.');) {
    long long n = 0;
    if (!judge::parse_int(item, 0, max, &n)) return false;
    out->push_back(static_cast<int>(n));
  }
  return !out->empty() && text.back() != '.';
}

}  // namespace

const char* outcome_name(int outcome) { return outcome > 0 ? "win" : outcome < 0 ? "loss" : "draw"; }

std::string format_position(const EndgamePosition& p) {
  std::string moves;
  for (int y : p.columns) moves += (moves.empty() ? "" : ".") + std::to_string(y);
  return std::to_string(p.M) + " " + std::to_string(p.N) + " " + std::to_string(p.noX) + " " + std::to_string(p.noY) +
         " " + (moves.empty() ? "-" : moves) + " " + outcome_name(p.outcome) + " " + column_list(p.keeps) + " " +
         std::to_string(p.nodes);
}

bool replay(const EndgamePosition& p, c4engine::Geometry* geometry, c4engine::Position* pos, std::string* problem) {
  if (p.M < 4 || p.M > c4engine::kMaxSide || p.N < 4 || p.N > c4engine::kMaxSide || p.noX < 0 || p.noX >= p.M ||
      p.noY < 0 || p.noY >= p.N)
    return *problem = "not a board of 4..12 rows and columns with its blocked cell on it", false;
  geometry->init(p.M, p.N, p.noX, p.noY);
  pos->reset(geometry);
  for (size_t k = 0; k < p.columns.size(); ++k) {
    const int y = p.columns[k];
    if (y >= p.N || pos->free_row(y) < 0)
      return *problem = "move " + std::to_string(k + 1) + " (column " + std::to_string(y) + ") is not legal", false;
    if (pos->play(y)) return *problem = "move " + std::to_string(k + 1) + " connects four: the game is over", false;
  }
  return true;
}

bool parse_positions(const std::string& text, const std::string& source, std::vector<EndgamePosition>* positions,
                     std::string* problem) {
  std::stringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const std::string where = source + " line " + std::to_string(number) + ": ";
    std::stringstream words(line);
    std::string w[8], extra;
    for (std::string& word : w) words >> word;
    if (w[7].empty() || (words >> extra))
      return *problem = where + "not 'M N noX noY COLUMNS OUTCOME KEEPS NODES' (8 words)", false;
    EndgamePosition p;
    long long n[4], nodes = 0;
    for (int i = 0; i < 4; ++i)
      if (!judge::parse_int(w[i], 0, 99, &n[i]))
        return *problem = where + "'" + w[i] + "' is not a board size or blocked cell", false;
    p.M = static_cast<int>(n[0]), p.N = static_cast<int>(n[1]), p.noX = static_cast<int>(n[2]);
    p.noY = static_cast<int>(n[3]);
    if (!parse_list(w[4], 99, &p.columns))
      return *problem = where + "'" + w[4] + "' is not columns joined by '.'", false;
    if (w[5] != "win" && w[5] != "draw" && w[5] != "loss")
      return *problem = where + "outcome '" + w[5] + "' is not win, draw or loss", false;
    p.outcome = w[5] == "win" ? 1 : w[5] == "loss" ? -1 : 0;
    std::vector<int> keeps;
    if (!parse_list(w[6], 15, &keeps)) return *problem = where + "'" + w[6] + "' is not columns joined by '.'", false;
    for (int y : keeps) p.keeps |= static_cast<uint16_t>(1u << y);
    if (!judge::parse_int(w[7], 0, INT64_MAX, &nodes))
      return *problem = where + "'" + w[7] + "' is not a node count", false;
    p.nodes = nodes;
    c4engine::Geometry geometry;
    c4engine::Position pos;
    std::string why;
    if (!replay(p, &geometry, &pos, &why)) return *problem = where + why, false;
    if (pos.full() || (p.keeps & ~pos.open_columns()))
      return *problem = where + "a column of KEEPS is full, or the board is", false;
    positions->push_back(p);
  }
  return true;
}

}  // namespace analysis
