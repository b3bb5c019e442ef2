// play2048: plays agents in process (no sandbox) for tuning and quick figures,
// turns Run2048 record files into table rows, and extracts endgame boards
// from them. Run2048 is the judge of record; spawns here follow the contest's
// rule from a seeded generator of this program. The forms and the table's
// columns are described in Game2048/bot/README.md ("Benchmarks").
#include <algorithm>
#include <cstring>
#include <fstream>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "../engine/board4.h"
#include "../engine/recorded_moves.h"
#include "../train/start_boards.h"
#include "agent.h"
#include "expectimax.h"
#include "table.h"

namespace {

namespace b4 = g2048::b4;

uint64_t splitmix(uint64_t& s) {
  uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

b4::Board spawn(b4::Board b, uint64_t& position_stream, uint64_t& value_stream) {
  const int empty = b4::count_empty(b);
  const int k = int(((splitmix(position_stream) >> 32) * uint64_t(empty)) >> 32);
  return b4::spawn(b, k, splitmix(value_stream) % 10 == 0 ? 2 : 1);
}

// The number after "key": in a JSON line (0 if absent).
double json_number(const std::string& line, const std::string& key, size_t from = 0) {
  const size_t at = line.find("\"" + key + "\":", from);
  return at == std::string::npos ? 0 : std::strtod(line.c_str() + at + key.size() + 3, nullptr);
}

// A row from Run2048's record file.
int summarise_records(const std::string& path, const std::string& name, const std::string& verdict) {
  FILE* f = std::fopen(path.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "play2048: cannot open record file '%s'\n", path.c_str());
    return 1;
  }
  bot2048::RunSummary run;
  run.agent = name;
  run.verdict = verdict;
  char buffer[1 << 16];
  std::string line;
  while (std::fgets(buffer, sizeof buffer, f)) {
    line += buffer;
    if (line.back() != '\n' && !std::feof(f)) continue;  // a long line: keep reading
    if (line.find("\"game\":") != std::string::npos) {
      bot2048::GameRecord g;
      g.score = uint64_t(json_number(line, "score"));
      g.max_tile = int(json_number(line, "max_tile"));
      g.moves = int(json_number(line, "moves"));
      run.cpu_seconds += json_number(line, "bot_cpu_s");
      const size_t reached = line.find("\"reached\":{");
      if (reached != std::string::npos)
        for (int e = 11; e < 16; ++e) g.moves_to[e] = int(json_number(line, std::to_string(1 << e), reached));
      run.games.push_back(g);
    }
    line.clear();
  }
  std::fclose(f);
  if (run.games.empty()) {
    std::fprintf(stderr, "play2048: no games in record file '%s'\n", path.c_str());
    return 1;
  }
  bot2048::print_table_row(stdout, run);
  return 0;
}

// The string after "key": in a JSON line (empty if absent).
std::string json_string(const std::string& line, const std::string& key) {
  const size_t at = line.find("\"" + key + "\":\"");
  if (at == std::string::npos) return "";
  const size_t from = at + key.size() + 4, to = line.find('"', from);
  return to == std::string::npos ? "" : line.substr(from, to - from);
}

// Replays the games of Run2048 record files and writes their endgame boards
// (see the top of this file); 1 with a message naming the file and game on a
// record that does not replay.
int write_endgame_boards(const std::vector<std::string>& record_paths, uint64_t min_sum, const std::string& out) {
  int top = 0;
  while ((uint64_t(2) << top) <= min_sum) ++top;  // 2^top: the largest power of two <= min_sum
  std::vector<uint64_t> boards;
  int games = 0, converted = 0;
  for (const std::string& path : record_paths) {
    std::ifstream in(path);
    if (!in) {
      std::fprintf(stderr, "play2048: cannot open record file '%s'\n", path.c_str());
      return 1;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (line.find("\"game\":") == std::string::npos) continue;
      ++games;
      const std::string directions = json_string(line, "directions");
      std::vector<g2048::ContestGame::Spawn> spawns;
      bool ok = g2048::read_recorded_moves(directions, json_string(line, "spawns"), &spawns).empty();
      b4::Board b = 0;
      size_t next_spawn = 0;
      auto place = [&]() {  // the next recorded spawn, on an empty cell
        if (next_spawn >= spawns.size() || b4::get_cell(b, spawns[next_spawn].cell) != 0) return false;
        b = b4::set_cell(b, spawns[next_spawn].cell, spawns[next_spawn].value == 4 ? 2 : 1);
        ++next_spawn;
        return true;
      };
      ok = ok && place() && place();
      for (size_t i = 0; ok && i <= directions.size(); ++i) {
        if (b4::max_exponent(b) == top && uint64_t(b4::tile_sum(b)) >= min_sum) {
          boards.push_back(b);
          converted += int(json_number(line, "max_tile")) > (1 << top);
          break;
        }
        if (i == directions.size()) break;
        const char* d = std::strchr("LDRU", directions[i]);
        const b4::Board after = d ? b4::move(b, int(d - "LDRU")) : b;
        ok = after != b;
        b = after;
        ok = ok && place();
      }
      if (!ok) {
        std::fprintf(stderr, "play2048: record file '%s' line %d: the game does not replay (a bad move or spawn)\n",
                     path.c_str(), number);
        return 1;
      }
    }
  }
  std::string files;
  for (const std::string& path : record_paths) files += " " + path;
  char comment[1024];
  std::snprintf(comment, sizeof comment,
                "endgame boards: the first position to move with a %d on top and tiles summing to >= %llu in each "
                "game of the records (%d of %d games; %d of them went on past %d); play2048 --endgame-boards from%s",
                1 << top, (unsigned long long)min_sum, int(boards.size()), games, converted, 1 << top, files.c_str());
  std::string error;
  if (boards.empty()) error = "no game of the records reaches such a board";
  if (!error.empty() || !train2048::write_start_boards(out, boards, comment, &error)) {
    std::fprintf(stderr, "play2048: %s\n", error.c_str());
    return 1;
  }
  std::printf("%s\n", comment);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bot2048;
  uint64_t games = 10, seed = 1, until_tile = 0;
  bool header = false, quiet = false;
  std::vector<std::string> specs;
  std::string records, name, verdict, starts_path, endgame_out;
  std::vector<std::string> record_paths;
  uint64_t min_sum = 0;
  judge::OptionTable options("play2048",
                             "usage: play2048 [--games N] [--seed S] [--starts FILE] [--until-tile T] [--header] "
                             "[--quiet] SPEC...\n"
                             "       play2048 --records FILE --name NAME [--verdict TEXT]\n"
                             "       play2048 --records FILE... --endgame-boards OUT --min-sum S\n");
  auto store = [](std::string* out) {
    return [out](const std::string&, const std::string& v) {
      *out = v;
      return true;
    };
  };
  options
      .custom(
          "--games", "N",
          [&](const std::string&, const std::string& v) { return judge::parse_u64(v, &games) && games != 0; },
          "games per agent spec (default 10)", "a positive whole number")
      .unsigned64("--seed", "S", &seed, "the games' seed (default 1)", "an unsigned 64-bit integer")
      .custom("--starts", "FILE", store(&starts_path),
              "start boards: game g starts from board g mod n and scores the points gained", "a file name")
      .custom(
          "--until-tile", "T",
          [&](const std::string&, const std::string& v) {
            return judge::parse_u64(v, &until_tile) && until_tile >= 4 && until_tile <= 32768 &&
                   (until_tile & (until_tile - 1)) == 0;
          },
          "a game stops once a tile of T appears", "a power of two from 4 to 32768")
      .flag("--header", &header, "print the table's header first")
      .flag("--quiet", &quiet, "no line per game on stderr")
      .custom(
          "--records", "FILE",
          [&](const std::string&, const std::string& v) {
            records = v;
            record_paths.push_back(v);
            return true;
          },
          "a Run2048 record file: print its row (of the last one given),\n"
          "or read its games for --endgame-boards (repeatable)",
          "a file name")
      .custom("--name", "NAME", store(&name), "the row's name (default: the record file's)", "a name")
      .custom("--verdict", "TEXT", store(&verdict), "the row's verdict", "a text")
      .custom("--endgame-boards", "OUT", store(&endgame_out),
              "write endgame boards to OUT: in each game of the records, the first\n"
              "position with the largest power of two <= S on top, tiles summing to >= S",
              "a file name")
      .custom(
          "--min-sum", "S",
          [&](const std::string&, const std::string& v) {
            return judge::parse_u64(v, &min_sum) && min_sum >= 4 && min_sum <= (uint64_t(1) << 20);
          },
          "S of --endgame-boards", "a whole number from 4 to 1048576");
  if (const int status = options.parse(argc, argv, &specs); status != judge::OptionTable::kContinue) return status;
  if (!endgame_out.empty()) {
    if (record_paths.empty() || min_sum == 0) {
      std::fprintf(stderr, "play2048: --endgame-boards needs --records FILE (one or more) and --min-sum S\n");
      return 2;
    }
    return write_endgame_boards(record_paths, min_sum, endgame_out);
  }
  if (header) print_table_header(stdout);
  if (!records.empty()) return summarise_records(records, name.empty() ? records : name, verdict);
  std::vector<uint64_t> starts;
  std::string starts_error;
  if (!starts_path.empty() && !train2048::read_start_boards(starts_path, &starts, &starts_error)) {
    std::fprintf(stderr, "play2048: %s\n", starts_error.c_str());
    return 2;
  }
  for (const std::string& spec : specs) {
    std::string error;
    std::unique_ptr<Agent> agent = make_agent(spec, &error);
    if (!agent) {
      std::fprintf(stderr, "play2048: %s\n", error.c_str());
      return 2;
    }
    RunSummary run;
    run.agent = agent->describe();
    const double cpu_start = process_cpu_seconds();
    for (uint64_t g = 0; g < games; ++g) {
      uint64_t position_stream = seed * 1000003 + g * 3 + 1, value_stream = seed * 1000003 + g * 3 + 2;
      agent->new_game(seed * 1000003 + g * 3 + 3);
      b4::Board b = starts.empty() ? spawn(spawn(0, position_stream, value_stream), position_stream, value_stream)
                                   : starts[g % starts.size()];
      GameRecord game;
      for (;;) {
        const int d = agent->choose_move(b);
        if (d < 0) break;
        uint32_t gained = 0;
        const b4::Board after = b4::move(b, d, &gained);
        if (after == b) {
          std::fprintf(stderr, "play2048: %s returned move %d that changes nothing\n", spec.c_str(), d);
          return 1;
        }
        game.score += gained;
        ++game.moves;
        b = spawn(after, position_stream, value_stream);
        const int e = b4::max_exponent(b);
        if (e >= 11 && game.moves_to[e] == 0) game.moves_to[e] = game.moves;
        if (until_tile && b4::max_tile(b) >= int(until_tile)) break;
      }
      game.max_tile = b4::max_tile(b);
      run.games.push_back(game);
      run.cpu_seconds = process_cpu_seconds() - cpu_start;
      if (!quiet)
        std::fprintf(stderr, "  %s game %llu: score %llu, max tile %d, %d moves, %.0f moves/s so far\n", spec.c_str(),
                     (unsigned long long)g + 1, (unsigned long long)game.score, game.max_tile, game.moves,
                     run.total_moves() / run.cpu_seconds);
    }
    run.mean_depth = agent->mean_depth();
    if (!agent->search_summary().empty())
      std::fprintf(stderr, "  %s: %s\n", spec.c_str(), agent->search_summary().c_str());
    print_table_row(stdout, run);
    std::fflush(stdout);
  }
  return 0;
}
