// Start boards for stage-2 training: the positions at which greedy self-play
// first reached the stage-2 tile (td_trainer.h, play_until_tile).
//
// A text file, one board per line: 16 hex digits, the engine's 64-bit layout
// (cell r*4+c holds its tile's exponent in bits 4*(r*4+c)). Lines starting
// with '#' are comments.
#pragma once
#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace train2048 {

inline bool write_start_boards(const std::string& path, const std::vector<uint64_t>& boards, const std::string& comment,
                               std::string* error) {
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "w");
  if (!f) {
    *error = "cannot create start boards file '" + tmp + "': " + std::strerror(errno);
    return false;
  }
  bool ok = comment.empty() || std::fprintf(f, "# %s\n", comment.c_str()) > 0;
  for (uint64_t b : boards) ok = ok && std::fprintf(f, "%016" PRIx64 "\n", b) == 17;
  if (std::fclose(f) != 0 || !ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    *error = "cannot write start boards file '" + path + "': " + std::strerror(errno);
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

// Reads every board of the file; false with *error naming the file and the
// line on a malformed line, or if the file holds no board.
inline bool read_start_boards(const std::string& path, std::vector<uint64_t>* boards, std::string* error) {
  FILE* f = std::fopen(path.c_str(), "r");
  if (!f) {
    *error = "cannot open start boards file '" + path + "': " + std::strerror(errno);
    return false;
  }
  boards->clear();
  char line[256];
  int number = 0;
  while (std::fgets(line, sizeof line, f)) {
    ++number;
    if (line[0] == '#' || line[0] == '\n') continue;
    size_t n = 0;
    while (std::isxdigit(static_cast<unsigned char>(line[n]))) ++n;
    if (n != 16 || (line[n] != '\n' && line[n] != 0)) {
      std::fclose(f);
      *error = "start boards file '" + path + "' line " + std::to_string(number) + ": not 16 hex digits";
      return false;
    }
    boards->push_back(std::strtoull(line, nullptr, 16));
  }
  std::fclose(f);
  if (boards->empty()) {
    *error = "start boards file '" + path + "' holds no board";
    return false;
  }
  return true;
}

}  // namespace train2048
