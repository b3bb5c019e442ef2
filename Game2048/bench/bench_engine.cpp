// bench-2048-engine: raw moves per second of the 4x4 table engine (and of the
// generic rules, for the ratio), then the runner's overhead per move with a
// bot that takes almost no time.
//   usage: bench_engine <Run2048> <bot.so>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../common/clock.h"
#include "../../common/options.h"
#include "../engine/board4.h"
#include "../engine/slide.h"
#include "../engine/streams.h"
#include "../runner/run.h"

namespace {

using g2048::b4::Board;

// Boards from random play: what a search really sees.
std::vector<Board> sample_boards(size_t count) {
  std::vector<Board> boards;
  g2048::SplitMix64 rng(12345);
  Board b = 0;
  while (boards.size() < count) {
    if (b == 0 || g2048::b4::is_game_over(b)) {
      b = g2048::b4::spawn(g2048::b4::spawn(0, static_cast<int>(rng.below(16)), 1), static_cast<int>(rng.below(15)), 1);
    }
    const int dir = static_cast<int>(rng.below(4));
    Board next = g2048::b4::move(b, dir);
    if (next == b) continue;
    b = g2048::b4::spawn(next, static_cast<int>(rng.below(g2048::b4::count_empty(next))), rng.below(10) ? 1 : 2);
    boards.push_back(b);
  }
  return boards;
}

template <class Fn>
double moves_per_second(const std::vector<Board>& boards, int rounds, Fn fn, uint64_t* sink) {
  judge::Stopwatch watch;
  uint64_t acc = 0;
  for (int r = 0; r < rounds; ++r)
    for (Board b : boards)
      for (int dir = 0; dir < 4; ++dir) acc += fn(b, dir);
  *sink += acc;
  return static_cast<double>(boards.size()) * 4 * rounds / (watch.elapsed_us() / 1e6);
}

// Moves in a dependent chain (each result is the next input, as in a game or a
// search path): a latency bound rather than a throughput one.
double chained_moves_per_second(const std::vector<Board>& boards, int rounds, uint64_t* sink) {
  judge::Stopwatch watch;
  uint64_t acc = 0;
  int64_t count = 0;
  for (int r = 0; r < rounds; ++r)
    for (size_t i = 0; i < boards.size(); ++i) {
      Board b = boards[i] ^ acc;  // depends on the previous chain's result
      for (int step = 0; step < 8; ++step) {
        uint32_t gained;
        b = g2048::b4::move(b, (step + static_cast<int>(i)) & 3, &gained);
        acc += gained;
      }
      acc = (acc + b) & 0x1;  // keep the dependency, perturb the next board by at most one bit
      count += 8;
    }
  *sink += acc;
  return count / (watch.elapsed_us() / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  judge::OptionTable options("bench_engine",
                             "usage: bench_engine <Run2048> <bot.so>\n"
                             "Moves per second of the 2048 engines, then Run2048's overhead per move with <bot.so>.\n");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (positional.size() != 2) return options.error("expected two arguments, Run2048 and the bot");
  const std::vector<Board> boards = sample_boards(1 << 16);
  uint64_t sink = 0;
  std::vector<double> table, chained, generic;
  for (int trial = 0; trial < 5; ++trial) {
    table.push_back(moves_per_second(
        boards, 40,
        [](Board b, int dir) {
          uint32_t gained;
          return g2048::b4::move(b, dir, &gained) + gained;
        },
        &sink));
    chained.push_back(chained_moves_per_second(boards, 20, &sink));
    generic.push_back(moves_per_second(
        boards, 4,
        [](Board b, int dir) {
          int cells[16];
          g2048::b4::to_values(b, cells);
          int64_t gained = 0;
          return static_cast<uint64_t>(g2048::slide_board(cells, 4, 4, dir, &gained)) + cells[0] + gained;
        },
        &sink));
  }
  std::printf("2048 engine, %zu boards from random play x 4 directions, median of 5 trials (one core):\n",
              boards.size());
  std::printf("  table engine (board4.h move):   %7.1f M moves/s\n", g2048::median(table) / 1e6);
  std::printf("  table engine, dependent chain:  %7.1f M moves/s (each move waits for the last)\n",
              g2048::median(chained) / 1e6);
  std::printf("  generic rules (slide.h, + unpacking): %5.1f M moves/s (table engine %.1fx faster)\n",
              g2048::median(generic) / 1e6, g2048::median(table) / g2048::median(generic));

  // Runner overhead: wall time per move minus the bot's CPU time, with a bot that takes ~0.
  std::vector<double> overhead, wall;
  int64_t moves = 0;
  const std::string stats = (std::filesystem::temp_directory_path() / "bench2048_stats.txt").string();
  for (int trial = 0; trial < 3; ++trial) {
    g2048::RunConfig config;
    config.bot_path = std::filesystem::absolute(positional[1]).string();
    config.host_executable = std::filesystem::absolute(positional[0]).string();
    config.games = 50;
    config.stats_path = stats;
    config.progress = g2048::RunConfig::kProgressOff;
    std::ostringstream out, progress;
    judge::Stopwatch watch;
    g2048::RunResult result = g2048::run_contest(config, out, progress);
    const double seconds = watch.elapsed_us() / 1e6;
    if (!result.valid) {
      std::cerr << "bench_engine: the run failed: " << result.verdict << "\n";
      return 1;
    }
    moves = result.valid_moves;
    wall.push_back(seconds / moves * 1e6);
    overhead.push_back((seconds - result.bot_cpu_seconds) / moves * 1e6);
  }
  std::filesystem::remove(stats);
  std::printf("Run2048 with %s, 50 games (%lld valid moves), median of 3 runs:\n", positional[1].c_str(),
              static_cast<long long>(moves));
  std::printf("  wall time per move %.1f us; runner overhead (wall minus the bot's CPU) %.1f us per move\n",
              g2048::median(wall), g2048::median(overhead));
  std::printf("  = %.2f%% of the 10 ms a bot at the contest's 100 moves/s may take\n", g2048::median(overhead) / 100.0);
  if (sink == 42) std::printf(" ");
  return 0;
}
