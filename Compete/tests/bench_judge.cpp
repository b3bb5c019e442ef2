// make bench-judge: the judge's own overhead. Two instant random-move plugins
// (legal, uniformly random, seeded by the position) play a seeded match; the
// time is all judge: process start, loading, the pipe round trip per move,
// refereeing, and rewriting the result file after every game.
//
//   bench_judge [--games G] [--runs R] [--seed S]
//
// Prints, for -j 1 and -j 2, the median over R runs of games per second and of
// wall milliseconds per move, and the median round trip of one move as the
// judge timed it (request sent to clearPoint's acknowledgement); then the same
// with B a program over the OJ's protocol (random_b built with the OJ's
// main.cpp): a process and pipes per game, a text request and reply per move.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "harness.h"

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  if (n == 0) return 0;
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Run {
  double seconds = 0;
  long moves = 0;
  int games = 0;
  std::vector<double> move_ms;  // as the judge timed each move
};

bool play(int games, int jobs, unsigned long long seed, const std::string& b, Run* out) {
  ct::TempDir dir;
  std::vector<std::string> args = {
      "--seed",       std::to_string(seed),   "-j", std::to_string(jobs), "--record",
      "record.jsonl", ct::plugin("random_a"), b,    "result.txt",         std::to_string(games / 2)};
  ct::RunResult r = ct::run_compete(args, dir.path(), 600000);
  if (!r.exited || r.exit_code != 0) {
    std::fprintf(stderr, "bench_judge: Compete failed (exit %d, signal %d):\n%s\n", r.exit_code, r.signal,
                 r.err.c_str());
    return false;
  }
  out->seconds = r.seconds;
  const std::string record = ct::read_file(dir / "record.jsonl");
  static const std::regex move("\\[\"[AB]\",[0-9]+,[0-9]+,([0-9.e+-]+)(,[0-9.e+-]+)?\\]");
  for (auto it = std::sregex_iterator(record.begin(), record.end(), move); it != std::sregex_iterator(); ++it) {
    out->move_ms.push_back(std::stod((*it)[1]));
    ++out->moves;
  }
  out->games = static_cast<int>(std::count(record.begin(), record.end(), '\n'));
  if (out->games != games) {
    std::fprintf(stderr, "bench_judge: expected %d games in the record, found %d\n", games, out->games);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  long long games = 200, runs = 3;
  uint64_t seed = 2024;
  judge::OptionTable options("bench_judge", "usage: bench_judge [--games G] [--runs R] [--seed S]\n");
  options
      .custom(
          "--games", "G",
          [&](const std::string&, const std::string& v) {
            return judge::parse_int(v, 2, 1000000, &games) && games % 2 == 0;
          },
          "games per run, an even number (default 200)", "an even whole number from 2 to 1000000")
      .integer("--runs", "R", 1, 1000, &runs, "runs at each -j, their median printed (default 3)",
               "a whole number from 1 to 1000")
      .unsigned64("--seed", "S", &seed, "the match's seed (default 2024)", "an unsigned 64-bit integer");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (!positional.empty()) return options.error("unexpected argument '" + positional[0] + "'");
  std::printf(
      "Judge overhead: random_a vs random_b (instant random legal moves), %lld games (%lld rounds), seed %llu, "
      "median of %lld runs\n",
      games, games / 2, static_cast<unsigned long long>(seed), runs);
  std::printf("%-9s %-5s %12s %14s %16s %10s\n", "B", "jobs", "games/s", "wall ms/move", "judged ms/move", "moves");
  const std::string program = judge::path_beside_executable("plugins/random_b_program");
  for (int kind = 0; kind < 2; ++kind)
    for (int jobs : {1, 2}) {
      std::vector<double> rate, per_move, judged;
      long moves = 0;
      for (int k = 0; k < runs; ++k) {
        Run r;
        if (!play(games, jobs, seed, kind == 0 ? ct::plugin("random_b") : program, &r)) return 1;
        rate.push_back(r.games / r.seconds);
        per_move.push_back(1000.0 * r.seconds / static_cast<double>(r.moves));
        judged.push_back(median(r.move_ms));
        moves = r.moves;
      }
      std::printf("%-9s -j %-2d %12.1f %14.4f %16.4f %10ld\n", kind == 0 ? "plugin" : "program", jobs, median(rate),
                  median(per_move), median(judged), moves);
    }
  std::printf(
      "wall ms/move: the match's wall time over all moves played (process start and loading included);\n"
      "judged ms/move: the median move as Compete times it (request to clearPoint's return, or to a\n"
      "program's reply).\n");
  return 0;
}
