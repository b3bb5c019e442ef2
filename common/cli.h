// Small helpers for judges' command lines: strict number parsing.
#pragma once
#include <cstdint>
#include <string>

namespace judge {

// Parses all of `text` as a decimal integer within [min, max].
bool parse_int(const std::string& text, long long min, long long max, long long* out);
// Parses all of `text` as an unsigned 64-bit decimal integer.
bool parse_u64(const std::string& text, uint64_t* out);
// `path` made absolute against the working folder (unchanged if that fails),
// so that a child started in another folder still finds the file.
std::string absolute_path(const std::string& path);
// `relative` resolved against the folder of the running executable, so that a
// tool finds its data wherever the checkout lies (no compiled-in absolute path).
std::string path_beside_executable(const std::string& relative);
// Prints "<program>: <problem>" and the usage text on stderr; returns 2, the
// exit status of every judge for a bad command line.
int usage_error(const std::string& program, const std::string& usage, const std::string& problem);
// Parses "K/N" (0 <= K < N <= 1000): shard K of N, the units i with i % N == K.
bool parse_shard(const std::string& text, int* index, int* count);
// A fresh seed from the operating system.
uint64_t random_seed();

}  // namespace judge
