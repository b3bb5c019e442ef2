#include "player.h"

#include <cstring>

#include "protocol.h"

namespace c4 {

judge::LoadStatus SandboxedPlayer::start(const PlayerConfig& config, std::string* message) {
  config_ = config;
  judge::SpawnOptions options;
  options.argv = {config.host_executable, "--plugin-host", config.plugin_path};
  options.env = config.env;
  options.workdir = config.workdir;
  options.private_workdir = config.workdirs != nullptr;
  options.cpus = config.cpus;
  options.output_path = config.log_path;
  options.memory_limit_bytes = config.memory_limit_bytes;
  options.channel = true;
  options.readable_paths = {config.plugin_path};
  options.count_refusals = true;
  // Loading gets its own generous allowance; a constructor that hangs is a load failure.
  const judge::LoadStatus status = plugin_.start(options, judge::Deadline::after_ms(10000), message);
  // Between its moves the host and every thread and process of its group stand still.
  if (status == judge::LoadStatus::kOk && config.freeze) plugin_.process().pause();
  return status;
}

Answer SandboxedPlayer::get_point(const Board& board, Side me, int lastX, int lastY) {
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
      answer.detail = std::string("in ") + stage + ": " + status.describe();
    }
    return answer;
  };
  if (config_.freeze) process.resume();
  if (!process.send(&request, sizeof request)) return fail(judge::IoResult::kClosed, "getPoint");

  MoveReply reply;
  judge::IoResult io = process.receive(&reply, sizeof reply, deadline);
  if (io != judge::IoResult::kOk) return fail(io, "getPoint");
  if (reply.magic != kMagic) {
    process.kill();
    answer.kind = Answer::kCrashed;
    answer.detail = "the plugin corrupted the judge's channel";
    return answer;
  }
  ClearAck ack;
  io = process.receive(&ack, sizeof ack, deadline);
  if (io != judge::IoResult::kOk) return fail(io, "clearPoint");
  answer.wall_us = watch.elapsed_us();
  if (ack.magic != kMagic) {
    process.kill();
    answer.kind = Answer::kCrashed;
    answer.detail = "the plugin corrupted the judge's channel";
    return answer;
  }
  if (config_.freeze) process.pause();
  answer.cpu_us = ack.cpu_us;
  if (answer.wall_us > static_cast<int64_t>(config_.time_limit_ms) * 1000) {
    process.kill();
    answer.kind = Answer::kTimedOut;
    answer.detail = "answered after " + std::to_string(answer.wall_us / 1000) + " ms, over the limit of " +
                    std::to_string(config_.time_limit_ms) + " ms";
    return answer;
  }
  answer.kind = reply.null_point ? Answer::kNullPoint : Answer::kMove;
  answer.x = reply.x;
  answer.y = reply.y;
  return answer;
}

}  // namespace c4
