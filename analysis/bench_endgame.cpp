// make bench-endgame: how often a strategy's move keeps the proven outcome of
// a ConnectFour position with 30 to 50 empty cells, at a fixed number of
// iterations a move, and how long the solver takes to prove those positions.
//
//   bench_endgame label RECORD... -o FILE [--budget N] [--empty LO-HI] [--mistakes]
//                 [--step S] [--per-game K] [--table-bits B] [-j N]
//     takes the positions of the games of Compete records with HI, HI - S,
//     ... (not below LO) empty cells, solves each within N nodes (a table of
//     2^B entries a thread, 16 bytes each; default 22, 64 MiB) and writes
//     those proven whose outcome some move would change (with --mistakes:
//     the game's own move changed), at most K a game (endgame_positions.h):
//     the file of make bench-endgame.
//   bench_endgame run FILE PLUGIN... [--iterations N] [--solver]
//     asks each plugin (the course's ABI, loaded in this process, thinking
//     STRATEGY_MOVE_ITERATIONS=N a move) for its move in every position,
//     prints the share that keep the outcome, and with --solver the solver's
//     time to prove each position afresh.
#include <dlfcn.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../Compete/framework/Point.h"
#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "../common/json_read.h"
#include "../common/options.h"
#include "connect4_solver.h"
#include "endgame_positions.h"

