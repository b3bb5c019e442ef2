#include "player.h"

#include <sys/stat.h>
#include <time.h>

#include <csignal>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>

#include "../common/cli.h"
#include "../common/path_kind.h"
#include "oj_protocol.h"
#include "protocol.h"
#include "upload.h"

namespace c4 {
namespace {

namespace fs = std::filesystem;

// After a broken header, how long the judge keeps reading to show what the program printed.
constexpr int kGraceMs = 50;
// How often a moving player's resident memory is read.
constexpr int kMemoryCheckMs = 10;

// 1081 -> "1,081".
std::string with_commas(long long n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

int64_t cpu_us_of(pid_t pid) {
  clockid_t clock;
  timespec t;
  if (pid <= 0 || clock_getcpuclockid(pid, &clock) != 0 || clock_gettime(clock, &t) != 0) return 0;
  return static_cast<int64_t>(t.tv_sec) * 1000000 + t.tv_nsec / 1000;
}

// Sources built the OJ's way, once per judge process: source path -> program.
struct BuiltPrograms {
  std::mutex mutex;
  std::string root;  // a folder under /tmp, removed when the judge exits
  std::map<std::string, std::string> programs, problems;
  ~BuiltPrograms() {
    std::error_code ec;
    if (!root.empty()) fs::remove_all(root, ec);
  }
};
BuiltPrograms built_programs;

bool program_from_sources(const std::string& sources, std::string* program, std::string* problem) {
  std::lock_guard<std::mutex> lock(built_programs.mutex);
  const std::string key = fs::absolute(sources).lexically_normal().string();
  auto done = built_programs.programs.find(key);
  if (done != built_programs.programs.end()) return *program = done->second, true;
  auto failed = built_programs.problems.find(key);
  if (failed != built_programs.problems.end()) return *problem = failed->second, false;
  if (built_programs.root.empty()) {
    char name[] = "/tmp/c4-oj-build.XXXXXX";
    if (!::mkdtemp(name)) return *problem = std::string("cannot make a build folder: ") + std::strerror(errno), false;
    ::chmod(name, 0755);  // the programs run as other users
    built_programs.root = name;
  }
  const std::string folder =
      built_programs.root + "/" + std::to_string(built_programs.programs.size() + built_programs.problems.size());
  if (upload::build_program(key, folder, program, problem)) {
    built_programs.programs[key] = *program;
    return true;
  }
  built_programs.problems[key] = *problem;
  return false;
}

// "memory over the limit: 1,081 MB resident (the limit: 1,024 MB)".
std::string describe_memory_over(long long resident_kb, long long limit_bytes) {
  return "memory over the limit: " + with_commas(resident_kb / 1024) +
         " MB resident (the limit: " + with_commas(limit_bytes >> 20) + " MB)";
}

// The cap on any file a player writes, its log (--log-dir) included.
const long long kFileCap = judge::SpawnOptions().file_size_limit_bytes;

// The move's answer when its log is full: past the cap the side loses (a program that ignores
// SIGXFSZ only sees its writes fail).
Answer output_over(judge::Process& process, Answer answer, const char* stage) {
  process.kill();
  answer.kind = Answer::kCrashed;
  answer.detail =
      std::string("in ") + stage + ": output over the limit: its log reached " + std::to_string(kFileCap >> 20) + " MB";
  return answer;
}

}  // namespace

std::string SandboxedPlayer::end_detail(const judge::ExitStatus& status, long long over_kb) const {
  if (over_kb > 0) return describe_memory_over(over_kb, config_.memory_limit_bytes);
  std::string text = status.describe();
  if (status.kind == judge::ExitStatus::kSignaled && status.signal == SIGXFSZ)
    text += ": output over the limit (its log, or a file it wrote, past " + std::to_string(kFileCap >> 20) + " MB)";
  else if (log_full())
    text += ", its log full (" + std::to_string(kFileCap >> 20) + " MB: output over the limit)";
  return text;
}

bool SandboxedPlayer::log_full() const {
  struct stat st;
  return !config_.log_path.empty() && ::stat(config_.log_path.c_str(), &st) == 0 && st.st_size >= kFileCap;
}

judge::IoResult SandboxedPlayer::read_some(void* data, size_t size, judge::Deadline deadline, size_t* got,
                                           long long* over_kb) {
  judge::Process& process = plugin_.process();
  const long long limit_kb = config_.memory_limit_bytes / 1024;
  for (;;) {
    const judge::Deadline slice = judge::Deadline::after_ms(kMemoryCheckMs);
    const bool last = deadline.poll_timeout_ms() >= 0 && deadline.poll_timeout_ms() <= kMemoryCheckMs;
    const judge::IoResult io = process.receive_some(data, size, last ? deadline : slice, got);
    if (io != judge::IoResult::kTimeout || last) return io;
    if (limit_kb > 0) {
      const long long resident = process.resident_kb();
      if (resident > limit_kb) {
        *over_kb = resident;
        peak_kb_ = std::max(peak_kb_, process.peak_resident_kb());
        process.kill();
        return judge::IoResult::kClosed;
      }
    }
  }
}

judge::IoResult SandboxedPlayer::read_exact(void* data, size_t size, judge::Deadline deadline, long long* over_kb) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    size_t got = 0;
    const judge::IoResult io = read_some(p, size, deadline, &got, over_kb);
    if (io != judge::IoResult::kOk) return io;
    p += got;
    size -= got;
  }
  return judge::IoResult::kOk;
}

