// pdd-referee: plays Ponte del Diavolo games between two programs with the
// course's command line, as the course platform does. See README.md.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/interrupt.h"
#include "../../common/json.h"
#include "../../common/options.h"
#include "../../common/workdir.h"
#include "../../viewer/page.h"
#include "../../common/sandbox.h"
#include "../../common/sandbox_record.h"
#include "../rules/files.h"
#include "board_view.h"
#include "match.h"

namespace {

const char kUsageHead[] = "usage: pdd-referee <white-program> <black-program> [options]\n";

std::string tail_of_file(const std::string& path, size_t max_lines) {
  std::string text, error;
  if (!pdd::read_text_file(path, &text, &error) || text.empty()) return "";
  std::vector<std::string> lines;
  std::stringstream ss(text);
  std::string line;
  while (std::getline(ss, line)) lines.push_back(line.substr(0, 200));
  std::string out;
  for (size_t i = lines.size() > max_lines ? lines.size() - max_lines : 0; i < lines.size(); ++i)
    out += "    | " + lines[i] + "\n";
  return out;
}

void score_json(judge::JsonWriter& json, const std::string& key, const pdd::PlayerScore& s) {
  json.key(key)
      .begin_object()
      .field("points", s.points)
      .field("islands", s.islands)
      .field("bridges", s.bridges)
      .field("connected_islands", s.connected_islands)
      .field("independent_islands", s.independent_islands)
      .end_object();
}

// What the sandbox did to each side's attempts, White first.
std::vector<judge::SideEvents> sandbox_events(const pdd::GameResult& r) {
  std::vector<judge::SideEvents> sides;
  for (pdd::Colour c : {pdd::kWhite, pdd::kBlack})
    sides.push_back(judge::SideEvents{std::string(1, pdd::colour_letter(c)), r.refused[c], r.daemons_killed[c]});
  return sides;
}

std::string record_line(int game, uint64_t seed, const pdd::MatchOptions& o, const pdd::GameResult& r) {
  judge::JsonWriter json;
  json.begin_object()
      .field("game", game)
      .field("seed", seed)
      .field("white", o.program[pdd::kWhite])
      .field("black", o.program[pdd::kBlack])
      .field("winner", r.winner == pdd::kWhite   ? "W"
                       : r.winner == pdd::kBlack ? "B"
                                                 : "draw")
      .field("reason", r.reason)
      .field("violation", r.violation == pdd::Violation::kNone ? std::string() : pdd::violation_code(r.violation))
      .field("violator", r.violator == pdd::kEmpty ? "" : std::string(1, pdd::colour_letter(r.violator)))
      .field("detail", r.detail)
      .field("time_limit_ms", o.time_limit_ms);
  score_json(json, "white_score", r.score[pdd::kWhite]);
  score_json(json, "black_score", r.score[pdd::kBlack]);
  json.field("actions", r.actions).field("skips", r.skips);
  std::string steps;
  for (const auto& s : r.steps) steps += (steps.empty() ? "" : " ") + pdd::format_step(s);
  json.field("steplog", steps);
  for (pdd::Colour c : {pdd::kWhite, pdd::kBlack}) {
    json.key(c == pdd::kWhite ? "white_ms" : "black_ms").begin_array();
    for (const auto& m : r.moves)
      if (m.colour == c) json.value(static_cast<int64_t>(m.ms + 0.5));
    json.end_array();
  }
  // What happened to each side's hostile attempts, only when something did.
  judge::write_sandbox_events(json, sandbox_events(r));
  json.field("folder", o.game_dir).end_object();
  return json.str();
}

}  // namespace

