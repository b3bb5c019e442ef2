// ladder: a class ladder that lives all term, for ConnectFour plugins or PDD
// programs. See ladder/README.md.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "../Compete/protocol.h"
#include "../common/cli.h"
#include "../common/judge_run.h"
#include "../common/options.h"
#include "../common/sandbox.h"
#include "../common/workdir.h"
#include "entrant.h"
#include "folder.h"
#include "knockout.h"
#include "ledger.h"
#include "plan.h"
#include "play.h"
#include "standings.h"
#include "standings_page.h"

namespace {

const char kUsage[] =
    "usage: ladder <command> DIR [arguments] [options]   (ladder <command> --help for its options)\n"
    "  init DIR --game connect4|pdd    make a new ladder in DIR\n"
    "  add DIR NAME FILE               add a player, or a new version NAME@2, ... (a .so plugin,\n"
    "                                  a student's .zip, a PDD program or its .c source)\n"
    "  remove DIR NAME                 take NAME out of matchmaking (its games stay)\n"
    "  play DIR --games N -j J         play N more games, chosen by matchmaking\n"
    "       [--shard K/N --seed S      or shard K of a plan of N games into its own record\n"
    "        --record FILE]            (many machines, then merge)\n"
    "  standings DIR                   standings.txt, standings.json, standings.html (and replays/)\n"
    "  knockout DIR --top 8            a seeded knockout of the top players\n"
    "  merge DIR RECORD...             add the games of the shards' records of a plan\n";

int fail(const std::string& problem) {
  std::cerr << "ladder: " << problem << "\n";
  return 1;
}

// The options of play and knockout: how the games are played.
struct GameOptions {
  long long move_time = 0, time_limit = 0, memory = 1024, jobs = 1;
  judge::WorkdirSettings workdirs;
  void add_to(judge::OptionTable* t) {
    t->integer("--move-time", "MS", 1, 600000, &move_time,
               "STRATEGY_MOVE_MS given to ConnectFour plugins, PDD_THINK_MS to PDD programs\n(default: unset)",
               "a whole number of ms")
        .integer("--time-limit", "MS", 1, 600000, &time_limit,
                 "wall time a move (ConnectFour, default 3000) or a turn (PDD, default 5000)", "a whole number of ms")
        .integer("--memory-limit", "MB", 16, 65536, &memory, "memory cap of each player (default 1024)",
                 "a whole number of MB")
        .integer("-j", "J", 1, 64, &jobs, "play J games at once (default 1)", "a whole number from 1 to 64");
    judge::add_workdir_options(t, &workdirs);
  }
};

bool open_ladder(const std::string& dir, ladder::Folder* folder, ladder::GameKind* kind) {
  std::string error;
  if (!ladder::open_folder(dir, folder, kind, &error)) {
    fail(error);
    return false;
  }
  return true;
}

// A command's words after its options into *args: `count` of them (at least
// `count` when `or_more`), else the usage error `need`. kContinue, or the
// exit status.
int read_words(judge::OptionTable& options, int argc, char** argv, size_t count, bool or_more, const char* need,
               std::vector<std::string>* args) {
  if (const int s = options.parse(argc, argv, args); s != judge::OptionTable::kContinue) return s;
  if (or_more ? args->size() < count : args->size() != count) return options.error(need);
  return judge::OptionTable::kContinue;
}

// A command's words and the ladder folder the first one names.
struct OpenedLadder {
  std::vector<std::string> args;
  ladder::Folder folder;
  ladder::GameKind kind = ladder::GameKind::kConnectFour;
};

// read_words, then the ladder folder the first word names opened.
int open_command(judge::OptionTable& options, int argc, char** argv, size_t count, bool or_more, const char* need,
                 OpenedLadder* opened) {
  if (const int s = read_words(options, argc, argv, count, or_more, need, &opened->args);
      s != judge::OptionTable::kContinue)
    return s;
  return open_ladder(opened->args[0], &opened->folder, &opened->kind) ? judge::OptionTable::kContinue : 1;
}

int cmd_init(int argc, char** argv) {
  std::string game;
  judge::OptionTable options("ladder init", "usage: ladder init DIR --game connect4|pdd\n");
  options.text("--game", "GAME", &game, "connect4 or pdd", "connect4 or pdd");
  std::vector<std::string> args;
  if (const int s = read_words(options, argc, argv, 1, false, "need one folder", &args);
      s != judge::OptionTable::kContinue)
    return s;
  ladder::GameKind kind;
  if (!ladder::parse_game_kind(game, &kind)) return options.error("--game needs connect4 or pdd, not '" + game + "'");
  std::string error;
  if (!ladder::init_folder(args[0], kind, &error)) return fail(error);
  std::cout << "ladder of " << game << " in " << args[0] << "\n";
  return 0;
}

int cmd_add(int argc, char** argv) {
  judge::OptionTable options("ladder add",
                             "usage: ladder add DIR NAME FILE\n"
                             "FILE: a .so plugin or a student's .zip (connect4); a program or its .c "
                             "source (pdd).\n");
  std::vector<std::string> args;
  if (const int s = read_words(options, argc, argv, 3, false, "need DIR, NAME and FILE", &args);
      s != judge::OptionTable::kContinue)
    return s;
  if (!ladder::valid_name(args[1]))
    return options.error("NAME '" + args[1] + "': 1 to 40 of A-Z a-z 0-9 _ - . (not starting with . or -)");
  ladder::Folder folder;
  ladder::GameKind kind;
  if (!open_ladder(args[0], &folder, &kind)) return 1;
  if (::access(args[2].c_str(), R_OK) != 0) return fail(args[2] + ": " + std::strerror(errno));
  // Copied, built and checked without the lock (a build may take a while), then
  // numbered and recorded under it.
  ladder::Player player;
  std::string error;
  const std::string place = ladder::pending_place(folder);
  if (!ladder::prepare_entrant(folder, kind, args[1], place, judge::absolute_path(args[2]), judge::self_executable(),
                               &player, &error))
    return fail(error);
  ladder::FolderLock lock(folder);
  if (!lock.ok()) return fail(lock.error());
  ladder::Ledger ledger;
  if (!ladder::read_ledger(folder, &ledger, &error)) return fail(error);
  const int version = ledger.roster.latest_version(args[1]) + 1;
  if (!ladder::settle_entrant(folder, place, version, &player, &error)) return fail(error);
  std::vector<std::string> warnings;
  if (!ladder::append_record_line(folder.players(), ladder::add_line(player), &warnings, &error)) return fail(error);
  for (const std::string& w : warnings) std::cerr << "ladder: warning: " << w << "\n";
  std::cout << "added " << player.id << " (" << player.kind << ", sha256 " << player.sha256.substr(0, 16) << "...)";
  if (player.playable)
    std::cout << ": playable\n";
  else
    std::cout << ": NOT playable: " << player.reason << "\n";
  if (version > 1) std::cout << "earlier versions of " << args[1] << " are retired; their games stay\n";
  return 0;
}

int cmd_remove(int argc, char** argv) {
  judge::OptionTable options("ladder remove", "usage: ladder remove DIR NAME\n");
  OpenedLadder opened;
  if (const int s = open_command(options, argc, argv, 2, false, "need DIR and NAME", &opened);
      s != judge::OptionTable::kContinue)
    return s;
  ladder::FolderLock lock(opened.folder);
  ladder::Ledger ledger;
  std::string error;
  if (!lock.ok()) return fail(lock.error());
  if (!ladder::read_ledger(opened.folder, &ledger, &error)) return fail(error);
  if (ledger.roster.latest_version(opened.args[1]) == 0)
    return fail(opened.folder.players() + ": no player named '" + opened.args[1] + "'");
  std::vector<std::string> warnings;
  if (!ladder::append_record_line(opened.folder.players(), ladder::remove_line(opened.args[1]), &warnings, &error))
    return fail(error);
  std::cout << "removed " << opened.args[1] << " (its games stay in the history)\n";
  return 0;
}

// What play and knockout do before their games: the folder opened, its working
// folders' root and signal cleanup started (judge_run.h), and the settings every
// game shares. 0, or the exit status.
int start_games(const std::string& dir, const GameOptions& o, ladder::Folder* folder, ladder::GameKind* kind,
                judge::WorkdirRoot* workdirs, ladder::PlaySettings* s) {
  if (!open_ladder(dir, folder, kind)) return 1;
  std::string error;
  if (!judge::start_judge_run("ladder", "ladder", o.workdirs, workdirs, "", &error)) return fail(error);
  s->game = *kind;
  s->dir = folder->dir;
  s->host = judge::self_executable();
  s->time_limit_ms = static_cast<int>(o.time_limit ? o.time_limit : *kind == ladder::GameKind::kPonte ? 5000 : 3000);
  s->move_time_ms = o.move_time;
  s->memory_mb = o.memory;
  s->workdirs = workdirs;
  if (*kind == ladder::GameKind::kPonte) {
    // Our PDD programs think for PDD_THINK_MS; the referee's programs inherit the environment.
    if (o.move_time > 0) ::setenv("PDD_THINK_MS", std::to_string(o.move_time).c_str(), 1);
    s->refusal_hooks = judge::path_beside_executable("refusal-hooks.so");
    if (::access(s->refusal_hooks.c_str(), R_OK) != 0) s->refusal_hooks.clear();
  }
  return 0;
}

int cmd_play(int argc, char** argv) {
  GameOptions game;
  long long games = 2;
  judge::RunSettings run;  // --shard, --seed, --record: a plan for many machines (plan.h)
  judge::RunRows rows;
  rows.jobs = rows.html = rows.merge = rows.resume = rows.workdirs = rows.sandbox_report = false;
  rows.seed_help = "the plan's seed (the same on every shard)";
  rows.record_help = "the shard's own record: one JSON line per game of the plan it played";
  rows.shard_help =
      "play shard K (from 0) of N of a plan of --games games, into --record FILE\n"
      "(run again, it plays only what its record lacks; then ladder merge DIR RECORD...)";
  judge::OptionTable options("ladder play",
                             "usage: ladder play DIR --games N [-j J]\n"
                             "       ladder play DIR --shard K/N --seed S --games G --record FILE [-j J]\n");
  options.integer("--games", "N", 1, 10000000, &games,
                  "games to play (pairings of two); with --shard, the plan's games, all shards together",
                  "a whole number >= 1");
  judge::add_run_options(&options, rows, &run);
  game.add_to(&options);
  std::vector<std::string> args;
  if (const int s = read_words(options, argc, argv, 1, false, "need one folder", &args);
      s != judge::OptionTable::kContinue)
    return s;
  if (const std::string wrong = judge::check_run_settings(run, judge::RunRules(), 0); !wrong.empty())
    return options.error(wrong);
  if (run.shards <= 1 && (run.have_seed || !run.record_path.empty()))
    return options.error("--seed and --record go with --shard K/N (N >= 2), a plan for many machines");
  run.jobs = game.jobs;
  run.workdirs = game.workdirs;
  ladder::Folder folder;
  ladder::GameKind kind;
  judge::WorkdirRoot workdirs;
  ladder::PlaySettings settings;
  if (const int status = start_games(args[0], game, &folder, &kind, &workdirs, &settings)) return status;
  if (run.shards > 1)  // the folder is read only: the games go to the shard's record
    return ladder::run_plan_shard(folder, settings, run, static_cast<int>(games), std::cout, std::cerr);
  ladder::PlayRequest request;
  request.games = static_cast<int>(games);
  request.jobs = static_cast<int>(game.jobs);
  if (const int status = ladder::run_play(folder, settings, request, std::cout, std::cerr)) return status;
  ladder::Ledger ledger;
  std::string error;
  if (!ladder::read_ledger(folder, &ledger, &error)) return fail(error);
  const ladder::Standings standings = ladder::compute_standings(ledger.roster, ledger.games);
  if (!ladder::write_standings_files(folder, kind, ledger, standings, false, &error)) return fail(error);
  std::cout << "\n" << ladder::format_standings(ledger.roster, standings);
  return 0;
}

int cmd_standings(int argc, char** argv) {
  bool no_html = false;
  judge::OptionTable options("ladder standings", "usage: ladder standings DIR\n");
  options.flag("--no-html", &no_html, "write standings.txt and standings.json only");
  OpenedLadder opened;
  if (const int s = open_command(options, argc, argv, 1, false, "need one opened.folder", &opened);
      s != judge::OptionTable::kContinue)
    return s;
  ladder::Ledger ledger;
  std::string error;
  if (!ladder::read_ledger(opened.folder, &ledger, &error)) return fail(error);
  for (const std::string& w : ledger.warnings) std::cerr << "ladder: warning: " << w << "\n";
  const ladder::Standings standings = ladder::compute_standings(ledger.roster, ledger.games);
  if (!ladder::write_standings_files(opened.folder, opened.kind, ledger, standings, !no_html, &error))
    return fail(error);
  std::cout << ladder::format_standings(ledger.roster, standings);
  std::cout << "Files: standings.txt, standings.json" << (no_html ? "" : ", standings.html, replays/") << " in "
            << opened.folder.dir << "\n";
  return 0;
}

int cmd_knockout(int argc, char** argv) {
  GameOptions game;
  long long top = 8, pairs = 2, extra = 3;
  judge::OptionTable options("ladder knockout", "usage: ladder knockout DIR [--top 8] [--pairs 2]\n");
  options.integer("--top", "K", 2, 256, &top, "the K best active players (default 8)", "a whole number from 2 to 256")
      .integer("--pairs", "P", 1, 1000, &pairs, "pairings (of two games) a tie (default 2)", "a whole number >= 1")
      .integer("--extra", "E", 0, 1000, &extra, "more pairings, one at a time, while a tie is level (default 3)",
               "a whole number >= 0");
  game.add_to(&options);
  std::vector<std::string> args;
  if (const int s = read_words(options, argc, argv, 1, false, "need one folder", &args);
      s != judge::OptionTable::kContinue)
    return s;
  ladder::Folder folder;
  ladder::GameKind kind;
  judge::WorkdirRoot workdirs;
  ladder::PlaySettings settings;
  if (const int status = start_games(args[0], game, &folder, &kind, &workdirs, &settings)) return status;
  ladder::KnockoutRequest request;
  request.top = static_cast<int>(top);
  request.pairs = static_cast<int>(pairs);
  request.extra = static_cast<int>(extra);
  request.jobs = static_cast<int>(game.jobs);
  return ladder::run_knockout(folder, settings, request, std::cout, std::cerr);
}

int cmd_merge(int argc, char** argv) {
  judge::OptionTable options("ladder merge",
                             "usage: ladder merge DIR RECORD [RECORD...]\n"
                             "RECORD: the record of a shard (ladder play DIR --shard K/N --record RECORD).\n");
  OpenedLadder opened;
  if (const int s = open_command(options, argc, argv, 2, true, "need DIR and the shards' records", &opened);
      s != judge::OptionTable::kContinue)
    return s;
  return ladder::run_plan_merge(opened.folder, opened.kind,
                                std::vector<std::string>(opened.args.begin() + 1, opened.args.end()), std::cout,
                                std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the ladder's alone
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    (argc < 2 ? std::cerr : std::cout) << kUsage;
    return argc < 2 ? 2 : 0;
  }
  // The command may come after options (tools/cluster/shard.sbatch runs "ladder --shard K/N play ..."):
  // the first word that names a command is moved to the front.
  const std::vector<std::string> commands = {"init", "add", "remove", "play", "standings", "knockout", "merge"};
  for (int k = 1; k < argc; ++k)
    if (std::find(commands.begin(), commands.end(), argv[k]) != commands.end()) {
      std::rotate(argv + 1, argv + k, argv + k + 1);
      break;
    }
  const std::string command = argv[1];
  // Each command parses the words after it (argv[1] stands as its program name).
  if (command == "init") return cmd_init(argc - 1, argv + 1);
  if (command == "add") return cmd_add(argc - 1, argv + 1);
  if (command == "remove") return cmd_remove(argc - 1, argv + 1);
  if (command == "play") return cmd_play(argc - 1, argv + 1);
  if (command == "standings") return cmd_standings(argc - 1, argv + 1);
  if (command == "knockout") return cmd_knockout(argc - 1, argv + 1);
  if (command == "merge") return cmd_merge(argc - 1, argv + 1);
  std::cerr << "ladder: unknown command '" << command << "'\n" << kUsage;
  return 2;
}
