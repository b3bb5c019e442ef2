#include "player.h"

#include <sys/stat.h>
#include <time.h>

#include <cctype>
#include <csignal>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>

#include "../common/path_kind.h"
#include "protocol.h"
#include "upload.h"

namespace c4 {
namespace {

namespace fs = std::filesystem;

// "x y" takes a few characters; a header announcing more is not a reply's.
constexpr uint32_t kMaxReplyText = 32;
// After a broken header, how long the judge keeps reading to show what the program printed.
constexpr int kGraceMs = 50;
constexpr size_t kShownBytes = 40;
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

// Bytes as a person reads them: printable ASCII as it is, the rest escaped, cut after kShownBytes.
std::string shown(const std::string& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size() && i < kShownBytes; ++i) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c >= 0x20 && c < 0x7f && c != '\'') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (bytes.size() > kShownBytes) out += "...";
  return out;
}

uint32_t big_endian(const std::string& b, size_t at) {
  return static_cast<uint32_t>(static_cast<unsigned char>(b[at])) << 24 |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 1])) << 16 |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 2])) << 8 |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 3]));
}

// Two integers and white space only, as "%d %d" reads a whole reply.
bool two_integers(const std::string& text, int* x, int* y) {
  if (text.find('\0') != std::string::npos) return false;
  const char* p = text.c_str();
  long values[2];
  for (long& v : values) {
    char* end;
    errno = 0;
    v = std::strtol(p, &end, 10);
    if (end == p || errno != 0 || v < INT_MIN || v > INT_MAX) return false;
    p = end;
    if (&v == &values[0] && !std::isspace(static_cast<unsigned char>(*p))) return false;
  }
  while (std::isspace(static_cast<unsigned char>(*p))) ++p;
  if (*p != '\0') return false;
  *x = static_cast<int>(values[0]);
  *y = static_cast<int>(values[1]);
  return true;
}

// The size of a well-formed reply starting at `at`, or 0.
size_t reply_at(const std::string& b, size_t at) {
  if (b.size() < at + 4) return 0;
  const uint32_t length = big_endian(b, at);
  if (length < 1 || length > kMaxReplyText || b.size() < at + 4 + length) return 0;
  int x, y;
  return two_integers(b.substr(at + 4, length), &x, &y) ? 4 + length : 0;
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

}  // namespace

// How a player's process ended, in words; a file (a log or its own) past the file size cap says so.
static std::string describe_end(const judge::ExitStatus& status) {
  std::string text = status.describe();
  if (status.kind == judge::ExitStatus::kSignaled && status.signal == SIGXFSZ)
    text += ": output over the limit (its log, or a file it wrote, past 64 MB)";
  return text;
}

// The cap on any file a player writes, its log (--log-dir) included.
const long long kFileCap = judge::SpawnOptions().file_size_limit_bytes;

bool SandboxedPlayer::log_full() const {
  struct stat st;
  return !config_.log_path.empty() && ::stat(config_.log_path.c_str(), &st) == 0 && st.st_size >= kFileCap;
}

// The move's answer when its log is full: past the cap the side loses (a program that ignores
// SIGXFSZ only sees its writes fail).
static Answer output_over(judge::Process& process, Answer answer, const char* stage) {
  process.kill();
  answer.kind = Answer::kCrashed;
  answer.detail =
      std::string("in ") + stage + ": output over the limit: its log reached " + std::to_string(kFileCap >> 20) + " MB";
  return answer;
}

