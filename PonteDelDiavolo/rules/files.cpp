#include "files.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace pdd {
namespace {

// Splits into lines on '\n', dropping one '\r' before it; keeps a last unterminated line.
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Strict non-negative decimal integer (no sign), at most 9 digits.
bool parse_small_int(const std::string& s, int* out) {
  if (s.empty() || s.size() > 9) return false;
  int v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + (ch - '0');
  }
  *out = v;
  return true;
}

std::string shown(const std::string& s) {
  std::string out;
  for (char ch : s.substr(0, 40)) out += (ch >= 32 && ch < 127) ? ch : '?';
  if (s.size() > 40) out += "...";
  return "'" + out + "'";
}

bool parse_pair(const std::string& s, int* cell) {
  size_t comma = s.find(',');
  int x, y;
  if (comma == std::string::npos || !parse_small_int(s.substr(0, comma), &x) ||
      !parse_small_int(s.substr(comma + 1), &y) || !on_board(x, y))
    return false;
  *cell = cell_at(x, y);
  return true;
}

}  // namespace

bool parse_grid(const std::string& text, const std::string& name, int max_value, Grid* out, std::string* error) {
  std::vector<std::string> lines = split_lines(text);
  while (!lines.empty() && trim(lines.back()).empty()) lines.pop_back();
  if (lines.size() != static_cast<size_t>(kSize)) {
    *error = name + ": expected " + std::to_string(kSize) + " lines of " + std::to_string(kSize) + " values, found " +
             std::to_string(lines.size()) + " lines";
    return false;
  }
  for (int y = 0; y < kSize; ++y) {
    std::vector<std::string> fields;
    std::stringstream ss(lines[y]);
    std::string f;
    while (std::getline(ss, f, ',')) fields.push_back(trim(f));
    if (!lines[y].empty() && lines[y].back() == ',') fields.push_back("");
    if (fields.size() != static_cast<size_t>(kSize)) {
      *error = name + " line " + std::to_string(y + 1) + ": expected " + std::to_string(kSize) +
               " comma-separated values, found " + std::to_string(fields.size()) + " in " + shown(lines[y]);
      return false;
    }
    for (int x = 0; x < kSize; ++x) {
      int v;
      if (!parse_small_int(fields[x], &v) || v > max_value) {
        *error = name + " line " + std::to_string(y + 1) + ", value " + std::to_string(x + 1) + ": " +
                 shown(fields[x]) +
                 (max_value == 2 ? " is not 0, 1 or 2" : " is not a bridge number (0 or a positive integer)");
        return false;
      }
      (*out)[cell_at(x, y)] = v;
    }
  }
  return true;
}

std::string format_grid(const Grid& grid) {
  std::string s;
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      if (x) s += ',';
      s += std::to_string(grid[cell_at(x, y)]);
    }
    s += '\n';
  }
  return s;
}

Grid chess_grid(const Board& board) {
  Grid g;
  for (int c = 0; c < kCells; ++c) g[c] = board.at(c);
  return g;
}

Grid bridge_grid(const Board& board) {
  Grid g;
  g.fill(0);
  for (int i = 0; i < board.bridge_count(); ++i) {
    g[board.bridge(i).a] = i + 1;
    g[board.bridge(i).b] = i + 1;
  }
  return g;
}

bool board_from_grids(const Grid& chess, const Grid& bridges, Board* out, std::string* error) {
  Board board;
  for (int c = 0; c < kCells; ++c) board.set_tile(c, static_cast<Colour>(chess[c]));
  int highest = 0;
  for (int c = 0; c < kCells; ++c) highest = std::max(highest, bridges[c]);
  if (highest > kMaxBridges) {
    *error = "bridge.txt: bridge number " + std::to_string(highest) + " is impossible on a 10x10 board";
    return false;
  }
  for (int k = 1; k <= highest; ++k) {
    int ends[3], n = 0;
    for (int c = 0; c < kCells && n < 3; ++c)
      if (bridges[c] == k) ends[n++] = c;
    if (n != 2) {
      *error = "bridge.txt: bridge " + std::to_string(k) + " marks " + std::to_string(n) + " cells, expected 2";
      return false;
    }
    if (bridge_id(ends[0], ends[1]) < 0) {
      *error = "bridge.txt: bridge " + std::to_string(k) + " joins " + cell_name(ends[0]) + " and " +
               cell_name(ends[1]) + ", which are not at distance 2";
      return false;
    }
    board.add_bridge(ends[0], ends[1]);
  }
  *out = board;
  return true;
}

bool parse_steplog(const std::string& text, std::vector<StepRecord>* out, std::string* error) {
  out->clear();
  std::vector<std::string> lines = split_lines(text);
  while (!lines.empty() && trim(lines.back()).empty()) lines.pop_back();
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = trim(lines[i]);
    std::vector<std::string> parts;
    std::stringstream ss(line);
    std::string part;
    while (std::getline(ss, part, '_')) parts.push_back(part);
    StepRecord r;
    int a, b;
    bool ok = parts.size() == 5 && (parts[0] == "W" || parts[0] == "B") && parse_small_int(parts[1], &r.turn) &&
              parse_pair(parts[3], &a) && parse_pair(parts[4], &b) && a != b;
    if (ok) {
      r.colour = parts[0] == "W" ? kWhite : kBlack;
      if (parts[2] == "Chess")
        r.action = Action::make(Action::kChess, a, b);
      else if (parts[2] == "Bridge")
        r.action = Action::make(Action::kBridge, a, b);
      else if (parts[2] == "Change")
        r.action = Action::make(Action::kChange, a, b);
      else
        ok = false;
    }
    if (!ok) {
      *error = "stepLog.txt line " + std::to_string(i + 1) + ": " + shown(lines[i]) +
               " is not Colour_Turn_Action_x1,y1_x2,y2";
      return false;
    }
    out->push_back(r);
  }
  return true;
}

std::string format_step(const StepRecord& r) {
  const Action& a = r.action;
  return std::string(1, colour_letter(r.colour)) + "_" + std::to_string(r.turn) + "_" + kind_name(a.kind) + "_" +
         std::to_string(cell_x(a.a)) + "," + std::to_string(cell_y(a.a)) + "_" + std::to_string(cell_x(a.b)) + "," +
         std::to_string(cell_y(a.b));
}

bool read_text_file(const std::string& path, std::string* out, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot read " + path + ": " + std::strerror(errno);
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

bool write_text_file(const std::string& path, const std::string& content, std::string* error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  out.flush();
  if (!out) {
    *error = "cannot write " + path + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace pdd
