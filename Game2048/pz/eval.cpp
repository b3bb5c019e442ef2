#include "eval.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

#include "../../common/clock.h"
#include "../../common/sandbox.h"
#include "../engine/slide.h"
#include "formula.h"
#include "player_protocol.h"
#include "pz_game.h"

namespace g2048 {
namespace pz {
namespace {

namespace proto = protocol;

std::string quoted_char(int c) {
  std::ostringstream s;
  if (c >= 33 && c < 127)
    s << "'" << static_cast<char>(c) << "'";
  else
    s << "character code " << c;
  return s.str();
}

// One job: a player process and the games it plays.
class Worker {
 public:
  explicit Worker(const EvalConfig& config) : config_(config) {}
  ~Worker() {
    if (process_.running()) process_.kill();
  }

  // Plays game `game` (its seed is its number). False, with *fault set, if the
  // player failed; the process is then gone.
  bool play(int game, int64_t* score, int64_t* steps, bool* reached, std::string* fault) {
    const uint32_t seed = static_cast<uint32_t>(game);
    // "game G (seed S, <detail>)", the place every fault names.
    auto where = [&](const std::string& detail) {
      return "game " + std::to_string(game) + " (seed " + std::to_string(seed) + ", " + detail + ")";
    };
    if (!process_.running() && !start(fault)) return false;
    proto::GameStart start_message;
    start_message.rows = config_.rows;
    start_message.cols = config_.cols;
    start_message.target = config_.target;
    start_message.seed = seed;
    if (!process_.send(&start_message, sizeof start_message)) return died(where("at its start"), fault);
    Game game_state(config_.rows, config_.cols, config_.target, seed);
    const size_t cells = static_cast<size_t>(config_.rows) * config_.cols;
    std::vector<char> turn_bytes(sizeof(proto::Turn) + cells * sizeof(int32_t));
    uint64_t spawn_draws = 0;  // the player's copy already made the starting tile's
    int idle = 0;
    while (!game_state.reached_target() && !game_state.stuck()) {
      proto::Turn turn;
      turn.spawn_draws = static_cast<uint32_t>(spawn_draws);
      turn.score = game_state.score();
      turn.steps = game_state.steps();
      std::memcpy(turn_bytes.data(), &turn, sizeof turn);
      for (size_t i = 0; i < cells; ++i) {
        const int32_t v = game_state.cells()[i];
        std::memcpy(turn_bytes.data() + sizeof turn + i * sizeof v, &v, sizeof v);
      }
      const std::string at = where("move " + std::to_string(game_state.steps() + 1));
      if (!process_.send(turn_bytes.data(), turn_bytes.size())) return died(at, fault);
      proto::Answer answer;
      switch (process_.receive(&answer, sizeof answer, judge::Deadline::after_ms(config_.move_limit_ms))) {
        case judge::IoResult::kOk: break;
        case judge::IoResult::kTimeout:
          process_.kill();
          *fault = "the player gave no answer within " + std::to_string(config_.move_limit_ms) + " ms in " + at;
          return false;
        case judge::IoResult::kClosed: return died(at, fault);
      }
      // What Decide() did to the shared generator, then its move.
      if (answer.reseeded) game_state.reseed(answer.seed);
      game_state.skip_draws(answer.draws);
      const uint64_t before = game_state.draws();
      bool moved = false;
      const char c = static_cast<char>(answer.move);
      const int dir = c == 'w' ? kUp : c == 's' ? kDown : c == 'a' ? kLeft : c == 'd' ? kRight : -1;
      if (dir >= 0) moved = game_state.move(dir);
      spawn_draws = game_state.draws() - before;
      if (moved) {
        idle = 0;
      } else if (++idle >= config_.idle_limit) {
        process_.kill();
        *fault = "the player gave " + std::to_string(idle) + " answers in a row that moved nothing in " + at +
                 " (the last, " + quoted_char(answer.move) +
                 (dir < 0 ? ", is not one of w s a d)" : ", changes nothing)");
        return false;
      }
    }
    *score = game_state.score();
    *steps = game_state.steps();
    *reached = game_state.reached_target();
    return true;
  }

 private:
  bool start(std::string* fault) {
    judge::SpawnOptions options;
    options.argv = {config_.player};
    options.output_path = config_.player_log;
    options.memory_limit_bytes = config_.memory_limit_mb << 20;
    options.channel = true;
    // A child process of its own, as the course's runner has none; not confined,
    // so that a player may read its data files (our player's network) where they lie.
    options.confine = false;
    std::string error;
    if (!process_.start(options, &error)) {
      *fault = "the player cannot be started: " + error;
      return false;
    }
    return true;
  }