namespace {

using analysis::EndgamePosition;

const int kTableBits = 22;  // the solver's table by default: 2^22 entries, 64 MiB

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool read_text(const std::string& path, std::string* text, std::string* problem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return *problem = path + ": cannot be read", false;
  std::stringstream all;
  all << in.rdbuf();
  *text = all.str();
  return true;
}

// --- label ---------------------------------------------------------------

// The position of `game` (a record line) with `empty` empty cells: its board
// and the moves up to it, and the column the game went on with; false if the
// game ends before (or is not a game).
bool position_of(const judge::JsonValue& game, int empty, EndgamePosition* p, int* next_column) {
  const judge::JsonValue* moves = game.find("moves");
  const char* keys[] = {"M", "N", "noX", "noY"};
  int* fields[] = {&p->M, &p->N, &p->noX, &p->noY};
  for (int i = 0; i < 4; ++i) {
    const judge::JsonValue* v = game.find(keys[i]);
    if (!v || v->type != judge::JsonValue::kNumber) return false;
    *fields[i] = static_cast<int>(v->number);
  }
  if (!moves || moves->type != judge::JsonValue::kArray) return false;
  const int played = p->M * p->N - 1 - empty;
  if (played < 0 || played >= static_cast<int>(moves->items.size())) return false;  // the game ended before
  for (int k = 0; k <= played; ++k) {
    const judge::JsonValue& m = moves->items[k];
    if (m.type != judge::JsonValue::kArray || m.items.size() < 3) return false;
    p->columns.push_back(static_cast<int>(m.items[2].number));
  }
  *next_column = p->columns.back();  // the move the game went on with
  p->columns.pop_back();
  return true;
}

// The empty-cell counts HI, HI - S, ... (not below LO) in words: "60",
// "12, 9 and 6", or "50, 46, ... (down to 30)" for four or more.
std::string empty_counts(int hi, int lo, int step) {
  std::vector<int> counts;
  for (int empty = hi; empty >= lo; empty -= step) counts.push_back(empty);
  std::string text = std::to_string(counts[0]);
  if (counts.size() >= 4)
    return text + ", " + std::to_string(counts[1]) + ", ... (down to " + std::to_string(counts.back()) + ")";
  for (size_t i = 1; i < counts.size(); ++i)
    text += (i + 1 == counts.size() ? " and " : ", ") + std::to_string(counts[i]);
  return text;
}

int label(const std::vector<std::string>& records, const std::string& out_path, long long budget, int lo, int hi,
          int step, int per_game, bool mistakes, int table_bits, int jobs) {
  std::vector<EndgamePosition> candidates;
  std::vector<int> game_of;  // the candidate's game, counted over the records
  std::vector<int> played;   // the column the game went on with
  std::string problem;
  int games = 0;
  for (const std::string& path : records) {
    std::string text;
    if (!read_text(path, &text, &problem)) {
      std::cerr << "bench_endgame: " << problem << "\n";
      return 2;
    }
    bool torn = false;
    auto each = [&](int, const std::string&, const std::string&, const judge::JsonValue& game) {
      for (int empty = hi; empty >= lo; empty -= step) {
        EndgamePosition p;
        int next = -1;
        if (position_of(game, empty, &p, &next))
          candidates.push_back(p), game_of.push_back(games), played.push_back(next);
      }
      ++games;
      return true;
    };
    if (!judge::read_json_lines(text, path, each, &torn, &problem)) {
      std::cerr << "bench_endgame: " << problem << "\n";
      return 2;
    }
  }
  // Solved `jobs` at a time, each thread with a table of its own.
  std::vector<analysis::SolveResult> results(candidates.size());
  std::vector<double> times(candidates.size());
  std::atomic<size_t> next{0};
  // The tables are made here, so that a lack of memory is an error, not a crash in a thread.
  std::vector<std::unique_ptr<analysis::Solver>> solvers;
  try {
    for (int j = 0; j < jobs; ++j) solvers.push_back(std::make_unique<analysis::Solver>(table_bits));
  } catch (const std::bad_alloc&) {
    std::cerr << "bench_endgame: no memory for " << jobs << " solver tables of 2^" << table_bits << " entries ("
              << ((16LL << table_bits) >> 20) << " MiB each); lower --table-bits or -j\n";
    return 1;
  }
  auto work = [&](analysis::Solver& solver) {
    for (size_t i = next++; i < candidates.size(); i = next++) {
      c4engine::Geometry geometry;
      c4engine::Position pos;
      std::string why;
      if (!analysis::replay(candidates[i], &geometry, &pos, &why)) continue;  // not a position to solve
      solver.clear();
      const auto start = std::chrono::steady_clock::now();
      results[i] = solver.solve(pos, budget);
      times[i] = seconds_since(start);
      std::fprintf(stderr, "position %zu of %zu: %s in %.1f s\n", i + 1, candidates.size(),
                   results[i].proven ? analysis::outcome_name(results[i].outcome) : "not proven", times[i]);
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work, std::ref(*solvers[j]));
  work(*solvers[0]);
  for (std::thread& t : threads) t.join();

  std::string text =
      "# ConnectFour endgame positions for make bench-endgame (analysis/endgame_positions.h):\n"
      "# the positions of " +
      std::to_string(games) + " games with " + empty_counts(hi, lo, step) +
      " empty cells, labelled by analysis::Solver\n"
      "# (a fresh table of 2^" +
      std::to_string(table_bits) + " entries, a budget of " + std::to_string(budget) +
      " nodes); kept: those proven whose outcome some move changes, at most " + std::to_string(per_game) + " a game.\n";
  int proven = 0, kept = 0;
  std::vector<int> kept_of_game(games, 0);
  for (size_t i = 0; i < candidates.size(); ++i) {
    const analysis::SolveResult& r = results[i];
    if (!r.proven) continue;
    ++proven;
    if (kept_of_game[game_of[i]] >= per_game) continue;
    c4engine::Geometry geometry;
    c4engine::Position pos;
    std::string why;
    analysis::replay(candidates[i], &geometry, &pos, &why);
    if (r.keeps == pos.open_columns()) continue;             // every move keeps it: nothing to measure
    if (mistakes && ((r.keeps >> played[i]) & 1)) continue;  // the game's move kept it
    EndgamePosition p = candidates[i];
    p.outcome = r.outcome;
    p.keeps = r.keeps;
    p.nodes = r.nodes;
    text += analysis::format_position(p) + "\n";
    ++kept;
    ++kept_of_game[game_of[i]];
  }
  if (!judge::write_file_atomically(out_path, text, &problem)) {
    std::cerr << "bench_endgame: " << problem << "\n";
    return 1;
  }
  std::printf(
      "%zu positions of %d games: %d proven within %lld nodes, %d kept (some move changes the outcome; %d a game at "
      "most)\n",
      candidates.size(), games, proven, budget, kept, per_game);
  return 0;
}

// --- run -----------------------------------------------------------------

using GetPoint = Point* (*)(int, int, const int*, const int*, int, int, int, int);
using ClearPoint = void (*)(Point*);

struct Plugin {
  std::string path;
  GetPoint get = nullptr;
  ClearPoint clear = nullptr;
};

bool load(const std::string& path, Plugin* plugin, std::string* problem) {
  void* handle =
      dlopen(path.find('/') == std::string::npos ? ("./" + path).c_str() : path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) return *problem = path + ": " + dlerror(), false;
  plugin->path = path;
  plugin->get = reinterpret_cast<GetPoint>(dlsym(handle, "getPoint"));
  plugin->clear = reinterpret_cast<ClearPoint>(dlsym(handle, "clearPoint"));
  if (!plugin->get || !plugin->clear) return *problem = path + ": no getPoint or clearPoint", false;
  return true;
}

// The plugin's column in `p` as the course's framework asks it: the plugin's
// stones are 2, the opponent's 1, top[y] one past the next free row; -1 for an
// answer off the board. *ms gets the call's wall time.
int ask(const Plugin& plugin, const EndgamePosition& p, double* ms) {
  c4engine::Geometry geometry;
  c4engine::Position pos;
  std::string why;
  analysis::replay(p, &geometry, &pos, &why);
  std::vector<int> top(p.N), board(p.M * p.N, 0);
  for (int y = 0; y < p.N; ++y) top[y] = pos.free_row(y) + 1;
  for (int x = 0; x < p.M; ++x)
    for (int y = 0; y < p.N; ++y) {
      const int stone = pos.stone(x, y);
      if (stone >= 0) board[x * p.N + y] = stone == pos.to_move() ? 2 : 1;
    }
  int last_x = -1, last_y = -1;
  if (!p.columns.empty()) {  // the cell of the last move: the top stone of its column
    last_y = p.columns.back();
    for (last_x = 0; last_x < p.M && pos.stone(last_x, last_y) < 0; ++last_x) {
    }
  }
  const auto start = std::chrono::steady_clock::now();
  Point* answer = plugin.get(p.M, p.N, top.data(), board.data(), last_x, last_y, p.noX, p.noY);
  *ms = seconds_since(start) * 1000;
  if (!answer) return -1;
  const int y = answer->y, x = answer->x;
  plugin.clear(answer);
  return y >= 0 && y < p.N && x == pos.free_row(y) ? y : -1;
}

int run(const std::string& file, const std::vector<std::string>& plugin_paths, long long iterations, bool solver) {
  std::string text, problem;
  std::vector<EndgamePosition> positions;
  if (!read_text(file, &text, &problem) || !parse_positions(text, file, &positions, &problem)) {
    std::cerr << "bench_endgame: " << problem << "\n";
    return 2;
  }
  if (positions.empty()) {
    std::cerr << "bench_endgame: " << file << ": no positions\n";
    return 2;
  }
  int wins = 0, empty_lo = 99, empty_hi = 0;
  for (const EndgamePosition& p : positions) {
    wins += p.outcome > 0;
    const int empty = p.M * p.N - 1 - static_cast<int>(p.columns.size());
    empty_lo = std::min(empty_lo, empty), empty_hi = std::max(empty_hi, empty);
  }
  const int total = static_cast<int>(positions.size());
  std::printf("%d positions of %s: %d won, %d drawn for the side to move; %d..%d empty cells\n", total, file.c_str(),
              wins, total - wins, empty_lo, empty_hi);
  std::printf("a move keeps the outcome: each plugin at STRATEGY_MOVE_ITERATIONS=%lld\n", iterations);
  std::printf("%-44s %9s %7s %10s %11s %10s\n", "plugin", "kept", "share", "wins kept", "draws kept", "median ms");
  setenv("STRATEGY_MOVE_ITERATIONS", std::to_string(iterations).c_str(), 1);
  setenv("STRATEGY_MOVE_MS", "600000", 1);  // the iterations bound the search, not the clock
  std::vector<std::vector<bool>> kept_by(plugin_paths.size());
  for (size_t k = 0; k < plugin_paths.size(); ++k) {
    Plugin plugin;
    if (!load(plugin_paths[k], &plugin, &problem)) {
      std::cerr << "bench_endgame: " << problem << "\n";
      return 2;
    }
    int kept = 0, wins_kept = 0;
    std::vector<double> ms(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) {
      const int y = ask(plugin, positions[i], &ms[i]);
      const bool keeps = y >= 0 && ((positions[i].keeps >> y) & 1);
      kept_by[k].push_back(keeps);
      kept += keeps;
      wins_kept += keeps && positions[i].outcome > 0;
    }
    std::printf("%-44s %5d/%-3d %6.1f%% %6d/%-3d %7d/%-3d %10.1f\n", plugin.path.c_str(), kept, total,
                100.0 * kept / total, wins_kept, wins, kept - wins_kept, total - wins, median(ms));
    std::fflush(stdout);
  }
  for (size_t k = 1; k < plugin_paths.size(); ++k) {
    int only_first = 0, only_other = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
      only_first += kept_by[0][i] && !kept_by[k][i];
      only_other += !kept_by[0][i] && kept_by[k][i];
    }
    std::printf("kept by %s alone: %d; by %s alone: %d\n", plugin_paths[0].c_str(), only_first, plugin_paths[k].c_str(),
                only_other);
  }
  if (!solver) return 0;
  std::vector<double> times, nodes;
  analysis::Solver exact(kTableBits);
  int unproven = 0;
  for (const EndgamePosition& p : positions) {
    c4engine::Geometry geometry;
    c4engine::Position pos;
    std::string why;
    analysis::replay(p, &geometry, &pos, &why);
    exact.clear();
    const auto start = std::chrono::steady_clock::now();
    const analysis::SolveResult r = exact.solve(pos, 4 * p.nodes + 1000000);
    times.push_back(seconds_since(start));
    nodes.push_back(static_cast<double>(r.nodes));
    unproven += !r.proven || r.outcome != p.outcome || r.keeps != p.keeps;
  }
  std::printf("the solver (a fresh 2^22 table each): median %.2f s, longest %.2f s, median %.0f nodes (%.1f M nodes/s)",
              median(times), *std::max_element(times.begin(), times.end()), median(nodes),
              median(nodes) / std::max(1e-9, median(times)) / 1e6);
  std::printf("%s\n", unproven ? (", " + std::to_string(unproven) + " not proven as labelled").c_str() : "");
  return unproven ? 1 : 0;
}

const char kUsage[] =
    "usage: bench_endgame label RECORD... -o FILE [--budget N] [--empty LO-HI] [--step S] [--per-game K]\n"
    "                           [--mistakes] [--table-bits B] [-j N]\n"
    "       bench_endgame run FILE PLUGIN... [--iterations N] [--solver]\n"
    "label: the positions of Compete records' games with HI, HI - S, ... empty cells, solved within N nodes\n"
    "  (default 200000000); those proven whose outcome some move changes (K a game at most) to FILE.\n"
    "run: each plugin's move in every position of FILE at STRATEGY_MOVE_ITERATIONS=N (default 100000):\n"
    "  the share that keep the outcome; --solver also times the solver on each position.\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || (std::string(argv[1]) != "label" && std::string(argv[1]) != "run")) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string mode = argv[1];
  std::string out, empty = "30-50";
  long long budget = 200000000, jobs = 1, iterations = 100000, step = 4, per_game = 2, table_bits = kTableBits;
  bool solver = false, mistakes = false;
  judge::OptionTable options("bench_endgame " + mode, kUsage);
  if (mode == "label")
    options.text("-o", "FILE", &out, "the positions file to write", "a file name")
        .integer("--budget", "N", 1, 1LL << 50, &budget, "the solver's nodes a position", "a node count")
        .text("--empty", "LO-HI", &empty, "the empty cells of the positions (default 30-50)", "LO-HI")
        .integer("--step", "S", 1, 143, &step, "empty cells between two positions of a game (default 4)", "1..143")
        .integer("--per-game", "K", 1, 143, &per_game, "positions kept from one game at most (default 2)", "1..143")
        .flag("--mistakes", &mistakes, "keep only the positions in which the game's own move changed the outcome")
        .integer("--table-bits", "B", 16, 28, &table_bits,
                 "the solver's table: 2^B entries of 16 bytes a position solved at once (default 22)",
                 "a whole number from 16 to 28")
        .integer("-j", "N", 1, 64, &jobs, "positions solved at once", "a whole number from 1 to 64");
  else
    options
        .integer("--iterations", "N", 1, 1LL << 40, &iterations, "STRATEGY_MOVE_ITERATIONS of the plugins",
                 "an iteration count")
        .flag("--solver", &solver, "also time the solver on every position");
  std::vector<std::string> words;
  if (const int status = options.parse(argc - 1, argv + 1, &words); status != judge::OptionTable::kContinue)
    return status;
  if (mode == "run") {
    if (words.size() < 2) return options.error("run needs the positions file and at least one plugin");
    return run(words[0], std::vector<std::string>(words.begin() + 1, words.end()), iterations, solver);
  }
  long long lo = 0, hi = 0;
  const size_t dash = empty.find('-');
  if (dash == std::string::npos || !judge::parse_int(empty.substr(0, dash), 1, 143, &lo) ||
      !judge::parse_int(empty.substr(dash + 1), lo, 143, &hi))
    return options.error("--empty '" + empty + "' is not LO-HI with 1 <= LO <= HI <= 143");
  if (words.empty() || out.empty()) return options.error("label needs records and -o FILE");
  return label(words, out, budget, static_cast<int>(lo), static_cast<int>(hi), static_cast<int>(step),
               static_cast<int>(per_game), mistakes, static_cast<int>(table_bits), static_cast<int>(jobs));
}
