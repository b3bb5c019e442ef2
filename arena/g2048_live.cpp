#include "g2048_live.h"

#include <sstream>

#include "../Game2048/pz/transcript.h"
#include "../common/json.h"

namespace arena {
namespace {

int target_of(const G2048Setup& s) { return g2048::pz::normalize_target(s.target).value; }

// The operation character for a bot's direction (0 LEFT, 1 DOWN, 2 RIGHT, 3 UP).
const char kDirOps[] = "asdw";

}  // namespace

G2048Live::G2048Live(std::string id, G2048Setup setup, HostEnvironment env)
    : LiveGame(std::move(id)),
      setup_(setup),
      env_(env),
      game_(static_cast<int>(setup.rows), static_cast<int>(setup.cols), target_of(setup), setup.seed) {}

std::string G2048Live::operate(char op) {
  if (closed_) return "the game is closed";
  if (over_) return "the game is over: " + end_;
  if (op == '#' || static_cast<unsigned char>(op) <= ' ') return "'#' and white space are not operations here";
  ops_ += op;
  int dir = -1;
  switch (op) {
    case 'a': dir = 0; break;
    case 's': dir = 1; break;
    case 'd': dir = 2; break;
    case 'w': dir = 3; break;
  }
  bool ok;
  if (dir >= 0) {
    ok = game_.move(dir);
  } else if (op == 'z') {
    ok = game_.undo();
  } else {
    last_ = "invalid";
    return "";
  }
  last_ = ok ? "succeeded" : "failed";
  // PZ2048 checks the end after every operation line but an invalid one.
  if (game_.reached_target()) {
    end_ = "You've merged a " + std::to_string(game_.target()) + " tile!";
  } else if (game_.stuck()) {
    end_ = "You've stuck.";
  }
  if (!end_.empty()) {
    over_ = true;
    stop_bot();
  }
  return "";
}

std::string G2048Live::start_bot(const std::string& path) {
  if (over_ || closed_) return "the game is over";
  if (game_.rows() != 4 || game_.cols() != 4) return "a bot plugin plays 4 x 4 boards only";
  stop_bot();
  g2048::BotConfig config;
  config.plugin_path = path;
  config.host_executable = env_.host_executable;
  config.run_seed = setup_.seed;
  config.call_limit_ms = 10000;
  config.workdirs = env_.workdirs;
  config.workdir_name = id_ + "-bot";
  bot_ = std::make_unique<g2048::SandboxedBot>();
  std::string message;
  if (bot_->start(config, &message) != judge::LoadStatus::kOk) {
    bot_.reset();
    return "the bot cannot be loaded: " + message;
  }
  const g2048::BotAnswer answer = bot_->new_game(1, setup_.seed);
  if (answer.kind != g2048::BotAnswer::kOk) {
    bot_.reset();
    return "the bot failed in g2048_new_game: " + answer.detail;
  }
  bot_name_ = path.substr(path.rfind('/') + 1);
  return "";
}

std::string G2048Live::start_player(const std::string& path) {
  if (over_ || closed_) return "the game is over";
  stop_bot();
  player_ = std::make_unique<PzPlayer>();
  const std::string refused = player_->start(path, game_, setup_.seed);
  if (!refused.empty()) {
    player_.reset();
    return refused;
  }
  bot_name_ = path.substr(path.rfind('/') + 1);
  idle_ = 0;
  return "";
}

std::string G2048Live::bot_move() {
  if (!bot_ && !player_) return "no bot is playing";
  if (over_) return "the game is over";
  char op = 0;
  if (player_) {
    const std::string fault = player_->decide(game_, 10000, &op, &bot_last_us_);
    if (!fault.empty()) {
      stop_bot();
      return fault;
    }
  } else {
    int tiles[16];
    for (int k = 0; k < 16; ++k) tiles[k] = game_.cells()[k];
    const g2048::BotAnswer answer = bot_->move(tiles, game_.score(), game_.steps());
    bot_last_us_ = answer.wall_us;
    if (answer.kind != g2048::BotAnswer::kOk) {
      stop_bot();
      return "the bot " + std::string(answer.kind == g2048::BotAnswer::kTimedOut ? "timed out" : "crashed") + ": " +
             answer.detail;
    }
    if (answer.dir < 0 || answer.dir > 3) {
      stop_bot();
      return "the bot answered " + std::to_string(answer.dir) + ", not a direction (0 to 3)";
    }
    op = kDirOps[answer.dir];
  }
  // Only moves that change the board go into the game (and its transcript).
  const int dir = op == 'a' ? 0 : op == 's' ? 1 : op == 'd' ? 2 : op == 'w' ? 3 : -1;
  g2048::pz::Game trial = game_;
  if (dir < 0 || !trial.move(dir)) {
    if (++idle_ >= (player_ ? kIdleLimit : 1)) {
      stop_bot();
      return "the " + std::string(player_ ? "player" : "bot") + " answered '" + std::string(1, op) +
             "', which moves nothing, " + std::to_string(idle_) + " times in a row";
    }
    return "";
  }
  idle_ = 0;
  operate(op);
  return "";
}

void G2048Live::stop_bot() {
  if (bot_) bot_->stop();
  bot_.reset();
  if (player_) player_->stop();
  player_.reset();
  idle_ = 0;
}

void G2048Live::close() {
  closed_ = true;
  stop_bot();
}

std::string G2048Live::state_json() const {
  judge::JsonWriter json;
  json.begin_object()
      .field("game", id_)
      .field("kind", "pz2048")
      .field("rows", game_.rows())
      .field("cols", game_.cols())
      .field("target", game_.target())
      .field("seed", setup_.seed)
      .field("score", game_.score())
      .field("steps", game_.steps())
      .field("ops", ops_)
      .field("last", last_)
      .field("over", over_)
      .field("end", end_)
      .field("bot", bot_ || player_ ? bot_name_ : std::string())
      .field("bot_ms", bot_last_us_ / 1000.0);
  json.key("cells").begin_array();
  for (int v : game_.cells()) json.value(v);
  json.end_array();
  return json.end_object().str();
}

std::string G2048Live::input() const {
  return std::to_string(setup_.rows) + " " + std::to_string(setup_.cols) + " " + std::to_string(setup_.target) + " " +
         std::to_string(setup_.seed) + "\n" + ops_ + "\n#\n";
}

std::string G2048Live::transcript() const {
  std::istringstream in(input());
  std::ostringstream out, console;
  std::string error;
  g2048::pz::run_transcript(in, out, console, &error);
  return out.str();
}

}  // namespace arena
