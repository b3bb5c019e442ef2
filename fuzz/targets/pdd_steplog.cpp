// Fuzz target: stepLog.txt. Whatever parses formats back to lines that parse
// to the same records.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../../PonteDelDiavolo/rules/files.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<pdd::StepRecord> steps;
  std::string error;
  if (!pdd::parse_steplog(text, &steps, &error)) {
    if (error.empty()) __builtin_trap();
    return 0;
  }
  std::string again;
  for (const pdd::StepRecord& r : steps) again += pdd::format_step(r) + "\n";
  std::vector<pdd::StepRecord> reparsed;
  if (!pdd::parse_steplog(again, &reparsed, &error) || reparsed.size() != steps.size()) __builtin_trap();
  for (size_t i = 0; i < steps.size(); ++i)
    if (pdd::format_step(reparsed[i]) != pdd::format_step(steps[i])) __builtin_trap();
  return 0;
}
