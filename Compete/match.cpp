#include "match.h"

#include <atomic>
#include <mutex>
#include <ostream>
#include <random>
#include <thread>
#include <vector>

#include "../common/atomic_file.h"
#include "../common/json.h"
#include "../viewer/page.h"

namespace c4 {
namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::string base_name(const std::string& path) {
  size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) name.resize(name.size() - 3);
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

std::string record_line(const MatchConfig& config, int round, const GameSetup& setup, const GameResult& result) {
  judge::JsonWriter json;
  json.begin_object()
      .field("round", round)
      .field("game", setup.first == kA ? 1 : 2)
      .field("seed", setup.seed)
      .field("M", setup.M)
      .field("N", setup.N)
      .field("noX", setup.noX)
      .field("noY", setup.noY)
      .field("a", config.a.plugin_path)
      .field("b", config.b.plugin_path)
      .field("first", setup.first == kA ? "A" : "B")
      .field("time_limit_ms", config.a.time_limit_ms);
  json.key("moves").begin_array();
  for (const MoveRecord& m : result.moves) {
    json.begin_array().value(m.side == kA ? "A" : "B").value(m.x).value(m.y).value(m.wall_us / 1000.0).end_array();
  }
  json.end_array();
  if (!result.win.empty()) {
    json.key("win").begin_array();
    for (const auto& cell : result.win) json.begin_array().value(cell.first).value(cell.second).end_array();
    json.end_array();
  }
  if (result.has_illegal) json.key("illegal").begin_array().value(result.illegal_x).value(result.illegal_y).end_array();
  json.field("code", result.code)
      .field("result", describe_result(result.code))
      .field("reason", result.reason)
      .field("time_a_ms", result.time_us_a / 1000.0)
      .field("time_b_ms", result.time_us_b / 1000.0)
      .end_object();
  return json.str();
}

bool run_match(const MatchConfig& config, std::ostream& out, std::ostream& progress, Tally* final_tally,
               std::string* error) {
  const int total_games = 2 * config.rounds;
  std::vector<RoundLines> lines(config.rounds);
  std::mutex mutex;  // guards lines, the files, the streams and write_failed
  std::atomic<int> next_game{0};
  int finished = 0;
  bool write_failed = false;
  const std::string name_a = base_name(config.a.plugin_path), name_b = base_name(config.b.plugin_path);

  std::string initial = format_result_file(lines);
  if (!judge::write_file_atomically(config.result_path, initial, error)) return false;
  if (!config.record_path.empty() && !judge::write_file_atomically(config.record_path, "", error)) return false;
  // The page holds the games finished so far, in the order they finished (it sorts them).
  std::vector<std::string> page_lines;
  const std::string page_source = "Compete " + name_a + " vs " + name_b + ", match seed " + std::to_string(config.seed);
  if (!config.html_path.empty() &&
      !viewer::write_page(config.html_path, viewer::Kind::kConnectFour, page_lines, page_source, error))
    return false;

  auto worker = [&] {
    for (;;) {
      int index = next_game.fetch_add(1);
      if (index >= total_games) return;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (write_failed) return;
      }
      int round = index / 2;
      RoundBoard rb = round_board(config.seed, round);
      GameSetup setup;
      setup.M = rb.M;
      setup.N = rb.N;
      setup.noX = rb.noX;
      setup.noY = rb.noY;
      setup.seed = rb.seed;
      setup.first = index % 2 == 0 ? kA : kB;
      GameResult result = play_game(setup, config.a, config.b);

      std::lock_guard<std::mutex> lock(mutex);
      GameLine& line = lines[round].game[index % 2];
      line.finished = true;
      line.code = result.code;
      line.time_us_a = result.time_us_a;
      line.time_us_b = result.time_us_b;
      ++finished;
      std::string why;
      const bool keep_line = !config.record_path.empty() || !config.html_path.empty();
      const std::string game_line = keep_line ? record_line(config, round, setup, result) : "";
      if (!judge::write_game_results(config.result_path, format_result_file(lines), config.record_path, game_line,
                                     &why)) {
        if (!write_failed && error) *error = why;
        write_failed = true;
      }
      if (!config.html_path.empty()) {
        page_lines.push_back(game_line);
        if (!viewer::write_page(config.html_path, viewer::Kind::kConnectFour, page_lines, page_source, &why)) {
          if (!write_failed && error) *error = why;
          write_failed = true;
        }
      }
      out << "Round " << round << " seed: " << rb.seed << "  board " << rb.M << "x" << rb.N << ", blocked cell ("
          << rb.noX << ", " << rb.noY << ")\n"
          << "Game " << (index % 2 + 1) << ": " << (setup.first == kA ? "A" : "B") << " moves first\n"
          << result.picture << describe_result(result.code) << " (" << result.reason << ")\n\n";
      out.flush();
      Tally t = tally(lines);
      progress << "Finished game " << finished << " of " << total_games << " (" << name_a << " vs " << name_b
               << "): " << describe_result(result.code) << ", " << result.moves.size() << " moves"
               << "  Score: " << t.a_wins << " - " << t.b_wins << " - " << t.ties << "\n";
      progress.flush();
    }
  };

  int jobs = std::max(1, std::min(config.jobs, total_games));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  if (final_tally) *final_tally = tally(lines);
  return !write_failed;
}

}  // namespace c4
