// The bot under Run2048, the documented way: in the sandbox it plays the network
// from the weights beside it; weights it cannot load make the run invalid,
// unless the heuristic is asked for by name.
#ifndef BOT2048_PLUGIN_PATH
#define BOT2048_PLUGIN_PATH "build/so/bot2048.so"
#endif
#ifndef RUN2048_PATH
#define RUN2048_PATH "build/bin/Run2048"
#endif
#include <sys/stat.h>

#include <filesystem>

#include "bot_helpers.h"

namespace {

struct RunOutcome {
  int status = -1;     // Run2048's exit status
  std::string output;  // its stdout and stderr
  std::string log;     // the bot's stdout and stderr (--bot-log)
};

// Run2048 `plugin` --games 1 in `dir`, GAME2048_AGENT = agent, GAME2048_WEIGHTS = weights (unset if "").
RunOutcome run2048(const std::string& plugin, const std::string& agent, const std::string& dir,
                   const std::string& weights = "") {
  const std::string out = dir + "/run.out", log = dir + "/bot.log";
  const std::string env = weights.empty() ? "env -u GAME2048_WEIGHTS" : "env GAME2048_WEIGHTS='" + weights + "'";
  const std::string command = env + " GAME2048_AGENT='" + agent + "' '" RUN2048_PATH "' '" + plugin +
                              "' --games 1 --seed 3 --out '" + dir + "/stats.txt' --bot-log '" + log +
                              "' --progress off > '" + out + "' 2>&1";
  RunOutcome outcome;
  const int status = std::system(command.c_str());
  outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.output = slurp(out);
  outcome.log = slurp(log);
  return outcome;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A folder of its own holding a copy of the plugin, nothing else: weights
// neither beside it nor in a checkout above it.
struct LonePlugin {
  std::string dir = temp_path("lone");
  std::string plugin = dir + "/bot2048.so";
  LonePlugin() {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    ::chmod(dir.c_str(), 0755);
    std::filesystem::copy_file(BOT2048_PLUGIN_PATH, plugin);
  }
  ~LonePlugin() { std::filesystem::remove_all(dir); }
};

}  // namespace

TEST_CASE("Run2048 with the built plugin plays the network from the weights make put beside it") {
  const std::string beside = std::filesystem::path(BOT2048_PLUGIN_PATH).parent_path() / "weights.n2048";
  REQUIRE_MESSAGE(std::filesystem::is_regular_file(beside), "make puts the committed weights at " << beside);
  CHECK(slurp(beside) == slurp("Game2048/bot/weights.n2048"));
  LonePlugin scratch;  // only for the run's files
  const RunOutcome run = run2048(BOT2048_PLUGIN_PATH, "greedy", scratch.dir);
  INFO(run.output << run.log);
  CHECK(run.status == 0);
  CHECK(has(run.output, "verdict: valid"));
  CHECK(has(run.log, "bot2048: playing greedy [ntuple]"));
  CHECK(!has(run.log, "heuristic"));
}

TEST_CASE("Run2048 with weights the bot cannot load: invalid, naming them, nothing played; the heuristic by name") {
  LonePlugin lone;
  SUBCASE("no weights file") {
    const RunOutcome run = run2048(lone.plugin, "expectimax", lone.dir);
    INFO(run.output << run.log);
    CHECK(run.status == 1);
    CHECK(has(run.output, "verdict: invalid: weights: cannot open weights file"));
    CHECK(has(run.output, "GAME2048_AGENT=expectimax-heuristic"));
    CHECK(!has(run.output, "score"));  // no game line
    CHECK(!has(run.log, "playing"));
  }
  SUBCASE("a corrupted weights file beside the plugin") {
    std::vector<char> bytes = read_bytes("Game2048/bot/weights.n2048");
    REQUIRE(bytes.size() > 1000);
    bytes.resize(1000);
    write_bytes(lone.dir + "/weights.n2048", bytes);
    ::chmod((lone.dir + "/weights.n2048").c_str(), 0644);
    const RunOutcome run = run2048(lone.plugin, "greedy", lone.dir);
    INFO(run.output << run.log);
    CHECK(run.status == 1);
    CHECK(has(run.output, "verdict: invalid: weights: weights file '" + lone.dir + "/weights.n2048'"));
  }
  SUBCASE("GAME2048_WEIGHTS relative to where Run2048 starts: read, though the bot works in a folder of its own") {
    const RunOutcome run = run2048(lone.plugin, "greedy", lone.dir, "Game2048/bot/weights.n2048");
    INFO(run.output << run.log);
    CHECK(run.status == 0);
    CHECK(has(run.output, "verdict: valid"));
    CHECK(has(run.log, "bot2048: playing greedy [ntuple]"));
  }
  SUBCASE("the heuristic asked for by name plays, and the run is valid") {
    const RunOutcome run = run2048(lone.plugin, "expectimax-heuristic:nodes=300", lone.dir);
    INFO(run.output << run.log);
    CHECK(run.status == 0);
    CHECK(has(run.output, "verdict: valid"));
    CHECK(has(run.log, "bot2048: playing expectimax-heuristic:nodes=300 [heuristic]"));
  }
}
