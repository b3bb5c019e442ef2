// What the suites that drive the kit's programs from a shell share: a file's
// text, a command run from a folder with its output, a scratch folder.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace test_shell {

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `command` with /bin/sh in `folder`; its exit status (-1 if it did not
// exit), its standard output and error in *output.
inline int run_in(const std::string& folder, const std::string& command, std::string* output = nullptr) {
  std::string text;
  FILE* pipe = popen(("cd '" + folder + "' && " + command + " 2>&1").c_str(), "r");
  if (!pipe) return -1;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) text.append(buffer, n);
  const int status = pclose(pipe);
  if (output) *output = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A fresh folder under /tmp, removed with everything in it on destruction.
class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/kit_test.XXXXXX";
    const char* made = ::mkdtemp(name);
    path_ = made ? made : "/tmp";
  }
  ~TempDir() {
    std::error_code ec;
    if (path_ != "/tmp") std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// The same, as a std::filesystem::path member.
struct ScratchDir {
  std::filesystem::path path;
  ScratchDir() {
    char pattern[] = "/tmp/kit_test_XXXXXX";
    path = ::mkdtemp(pattern);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace test_shell
