// What the suites of common/ share: a scratch folder, a file's text, a
// folder's names, whether a process is alive, and the sandbox tests' child.
#pragma once
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../cli.h"
#include "shell.h"

namespace kit_test {

using test_shell::read_file;
using test_shell::TempDir;

// The names in a folder, sorted, without . and ..
inline std::vector<std::string> list_dir(const std::string& path) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(path, ec)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// True if `pid` is a process that has not ended (a zombie has).
inline bool process_alive(pid_t pid) {
  const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  const size_t paren = stat.rfind(')');
  if (stat.empty() || paren == std::string::npos || paren + 2 >= stat.size()) return false;
  return stat[paren + 2] != 'Z' && stat[paren + 2] != 'X';
}

// The child program the sandbox tests run (sandbox_child.cpp), built beside the suite.
inline std::string sandbox_child() { return judge::path_beside_executable("sandbox_child"); }

}  // namespace kit_test
