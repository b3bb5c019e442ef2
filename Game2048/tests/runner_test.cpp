// Run2048: the plugin ABI with the simple bot, the stats file and record, and
// the faults a bot can commit (with the small broken bots of tests/bots/).
#include <doctest/doctest.h>

#include <algorithm>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "../../common/confinement.h"
#include "../2048.h"
#include "../engine/slide.h"
#include "../engine/streams.h"
#include "../runner/run.h"
#include "helpers.h"

using g2048_test::contains;
using g2048_test::lines_starting;
using g2048_test::Outcome;
using g2048_test::read_file;
using g2048_test::ScratchDir;
using g2048_test::without_cpu;
using g2048_test::without_cpu_lines;
using g2048_test::without_time;

namespace {

std::string runner() { return g2048_test::program("Run2048"); }
std::string simple_bot() { return g2048_test::plugin("simple.so"); }

// Run2048 <bot> --games N --out DIR/stats.txt --record DIR/record.jsonl, quiet, plus `extra`.
Outcome run(const ScratchDir& dir, const std::string& bot, int games, std::vector<std::string> extra = {},
            const std::vector<std::pair<std::string, std::string>>& env = {}) {
  std::vector<std::string> argv = {runner(),     bot,
                                   "--games",    std::to_string(games),
                                   "--out",      dir.file("stats.txt"),
                                   "--record",   dir.file("record.jsonl"),
                                   "--progress", "off",
                                   "--bot-log",  "none"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return g2048_test::run_program(argv, dir, env);
}

// Runs `bot` with -j 1 and with `jobs` (e.g. {"--jobs", "3"}) and checks that
// the two give the same exit code, lines, stats file and record but for CPU.
void check_jobs_like_sequential(const std::string& bot, int games, const std::vector<std::string>& jobs,
                                const std::vector<std::string>& extra = {}) {
  ScratchDir one, many;
  std::vector<std::string> parallel = extra;
  parallel.insert(parallel.end(), jobs.begin(), jobs.end());
  const Outcome sequential = run(one, bot, games, extra);
  const Outcome at_once = run(many, bot, games, parallel);
  CAPTURE(jobs[1]);
  CHECK(at_once.exit_code == sequential.exit_code);
  CHECK(without_cpu_lines(at_once.output) == without_cpu_lines(sequential.output));
  CHECK(without_time(read_file(many.file("stats.txt"))) == without_time(read_file(one.file("stats.txt"))));
  CHECK(without_cpu(read_file(many.file("record.jsonl"))) == without_cpu(read_file(one.file("record.jsonl"))));
}

// The contest API playing the simple bot's policy in-process: the stats file it writes.
std::string in_process_stats(const ScratchDir& dir, uint64_t seed, int games) {
  const std::string path = dir.file("in_process.txt");
  ::setenv("GAME2048_SEED", std::to_string(seed).c_str(), 1);
  ::setenv("GAME2048_STATS", path.c_str(), 1);
  {
    Game game;
    const dir_e order[4] = {DOWN, LEFT, RIGHT, UP};
    for (int g = 0; g < games; ++g) {
      while (!game.isGameOver())
        for (dir_e d : order)
          if (game.insertDirection(d)) break;
      game.reset();
    }
  }
  ::unsetenv("GAME2048_SEED");
  ::unsetenv("GAME2048_STATS");
  return read_file(path);
}

// A string field of a JSON line written by judge::JsonWriter (no escapes needed here).
std::string json_string(const std::string& line, const std::string& key) {
  const std::string tag = "\"" + key + "\":\"";
  const size_t at = line.find(tag);
  if (at == std::string::npos) return "";
  const size_t start = at + tag.size();
  return line.substr(start, line.find('"', start) - start);
}
long long json_number(const std::string& line, const std::string& key) {
  const std::string tag = "\"" + key + "\":";
  const size_t at = line.find(tag);
  if (at == std::string::npos) return -1;
  return std::atoll(line.c_str() + at + tag.size());
}

}  // namespace

TEST_CASE("runner: the simple bot plays exactly N valid games, the same as the contest API in-process") {
  ScratchDir dir;
  Outcome outcome = run(dir, simple_bot(), 6, {"--seed", "11"});
  CHECK(outcome.exit_code == 0);
  CHECK(lines_starting(outcome.output, "game ").size() == 6);
  CHECK(contains(outcome.output, "summary: 6 of 6 games played, 6 finished"));
  CHECK(contains(outcome.output, "verdict: valid\n"));
  const std::string stats = read_file(dir.file("stats.txt"));
  CHECK(contains(stats, "#Rounds: 6\n"));
  CHECK(without_time(stats) == without_time(in_process_stats(dir, 11, 6)));
}

TEST_CASE("runner: the record replays: directions and spawns rebuild every game's figures") {
  ScratchDir dir;
  Outcome outcome = run(dir, simple_bot(), 4, {"--seed", "3"});
  REQUIRE(outcome.exit_code == 0);
  const std::vector<std::string> records = lines_starting(read_file(dir.file("record.jsonl")), "{");
  REQUIRE(records.size() == 4);
  const std::vector<std::string> game_lines = lines_starting(outcome.output, "game ");
  for (size_t g = 0; g < records.size(); ++g) {
    const std::string& line = records[g];
    CAPTURE(line.substr(0, 120));
    CHECK(json_number(line, "game") == static_cast<long long>(g + 1));
    CHECK(json_number(line, "seed") == 3);
    CHECK(json_string(line, "end") == "over");
    const std::string dirs = json_string(line, "directions"), spawns = json_string(line, "spawns");
    REQUIRE(spawns.size() == 2 * (dirs.size() + 2));
    int tiles[16] = {};
    int64_t score = 0;
    auto place = [&](size_t k) {
      const int cell = std::stoi(spawns.substr(2 * k, 1), nullptr, 16);
      REQUIRE(tiles[cell] == 0);
      tiles[cell] = spawns[2 * k + 1] - '0';
    };
    place(0);
    place(1);
    for (size_t m = 0; m < dirs.size(); ++m) {
      int64_t gained = 0;
      REQUIRE(g2048::slide_board(tiles, 4, 4, static_cast<int>(std::string("LDRU").find(dirs[m])), &gained));
      score += gained;
      place(m + 2);
    }
    CHECK_FALSE(g2048::any_move(tiles, 4, 4));
    CHECK(json_number(line, "score") == score);
    CHECK(json_number(line, "moves") == static_cast<long long>(dirs.size()));
    CHECK(json_number(line, "max_tile") == g2048::max_value(tiles, 16));
    CHECK(
        contains(game_lines[g], "score " + std::string(7 - std::to_string(score).size(), ' ') + std::to_string(score)));
  }
}

TEST_CASE("runner: one seed from --seed or GAME2048_SEED reproduces the run; another seed changes it") {
  ScratchDir a, b, c;
  REQUIRE(run(a, simple_bot(), 3, {"--seed", "77"}).exit_code == 0);
  REQUIRE(run(b, simple_bot(), 3, {}, {{"GAME2048_SEED", "77"}}).exit_code == 0);
  REQUIRE(run(c, simple_bot(), 3, {"--seed", "78"}).exit_code == 0);
  CHECK(without_cpu(read_file(a.file("record.jsonl"))) == without_cpu(read_file(b.file("record.jsonl"))));
  CHECK(without_time(read_file(a.file("stats.txt"))) == without_time(read_file(b.file("stats.txt"))));
  CHECK(read_file(a.file("record.jsonl")) != read_file(c.file("record.jsonl")));
  // Without either, the default seed 2014.
  ScratchDir d;
  Outcome dflt = run(d, simple_bot(), 1);
  CHECK(contains(dflt.output, "seed 2014"));
}

TEST_CASE("runner ABI: g2048_new_game gets each game's bot seed; the bot's output and tile writes stay harmless") {
  ScratchDir dir;
  const std::string log = dir.file("bot.log");
  std::vector<std::string> argv = {runner(),     g2048_test::test_bot("chatty_bot"),
                                   "--games",    "2",
                                   "--seed",     "5",
                                   "--out",      dir.file("stats.txt"),
                                   "--progress", "off",
                                   "--bot-log",  log};
  Outcome outcome = g2048_test::run_program(argv, dir);
  CHECK(outcome.exit_code == 0);
  const std::string text = read_file(log);
  for (uint64_t g = 0; g < 2; ++g) {
    const std::string expected =
        "new_game " + std::to_string(g) + " " + std::to_string(g2048::stream_seed(5, g2048::Stream::kBot, g)) + " ";
    CHECK(contains(text, expected));
  }
  CHECK(contains(text, "move 0 score 0\n"));
  // rand() after srand() from the run seed: the same number on a second run.
  ScratchDir again;
  argv[argv.size() - 1] = again.file("bot.log");
  argv[7] = again.file("stats.txt");
  REQUIRE(g2048_test::run_program(argv, again).exit_code == 0);
  CHECK(lines_starting(read_file(again.file("bot.log")), "new_game") == lines_starting(text, "new_game"));
  // Writing into its tiles changed nothing: the same games as the simple bot.
  ScratchDir simple;
  REQUIRE(run(simple, simple_bot(), 2, {"--seed", "5"}).exit_code == 0);
  CHECK(without_time(read_file(dir.file("stats.txt"))) == without_time(read_file(simple.file("stats.txt"))));
}

TEST_CASE("runner faults: a crash is reported with its game and move; finished games are kept; play goes on") {
  ScratchDir dir;
  Outcome outcome = run(dir, g2048_test::test_bot("crash_bot"), 3);
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "crashed: game 2, move 20: the bot's process was killed by signal 11"));
  CHECK(contains(outcome.output, "verdict: invalid: the bot crashed (game 2, move 20"));
  CHECK(lines_starting(outcome.output, "game ").size() == 3);
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 2\n"));  // games 1 and 3
  const std::vector<std::string> records = lines_starting(read_file(dir.file("record.jsonl")), "{");
  REQUIRE(records.size() == 3);
  CHECK(json_string(records[1], "end") == "crashed");
  CHECK(json_number(records[1], "moves") == 19);
  CHECK(json_string(records[2], "end") == "over");

  ScratchDir stop;
  Outcome stopped = run(stop, g2048_test::test_bot("crash_bot"), 3, {"--stop-on-fault"});
  CHECK(stopped.exit_code == 1);
  CHECK(lines_starting(stopped.output, "game ").size() == 2);
  CHECK(contains(read_file(stop.file("stats.txt")), "#Rounds: 1\n"));
  CHECK(lines_starting(read_file(stop.file("record.jsonl")), "{").size() == 2);
}

