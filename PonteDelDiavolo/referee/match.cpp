#include "match.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/clock.h"
#include "../../common/sandbox.h"
#include "../rules/actions.h"
#include "board_view.h"
#include "infer_action.h"
#include "steplog_guard.h"

namespace pdd {
namespace {

constexpr long long kMaxBoardFileBytes = 1 << 20;  // a 10x10 board file is ~200 bytes

bool make_dirs(const std::string& path, std::string* error) {
  std::string partial;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || (path[i] == '/' && i > 0)) {
      partial = path.substr(0, i);
      if (::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST) {
        *error = "cannot create folder " + partial + ": " + std::strerror(errno);
        return false;
      }
    }
  }
  return true;
}

bool runnable(const std::string& path, std::string* why) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    *why = "program " + path + " not found: " + std::strerror(errno);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    *why = "program " + path + " is not a regular file";
    return false;
  }
  if (::access(path.c_str(), X_OK) != 0) {
    *why = "program " + path + " is not executable";
    return false;
  }
  return true;
}

// Reads a board file the program may have mangled: missing or huge is a format error.
bool read_board_file(const std::string& path, const std::string& name, std::string* out, std::string* why) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    *why = name + " is missing after the program ran";
    return false;
  }
  if (!S_ISREG(st.st_mode) || st.st_size > kMaxBoardFileBytes) {
    *why = name + " is not a regular file of a sensible size (" + std::to_string(st.st_size) + " bytes)";
    return false;
  }
  return read_text_file(path, out, why);
}

struct Turn {
  Judgement judgement;
  double ms = 0;
  std::string status;  // how the process ended
};

class Game {
 public:
  explicit Game(const MatchOptions& o) : opt_(o) {}

  GameResult play() {
    std::string error;
    dir_ = judge::absolute_path(opt_.game_dir);
    for (Colour c : {kWhite, kBlack}) program_[c] = judge::absolute_path(opt_.program[c]);
    if (!make_dirs(dir_, &error)) return referee_failure(error);
    if (opt_.workdirs) {  // the game's files in a capped folder, each program in one of its own
      if (!files_.create(*opt_.workdirs, opt_.game_name, &error)) return referee_failure(error);
      files_.copy_out_to(dir_);
      dir_ = files_.path();
      for (Colour c : {kWhite, kBlack})
        if (!own_[c].create(*opt_.workdirs, opt_.game_name + (c == kWhite ? "-white" : "-black"), &error))
          return referee_failure(error);
    }
    chess_path_ = dir_ + "/chess.txt";
    bridge_path_ = dir_ + "/bridge.txt";
    steplog_path_ = dir_ + "/stepLog.txt";
    for (Colour c : {kWhite, kBlack}) ::unlink((dir_ + "/" + log_name(c)).c_str());

    Colour mover = kWhite;
    for (;;) {
      Colour actor = player_to_act(
          board_, mover, [this](Colour c) { return change_offered(c); }, opt_.crossing);
      if (actor == kEmpty) break;
      if (actor != mover) {
        ++result_.skips;
        say(std::string(colour_name(mover)) + " has no legal action: " + colour_name(actor) + " plays again");
        mover = actor;
      }
      bool offered = change_offered(mover);
      Turn turn;
      if (opt_.seat[mover]) {
        TurnContext context;
        context.board = board_;
        context.mover = mover;
        context.change_offered = offered;
        context.crossing = opt_.crossing;
        judge::Stopwatch watch;
        turn.judgement = opt_.seat[mover](context);
        turn.ms = watch.elapsed_ms();
      } else if (!run_turn(mover, offered, &turn, &error)) {
        return referee_failure(error);
      }
      result_.moves.push_back(MoveTime{mover, turn.ms});
      if (turn.judgement.violation != Violation::kNone) {
        lose(mover, turn);
        return finish();
      }
      const Action& action = turn.judgement.action;
      apply_action(board_, mover, action);
      StepRecord record;
      record.colour = mover;
      record.turn = static_cast<int>(steps_.size()) + 1;
      record.action = action;
      steps_.push_back(record);
      if (opt_.on_step) opt_.on_step(record, turn.ms);
      say("turn " + std::to_string(record.turn) + ": " + colour_name(mover) + " " + describe(action) + "  (" +
          std::to_string(static_cast<int>(turn.ms + 0.5)) + " ms)");
      if (opt_.show_board && opt_.log) *opt_.log << render_board(board_);
      mover = opponent(mover);
    }
    result_.score[kWhite] = score(board_, kWhite);
    result_.score[kBlack] = score(board_, kBlack);
    result_.winner = decide_winner(result_.score[kWhite], result_.score[kBlack], &result_.reason);
    write_files(&error);  // the final position stays in the folder
    return finish();
  }

