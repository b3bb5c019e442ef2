// Shared by the 2048 suites: a scratch folder, whole-file reads, rows from
// strings, and running the built programs (Run2048, PZ2048) as a user would.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../../common/sandbox.h"

namespace g2048_test {

inline std::string root() { return G2048_ROOT; }  // Game2048/
// A built program (build/bin/) and a built 2048 plugin (build/so/).
inline std::string program(const std::string& name) { return std::string(G2048_BUILD) + "/bin/" + name; }
inline std::string plugin(const std::string& name) { return std::string(G2048_BUILD) + "/so/" + name; }
inline std::string test_bot(const std::string& name) { return std::string(G2048_TEST_BOTS) + "/" + name + ".so"; }
inline std::string golden(const std::string& name) { return root() + "/tests/golden/" + name; }

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline bool file_exists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// A fresh folder under /tmp, removed with everything in it at the end.
class ScratchDir {
 public:
  ScratchDir() {
    char pattern[] = "/tmp/g2048_test_XXXXXX";
    path_ = ::mkdtemp(pattern);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

struct Outcome {
  int exit_code = -1;  // -1 if it did not exit normally
  std::string output;  // stdout and stderr together
};

// Runs `argv` (argv[0] a path) to its end, its output to a file; 120 s at most.
inline Outcome run_program(const std::vector<std::string>& argv, const ScratchDir& dir,
                           const std::vector<std::pair<std::string, std::string>>& env = {}) {
  static int serial = 0;
  const std::string out_path = dir.file("output_" + std::to_string(++serial) + ".txt");
  judge::SpawnOptions options;
  options.argv = argv;
  options.env = env;
  options.confine = false;  // the judge under test is trusted: it confines its own bots
  options.output_path = out_path;
  judge::Process process;
  Outcome outcome;
  std::string error;
  if (!process.start(options, &error)) {
    outcome.output = error;
    return outcome;
  }
  judge::ExitStatus status;
  if (!process.wait(judge::Deadline::after_ms(120000), &status)) process.kill(&status);
  if (status.kind == judge::ExitStatus::kExited) outcome.exit_code = status.code;
  outcome.output = read_file(out_path);
  return outcome;
}

// The lines of `text` that start with `prefix`.
inline std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.compare(0, prefix.size(), prefix) == 0) lines.push_back(line);
  return lines;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A stats file without its Time line (the CPU time varies between runs).
inline std::string without_time(const std::string& stats) { return stats.substr(0, stats.find("Time: ")); }

// A record without its CPU times (the only figures that vary between runs).
inline std::string without_cpu(const std::string& record) {
  std::string out;
  std::istringstream in(record);
  std::string line;
  while (std::getline(in, line)) {
    for (const char* key : {"\"bot_cpu_s\":", "\"bot_cpu_us\":"}) {
      const size_t at = line.find(key);
      if (at != std::string::npos) line.erase(at, line.find(',', at) - at);
    }
    out += line + "\n";
  }
  return out;
}

// Run2048's output without the CPU figures: each game line's CPU seconds and
// the summary's bot CPU line.
inline std::string without_cpu_lines(const std::string& output) {
  std::string out;
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 10, "  bot CPU ") == 0) continue;
    const size_t at = line.find("  cpu ");
    if (at != std::string::npos) line.erase(at, line.find(" s", at + 6) + 2 - at);
    out += line + "\n";
  }
  return out;
}

}  // namespace g2048_test