TEST_CASE("runner: a bot's notes in its working folder last for its host's life; a new host starts empty") {
  ScratchDir dir;
  const std::string kept = dir.file("kept");
  Outcome outcome = run(dir, g2048_test::test_bot("notes_bot"), 4, {"--keep-workdirs", kept});
  // Only the planned crash (game 2); the restarted host plays games 3 and 4 with notes of its own.
  CHECK(contains(outcome.output, "crashed: game 2, move 20: the bot's process was killed by signal 11"));
  const std::vector<std::string> records = lines_starting(read_file(dir.file("record.jsonl")), "{");
  REQUIRE(records.size() == 4);
  for (size_t g : {0u, 2u, 3u}) CHECK(json_string(records[g], "end") == "over");
  CHECK(read_file(kept + "/worker1-host1/notes.txt") == "game 0\ngame 1\n");
  CHECK(read_file(kept + "/worker1-host2/notes.txt") == "game 2\ngame 3\n");

  // Two hosts at once: each its own folder, every game noted once.
  ScratchDir two;
  const std::string kept2 = two.file("kept");
  Outcome jobs = run(two, g2048_test::test_bot("notes_bot"), 4, {"--jobs", "2", "--keep-workdirs", kept2});
  CHECK(lines_starting(read_file(two.file("record.jsonl")), "{").size() == 4);
  std::string all;
  for (const char* host : {"worker1-host1", "worker1-host2", "worker2-host1", "worker2-host2"})
    all += read_file(kept2 + "/" + host + "/notes.txt");
  for (int g = 0; g < 4; ++g) CHECK(contains(all, "game " + std::to_string(g) + "\n"));
  CHECK(std::count(all.begin(), all.end(), '\n') == 4);
}

