#include "match.h"

#include <algorithm>
#include <cstring>
#include <ostream>
#include <random>
#include <vector>

#include "../common/atomic_file.h"
#include "../common/json.h"
#include "../common/judge_run.h"
#include "../common/sandbox_record.h"
#include "../viewer/page.h"
#include "game_pool.h"

namespace c4 {
namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A side's name in the progress lines: its file's or folder's name without ".so" or ".zip".
std::string base_name(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  for (const char* tail : {".so", ".zip"}) {
    const size_t n = std::strlen(tail);
    if (name.size() > n && name.compare(name.size() - n, n, tail) == 0) name.resize(name.size() - n);
  }
  return name;
}

}  // namespace

RoundBoard round_board(uint64_t match_seed, int round) {
  RoundBoard b;
  b.seed = splitmix64(match_seed ^ splitmix64(static_cast<uint64_t>(round)));
  std::mt19937_64 rng(b.seed);
  b.M = kMinSize + static_cast<int>(rng() % (kMaxSize - kMinSize + 1));
  b.N = kMinSize + static_cast<int>(rng() % (kMaxSize - kMinSize + 1));
  b.noX = static_cast<int>(rng() % b.M);
  b.noY = static_cast<int>(rng() % b.N);
  return b;
}

std::string match_settings_json(const MatchConfig& config) {
  judge::JsonWriter json;
  json.begin_object()
      .field("match_seed", config.seed)
      .field("rounds", config.rounds)
      .field("a", config.a.plugin_path)
      .field("b", config.b.plugin_path)
      .field("time_limit_ms", config.a.time_limit_ms)
      .field("memory_limit_mb", static_cast<int64_t>(config.a.memory_limit_bytes >> 20));
  for (const PlayerConfig* p : {&config.a, &config.b}) {
    json.key(p == &config.a ? "env_a" : "env_b").begin_array();
    for (const auto& kv : p->env) json.value(kv.first + "=" + kv.second);
    json.end_array();
  }
  if (config.sprt_enabled)
    json.field("sprt", config.sprt.describe()).field("sprt_model", judge::sprt_model_name(config.sprt.model));
  else
    json.key("sprt").raw("null").key("sprt_model").raw("null");
  return json.end_object().str();
}

RecordLine record_of(const MatchConfig& config, int round, const GameSetup& setup, const GameResult& result) {
  RecordLine line;
  line.round = round;
  line.game = setup.first == kA ? 1 : 2;
  line.seed = setup.seed;
  line.M = setup.M, line.N = setup.N, line.noX = setup.noX, line.noY = setup.noY;
  line.a = config.a.plugin_path;
  line.b = config.b.plugin_path;
  line.first = setup.first;
  line.time_limit_ms = config.a.time_limit_ms;
  line.result = result;
  line.settings = match_settings_json(config);
  if (config.shards > 1) line.shard = std::to_string(config.shard) + "/" + std::to_string(config.shards);
  return line;
}

std::string record_line(const MatchConfig& config, int round, const GameSetup& setup, const GameResult& result) {
  return write_record_line(record_of(config, round, setup, result));
}

std::string summary_json(const MatchConfig& config, const MatchOutcome& outcome, const std::string& status) {
  judge::JsonWriter json;
  json.begin_object()
      .field("a", config.a.plugin_path)
      .field("b", config.b.plugin_path)
      .field("seed", config.seed)
      .field("rounds", config.rounds)
      .field("status", status)
      .field("games_finished", outcome.games_finished)
      .field("games_after_decision", outcome.games_after_decision);
  outcome.summary.write_json(&json);
  json.key("settings").raw(match_settings_json(config));
  return json.end_object().str() + "\n";
}

namespace {

// The summary file's status line: what the figures cover.
std::string match_status(const MatchConfig& config, const MatchSummary& summary) {
  if (summary.decided()) return std::string("stopped by the SPRT: ") + judge::verdict_name(summary.verdict());
  return summary.rounds_counted() == config.rounds ? "finished" : "running";
}

}  // namespace

