#include "c4_live.h"

#include "../Compete/game_pool.h"
#include "../Compete/match.h"
#include "../common/json.h"

namespace arena {
namespace {

using c4::side_name;

int code_for(c4::Side side, int a_code, int b_code) { return side == c4::kA ? a_code : b_code; }

}  // namespace

C4Live::C4Live(std::string id, C4Setup setup, HostEnvironment env)
    : LiveGame(std::move(id)), setup_(std::move(setup)), env_(env), board_(1, 1, 0, 0), to_move_(setup_.first) {}

bool C4Live::start(std::string* error) {
  const C4Setup& s = setup_;
  if (s.M < c4::kMinSize || s.M > c4::kMaxSize || s.N < c4::kMinSize || s.N > c4::kMaxSize) {
    *error = "the board must have 9 to 12 rows and columns";
    return false;
  }
  if (s.noX < 0 || s.noX >= s.M || s.noY < 0 || s.noY >= s.N) {
    *error = "the blocked cell is not on the board";
    return false;
  }
  board_ = c4::Board(s.M, s.N, s.noX, s.noY);
  to_move_ = s.first;
  for (size_t k = 0; k < s.preset.size(); ++k) {
    const c4::MoveRecord& m = s.preset[k];
    if (over_ || m.side != to_move_) {
      *error = "move " + std::to_string(k + 1) + " is not the turn of " + side_name(m.side);
      return false;
    }
    const std::string why = board_.illegal_reason(m.x, m.y);
    if (!why.empty()) {
      *error = "move " + std::to_string(k + 1) + " is illegal: " + why;
      return false;
    }
    apply(m.side, m.x, m.y, m.wall_us, m.cpu_us);
  }
  if (over_) {
    *error = "the game is already over after these moves";
    return false;
  }
  for (c4::Side side : {c4::kA, c4::kB})
    if (!seat(side).human() && !start_plugin(side)) return true;  // the load failure is the result
  turn_start_ = std::chrono::steady_clock::now();
  return true;
}

bool C4Live::start_plugin(c4::Side side) {
  c4::PlayerDescription player;
  player.path = seat(side).path;
  player.time_limit_ms = setup_.time_limit_ms;
  player.memory_mb = setup_.memory_limit_bytes >> 20;
  player.move_time_ms = setup_.move_ms;
  c4::PlayerConfig config = c4::player_config(player, nullptr);
  config.host_executable = env_.host_executable;
  if (env_.workdirs) {
    if (!workdirs_[side]) {
      workdirs_[side] = std::make_unique<judge::Workdir>();
      std::string problem;
      if (!workdirs_[side]->create(*env_.workdirs, id_ + "-" + side_name(side), &problem)) {
        finish(code_for(side, c4::kALoadError, c4::kBLoadError),
               std::string("the arena could not make ") + side_name(side) + "'s working folder: " + problem);
        return false;
      }
    }
    config.workdir = workdirs_[side]->path();
    config.workdirs = env_.workdirs;
  }
  players_[side] = std::make_unique<c4::SandboxedPlayer>();
  std::string message;
  const judge::LoadStatus status = players_[side]->start(config, &message);
  if (status != judge::LoadStatus::kOk) {
    finish(status == judge::LoadStatus::kMissingSymbol ? code_for(side, c4::kAMissingSymbol, c4::kBMissingSymbol)
                                                       : code_for(side, c4::kALoadError, c4::kBLoadError),
           std::string(side_name(side)) + ": " + message);
    return false;
  }
  return true;
}

void C4Live::stop_plugins() {
  for (c4::Side side : {c4::kA, c4::kB}) {
    if (players_[side]) players_[side]->stop();
    players_[side].reset();
  }
}

void C4Live::finish(int code, const std::string& reason) {
  over_ = true;
  code_ = code;
  reason_ = reason;
  stop_plugins();
}

void C4Live::close() {
  if (closed_) return;
  closed_ = true;
  stop_plugins();
  for (auto& w : workdirs_)
    if (w) w->close();
  if (!over_) {
    over_ = true;
    code_ = c4::kTie;
    reason_ = "the game was closed unfinished after " + std::to_string(moves_.size()) + " moves";
  }
}

void C4Live::apply(c4::Side side, int x, int y, int64_t wall_us, int64_t cpu_us) {
  c4::Answer move;
  move.kind = c4::Answer::kMove;
  move.x = x;
  move.y = y;
  move.wall_us = wall_us;
  move.cpu_us = cpu_us;
  referee(side, move, "");
}

void C4Live::referee(c4::Side side, const c4::Answer& answer, const std::string& refused) {
  const c4::Verdict verdict = c4::referee_step(&board_, side, answer, refused);
  if (verdict.played) {
    moves_.push_back(c4::MoveRecord{side, answer.x, answer.y, answer.wall_us, answer.cpu_us});
    to_move_ = c4::opponent(side);
  }
  if (!verdict.ended) return;
  win_ = verdict.win;
  has_illegal_ = verdict.has_illegal;
  illegal_x_ = verdict.illegal_x;
  illegal_y_ = verdict.illegal_y;
  finish(verdict.code, verdict.reason);
}

std::string C4Live::human_move(int column) {
  if (closed_) return "the game is closed";
  if (over_) return "the game is over: " + reason_;
  if (!seat(to_move_).human()) return "it is not your turn";
  if (column < 0 || column >= board_.cols()) return "there is no column " + std::to_string(column);
  if (board_.top(column) == 0) return "column " + std::to_string(column) + " is full";
  int x = board_.top(column) - 1;
  if (x == board_.blocked_row() && column == board_.blocked_col()) --x;
  if (x < 0) return "column " + std::to_string(column) + " is full";
  const std::string why = board_.illegal_reason(x, column);
  if (!why.empty()) return why;
  const auto now = std::chrono::steady_clock::now();
  const int64_t thought = std::chrono::duration_cast<std::chrono::microseconds>(now - turn_start_).count();
  apply(to_move_, x, column, thought, 0);
  turn_start_ = now;
  return "";
}

bool C4Live::plugin_move() {
  if (over_ || closed_ || seat(to_move_).human() || !players_[to_move_]) return false;
  const c4::Side mover = to_move_;
  int last_x = -1, last_y = -1;
  if (!moves_.empty()) {
    last_x = moves_.back().x;
    last_y = moves_.back().y;
  }
  const c4::Answer answer = players_[mover]->get_point(board_, mover, last_x, last_y);
  referee(mover, answer,
          answer.kind == c4::Answer::kCrashed ? judge::describe_refusals(players_[mover]->refusals()) : "");
  turn_start_ = std::chrono::steady_clock::now();
  return true;
}

std::string C4Live::undo() {
  if (closed_) return "the game is closed";
  size_t keep = moves_.size();
  while (keep > setup_.preset.size() && !seat(moves_[keep - 1].side).human()) --keep;
  if (keep == setup_.preset.size()) return "there is no move of yours to take back";
  --keep;  // the person's move itself
  std::vector<c4::MoveRecord> kept(moves_.begin(), moves_.begin() + keep);
  stop_plugins();
  board_ = c4::Board(setup_.M, setup_.N, setup_.noX, setup_.noY);
  moves_.clear();
  over_ = false;
  code_ = c4::kTie;
  reason_.clear();
  win_.clear();
  has_illegal_ = false;
  to_move_ = setup_.first;
  for (const c4::MoveRecord& m : kept) apply(m.side, m.x, m.y, m.wall_us, m.cpu_us);
  // A fresh host: whatever the plugin remembered of the moves taken back is gone.
  for (c4::Side side : {c4::kA, c4::kB})
    if (!seat(side).human() && !start_plugin(side)) break;
  turn_start_ = std::chrono::steady_clock::now();
  return "";
}

std::string C4Live::state_json() const {
  judge::JsonWriter json;
  json.begin_object()
      .field("game", id_)
      .field("kind", "connect4")
      .field("M", board_.rows())
      .field("N", board_.cols())
      .field("noX", board_.blocked_row())
      .field("noY", board_.blocked_col())
      .field("seed", setup_.seed)
      .field("first", side_name(setup_.first))
      .field("a", setup_.a.name)
      .field("b", setup_.b.name)
      .field("a_human", setup_.a.human())
      .field("b_human", setup_.b.human())
      .field("time_limit_ms", setup_.time_limit_ms)
      .field("preset", static_cast<int64_t>(setup_.preset.size()));
  json.key("moves").begin_array();
  for (const c4::MoveRecord& m : moves_)
    json.begin_array().value(side_name(m.side)).value(m.x).value(m.y).value(m.wall_us / 1000.0).end_array();
  json.end_array();
  json.field("to_move", over_ ? "" : side_name(to_move_)).field("over", over_);
  if (over_) {
    json.field("code", code_).field("result", c4::describe_result(code_)).field("reason", reason_);
    if (!win_.empty()) {
      json.key("win").begin_array();
      for (const auto& cell : win_) json.begin_array().value(cell.first).value(cell.second).end_array();
      json.end_array();
    }
    if (has_illegal_) json.key("illegal").begin_array().value(illegal_x_).value(illegal_y_).end_array();
  }
  json.field("picture", board_.picture());
  return json.end_object().str();
}

std::string C4Live::record_line() const {
  c4::MatchConfig config;
  config.a.plugin_path = setup_.a.name;
  config.b.plugin_path = setup_.b.name;
  config.a.time_limit_ms = config.b.time_limit_ms = setup_.time_limit_ms;
  config.a.memory_limit_bytes = config.b.memory_limit_bytes = setup_.memory_limit_bytes;
  config.seed = setup_.seed;
  const c4::GameSetup game =
      c4::game_setup(c4::RoundBoard{setup_.seed, setup_.M, setup_.N, setup_.noX, setup_.noY}, setup_.first, "");
  c4::GameResult result;
  result.moves = moves_;
  for (const c4::MoveRecord& m : moves_) (m.side == c4::kA ? result.time_us_a : result.time_us_b) += m.wall_us;
  result.code = over_ ? code_ : c4::kTie;
  result.reason =
      over_ ? reason_ : "unfinished: saved from the arena after " + std::to_string(moves_.size()) + " moves";
  result.win = win_;
  result.has_illegal = has_illegal_;
  result.illegal_x = illegal_x_;
  result.illegal_y = illegal_y_;
  result.picture = board_.picture();
  return c4::record_line(config, 0, game, result);
}

}  // namespace arena