TEST_CASE("runner: Ctrl-C leaves the stats file and the record with the same games") {
  // The simple bot ends a game every few milliseconds on each of 2 workers, so
  // a signal often lands near a commit's two writes (stats file, record line);
  // every interrupt must leave the two files holding the same games.
  for (int attempt = 0; attempt < 20; ++attempt) {
    CAPTURE(attempt);
    ScratchDir dir;
    judge::SpawnOptions options;
    options.confine = false;  // the judge under test
    options.argv = {runner(),     simple_bot(),
                    "--games",    "1000000",
                    "--jobs",     "2",
                    "--out",      dir.file("stats.txt"),
                    "--record",   dir.file("record.jsonl"),
                    "--progress", "off",
                    "--bot-log",  "none"};
    options.output_path = dir.file("output.txt");
    judge::Process process;
    std::string error;
    REQUIRE(process.start(options, &error));
    auto rounds = [&] {
      const std::string stats = read_file(dir.file("stats.txt"));
      const size_t at = stats.find("#Rounds: ");
      return at == std::string::npos ? -1 : std::atoi(stats.c_str() + at + 9);
    };
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (rounds() < 3 && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(3 * (attempt % 8)));
    ::kill(-process.pid(), SIGINT);  // as Ctrl-C in a terminal: the runner's process group
    judge::ExitStatus status;
    if (!process.wait(judge::Deadline::after_ms(30000), &status)) process.kill(&status);
    INFO("output: " << read_file(dir.file("output.txt")));
    CHECK(status.kind == judge::ExitStatus::kSignaled);
    CHECK(status.signal == SIGINT);
    CHECK(contains(read_file(dir.file("output.txt")), "Run2048: stopped by Interrupt"));
    const std::vector<std::string> records = lines_starting(read_file(dir.file("record.jsonl")), "{");
    const std::string stats = read_file(dir.file("stats.txt"));
    REQUIRE(rounds() >= 3);
    CHECK(rounds() < 1000000);
    CHECK(static_cast<int>(records.size()) == rounds());
    long long moves = 0;
    for (const std::string& r : records) moves += json_number(r, "moves");
    CHECK(contains(stats, "Move Count: " + std::to_string(moves) + "\n"));
  }
}