bool run_match(const MatchConfig& config, std::ostream& out, std::ostream& progress, MatchOutcome* outcome,
               std::string* error) {
  const int total_games = 2 * config.rounds;
  std::vector<RoundLines> lines(config.rounds);
  MatchOutcome state;
  state.summary = MatchSummary(config.sprt_enabled ? &config.sprt : nullptr);
  std::string kept_record;
  for (const RecordedGame& g : config.recorded) {
    GameLine& line = lines[g.round].game[g.game];
    line.finished = true;
    line.code = g.code;
    line.time_us_a = g.time_us_a;
    line.time_us_b = g.time_us_b;
    kept_record += g.line + "\n";
  }
  state.games_finished = static_cast<int>(config.recorded.size());
  bool write_failed = false;
  const std::string name_a = base_name(config.a.plugin_path), name_b = base_name(config.b.plugin_path);

  // Rounds enter the statistics in order; true if one did.
  int next_round = 0;
  auto count_rounds = [&](bool print) {
    bool any = false;
    while (next_round < config.rounds && !state.summary.decided() && lines[next_round].game[0].finished &&
           lines[next_round].game[1].finished) {
      state.summary.add_round(lines[next_round].game[0].code, lines[next_round].game[1].code);
      ++next_round;
      any = true;
      if (print) out << state.summary.round_line();
    }
    return any;
  };
  auto write_summary = [&](std::string* why) {
    return config.stats_path.empty() ||
           judge::write_file_atomically(config.stats_path,
                                        summary_json(config, state, match_status(config, state.summary)), why);
  };

  count_rounds(false);
  if (config.merged) {
    out << "Merged from the shards' records: " << config.recorded.size() << " of " << total_games << " games\n";
    if (state.summary.rounds_counted() > 0) out << state.summary.round_line();
    out << "\n";
  } else if (!config.recorded.empty()) {
    out << "Resumed from the record: " << config.recorded.size() << " of " << total_games
        << " games already played, not replayed\n";
    if (state.summary.rounds_counted() > 0) out << state.summary.round_line();
    out << "\n";
  }
  // The result file, the record (a resumed match's recorded lines kept) and the
  // page (the games finished so far, a resumed match's recorded ones first, in
  // the order they finished: it sorts them) take each finished game at once.
  std::vector<std::string> page_lines;
  for (const RecordedGame& g : config.recorded) page_lines.push_back(g.line);
  const std::string page_source = "Compete " + name_a + " vs " + name_b + ", match seed " + std::to_string(config.seed);
  judge::ResultSink sink(config.result_path, config.record_path, config.html_path,
                         [&](const std::string& path, const std::vector<std::string>& page, std::string* why) {
                           return viewer::write_page(path, viewer::Kind::kConnectFour, page, page_source, why);
                         });
  const std::string result_file = format_result_file(lines);
  if (!sink.start(&result_file, &kept_record, page_lines, config.resume, {config.stats_path})) {
    *error = sink.error();
    return false;
  }
  if (!write_summary(error)) return false;

  // The games (2 * round + game) still to play, in order: not recorded, of this shard.
  const std::vector<int>& pending = config.plan;
  bool stop = state.summary.decided();

  // The pending games are played `jobs` at a time and handed back in order
  // (game_pool.h), so the files and lines do not depend on which game ends
  // first. Once the SPRT decides, no new game starts; those in flight are still
  // committed. A file that cannot be written ends the run.
  std::vector<ScheduledGame> games;
  for (int index : stop ? std::vector<int>{} : pending)
    games.push_back({round_setup(config.seed, index / 2, index % 2 == 0 ? kA : kB, config.workdir_prefix), "", ""});
  auto commit = [&](size_t unit, const ScheduledGame& game, const GameResult& result) {
    const int index = pending[unit], round = index / 2;
    const GameSetup& setup = game.setup;
    GameLine& line = lines[round].game[index % 2];
    line.finished = true;
    line.code = result.code;
    line.time_us_a = result.time_us_a;
    line.time_us_b = result.time_us_b;
    ++state.games_finished;
    ++state.games_played;
    std::string why;
    const std::string game_line = sink.wants_lines() ? record_line(config, round, setup, result) : "";
    const std::string result_file = format_result_file(lines);
    if (!sink.commit(&result_file, game_line)) {
      if (!write_failed && error) *error = sink.error();
      write_failed = true;
    }
    out << "Round " << round << " seed: " << setup.seed << "  board " << setup.M << "x" << setup.N << ", blocked cell ("
        << setup.noX << ", " << setup.noY << ")\n"
        << "Game " << (index % 2 + 1) << ": " << (setup.first == kA ? "A" : "B") << " moves first\n"
        << result.picture << describe_result(result.code) << " (" << result.reason << ")\n\n";
    if (count_rounds(true)) {
      out << "\n";
      if (!write_summary(&why)) {
        if (!write_failed && error) *error = why;
        write_failed = true;
      }
      if (state.summary.decided() && !stop) {
        stop = true;
        out << "SPRT: " << judge::verdict_name(state.summary.verdict()) << " after " << state.summary.rounds_counted()
            << " rounds; no new game starts\n\n";
      }
    }
    const bool start_no_more = stop;
    out.flush();
    Tally t = tally(lines);
    progress << "Finished game " << state.games_finished << " of " << total_games << " (" << name_a << " vs " << name_b
             << "): " << describe_result(result.code) << ", " << result.moves.size() << " moves"
             << "  Score: " << t.a_wins << " - " << t.b_wins << " - " << t.ties << "\n";
    progress.flush();
    return write_failed ? AfterGame::kStop : start_no_more ? AfterGame::kStartNoMore : AfterGame::kGoOn;
  };
  std::string failure;
  if (!play_games(games, config.a, config.b, config.jobs, commit, &failure) && !write_failed) {
    if (error) *error = failure;
    write_failed = true;
  }

  if (state.summary.decided()) state.games_after_decision = state.games_finished - 2 * state.summary.rounds_counted();
  state.tally = tally(lines);
  std::string why;
  if (!write_failed && !write_summary(&why)) {
    if (error) *error = why;
    write_failed = true;
  }
  if (outcome) *outcome = state;
  return !write_failed;
}

}  // namespace c4
