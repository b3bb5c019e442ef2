#include "game.h"

namespace c4 {
namespace {

int code_for(Side side, int a_code, int b_code) { return side == kA ? a_code : b_code; }

// Stops both hosts and keeps what the sandbox refused each, and what each left running.
void stop_players(SandboxedPlayer* players, GameResult* result) {
  for (Side side : {kA, kB}) {
    result->peak_resident_kb[side] = players[side].peak_resident_kb();
    players[side].stop();
    result->daemons_killed[side] = players[side].daemons_killed();
    for (judge::Refusal& r : players[side].refusals()) result->refused.emplace_back(side, std::move(r));
  }
}

}  // namespace

const char* side_name(Side side) { return side == kA ? "A" : "B"; }

Verdict referee_step(Board* board, Side mover, const Answer& answer, const std::string& refused) {
  Verdict v;
  v.ended = true;
  const std::string who = side_name(mover);
  switch (answer.kind) {
    case Answer::kTimedOut:
      v.code = code_for(mover, kATimeout, kBTimeout);
      v.reason = who + " timed out: " + answer.detail;
      return v;
    case Answer::kProtocolError:  // the OJ counts a garbled reply against its side
      v.code = code_for(mover, kARuntimeError, kBRuntimeError);
      v.reason = who + " broke the OJ's protocol: " + answer.detail;
      return v;
    case Answer::kCrashed:
      v.code = code_for(mover, kARuntimeError, kBRuntimeError);
      v.reason = who + " crashed " + answer.detail;
      // A refused call is the likeliest cause: say so, so that nobody hunts a bug in the logic.
      if (!refused.empty()) v.reason += ", after the sandbox refused " + refused;
      return v;
    case Answer::kNullPoint:
      v.code = code_for(mover, kAIllegalMove, kBIllegalMove);
      v.reason = who + " made an illegal move: getPoint returned a null Point";
      return v;
    case Answer::kMove: break;
  }
  const std::string illegal = board->illegal_reason(answer.x, answer.y);
  if (!illegal.empty()) {
    v.code = code_for(mover, kAIllegalMove, kBIllegalMove);
    v.reason = who + " made an illegal move: " + illegal;
    v.has_illegal = true;
    v.illegal_x = answer.x;
    v.illegal_y = answer.y;
    return v;
  }
  board->play(answer.x, answer.y, mover);
  v.played = true;
  v.win = board->winning_line(answer.x, answer.y);
  if (!v.win.empty()) {
    v.code = code_for(mover, kAWins, kBWins);
    v.reason = who + " connected four with (" + std::to_string(answer.x) + ", " + std::to_string(answer.y) + ")";
  } else if (board->full()) {
    v.code = kTie;
    v.reason = "the board is full";
  } else {
    v.ended = false;
  }
  return v;
}

Side credited_side(int code) {
  switch (code) {
    case kAWins:
    case kBRuntimeError:
    case kBIllegalMove:
    case kBTimeout: return kA;
    case kBWins:
    case kARuntimeError:
    case kAIllegalMove:
    case kATimeout: return kB;
    default: return kEmpty;
  }
}

bool counts_for_nobody(int code) { return code < 0; }

std::string describe_result(int code) {
  switch (code) {
    case kTie: return "tie";
    case kAWins: return "A - won";
    case kBWins: return "B - won";
    case kARuntimeError: return "A - bug occurred";
    case kBRuntimeError: return "B - bug occurred";
    case kAIllegalMove: return "A - illegal move";
    case kBIllegalMove: return "B - illegal move";
    case kATimeout: return "A - timed out";
    case kBTimeout: return "B - timed out";
    case kALoadError: return "A - cannot be loaded";
    case kBLoadError: return "B - cannot be loaded";
    case kAMissingSymbol: return "A - lacks getPoint or clearPoint";
    case kBMissingSymbol: return "B - lacks getPoint or clearPoint";
  }
  return "unknown result " + std::to_string(code);
}

void GameResult::end_with(const Verdict& verdict) {
  code = verdict.code;
  reason = verdict.reason;
  win = verdict.win;
  has_illegal = verdict.has_illegal;
  illegal_x = verdict.illegal_x;
  illegal_y = verdict.illegal_y;
}

GameResult play_game(const GameSetup& setup, const PlayerConfig& a, const PlayerConfig& b) {
  GameResult result;
  Board board(setup.M, setup.N, setup.noX, setup.noY);
  SandboxedPlayer players[3];
  // Each side plays in a fresh folder of its own (workdir.h), removed or kept when the game ends.
  PlayerConfig configs[3] = {PlayerConfig(), a, b};
  judge::Workdir workdirs[3];
  for (Side side : {kA, kB}) {
    if (!configs[side].workdirs) continue;
    std::string problem;
    const std::string id = (setup.id.empty() ? "game" : setup.id) + "-" + side_name(side);
    if (workdirs[side].create(*configs[side].workdirs, id, &problem)) {
      configs[side].workdir = workdirs[side].path();
    } else {
      result.judge_error = problem;  // the judge's fault: the game is not played, not counted
      return result;
    }
  }

  for (Side side : {kA, kB}) {
    std::string message;
    judge::LoadStatus status = players[side].start(configs[side], &message);
    if (status != judge::LoadStatus::kOk) {
      result.code = status == judge::LoadStatus::kMissingSymbol ? code_for(side, kAMissingSymbol, kBMissingSymbol)
                                                                : code_for(side, kALoadError, kBLoadError);
      result.reason = std::string(side_name(side)) + ": " + message;
      result.picture = board.picture();
      stop_players(players, &result);
      return result;
    }
  }

  Side mover = setup.first;
  int last_x[3] = {-1, -1, -1}, last_y[3] = {-1, -1, -1};  // each side's previous move
  for (;;) {
    Side other = opponent(mover);
    Answer answer = players[mover].get_point(board, mover, last_x[other], last_y[other]);
    (mover == kA ? result.time_us_a : result.time_us_b) += answer.wall_us;
    const std::string refused =
        answer.kind == Answer::kCrashed ? judge::describe_refusals(players[mover].refusals()) : "";
    Verdict verdict = referee_step(&board, mover, answer, refused);
    if (verdict.played) {
      result.moves.push_back(MoveRecord{mover, answer.x, answer.y, answer.wall_us, answer.cpu_us});
      last_x[mover] = answer.x;
      last_y[mover] = answer.y;
    }
    if (verdict.ended) {
      result.end_with(verdict);
      break;
    }
    mover = other;
  }
  stop_players(players, &result);
  result.picture = board.picture();
  return result;
}

}  // namespace c4