bool SandboxedPlayer::late(Answer* answer, const char* verb) {
  if (answer->wall_us <= static_cast<int64_t>(config_.time_limit_ms) * 1000) return false;
  plugin_.process().kill();
  answer->kind = Answer::kTimedOut;
  answer->detail = std::string(verb) + " after " + std::to_string(answer->wall_us / 1000) + " ms, over the limit of " +
                   std::to_string(config_.time_limit_ms) + " ms";
  return true;
}

bool SandboxedPlayer::over_at_peak(Answer* answer, const char* stage) {
  if (config_.memory_limit_bytes <= 0 || peak_kb_ <= config_.memory_limit_bytes / 1024) return false;
  plugin_.process().kill();
  answer->kind = Answer::kCrashed;
  answer->detail =
      std::string("in ") + stage + ": " + describe_memory_over(peak_kb_, config_.memory_limit_bytes) + " at its peak";
  return true;
}

void SandboxedPlayer::note_peak() { peak_kb_ = std::max(peak_kb_, plugin_.process().peak_resident_kb()); }

PlayerConfig player_config(const PlayerDescription& player, const judge::WorkdirRoot* workdirs) {
  PlayerConfig config;
  config.plugin_path = player.path;
  config.host_executable = judge::self_executable();
  config.time_limit_ms = player.time_limit_ms;
  config.memory_limit_bytes = player.memory_mb << 20;
  config.freeze = player.freeze;
  if (player.move_time_ms > 0) config.env.push_back({"STRATEGY_MOVE_MS", std::to_string(player.move_time_ms)});
  if (player.move_iterations > 0)
    config.env.push_back({"STRATEGY_MOVE_ITERATIONS", std::to_string(player.move_iterations)});
  config.workdirs = workdirs;
  return config;
}

judge::LoadStatus SandboxedPlayer::start(const PlayerConfig& config, std::string* message) {
  config_ = config;
  program_ = false;
  told_board_ = false;
  pending_stdout_.clear();
  peak_kb_ = 0;
  switch (judge::path_kind(config.plugin_path)) {
    case judge::PathKind::kPlugin: break;
    case judge::PathKind::kProgram: return start_program(config.plugin_path, message);
    case judge::PathKind::kSources: {
      std::string program;
      if (!program_from_sources(config.plugin_path, &program, message)) return judge::LoadStatus::kNotLoadable;
      return start_program(program, message);
    }
  }
  judge::SpawnOptions options = spawn_options(config.plugin_path);
  options.argv = {config.host_executable, "--plugin-host", config.plugin_path};
  options.count_refusals = true;
  // Loading gets its own generous allowance; a constructor that hangs is a load failure.
  const judge::LoadStatus status = plugin_.start(options, judge::Deadline::after_ms(10000), message);
  // Between its moves the host and every thread and process of its group stand still.
  if (status == judge::LoadStatus::kOk && config.freeze) plugin_.process().pause();
  return status;
}

judge::SpawnOptions SandboxedPlayer::spawn_options(const std::string& readable) const {
  judge::SpawnOptions options;
  options.env = config_.env;
  options.workdir = config_.workdir;
  options.private_workdir = config_.workdirs != nullptr;
  options.cpus = config_.cpus;
  options.output_path = config_.log_path;
  options.memory_limit_bytes = config_.memory_limit_bytes * kAddressSpaceFactor;
  options.channel = true;
  options.readable_paths = {readable};
  return options;
}

judge::LoadStatus SandboxedPlayer::start_program(const std::string& path, std::string* message) {
  program_ = true;
  judge::SpawnOptions options = spawn_options(fs::absolute(path).string());
  options.argv = {fs::absolute(path).string()};
  options.channel_on_stdio = true;     // and its log takes its stderr alone
  options.may_start_processes = true;  // a script's interpreter may start processes of its own
  std::string error;
  if (!plugin_.process().start(options, &error)) {
    *message = "cannot start " + path + ": " + error;
    return judge::LoadStatus::kNotLoadable;
  }
  if (config_.freeze) plugin_.process().pause();
  return judge::LoadStatus::kOk;
}