 private:
  static std::string log_name(Colour c) { return c == kWhite ? "white-output.txt" : "black-output.txt"; }

  // Y goes to Black on its first call, right after White's opening (RULES.md §6).
  bool change_offered(Colour mover) const {
    return mover == kBlack && steps_.size() == 1 && steps_[0].colour == kWhite &&
           steps_[0].action.kind == Action::kChess;
  }

  void say(const std::string& line) {
    if (opt_.log) *opt_.log << line << '\n';
  }

  bool write_files(std::string* error) {
    // Undo what a program may have done to the folder: permissions, a file replaced by a folder.
    ::chmod(dir_.c_str(), 0755);
    for (const std::string& path : {chess_path_, bridge_path_, steplog_path_}) {
      struct stat st {};
      if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && ::unlink(path.c_str()) != 0) ::rmdir(path.c_str());
    }
    std::string log;
    for (const StepRecord& r : steps_) log += format_step(r) + "\n";
    return judge::write_file_atomically(chess_path_, format_grid(chess_grid(board_)), error) &&
           judge::write_file_atomically(bridge_path_, format_grid(bridge_grid(board_)), error) &&
           judge::write_file_atomically(steplog_path_, log, error);
  }

  // Runs `mover` once; false only if the referee itself cannot work (files).
  bool run_turn(Colour mover, bool offered, Turn* turn, std::string* error) {
    Judgement& j = turn->judgement;
    std::string why;
    if (!runnable(program_[mover], &why)) {
      j.violation = Violation::kCannotRun;
      j.detail = why;
      return true;
    }
    if (!write_files(error)) return false;
    // The program may rewrite the game's files (stepLog.txt too: the guard then names V12);
    // each colour keeps one user id, so files it made on earlier turns stay its own.
    judge::hand_over({chess_path_, bridge_path_, steplog_path_}, mover);
    StepLogGuard guard;
    if (!guard.arm(steplog_path_, error)) return false;

    judge::SpawnOptions spawn;
    spawn.argv = {program_[mover], std::string(1, colour_letter(mover)), offered ? "Y" : "N", chess_path_, bridge_path_,
                  steplog_path_};
    if (opt_.workdirs) {
      spawn.workdir = own_[mover].path();
      spawn.private_workdir = true;
      spawn.shared_folders = {dir_};
    } else {
      spawn.workdir = dir_;
    }
    spawn.output_path = dir_ + "/" + log_name(mover);
    spawn.memory_limit_bytes = opt_.memory_limit_mb << 20;
    spawn.cpus = opt_.cpus;
    spawn.env = {{"PDD_SEED", std::to_string(opt_.seed)}};
    if (!opt_.refusal_hooks.empty()) {
      spawn.env.emplace_back("LD_PRELOAD", opt_.refusal_hooks);
      spawn.readable_paths.push_back(opt_.refusal_hooks);
      spawn.count_refusals = true;
    }
    spawn.identity = mover;
    // A program may be a script that runs an interpreter or a tool: it may start
    // processes even in a run without its own user id (and process cap).
    spawn.may_start_processes = true;
    judge::Process process;
    judge::Stopwatch watch;
    if (!process.start(spawn, &why)) {  // fork or the output file failed: the referee's problem
      *error = "cannot start " + program_[mover] + ": " + why;
      return false;
    }
    judge::ExitStatus status;
    bool ended = process.wait(judge::Deadline::after_ms(opt_.time_limit_ms), &status);
    turn->ms = watch.elapsed_ms();
    // Reaping the program killed what it left running (its process group, daemons).
    if (!ended) process.kill(&status);
    judge::add_refusals(process.refusals(), &result_.refused[mover]);
    result_.daemons_killed[mover] += process.daemons_killed();
    if (!ended) {
      j.violation = Violation::kTimeout;
      j.detail = "no answer within " + std::to_string(opt_.time_limit_ms) + " ms; the program was killed";
      return true;
    }
    turn->status = status.describe();
    if (guard.written(&why)) {
      j.violation = Violation::kStepLogWritten;
      j.detail = why + " (only the referee appends to it)";
      return true;
    }
    std::string chess_text, bridge_text;
    if (!read_board_file(chess_path_, "chess.txt", &chess_text, &why) ||
        !read_board_file(bridge_path_, "bridge.txt", &bridge_text, &why)) {
      j.violation = Violation::kFileFormat;
      j.detail = why;
      return true;
    }
    TurnContext context;
    context.board = board_;
    context.mover = mover;
    context.change_offered = offered;
    context.crossing = opt_.crossing;
    j = infer_action(context, chess_text, bridge_text);
    // A program that could not even be executed leaves the files alone and exits 127.
    if (j.violation == Violation::kNotAnAction && status.kind == judge::ExitStatus::kExited && status.code == 127 &&
        j.detail.find("unchanged") != std::string::npos) {
      j.violation = Violation::kCannotRun;
      j.detail = "the program could not be executed (exit code 127)";
    }
    return true;
  }

  void lose(Colour mover, const Turn& turn) {
    result_.violation = turn.judgement.violation;
    result_.violator = mover;
    result_.detail = turn.judgement.detail;
    result_.program_status = turn.status;
    result_.winner = opponent(mover);
    result_.reason = std::string(colour_name(mover)) + " violated " + violation_code(result_.violation) + " (" +
                     violation_title(result_.violation) + "): " + result_.detail;
    if (!turn.status.empty() && turn.status != "exited with code 0") result_.reason += "; the program " + turn.status;
    result_.score[kWhite] = score(board_, kWhite);
    result_.score[kBlack] = score(board_, kBlack);
    std::string error;
    write_files(&error);
  }

  GameResult finish() {
    // The game's files go to the user's game_dir (and the kept folders are kept).
    files_.close();
    for (Colour c : {kWhite, kBlack}) own_[c].close();
    result_.actions = static_cast<int>(steps_.size());
    result_.board = board_;
    result_.steps = steps_;
    return result_;
  }

  GameResult referee_failure(const std::string& error) {
    result_.error = error;
    return finish();
  }

  const MatchOptions& opt_;
  std::string program_[3];  // absolute: the child runs in the game folder
  std::string dir_, chess_path_, bridge_path_, steplog_path_;
  judge::Workdir files_;   // where dir_ is when opt_.workdirs is set
  judge::Workdir own_[3];  // each program's working folder, indexed by Colour
  Board board_;
  std::vector<StepRecord> steps_;
  GameResult result_;
};

}  // namespace

GameResult play_game(const MatchOptions& options) { return Game(options).play(); }

std::string describe_score(const PlayerScore& s) {
  return std::to_string(s.points) + " points, " + std::to_string(s.islands) + " islands (" +
         std::to_string(s.independent_islands) + " independent), " + std::to_string(s.bridges) + " bridges, " +
         std::to_string(s.connected_islands) + " connected islands";
}

}  // namespace pdd
