// Compete: plays two ConnectFour plugins against each other, like the course's
// original judge, but with each plugin in its own sandboxed process.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "../common/interrupt.h"
#include "../common/sandbox.h"
#include "match.h"
#include "protocol.h"

namespace {

const char kUsage[] =
    "usage: Compete [options] <StrategyA.so> <StrategyB.so> <result file> <rounds>\n"
    "Plays <rounds> rounds of two games (A first, then B first) on one random board each.\n"
    "options:\n"
    "  --seed S           reproducible boards (default: a fresh seed, printed)\n"
    "  -j N               play N games at once (default 1; the result file does not change)\n"
    "  --time-limit MS    wall time allowed per getPoint call (default 3000)\n"
    "  --move-time MS     sets STRATEGY_MOVE_MS=MS for both plugins (strategies that read it think that long)\n"
    "  --move-time-a MS, --move-time-b MS   the same for one side only (handicap matches)\n"
    "  --move-iterations N  sets STRATEGY_MOVE_ITERATIONS=N for both plugins (--move-iterations-a/-b: one side)\n"
    "  --memory-limit MB  address space per plugin (default 1024)\n"
    "  --record FILE      one JSON line per game: board, seed, moves with times, result, reason\n"
    "  --log-dir DIR      keep each plugin's stdout/stderr in DIR/A.log and DIR/B.log (default: discarded)\n"
    "  --sandbox-report   print the protections of the plugins' sandbox on this kernel, and exit\n";

int usage_error(const std::string& problem) { return judge::usage_error("Compete", kUsage, problem); }

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);

  c4::MatchConfig config;
  bool have_seed = false;
  long long move_time_ms[2] = {0, 0}, move_iterations[2] = {0, 0}, memory_mb = 1024, time_limit_ms = 3000, jobs = 1;
  std::string log_dir;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--sandbox-report") {
      std::cout << judge::sandbox_report();
      return 0;
    } else if (arg == "--seed") {
      const char* v = value();
      if (!v || !judge::parse_u64(v, &config.seed)) return usage_error("--seed needs an unsigned integer");
      have_seed = true;
    } else if (arg == "-j") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 1, 64, &jobs)) return usage_error("-j needs a whole number from 1 to 64");
    } else if (arg == "--time-limit") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 1, 3600000, &time_limit_ms))
        return usage_error("--time-limit needs milliseconds from 1 to 3600000");
    } else if (arg == "--move-time" || arg == "--move-time-a" || arg == "--move-time-b") {
      const char* v = value();
      long long ms = 0;
      if (!v || !judge::parse_int(v, 1, 3600000, &ms))
        return usage_error(arg + " needs milliseconds from 1 to 3600000");
      if (arg != "--move-time-b") move_time_ms[0] = ms;
      if (arg != "--move-time-a") move_time_ms[1] = ms;
    } else if (arg == "--move-iterations" || arg == "--move-iterations-a" || arg == "--move-iterations-b") {
      const char* v = value();
      long long n = 0;
      if (!v || !judge::parse_int(v, 1, 1LL << 40, &n)) return usage_error(arg + " needs a positive whole number");
      if (arg != "--move-iterations-b") move_iterations[0] = n;
      if (arg != "--move-iterations-a") move_iterations[1] = n;
    } else if (arg == "--memory-limit") {
      const char* v = value();
      if (!v || !judge::parse_int(v, 16, 1 << 20, &memory_mb))
        return usage_error("--memory-limit needs megabytes from 16 to 1048576");
    } else if (arg == "--record") {
      const char* v = value();
      if (!v) return usage_error("--record needs a file name");
      config.record_path = v;
    } else if (arg == "--log-dir") {
      const char* v = value();
      if (!v) return usage_error("--log-dir needs a folder");
      log_dir = v;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usage_error("unknown option '" + arg + "'");
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() < 4) return usage_error("missing arguments: need two strategies, a result file and a round count");
  if (positional.size() > 4) return usage_error("unexpected argument '" + positional[4] + "'");
  long long rounds = 0;
  if (!judge::parse_int(positional[3], 1, 1000000, &rounds))
    return usage_error("the round count must be a positive whole number, not '" + positional[3] + "'");
  std::string problem;
  if (!judge::path_is_writable(positional[2], &problem)) return usage_error("result file: " + problem);
  if (!config.record_path.empty() && !judge::path_is_writable(config.record_path, &problem))
    return usage_error("record file: " + problem);
  if (!have_seed) config.seed = judge::random_seed();

  std::string host = judge::self_executable();
  // Each plugin works in a scratch folder of its own, so files it writes stay out of the user's.
  char scratch_template[] = "/tmp/compete.XXXXXX";
  const char* scratch = ::mkdtemp(scratch_template);
  if (scratch) ::chmod(scratch, 0711);  // the plugins' own users pass through to their folders
  // Ctrl-C, SIGTERM or SIGHUP: every finished game is already in the result
  // file and the record; remove the plugins' scratch folder and die of the signal.
  judge::die_cleanly_on_signal([dir = std::string(scratch ? scratch : "")](int) {
    std::error_code ec;
    if (!dir.empty()) std::filesystem::remove_all(dir, ec);
  });
  int side_index = 0;
  for (c4::PlayerConfig* p : {&config.a, &config.b}) {
    p->plugin_path = judge::absolute_path(positional[side_index]);
    p->host_executable = host;
    p->time_limit_ms = static_cast<int>(time_limit_ms);
    p->memory_limit_bytes = memory_mb << 20;
    if (move_time_ms[side_index] > 0) p->env.push_back({"STRATEGY_MOVE_MS", std::to_string(move_time_ms[side_index])});
    if (move_iterations[side_index] > 0)
      p->env.push_back({"STRATEGY_MOVE_ITERATIONS", std::to_string(move_iterations[side_index])});
    const char* label = side_index == 0 ? "A" : "B";
    if (scratch) {
      p->workdir = std::string(scratch) + "/" + label;
      std::filesystem::create_directories(p->workdir);
    }
    if (!log_dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(log_dir, ec);
      p->log_path = judge::absolute_path(log_dir + "/" + label + ".log");
    }
    ++side_index;
  }
  config.rounds = static_cast<int>(rounds);
  config.jobs = static_cast<int>(jobs);
  config.result_path = positional[2];

  std::cerr << judge::sandbox_summary_line() << "\n";
  std::cout << "Match seed: " << config.seed << "  A: " << positional[0] << "  B: " << positional[1] << "\n\n";
  c4::Tally t;
  std::string error;
  bool ok = c4::run_match(config, std::cout, std::cerr, &t, &error);
  if (scratch) {
    std::error_code ec;
    std::filesystem::remove_all(scratch, ec);
  }
  if (!ok) {
    std::cerr << "Compete: " << error << "\n";
    return 1;
  }
  std::cout << c4::format_stat_block(t) << "Score of A vs B: " << t.a_wins << " - " << t.b_wins << " - " << t.ties
            << "\n";
  return 0;
}
