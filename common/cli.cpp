#include "cli.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <random>

namespace judge {

bool parse_int(const std::string& text, long long min, long long max, long long* out) {
  // strtoll would skip leading white space: " 12" is not a number on a command line.
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return false;
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || v < min || v > max) return false;
  *out = v;
  return true;
}

bool parse_u64(const std::string& text, uint64_t* out) {
  // Digits only: strtoull skips white space and negates "-1" (even " -1") to 2^64 - 1.
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return false;
  *out = v;
  return true;
}

bool parse_shard(const std::string& text, int* index, int* count) {
  const size_t slash = text.find('/');
  long long k = 0, n = 0;
  if (slash == std::string::npos || !parse_int(text.substr(0, slash), 0, 999, &k) ||
      !parse_int(text.substr(slash + 1), 1, 1000, &n) || k >= n)
    return false;
  *index = static_cast<int>(k);
  *count = static_cast<int>(n);
  return true;
}

std::string path_beside_executable(const std::string& relative) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::string path = (self.parent_path() / relative).lexically_normal().string();
  if (path.size() > 1 && path.back() == '/') path.pop_back();  // "a/b/.." gives "a/": no trailing slash
  return path;
}

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(path, ec);
  return ec ? path : p.string();
}

int usage_error(const std::string& program, const std::string& usage, const std::string& problem) {
  std::cerr << program << ": " << problem << "\n" << usage;
  return 2;
}

uint64_t random_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

}  // namespace judge
