#include "run.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "../../common/atomic_file.h"
#include "../../common/judge_run.h"
#include "../../common/clock.h"
#include "../../common/json.h"
#include "../../common/ordered_pool.h"
#include "../../common/shards.h"
#include "../../viewer/page.h"
#include "../engine/slide.h"
#include "../stats_file.h"
#include "record.h"
#include "sandboxed_bot.h"

namespace g2048 {
namespace {

std::string format(const char* fmt, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, a);
  return buf;
}

// Progress on the progress stream: a live line rewritten in place, or (for a
// log file) one line per game and one every 30 s within a long game.
class ProgressMeter {
 public:
  ProgressMeter(const RunConfig& config, std::ostream& stream)
      : config_(config), stream_(stream), last_us_(judge::now_us()) {}

  void during_game(int game, const ContestGame& state, int64_t run_moves, double run_cpu) {
    if (config_.progress == RunConfig::kProgressOff) return;
    const int64_t now = judge::now_us();
    const int64_t period_us = config_.progress == RunConfig::kProgressLive ? 250000 : 30000000;
    if (now - last_us_ < period_us) return;
    last_us_ = now;
    std::ostringstream line;
    line << "game " << game << "/" << config_.games << "  move " << state.moves() << "  score " << state.score()
         << "  max " << state.max_tile();
    if (run_cpu > 0) line << "  " << format("%.0f", run_moves / run_cpu) << " moves/s (bot CPU)";
    if (config_.progress == RunConfig::kProgressLive)
      stream_ << "\r\033[K" << line.str() << std::flush;
    else
      stream_ << "progress: " << line.str() << "\n" << std::flush;
  }

  void after_game(int done, int finished, int planned) {
    if (config_.progress == RunConfig::kProgressOff) return;
    const double elapsed = watch_.elapsed_ms() / 1000.0;
    const double eta = done > 0 ? elapsed / done * (planned - done) : 0;
    std::ostringstream line;
    line << "progress: " << done << "/" << planned << " games (" << finished << " finished), "
         << format("%.1f", elapsed) << " s elapsed, about " << format("%.0f", eta) << " s left";
    if (config_.progress == RunConfig::kProgressLive)
      stream_ << "\r\033[K" << line.str() << std::flush;
    else
      stream_ << line.str() << "\n" << std::flush;
  }

  // Clears a live line before other output shares the terminal.
  void clear() {
    if (config_.progress == RunConfig::kProgressLive) stream_ << "\r\033[K" << std::flush;
  }

