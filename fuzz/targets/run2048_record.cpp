// Fuzz target: a Run2048 record as a shard run again or --merge reads it back
// into game results: every line checked (JSON, settings, figures, shard),
// every refusal saying why; what is read must be a game of the run.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../../Game2048/runner/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  g2048::RunConfig config;
  config.bot_argument = "bot.so";
  config.seed = 5;
  config.games = 7;
  std::vector<g2048::RecordedGame> games;
  bool torn = false;
  std::string problem;
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!g2048::read_run_record(text, "fuzz.jsonl", config, &games, &torn, &problem)) {
    if (problem.empty()) __builtin_trap();  // a refusal always says why
    return 0;
  }
  std::vector<bool> seen(config.games, false);
  for (const g2048::RecordedGame& g : games) {
    const int i = g.record.game - 1;
    if (i < 0 || i >= config.games || seen[i] || g.record.bot_cpu_us < 0) __builtin_trap();
    seen[i] = true;
    for (int64_t at : g.record.reached)
      if (at > g.record.moves) __builtin_trap();
  }
  return 0;
}
