#include "pdd_live.h"

#include <algorithm>
#include <filesystem>

#include "../PonteDelDiavolo/rules/actions.h"
#include "../PonteDelDiavolo/rules/files.h"
#include "../common/json.h"

namespace arena {

PddLive::PddLive(std::string id, PddSetup setup, HostEnvironment env)
    : LiveGame(std::move(id)), setup_(std::move(setup)), env_(env) {}

void PddLive::start() {
  files_dir_ =
      (env_.workdirs ? env_.workdirs->path() : std::filesystem::temp_directory_path().string()) + "/" + id_ + "-pdd";
  referee_ = std::thread([this] {
    pdd::MatchOptions options;
    const pdd::Colour program = pdd::opponent(setup_.you);
    options.program[program] = setup_.program_path;
    options.game_dir = files_dir_;
    options.workdirs = env_.workdirs;
    options.game_name = id_ + "-game";
    options.time_limit_ms = setup_.time_limit_ms;
    options.seat[setup_.you] = [this](const pdd::TurnContext& context) { return person_turn(context); };
    options.on_step = [this](const pdd::StepRecord& record, double ms) {
      std::lock_guard<std::mutex> lock(m_);
      steps_.push_back(pdd::format_step(record));
      times_.push_back(ms);
    };
    pdd::GameResult result = pdd::play_game(options);
    std::lock_guard<std::mutex> lock(m_);
    result_ = std::move(result);
    over_ = true;
  });
}

// On the referee's thread: waits for the page's (legal) action, or for the game's close.
pdd::Judgement PddLive::person_turn(const pdd::TurnContext& context) {
  std::unique_lock<std::mutex> lock(m_);
  context_ = context;
  waiting_ = true;
  cv_.wait(lock, [this] { return has_action_ || closing_; });
  waiting_ = false;
  pdd::Judgement judgement;
  if (has_action_) {
    judgement.action = action_;
    has_action_ = false;
  } else {
    judgement.violation = pdd::Violation::kNotAnAction;
    judgement.detail = "the person left the game";
  }
  return judgement;
}

std::string PddLive::act(const pdd::Action& action) {
  std::lock_guard<std::mutex> lock(m_);
  if (over_ || closing_) return "the game is over";
  if (!waiting_ || has_action_) return "it is not your turn";
  const std::vector<pdd::Action> legal =
      pdd::legal_actions(context_.board, context_.mover, context_.change_offered, context_.crossing);
  // The Change names White's two tiles itself: the page only asks for it.
  auto found = action.kind == pdd::Action::kChange
                   ? std::find_if(legal.begin(), legal.end(),
                                  [](const pdd::Action& a) { return a.kind == pdd::Action::kChange; })
                   : std::find(legal.begin(), legal.end(), action);
  if (found == legal.end()) {
    if (action.kind == pdd::Action::kChange) return "the change is offered to Black only, on its first turn";
    // The rule it breaks, as the referee would name it for a program that wrote these files.
    pdd::Board after = context_.board;
    if (action.kind != pdd::Action::kChange || context_.change_offered)
      pdd::apply_action(after, context_.mover, action);
    const pdd::Judgement j = pdd::infer_action(context_, pdd::format_grid(pdd::chess_grid(after)),
                                               pdd::format_grid(pdd::bridge_grid(after)));
    if (j.violation == pdd::Violation::kNone) return pdd::describe(action) + " is not a legal action here";
    return pdd::violation_code(j.violation) + " (" + pdd::violation_title(j.violation) + "): " + j.detail;
  }
  action_ = *found;
  has_action_ = true;
  cv_.notify_all();
  return "";
}

void PddLive::close() {
  {
    std::lock_guard<std::mutex> lock(m_);
    closing_ = true;
    cv_.notify_all();
  }
  // A program's turn in progress ends within its time limit.
  if (referee_.joinable()) referee_.join();
  std::error_code ec;
  if (!files_dir_.empty()) std::filesystem::remove_all(files_dir_, ec);
}

std::string PddLive::state_json() {
  std::lock_guard<std::mutex> lock(m_);
  judge::JsonWriter json;
  json.begin_object()
      .field("game", id_)
      .field("kind", "pdd")
      .field("you", setup_.you == pdd::kWhite ? "W" : "B")
      .field("program", setup_.program_name)
      .field("time_limit_ms", setup_.time_limit_ms);
  json.key("steps").begin_array();
  for (const std::string& s : steps_) json.value(s);
  json.end_array().key("times").begin_array();
  for (double t : times_) json.value(t);
  json.end_array();
  json.field("your_turn", waiting_ && !has_action_ && !over_)
      .field("change_offered", waiting_ && context_.change_offered)
      .field("over", over_);
  if (over_) {
    const pdd::GameResult& r = result_;
    json.field("winner", r.winner == pdd::kWhite   ? "W"
                         : r.winner == pdd::kBlack ? "B"
                                                   : "draw")
        .field("reason", r.error.empty() ? r.reason : "the referee failed: " + r.error)
        .field("violation", r.violation == pdd::Violation::kNone ? "" : pdd::violation_code(r.violation))
        .field("violator", r.violator == pdd::kWhite   ? "W"
                           : r.violator == pdd::kBlack ? "B"
                                                       : "")
        .field("white_score", pdd::describe_score(r.score[pdd::kWhite]))
        .field("black_score", pdd::describe_score(r.score[pdd::kBlack]));
  }
  return json.end_object().str();
}

}  // namespace arena