 private:
  const RunConfig& config_;
  std::ostream& stream_;
  judge::Stopwatch watch_;
  int64_t last_us_;  // the last line's time (a first line comes one period after the start)
};

std::string game_line(const GameRecord& g, int games) {
  char buf[200];
  const int width = static_cast<int>(std::to_string(games).size());
  std::snprintf(buf, sizeof buf, "game %*d  score %7lld  max tile %6d  moves %6lld  cpu %8.2f s", width, g.game,
                static_cast<long long>(g.score), g.max_tile, static_cast<long long>(g.moves), g.bot_cpu_seconds);
  std::string line = buf;
  std::string reached;
  for (int i = 0; i < kMilestones; ++i)
    if (g.reached[i] >= 0)
      reached += " " + std::to_string(1 << (kFirstMilestone + i)) + "@" + std::to_string(g.reached[i]);
  if (!reached.empty()) line += "  reached" + reached;
  if (g.end != GameRecord::kOver) line += std::string("  ** ") + end_name(g.end) + ": " + g.detail;
  return line;
}

// Where the replay page says its games come from.
std::string page_source(const RunConfig& config) {
  const size_t slash = config.bot_path.rfind('/');
  return "Run2048 " + config.bot_path.substr(slash == std::string::npos ? 0 : slash + 1) + ", seed " +
         std::to_string(config.seed);
}

void add_fault(RunResult* result, const std::string& reason) {
  result->faults.push_back(reason);
  if (result->valid) {
    result->valid = false;
    result->verdict = "invalid: " + reason;
  }
}

// Plays game g (from 0) with `bot` into `state`, from its first spawn to its
// end or the bot's fault, and fills *record. After every answer that is not a
// fault, keep_playing(state, the game's bot CPU so far in µs) is asked whether
// to go on; false abandons the game (returns false, *record is then partial).
using KeepPlaying = std::function<bool(const ContestGame&, int64_t)>;
bool play_game(const RunConfig& config, SandboxedBot& bot, int g, ContestGame& state, const KeepPlaying& keep_playing,
               GameRecord* record) {
  record->game = g + 1;
  const std::vector<judge::Refusal> refused_before = bot.refusals();
  state.start(config.seed, static_cast<uint64_t>(g));
  int64_t cpu_us = 0;
  const std::string where = "game " + std::to_string(g + 1);
  BotAnswer answer = bot.new_game(g, stream_seed(config.seed, Stream::kBot, static_cast<uint64_t>(g)));
  cpu_us += answer.cpu_us;
  if (answer.kind != BotAnswer::kOk) {
    record->end = answer.kind == BotAnswer::kTimedOut ? GameRecord::kTimedOut : GameRecord::kCrashed;
    record->detail = where + ", in g2048_new_game: " + answer.detail;
  }
  int idle = 0;
  while (record->end == GameRecord::kOver && !state.over()) {
    answer = bot.move(state.tiles(), state.score(), state.moves());
    cpu_us += answer.cpu_us;
    const std::string at = where + ", move " + std::to_string(state.moves() + 1);
    if (answer.kind != BotAnswer::kOk) {
      record->end = answer.kind == BotAnswer::kTimedOut ? GameRecord::kTimedOut : GameRecord::kCrashed;
      record->detail = at + ": " + answer.detail;
      break;
    }
    if (state.move(answer.dir)) {
      idle = 0;
    } else if (++idle >= config.idle_limit) {
      record->end = GameRecord::kIdle;
      record->detail = at + ": " + std::to_string(idle) +
                       " answers in a row changed nothing (the last: " + std::to_string(answer.dir) + " = " +
                       direction_name(answer.dir) + ")";
      break;
    }
    if (!keep_playing(state, cpu_us)) return false;
  }
  record->score = state.score();
  record->max_tile = state.max_tile();
  record->moves = state.moves();
  record->bot_cpu_us = cpu_us;
  record->bot_cpu_seconds = cpu_us / 1e6;
  record->refused = judge::refusals_since(refused_before, bot.refusals());
  record->daemons_killed = bot.kill_leftovers();
  for (int i = 0; i < kMilestones; ++i) record->reached[i] = state.reached_at(kFirstMilestone + i);
  return true;
}

// A game played, waiting for its turn to be committed.
struct PlayedGame {
  const RecordedGame* recorded = nullptr;  // a game of the record: committed as it is, not played
  std::string no_bot;                      // not empty: the bot could not be (re)started for it, the run's last fault
  GameRecord record;
  ContestGame state;  // for the record line (directions, spawns)
};

// Commits the games of a run, one at a time and in game order (the pool,
// common/ordered_pool.h, guarantees both): totals, stats file, record line,
// its line on `out`, progress.
class GameCommitter {
 public:
  // `planned`: the games of this run (a shard's, or all); `merge`: recorded
  // games are written to the record too (else their lines are there already).
  GameCommitter(const RunConfig& config, int planned, bool merge, RunResult* result, ContestStats* stats,
                ProgressMeter* meter, judge::ResultSink* sink, std::ostream& out)
      : config_(config),
        planned_(planned),
        merge_(merge),
        result_(result),
        stats_(stats),
        meter_(meter),
        sink_(sink),
        out_(out) {}

  // Commits one game (the next in order). False when the run ends with it.
  bool commit(const PlayedGame& game) {
    RunResult& result = *result_;
    if (!game.no_bot.empty()) {
      add_fault(&result, game.no_bot);
      return false;
    }
    const GameRecord& record = game.recorded ? game.recorded->record : game.record;
    result.valid_moves += record.moves;
    result.bot_cpu_seconds += record.bot_cpu_seconds;
    if (record.end == GameRecord::kOver) {
      stats_->add_game(record.score, record.max_tile, record.moves);
      ++result.finished;
    } else {
      add_fault(&result,
                std::string(record.end == GameRecord::kIdle       ? "the bot kept returning moves that change nothing"
                            : record.end == GameRecord::kTimedOut ? "a move took longer than the watchdog"
                                                                  : "the bot crashed") +
                    " (" + record.detail + ")");
    }
    result.games.push_back(record);

    std::string line;
    if (game.recorded)
      line = merge_ ? judge::without_shard_member(game.recorded->line, game.recorded->shard) : game.recorded->line;
    else if (sink_->wants_lines())
      line = record_line(record, game.state, config_);
    if (merge_) {  // nothing is played: the files are written once, by finish()
      merged_lines_ += line + "\n";
      if (!config_.html_path.empty()) page_lines_.push_back(line);
    } else {
      // A recorded game's line is in the record already: it goes to the page only.
      const std::string stats = stats_->format(result.bot_cpu_seconds);
      if (!sink_->commit(&stats, line, !game.recorded)) return io_failed(sink_->error());
    }
    meter_->clear();
    out_ << game_line(record, config_.games) << "\n" << std::flush;
    meter_->after_game(static_cast<int>(result.games.size()), result.finished, planned_);
    return !(record.end != GameRecord::kOver && config_.stop_on_fault);
  }