Answer SandboxedPlayer::get_point_program(const Board& board, Side me, int lastX, int lastY) {
  const std::string request = oj_request(board, me, lastX, lastY, !told_board_);
  told_board_ = true;

  Answer answer;
  judge::Process& process = plugin_.process();
  if (config_.freeze) process.resume();
  // Bytes printed after the previous reply are what the OJ reads first.
  std::string got = pending_stdout_;
  pending_stdout_.clear();
  const bool printed_after_reply = !got.empty() || process.pending() > 0;
  const int64_t cpu_start = cpu_us_of(process.pid());
  judge::Stopwatch watch;
  judge::Deadline deadline = judge::Deadline::after_ms(config_.time_limit_ms);
  long long over_kb = 0;
  auto fail = [&](judge::IoResult io) {
    judge::ExitStatus status;
    process.kill(&status);
    answer.wall_us = watch.elapsed_us();
    if (io == judge::IoResult::kTimeout) {
      answer.kind = Answer::kTimedOut;
      answer.detail = "no reply within " + std::to_string(config_.time_limit_ms) + " ms";
    } else {
      answer.kind = Answer::kCrashed;
      answer.detail = "in its move: " + end_detail(status, over_kb);
    }
    return answer;
  };
  if (!process.send(request.data(), request.size())) return fail(judge::IoResult::kClosed);
  size_t used = 0;
  std::string problem;
  for (bool grace = false;;) {
    const OjReply parsed = parse_oj_reply(got, &answer.x, &answer.y, &used, &problem);
    if (parsed == OjReply::kOk) break;
    if (parsed == OjReply::kBroken) {
      if (!grace) {  // read on a moment, to show where the reply starts, if it does
        grace = true;
        const judge::Deadline soon = judge::Deadline::after_ms(kGraceMs);
        char buffer[256];
        size_t n = 0;
        while (got.size() < 4096 && process.receive_some(buffer, sizeof buffer, soon, &n) == judge::IoResult::kOk)
          got.append(buffer, n);
        continue;
      }
      process.kill();
      answer.wall_us = watch.elapsed_us();
      answer.kind = Answer::kProtocolError;
      answer.detail = problem + (printed_after_reply ? " (printed after the previous reply)" : "");
      return answer;
    }
    char buffer[256];
    size_t n = 0;
    const judge::IoResult io = read_some(buffer, sizeof buffer, deadline, &n, &over_kb);
    if (io != judge::IoResult::kOk) return fail(io);
    got.append(buffer, n);
  }
  answer.wall_us = watch.elapsed_us();
  answer.cpu_us = cpu_us_of(process.pid()) - cpu_start;
  pending_stdout_ = got.substr(used);
  note_peak();
  if (over_at_peak(&answer, "its move")) return answer;
  if (log_full()) return output_over(process, answer, "its move");
  if (config_.freeze) process.pause();
  if (late(&answer, "replied")) return answer;
  answer.kind = Answer::kMove;
  return answer;
}

Answer SandboxedPlayer::get_point(const Board& board, Side me, int lastX, int lastY) {
  if (program_) return get_point_program(board, me, lastX, lastY);
  MoveRequest request;
  std::memset(&request, 0, sizeof request);
  request.magic = kMagic;
  request.M = board.rows();
  request.N = board.cols();
  request.noX = board.blocked_row();
  request.noY = board.blocked_col();
  request.lastX = lastX;
  request.lastY = lastY;
  for (int y = 0; y < board.cols(); ++y) request.top[y] = board.top(y);
  std::vector<int> view = board.view_for(me);
  std::copy(view.begin(), view.end(), request.board);

  Answer answer;
  judge::Process& process = plugin_.process();
  judge::Stopwatch watch;
  judge::Deadline deadline = judge::Deadline::after_ms(config_.time_limit_ms);
  long long over_kb = 0;
  auto fail = [&](judge::IoResult io, const char* stage) {
    judge::ExitStatus status;
    process.kill(&status);
    answer.wall_us = watch.elapsed_us();
    if (io == judge::IoResult::kTimeout) {
      answer.kind = Answer::kTimedOut;
      answer.detail =
          std::string("no answer from ") + stage + " within " + std::to_string(config_.time_limit_ms) + " ms";
    } else {
      answer.kind = Answer::kCrashed;
      answer.detail = std::string("in ") + stage + ": " + end_detail(status, over_kb);
    }
    return answer;
  };
  if (config_.freeze) process.resume();
  if (!process.send(&request, sizeof request)) return fail(judge::IoResult::kClosed, "getPoint");

  MoveReply reply;
  judge::IoResult io = read_exact(&reply, sizeof reply, deadline, &over_kb);
  if (io != judge::IoResult::kOk) return fail(io, "getPoint");
  if (reply.magic != kMagic) {
    process.kill();
    answer.kind = Answer::kCrashed;
    answer.detail = "the plugin corrupted the judge's channel";
    return answer;
  }
  ClearAck ack;
  io = read_exact(&ack, sizeof ack, deadline, &over_kb);
  if (io != judge::IoResult::kOk) return fail(io, "clearPoint");
  answer.wall_us = watch.elapsed_us();
  if (ack.magic != kMagic) {
    process.kill();
    answer.kind = Answer::kCrashed;
    answer.detail = "the plugin corrupted the judge's channel";
    return answer;
  }
  note_peak();
  if (over_at_peak(&answer, "getPoint")) return answer;
  if (log_full()) return output_over(process, answer, "getPoint");
  if (config_.freeze) process.pause();
  answer.cpu_us = ack.cpu_us;
  if (late(&answer, "answered")) return answer;
  answer.kind = reply.null_point ? Answer::kNullPoint : Answer::kMove;
  answer.x = reply.x;
  answer.y = reply.y;
  return answer;
}

}  // namespace c4
