// Fuzz target: a judge's record (JSON Lines) as it is read back: every line by
// the JSON reader that resume and merge use, the whole text by the replay
// page's record reader (kind detection and per-field checks).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "../../common/json_read.h"
#include "../../viewer/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    judge::JsonValue value;
    std::string error;
    if (judge::parse_json(line, &value, &error)) {
      const std::string again = value.dump();  // what a merge writes back must read back the same
      judge::JsonValue reread;
      if (!judge::parse_json(again, &reread, &error) || reread != value) __builtin_trap();
    } else if (error.empty()) {
      __builtin_trap();  // a refusal always says why
    }
  }
  viewer::Record record;
  std::string error;
  if (!viewer::parse_record(text, "fuzz.jsonl", &record, &error) && error.empty()) __builtin_trap();
  return 0;
}
