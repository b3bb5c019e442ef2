// The benchmark table: one row per agent and setting, from per-game records.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace bot2048 {

struct GameRecord {
  uint64_t score = 0;
  int max_tile = 0;
  int moves = 0;
  int moves_to[16] = {0};  // valid moves made when tile 2^e first appeared (0: never)
};

struct RunSummary {
  std::string agent;
  std::vector<GameRecord> games;
  double cpu_seconds = 0;  // the bot's CPU time for the whole run
  double mean_depth = 0;   // 0: not a depth search
  std::string verdict;     // "" : decided by the speed rule alone
  uint64_t total_moves() const;
};

void print_table_header(FILE* out);
void print_table_row(FILE* out, const RunSummary& run);

}  // namespace bot2048