TEST_CASE("runner --jobs: games played at once are committed in game order, as with -j 1") {
  // seeded_bot plays a random game from each game's seed; its first game is
  // slow, so the games after it end first and wait for it.
  check_jobs_like_sequential(g2048_test::test_bot("seeded_bot"), 7, {"--jobs", "3"});
  check_jobs_like_sequential(g2048_test::test_bot("seeded_bot"), 5, {"-j", "2"}, {"--seed", "9"});
  ScratchDir dir;
  const Outcome outcome = run(dir, g2048_test::test_bot("seeded_bot"), 7, {"--jobs", "3"});
  CHECK(outcome.exit_code == 0);
  const std::vector<std::string> lines = lines_starting(outcome.output, "game ");
  REQUIRE(lines.size() == 7);
  for (size_t g = 0; g < lines.size(); ++g) CHECK(lines[g].compare(0, 7, "game " + std::to_string(g + 1) + " ") == 0);
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 7\n"));
}

TEST_CASE("runner --jobs: a bot that crashes in some games gives the faults and games of -j 1") {
  check_jobs_like_sequential(g2048_test::test_bot("crash_bot"), 4, {"--jobs", "2"});
  // --stop-on-fault: nothing after the crashed game 2 is recorded, even if it was played.
  check_jobs_like_sequential(g2048_test::test_bot("crash_bot"), 4, {"--jobs", "3"}, {"--stop-on-fault"});
  ScratchDir stop;
  const Outcome stopped = run(stop, g2048_test::test_bot("crash_bot"), 4, {"--stop-on-fault", "-j", "3"});
  CHECK(stopped.exit_code == 1);
  CHECK(lines_starting(stopped.output, "game ").size() == 2);
  CHECK(contains(stopped.output, "summary: 2 of 4 games played, 1 finished"));
  CHECK(contains(read_file(stop.file("stats.txt")), "#Rounds: 1\n"));
  CHECK(lines_starting(read_file(stop.file("record.jsonl")), "{").size() == 2);
}