int main(int argc, char** argv) {
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the referee's alone
  std::vector<std::string> positional;
  long long games = 1, time_limit = 5000, memory = 1024;
  uint64_t seed = judge::random_seed() % 1000000000ULL;
  std::string dir = "pdd-games", record, html;
  bool show_board = false, quiet = false, alternate = false, sandbox_report = false;
  pdd::Crossing crossing = pdd::Crossing::kStrict;
  judge::OptionTable options("pdd-referee", kUsageHead);
  options.integer("--games", "N", 1, 1000000, &games, "games to play (default 1)", "a whole number from 1 to 1000000")
      .flag("--alternate", &alternate, "swap colours every other game (game 2: black-program plays White)")
      .unsigned64("--seed", "S", &seed, "seed given to the programs as PDD_SEED (game g gets S+g-1; default random)",
                  "a non-negative integer")
      .integer("--time-limit", "MS", 1, 3600000, &time_limit, "wall time per turn in milliseconds (default 5000)",
               "milliseconds from 1 to 3600000")
      .integer("--memory-limit", "MB", 16, 1 << 20, &memory, "address-space cap per program run (default 1024)",
               "megabytes from 16 to 1048576")
      .text("--dir", "DIR", &dir, "folder for the game folders DIR/game-N (default pdd-games)", "a folder")
      .text("--record", "FILE", &record, "result file: one JSON line per game, rewritten atomically after each game",
            "a file name")
      .text("--html", "FILE", &html,
            "the replay page: one HTML file (opens from disk) with this run's games,\nrewritten after each game",
            "a file name")
      .custom(
          "--crossing", "MODE",
          [&](const std::string&, const std::string& mode) {
            if (mode == "strict")
              crossing = pdd::Crossing::kStrict;
            else if (mode == "cells")
              crossing = pdd::Crossing::kCellsOnly;
            else
              return false;
            return true;
          },
          "strict (default: shared covered cell or crossing segments) or cells", "strict or cells")
      .flag("--show-board", &show_board, "print the board after every action")
      .flag("--quiet", &quiet, "print only each game's result")
      .flag("--sandbox-report", &sandbox_report,
            "print the protections of the programs' sandbox on this kernel, and exit");
  judge::WorkdirSettings workdir_settings;
  judge::add_workdir_options(&options, &workdir_settings);
  options.footer(
      "Ctrl-C: stops at once; the record and the page keep the games finished before it.\n"
      "exit status: 0 every game played, 1 a game could not be played, 2 bad command line,\n"
      "3 the record or the page could not be written\n");
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (sandbox_report) {
    std::cout << judge::sandbox_report();
    return 0;
  }
  auto usage_error = [&](const std::string& problem) { return options.error(problem); };
  if (positional.size() != 2) return usage_error("expected exactly two programs, White's then Black's");
  std::string error;
  std::string records;  // existing lines of the result file are kept
  if (!record.empty()) {
    struct stat st {};
    if (::stat(record.c_str(), &st) == 0 && !pdd::read_text_file(record, &records, &error)) {
      std::cerr << "pdd-referee: " << error << "\n";
      return 2;
    }
    if (!records.empty() && records.back() != '\n') records += '\n';
    if (!judge::path_is_writable(record, &error)) {
      std::cerr << "pdd-referee: result file: " << error << "\n";
      return 2;
    }
  }

  // Each game is played in capped folders under this root (workdir.h), its files copied to DIR/game-N.
  judge::WorkdirRoot workdirs;
  if (!workdirs.open("pdd-referee", workdir_settings, &error)) {
    std::cerr << "pdd-referee: " << error << "\n";
    return 1;
  }
  // Ctrl-C, SIGTERM or SIGHUP: the record and the page keep the games finished
  // before it (never one file updated and not the other); the running program
  // is killed with the referee.
  judge::die_cleanly_on_signal([](int sig) {
    const std::string note = std::string("\npdd-referee: stopped by ") + strsignal(sig) +
                             "; the record holds the games finished before it\n";
    (void)!::write(2, note.data(), note.size());
  });
  std::cerr << judge::sandbox_summary_line() << "\n";
  // The refusal hooks are built next to the referee; without them refusals still happen, uncounted.
  std::string refusal_hooks = judge::path_beside_executable("refusal-hooks.so");
  if (::access(refusal_hooks.c_str(), R_OK) != 0) {
    std::cerr << "pdd-referee: " << refusal_hooks << " is missing: what the sandbox refuses the programs is not "
              << "counted in the record\n";
    refusal_hooks.clear();
  }
  std::vector<std::string> page_lines;  // this run's games, for the page
  auto file_name = [](const std::string& path) {
    return path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  };
  const std::string page_source =
      "pdd-referee " + file_name(positional[0]) + " vs " + file_name(positional[1]) + ", seed " + std::to_string(seed);
  if (!html.empty() && (!judge::path_is_writable(html, &error) ||
                        !viewer::write_page(html, viewer::Kind::kPonte, page_lines, page_source, &error))) {
    std::cerr << "pdd-referee: --html: " << error << "\n";
    return 2;
  }

  int wins[2] = {0, 0}, draws = 0, failures = 0;  // wins of positional[0], positional[1]
  for (int g = 1; g <= games; ++g) {
    bool swapped = alternate && g % 2 == 0;
    pdd::MatchOptions o;
    o.program[pdd::kWhite] = positional[swapped ? 1 : 0];
    o.program[pdd::kBlack] = positional[swapped ? 0 : 1];
    o.game_dir = dir + "/game-" + std::to_string(g);
    o.workdirs = &workdirs;
    o.game_name = "game" + std::to_string(g);
    o.time_limit_ms = static_cast<int>(time_limit);
    o.memory_limit_mb = memory;
    o.crossing = crossing;
    o.seed = seed + static_cast<uint64_t>(g - 1);
    o.refusal_hooks = refusal_hooks;
    o.show_board = show_board && !quiet;
    o.log = quiet ? nullptr : &std::cout;
    std::cout << "=== Game " << g << " of " << games << ": White " << o.program[pdd::kWhite] << " vs Black "
              << o.program[pdd::kBlack] << " (seed " << o.seed << ", folder " << o.game_dir << ")\n";
    pdd::GameResult r = pdd::play_game(o);
    if (!r.error.empty()) {
      std::cerr << "pdd-referee: game " << g << " could not be played: " << r.error << "\n";
      ++failures;
      continue;
    }
    if (!quiet) std::cout << "Final position:\n" << pdd::render_board(r.board);
    for (pdd::Colour c : {pdd::kWhite, pdd::kBlack})
      std::cout << pdd::colour_name(c) << " (" << o.program[c] << "): " << pdd::describe_score(r.score[c]) << "\n";
    for (const judge::SideEvents& side : sandbox_events(r))
      if (const std::string events = judge::describe_sandbox_events(side); !events.empty())
        std::cout << "Sandbox, " << pdd::colour_name(side.player == "W" ? pdd::kWhite : pdd::kBlack) << ": " << events
                  << "\n";
    if (r.winner == pdd::kEmpty) {
      std::cout << "Result: " << r.reason << "\n";
      ++draws;
    } else {
      std::cout << "Result: " << pdd::colour_name(r.winner) << " wins: " << r.reason << "\n";
      bool first_won = (r.winner == pdd::kWhite) != swapped;
      ++wins[first_won ? 0 : 1];
    }
    if (r.violation != pdd::Violation::kNone) {
      std::string tail =
          tail_of_file(o.game_dir + "/" + (r.violator == pdd::kWhite ? "white" : "black") + "-output.txt", 5);
      if (!tail.empty()) std::cout << "  last output of " << pdd::colour_name(r.violator) << ":\n" << tail;
    }
    std::cout.flush();
    const std::string line = record.empty() && html.empty() ? "" : record_line(g, o.seed, o, r);
    // Both files under results_mutex(): Ctrl-C never falls between them.
    std::lock_guard<std::mutex> both_files(judge::results_mutex());
    if (!record.empty()) {
      records += line + "\n";
      if (!judge::write_file_atomically(record, records, &error)) {
        std::cerr << "pdd-referee: cannot write the result file: " << error << "\n";
        return 3;
      }
    }
    if (!html.empty()) {
      page_lines.push_back(line);
      if (!viewer::write_page(html, viewer::Kind::kPonte, page_lines, page_source, &error)) {
        std::cerr << "pdd-referee: cannot write the page: " << error << "\n";
        return 3;
      }
    }
  }
  if (games > 1)
    std::cout << "=== Totals over " << games << " games: " << positional[0] << " " << wins[0] << " wins, "
              << positional[1] << " " << wins[1] << " wins, " << draws << " draws"
              << (failures ? ", " + std::to_string(failures) + " not played" : "") << "\n";
  return failures ? 1 : 0;
}