  bool died(const std::string& at, std::string* fault) {
    judge::ExitStatus status;
    if (!process_.wait(judge::Deadline::after_ms(2000), &status)) process_.kill(&status);
    *fault = "the player's process " + status.describe() + " in " + at;
    return false;
  }

  const EvalConfig& config_;
  judge::Process process_;
};

std::string fixed(double value, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << value;
  return s.str();
}

}  // namespace

EvalResult run_evaluation(const EvalConfig& config, std::ostream& progress) {
  judge::Stopwatch watch;
  std::atomic<int> next_game{1};
  std::atomic<bool> stop{false};
  std::mutex mutex;  // guards the fields below and `result`
  EvalResult result;
  int done = 0;
  int fault_game = 0;  // the earliest game that failed (0: none)
  auto job = [&]() {
    Worker worker(config);
    while (!stop) {
      const int game = next_game++;
      if (game > config.games) return;
      int64_t score = 0, steps = 0;
      bool reached = false;
      std::string fault;
      const bool ok = worker.play(game, &score, &steps, &reached, &fault);
      std::lock_guard<std::mutex> lock(mutex);
      if (!ok) {
        if (fault_game == 0 || game < fault_game) {
          fault_game = game;
          result.fault = fault;
        }
        stop = true;
        return;
      }
      result.total_score += score;
      result.total_steps += steps;
      result.games_reached += reached ? 1 : 0;
      ++done;
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < config.jobs; ++j) threads.emplace_back(job);

  // Progress while the jobs play: a live line, or a line every 30 s.
  const int64_t period_ms = config.progress == EvalConfig::kProgressLive ? 250 : 30000;
  int64_t last_ms = 0;
  for (;;) {
    int finished, reached;
    int64_t score, steps;
    {
      std::lock_guard<std::mutex> lock(mutex);
      finished = done;
      score = result.total_score;
      steps = result.total_steps;
      reached = result.games_reached;
    }
    const bool over = stop || finished >= config.games;
    const int64_t now_ms = static_cast<int64_t>(watch.elapsed_ms());
    if (config.progress != EvalConfig::kProgressOff && (now_ms - last_ms >= period_ms || over)) {
      last_ms = now_ms;
      std::ostringstream line;
      line << "Game " << finished << "/" << config.games << " [" << (finished * 100LL / config.games) << "%]"
           << " | avg score " << fixed(finished ? double(score) / finished : 0.0, 2) << " | avg steps "
           << fixed(finished ? double(steps) / finished : 0.0, 2) << " | " << config.target << " reached "
           << fixed(finished ? 100.0 * reached / finished : 0.0, 2) << "% | " << fixed(now_ms / 1000.0, 1) << " s";
      if (config.progress == EvalConfig::kProgressLive)
        progress << "\r\033[K" << line.str() << (over ? "\r\033[K" : "") << std::flush;
      else if (!over || finished == config.games)
        progress << "progress: " << line.str() << "\n" << std::flush;
    }
    if (over) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  for (std::thread& t : threads) t.join();
  result.games_played = done;
  result.complete = result.fault.empty() && done == config.games;
  result.wall_ms = static_cast<int64_t>(watch.elapsed_ms());
  return result;
}

void print_closing_lines(const EvalConfig& config, const EvalResult& result, std::ostream& out) {
  const double average_score = double(result.total_score) / config.games;
  const double average_steps = double(result.total_steps) / config.games;
  const int64_t ms = result.wall_ms;
  // The course's stream state: default format for the averages, then fixed with 2 digits.
  std::ostringstream lines;
  lines << "Average score over " << config.games << " games: " << average_score << "\n";
  lines << "Average steps over " << config.games << " games: " << average_steps << "\n";
  lines << "Total run time: " << std::fixed << std::setprecision(2) << ms * 0.001 << "s";
  lines << " (" << ms / 60000 << "min " << std::fixed << std::setprecision(2) << (ms % 60000) * 0.001 << "s)\n";
  lines << "Score by formula: " << formula_points(average_score) << "\n";
  out << lines.str() << std::flush;
}

std::string reach_line(const EvalConfig& config, const EvalResult& result) {
  std::ostringstream line;
  line << "Reached " << config.target << " in " << result.games_reached << " of " << config.games << " games ("
       << fixed(100.0 * result.games_reached / config.games, 2) << "%)";
  return line.str();
}

}  // namespace pz
}  // namespace g2048