TEST_CASE("runner faults: a bot that calls exit() is a crash") {
  ScratchDir dir;
  Outcome outcome = run(dir, g2048_test::test_bot("exit_bot"), 1);
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "game 1, move 5: the bot's process exited with code 0"));
}

TEST_CASE("runner faults: a move over the watchdog is killed and reported") {
  ScratchDir dir;
  judge::Stopwatch watch;
  Outcome outcome = run(dir, g2048_test::test_bot("hang_bot"), 2, {"--move-limit", "300"});
  CHECK(watch.elapsed_ms() < 10000);
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "timed out: game 1, move 5: no answer within 300 ms"));
  CHECK(contains(outcome.output, "verdict: invalid: a move took longer than the watchdog (game 1, move 5"));
  CHECK(lines_starting(outcome.output, "game ").size() == 2);  // restarted for game 2
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 0\n"));
}

TEST_CASE("runner faults: a bot that keeps returning moves that change nothing loses the game") {
  ScratchDir dir;
  Outcome outcome = run(dir, g2048_test::test_bot("idle_bot"), 2, {"--idle-limit", "50"});
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "stuck: game 1, move 11: 50 answers in a row changed nothing"));
  CHECK(
      contains(outcome.output, "verdict: invalid: the bot kept returning moves that change nothing (game 1, move 11"));
  const std::vector<std::string> records = lines_starting(read_file(dir.file("record.jsonl")), "{");
  REQUIRE(records.size() == 2);
  CHECK(json_number(records[0], "moves") == 10);  // the refused answers were not counted
}

TEST_CASE("runner faults: a missing symbol and a file that is not a shared object are load failures") {
  ScratchDir dir;
  Outcome missing = run(dir, g2048_test::test_bot("nosymbol_bot"), 2);
  CHECK(missing.exit_code == 1);
  CHECK(contains(missing.output, "verdict: invalid: the bot cannot be loaded (missing symbol:"));
  CHECK(contains(missing.output, "does not export g2048_move"));
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 0\n"));

  ScratchDir text_dir;
  g2048_test::write_file(text_dir.file("bot.so"), "int main() { return 0; }\n");
  Outcome text = run(text_dir, text_dir.file("bot.so"), 2);
  CHECK(text.exit_code == 1);
  CHECK(contains(text.output, "verdict: invalid: the bot cannot be loaded (not loadable:"));
  CHECK(contains(text.output, "bot.so"));
}

TEST_CASE("runner faults: a bot whose g2048_check gives a reason plays nothing; the reason is the verdict") {
  ScratchDir dir;
  unsetenv("UNREADY_BOT_READY");
  Outcome unready = run(dir, g2048_test::test_bot("unready_bot"), 2);
  CHECK(unready.exit_code == 1);
  CHECK(contains(unready.output, "verdict: invalid: data: the table file 'tables.bin' is missing\n"));
  CHECK(lines_starting(unready.output, "game ").empty());
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 0\n"));

  ScratchDir ready_dir;  // "" from g2048_check: ready, every game played
  setenv("UNREADY_BOT_READY", "1", 1);
  Outcome ready = run(ready_dir, g2048_test::test_bot("unready_bot"), 2);
  unsetenv("UNREADY_BOT_READY");
  CHECK(ready.exit_code == 0);
  CHECK(contains(ready.output, "verdict: valid"));
  CHECK(contains(read_file(ready_dir.file("stats.txt")), "#Rounds: 2\n"));
}

TEST_CASE("runner faults: under 100 valid moves per second of the bot's CPU time is invalid") {
  ScratchDir dir;
  Outcome outcome = run(dir, g2048_test::test_bot("slow_bot"), 1);
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "verdict: invalid: too slow: "));
  CHECK(contains(read_file(dir.file("stats.txt")), "#Rounds: 1\n"));  // the game itself counts
}

TEST_CASE("runner faults: a bot over its memory cap crashes, reported as such") {
  ScratchDir dir;
  Outcome outcome = run(dir, g2048_test::test_bot("hog_bot"), 1, {"--memory-limit", "256", "--move-limit", "20000"});
  CHECK(outcome.exit_code == 1);
  CHECK(contains(outcome.output, "crashed: game 1, move 1: the bot's process was killed by signal"));
}