  // After the last game of a merge: the stats file, record and page of every
  // game committed, each written once. False if one could not be written.
  bool finish() {
    if (!merge_ || result_->io_failed) return !result_->io_failed;
    const std::string stats = stats_->format(result_->bot_cpu_seconds);
    if (!sink_->start(&stats, &merged_lines_, page_lines_, false)) return io_failed(sink_->error());
    return true;
  }

 private:
  bool io_failed(const std::string& error) {
    result_->io_failed = true;
    result_->io_problem = error;
    add_fault(result_, "the judge could not write its results: " + error);
    return false;
  }

  const RunConfig& config_;
  int planned_;
  bool merge_;
  RunResult* result_;
  std::vector<std::string> page_lines_;  // a merge's page, written by finish()
  std::string merged_lines_;             // a merge's record, written by finish()
  ContestStats* stats_;
  ProgressMeter* meter_;
  judge::ResultSink* sink_;
  std::ostream& out_;
};

void print_summary(const RunConfig& config, int planned, const RunResult& result, std::ostream& out) {
  std::vector<double> scores, moves;
  for (const GameRecord& g : result.games) {
    if (g.end != GameRecord::kOver) continue;
    scores.push_back(static_cast<double>(g.score));
    moves.push_back(static_cast<double>(g.moves));
  }
  out << "summary: " << result.games.size() << " of " << planned << " games played, " << result.finished
      << " finished\n";
  if (!scores.empty()) {
    out << "  median score " << format("%.0f", median(scores)) << ", highest "
        << format("%.0f", *std::max_element(scores.begin(), scores.end())) << ", median moves per game "
        << format("%.0f", median(moves)) << "\n";
    out << "  moves to reach a tile (finished games that reached it, median moves):\n";
    for (int i = 0; i < kMilestones; ++i) {
      std::vector<double> at;
      for (const GameRecord& g : result.games)
        if (g.end == GameRecord::kOver && g.reached[i] >= 0) at.push_back(static_cast<double>(g.reached[i]));
      char buf[120];
      std::snprintf(buf, sizeof buf, "    %6d: %3zu/%d games", 1 << (kFirstMilestone + i), at.size(), result.finished);
      out << buf;
      if (!at.empty()) out << ", median " << format("%.0f", median(at)) << " moves";
      out << "\n";
    }
  }
  out << "  bot CPU " << format("%.2f", result.bot_cpu_seconds) << " s for " << result.valid_moves << " valid moves: ";
  if (result.bot_cpu_seconds > 0)
    out << format("%.1f", result.moves_per_second) << " valid moves/s";
  else
    out << "too fast to measure";
  out << " (the contest requires " << format("%g", config.min_moves_per_second) << ")\n";
  for (size_t i = 1; i < result.faults.size(); ++i) out << "  also: " << result.faults[i] << "\n";
  out << "verdict: " << result.verdict << "\n";
}

}  // namespace

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