std::string describe_memory_over(long long resident_kb, long long limit_bytes) {
  return "memory over the limit: " + with_commas(resident_kb / 1024) +
         " MB resident (the limit: " + with_commas(limit_bytes >> 20) + " MB)";
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

void SandboxedPlayer::note_peak() { peak_kb_ = std::max(peak_kb_, plugin_.process().peak_resident_kb()); }

OjReply parse_oj_reply(const std::string& bytes, int* x, int* y, size_t* used, std::string* problem) {
  if (bytes.size() < 4) return OjReply::kIncomplete;
  const uint32_t length = big_endian(bytes, 0);
  if (length >= 1 && length <= kMaxReplyText) {
    if (bytes.size() < 4 + length) return OjReply::kIncomplete;
    const std::string text = bytes.substr(4, length);
    if (two_integers(text, x, y)) {
      *used = 4 + length;
      return OjReply::kOk;
    }
    *problem = "stdout: the reply's text '" + shown(text) + "' is not two integers";
    return OjReply::kBroken;
  }
  for (size_t at = 1; at + 4 <= bytes.size(); ++at)
    if (reply_at(bytes, at) > 0) {
      *problem = "stdout: " + std::to_string(at) + " bytes '" + shown(bytes.substr(0, at)) +
                 "' before the reply, read as its length header";
      return OjReply::kBroken;
    }
  *problem = "stdout: '" + shown(bytes) + "' read as the reply's length header (" + std::to_string(length) +
             " bytes announced, not a reply)";
  return OjReply::kBroken;
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
  judge::SpawnOptions options;
  options.argv = {config.host_executable, "--plugin-host", config.plugin_path};
  options.env = config.env;
  options.workdir = config.workdir;
  options.private_workdir = config.workdirs != nullptr;
  options.cpus = config.cpus;
  options.output_path = config.log_path;
  options.memory_limit_bytes = config.memory_limit_bytes * kAddressSpaceFactor;
  options.channel = true;
  options.readable_paths = {config.plugin_path};
  options.count_refusals = true;
  // Loading gets its own generous allowance; a constructor that hangs is a load failure.
  const judge::LoadStatus status = plugin_.start(options, judge::Deadline::after_ms(10000), message);
  // Between its moves the host and every thread and process of its group stand still.
  if (status == judge::LoadStatus::kOk && config.freeze) plugin_.process().pause();
  return status;
}

judge::LoadStatus SandboxedPlayer::start_program(const std::string& path, std::string* message) {
  program_ = true;
  judge::SpawnOptions options;
  options.argv = {fs::absolute(path).string()};
  options.env = config_.env;
  options.workdir = config_.workdir;
  options.private_workdir = config_.workdirs != nullptr;
  options.cpus = config_.cpus;
  options.output_path = config_.log_path;  // its stderr
  options.memory_limit_bytes = config_.memory_limit_bytes * kAddressSpaceFactor;
  options.channel = true;
  options.channel_on_stdio = true;
  options.readable_paths = {options.argv[0]};
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
  // What the OJ sends: "M N noX noY" once, then per move "lastX lastY", the top row and the board.
  std::string request;
  if (!told_board_) {
    request = std::to_string(board.rows()) + " " + std::to_string(board.cols()) + " " +
              std::to_string(board.blocked_row()) + " " + std::to_string(board.blocked_col()) + "\n";
    told_board_ = true;
  }
  request += std::to_string(lastX) + " " + std::to_string(lastY) + "\n";
  for (int y = 0; y < board.cols(); ++y) request += std::to_string(board.top(y)) + (y + 1 < board.cols() ? " " : "\n");
  const std::vector<int> view = board.view_for(me);
  for (size_t i = 0; i < view.size(); ++i)
    request += std::to_string(view[i]) + ((i + 1) % static_cast<size_t>(board.cols()) == 0 ? "\n" : " ");

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
      answer.detail =
          "in its move: " +
          (over_kb > 0 ? describe_memory_over(over_kb, config_.memory_limit_bytes) : describe_end(status)) +
          (log_full() ? ", its log full (" + std::to_string(kFileCap >> 20) + " MB: output over the limit)" : "");
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
      answer.detail =
          std::string("in ") + stage + ": " +
          (over_kb > 0 ? describe_memory_over(over_kb, config_.memory_limit_bytes) : describe_end(status)) +
          (log_full() ? ", its log full (" + std::to_string(kFileCap >> 20) + " MB: output over the limit)" : "");
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