TEST_CASE("runner: bad command lines get a usage naming the problem and exit code 2") {
  ScratchDir dir;
  struct Case {
    std::vector<std::string> args;
    std::string problem;
  };
  const std::vector<Case> cases = {
      {{}, "no bot given"},
      {{simple_bot(), "--frobnicate"}, "unknown option '--frobnicate'"},
      {{simple_bot(), "--games", "0"}, "--games needs a whole number"},
      {{simple_bot(), "--games"}, "--games needs a whole number"},
      {{simple_bot(), "--seed", "-3"}, "--seed needs an unsigned 64-bit integer"},
      {{simple_bot(), "--move-limit", "fast"}, "--move-limit needs milliseconds"},
      {{simple_bot(), "--progress", "loud"}, "--progress needs live, lines or off"},
      {{simple_bot(), "--jobs", "0"}, "--jobs needs a whole number from 1 to 64, not '0'"},
      {{simple_bot(), "--jobs", "x"}, "--jobs needs a whole number from 1 to 64, not 'x'"},
      {{simple_bot(), "-j", "65"}, "-j needs a whole number from 1 to 64, not '65'"},
      {{simple_bot(), "--jobs"}, "--jobs needs a whole number from 1 to 64"},
      {{dir.file("nowhere.so")}, "cannot read the bot '" + dir.file("nowhere.so") + "'"},
      {{simple_bot(), "--out", dir.file("no/such/stats.txt")},
       "--out: cannot write into folder '" + dir.file("no/such") + "'"},
      {{simple_bot(), simple_bot()}, "one bot only"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {runner()};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    CAPTURE(c.problem);
    Outcome outcome = g2048_test::run_program(argv, dir);
    CHECK(outcome.exit_code == 2);
    CHECK(contains(outcome.output, "Run2048: " + c.problem));
    CHECK(contains(outcome.output, "usage: Run2048"));
  }
  Outcome env = g2048_test::run_program({runner(), simple_bot()}, dir, {{"GAME2048_SEED", "abc"}});
  CHECK(env.exit_code == 2);
  CHECK(contains(env.output, "GAME2048_SEED='abc'"));
}

TEST_CASE("runner library: run_contest reports each game's end and the first fault as the verdict") {
  ScratchDir dir;
  g2048::RunConfig config;
  config.bot_path = g2048_test::test_bot("crash_bot");
  config.host_executable = runner();
  config.games = 2;
  config.stats_path = dir.file("stats.txt");
  config.progress = g2048::RunConfig::kProgressOff;
  std::ostringstream out, progress;
  const g2048::RunResult result = g2048::run_contest(config, out, progress);
  REQUIRE(result.loaded);
  REQUIRE(result.games.size() == 2);
  CHECK(result.games[0].end == g2048::GameRecord::kOver);
  CHECK(result.games[1].end == g2048::GameRecord::kCrashed);
  CHECK(result.games[1].moves == 19);
  CHECK(result.finished == 1);
  CHECK_FALSE(result.valid);
  CHECK(result.faults.size() == 1);
  CHECK(result.valid_moves == result.games[0].moves + 19);
  CHECK(progress.str().empty());
}

namespace {

// Live processes whose command line mentions `marker` (a daemon left behind).
int processes_mentioning(const std::string& marker) {
  int found = 0;
  for (int tries = 0; tries < 200; ++tries, found = 0) {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      const std::string name = entry.path().filename();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      std::string cmdline = read_file("/proc/" + name + "/cmdline"), stat = read_file("/proc/" + name + "/stat");
      const size_t close = stat.rfind(')');
      if (close != std::string::npos && stat.size() > close + 2 && stat[close + 2] == 'Z') continue;
      if (cmdline.find(marker) != std::string::npos) ++found;
    }
    if (found == 0) return 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return found;
}

}  // namespace

TEST_CASE("runner: a hostile bot's attempts against the sandbox are refused or killed; the run goes on") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  struct Attempt {
    const char* name;
    bool killed;          // the sandbox kills the bot (else: refused, the games play on)
    const char* detail;   // for a kill: the reason in the record
    bool applies;         // the layer that stops it is on this kernel
    const char* refused;  // the refusal the first game's record counts ("call errno"), or ""
  };
  const bool files_guarded = s.own_user || s.landlock_abi > 0;
  const Attempt attempts[] = {
      {"write_outside", false, "", true, "open EACCES"},
      {"connect_tcp", true, "killed by signal 31 (Bad system call)", s.seccomp, ""},
      {"kill_judge", true, "killed by signal 31 (Bad system call)", s.seccomp, ""},
      {"read_memory", true, "killed by signal 31 (Bad system call)", s.seccomp, files_guarded ? "open EACCES" : ""},
      {"fork_bomb", false, "", s.process_limit, "fork EAGAIN"},
      {"huge_file", true, "killed by signal 25 (File size limit exceeded)", true, ""},
      {"leave_daemon", false, "", true, ""},
  };
  const std::string bot = g2048_test::test_bot("hostile_bot");
  for (const Attempt& a : attempts) {
    if (!a.applies) continue;
    INFO("attempt " << a.name);
    ScratchDir dir;
    const std::string decoy = dir.file("decoy.txt");
    std::ofstream(decoy) << "precious\n";
    const Outcome outcome = run(dir, bot, 2, {}, {{"HOSTILE_ATTEMPT", a.name}, {"HOSTILE_TARGET", decoy}});
    INFO(outcome.output);
    CHECK_FALSE(contains(outcome.output, "exited with code 42"));  // the attempt never succeeds
    CHECK(read_file(decoy) == "precious\n");
    const std::vector<std::string> records = lines_starting(read_file(dir.file("record.jsonl")), "{");
    REQUIRE(records.size() == 2);  // both games played and recorded
    CHECK(json_string(records[1], "end") == "over");
    if (a.killed) {
      CHECK(outcome.exit_code == 1);
      CHECK(json_string(records[0], "end") == "crashed");
      CHECK(contains(records[0], a.detail));
    } else {
      CHECK(outcome.exit_code == 0);
      CHECK(json_string(records[0], "end") == "over");
    }
    CHECK(processes_mentioning(bot) == 0);
    // The attempt's refusals are in its game's record, none in the next game's.
    if (*a.refused) {
      const std::string call = std::string(a.refused).substr(0, std::string(a.refused).find(' '));
      const std::string error = std::string(a.refused).substr(call.size() + 1);
      CHECK(
          contains(records[0], "{\"player\":\"bot\",\"call\":\"" + call + "\",\"errno\":\"" + error + "\",\"count\":"));
    } else {
      CHECK_FALSE(contains(records[0], "\"refused\""));
    }
    CHECK_FALSE(contains(records[1], "\"refused\""));
    // What the bot left running is killed at its game's end (the host lives on), and said there.
    INFO("game 1: " << records[0] << "\ngame 2: " << records[1]);
    const bool leaves = std::string(a.name) == "leave_daemon" || std::string(a.name) == "fork_bomb";
    CHECK(contains(records[0], "\"daemons_killed\":[{\"player\":\"bot\",\"count\":") == leaves);
    CHECK_FALSE(contains(records[1], "\"daemons_killed\""));
    // --merge reads both fields back: the run's own record, merged, is written again unchanged.
    const Outcome merged = g2048_test::run_program(
        {runner(), bot, "--games", "2", "--out", dir.file("merged.txt"), "--record", dir.file("merged.jsonl"),
         "--progress", "off", "--bot-log", "none", "--merge", dir.file("record.jsonl")},
        dir);
    INFO(merged.output);
    CHECK(read_file(dir.file("merged.jsonl")) == read_file(dir.file("record.jsonl")));
  }
}

TEST_CASE("runner: --sandbox-report prints every protection and exits 0; a run names them in one line") {
  ScratchDir dir;
  const Outcome report = g2048_test::run_program({runner(), "--sandbox-report"}, dir);
  CHECK(report.exit_code == 0);
  for (const char* layer : {"own user", "process cap", "filesystem", "network", "signals", "file size"})
    CHECK(contains(report.output, layer));
  const Outcome outcome = run(dir, simple_bot(), 1);
  CHECK(contains(outcome.output, judge::sandbox_summary_line()));
}