RunResult run_contest(const RunConfig& config, std::ostream& out, std::ostream& progress,
                      const std::vector<RecordedGame>& recorded, bool merge) {
  RunResult result;
  result.valid = true;
  result.verdict = "valid";
  // The games of this run (g from 0): a shard's, or all; those in `recorded` are not played.
  std::vector<int> planned;
  for (int g = config.shard; g < config.games; g += std::max(1, config.shards)) planned.push_back(g);
  std::vector<const RecordedGame*> from_record(config.games, nullptr);
  std::string kept_lines;  // a shard run again: its record keeps the lines it holds
  for (const RecordedGame& r : recorded) {
    from_record[r.record.game - 1] = &r;
    kept_lines += r.line + "\n";
  }
  const int to_play =
      static_cast<int>(std::count_if(planned.begin(), planned.end(), [&](int g) { return from_record[g] == nullptr; }));
  // The stats file, the record (a shard run again or a resumed run keeps its
  // lines; a merge writes its whole record at the end) and the page take each
  // committed game at once.
  ContestStats stats;
  judge::ResultSink sink(config.stats_path, config.record_path, config.html_path,
                         [&config](const std::string& path, const std::vector<std::string>& lines, std::string* error) {
                           return viewer::write_page(path, viewer::Kind::k2048, lines, page_source(config), error);
                         });
  const std::string no_games = stats.format(0), record_start = merge ? "" : kept_lines;
  if (!sink.start(&no_games, &record_start, {}, !recorded.empty())) {
    result.io_failed = true;
    result.io_problem = sink.error();
    add_fault(&result, "the judge could not write its results: " + sink.error());
    return result;
  }

  BotConfig bot_config;
  bot_config.plugin_path = config.bot_path;
  bot_config.host_executable = config.host_executable;
  bot_config.run_seed = config.seed;
  bot_config.call_limit_ms = config.call_limit_ms;
  bot_config.load_limit_ms = config.load_limit_ms;
  bot_config.memory_limit_bytes = config.memory_limit_bytes;
  bot_config.log_path = config.bot_log_path;
  bot_config.workdir = config.workdir;
  bot_config.workdirs = config.workdirs;
  bot_config.workdir_name = "worker1";
  // One bot per worker; the first is started here, so that a bot that cannot
  // load plays nothing, the others by their worker before its first game.
  // With every game recorded, no bot is started.
  const int workers = std::max(1, std::min(config.jobs, to_play));
  std::vector<std::unique_ptr<SandboxedBot>> bots;
  for (int i = 0; i < workers; ++i) bots.push_back(std::make_unique<SandboxedBot>());
  std::string message;
  const judge::LoadStatus status = to_play ? bots[0]->start(bot_config, &message) : judge::LoadStatus::kOk;
  if (status != judge::LoadStatus::kOk) {
    // A bot that loaded but cannot play (its g2048_check) gives its own reason.
    const bool not_ready = bots[0]->not_ready();
    result.load_problem =
        not_ready ? message
                  : (status == judge::LoadStatus::kMissingSymbol ? "missing symbol: " : "not loadable: ") + message;
    add_fault(&result, not_ready ? message : "the bot cannot be loaded (" + result.load_problem + ")");
    out << "verdict: " << result.verdict << "\n";
    return result;
  }
  result.loaded = true;
  out << "Run2048: " << config.bot_path << ", " << config.games << " games, seed " << config.seed;
  if (config.shards > 1)
    out << ", shard " << judge::shard_name(config.shard, config.shards) << ": " << planned.size() << " games";
  out << "\n";
  if (!merge && !recorded.empty())
    out << "resumed: " << recorded.size() << " of the " << planned.size() << " games are in the record already\n";

  ProgressMeter meter(config, progress);
  const int run_games = static_cast<int>(planned.size());
  GameCommitter committer(config, run_games, merge, &result, &stats, &meter, &sink, out);
  // Each worker plays with its own bot, started before its first game (the
  // first one above). No game after a fault is committed under
  // --stop-on-fault, nor after a bot that cannot be (re)started.
  judge::OrderedPool<PlayedGame> pool(run_games, workers);
  std::vector<char> started(workers, 0);
  started[0] = to_play > 0;
  auto play = [&](int worker, int unit, PlayedGame* game) {
    const int g = planned[unit];
    if ((game->recorded = from_record[g])) return true;
    SandboxedBot& bot = *bots[worker];
    if (!bot.running()) {  // a fault ended the last host, or it was never started
      std::string message;
      BotConfig own = bot_config;  // worker k's hosts work in "worker<k>-host<n>"
      own.workdir_name = "worker" + std::to_string(worker + 1);
      if (bot.start(own, &message) != judge::LoadStatus::kOk) {
        game->no_bot = std::string("the bot could not be ") + (started[worker] ? "restarted" : "started") +
                       " for game " + std::to_string(g + 1) + " (" + message + ")";
        pool.end_after(unit);
        return true;
      }
    }
    started[worker] = 1;
    const KeepPlaying keep_playing = [&](const ContestGame& state, int64_t cpu_us) {
      return pool.still_wanted(unit, [&] {
        meter.during_game(g + 1, state, result.valid_moves + state.moves(), result.bot_cpu_seconds + cpu_us / 1e6);
      });
    };
    if (!play_game(config, bot, g, game->state, keep_playing, &game->record)) return false;
    if (config.stop_on_fault && game->record.end != GameRecord::kOver) pool.end_after(unit);
    return true;
  };
  pool.run(play, [&](int, PlayedGame& game) { return committer.commit(game); });
  committer.finish();
  for (auto& bot : bots) bot->stop();
  meter.clear();

  if (result.bot_cpu_seconds > 0) result.moves_per_second = result.valid_moves / result.bot_cpu_seconds;
  if (result.bot_cpu_seconds > 0 && result.valid_moves > 0 && result.moves_per_second < config.min_moves_per_second)
    add_fault(&result, "too slow: " + format("%.1f", result.moves_per_second) +
                           " valid moves per second on the bot's CPU time, under the contest's " +
                           format("%g", config.min_moves_per_second));
  if (static_cast<int>(result.games.size()) < run_games && !result.io_failed && result.valid)
    add_fault(&result, "only " + std::to_string(result.games.size()) + " of " + std::to_string(run_games) +
                           " games were played");
  print_summary(config, run_games, result, out);
  return result;
}

}  // namespace g2048
