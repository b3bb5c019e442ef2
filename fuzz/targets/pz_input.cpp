// Fuzz target: the PZ2048 course's test input (header, then operations).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "../../Game2048/pz/transcript.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out, console;
  std::string error;
  if (!g2048::pz::run_transcript(in, out, console, &error) && error.empty()) __builtin_trap();
  return 0;
}
