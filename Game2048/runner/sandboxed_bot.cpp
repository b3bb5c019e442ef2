#include "sandboxed_bot.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "protocol.h"

namespace g2048 {

judge::LoadStatus SandboxedBot::start(const BotConfig& config, std::string* message) {
  config_ = config;
  judge::SpawnOptions options;
  options.argv = {config.host_executable, "--plugin-host", config.plugin_path, std::to_string(config.run_seed)};
  options.output_path = config.log_path;
  options.memory_limit_bytes = config.memory_limit_bytes;
  options.channel = true;
  options.count_refusals = true;
  options.workdir = config.workdir;
  if (config.workdirs) {  // a host that starts again (after a fault) gets a fresh folder too
    std::string problem;
    if (!workdir_.create(*config.workdirs, config.workdir_name + "-host" + std::to_string(++starts_), &problem)) {
      if (message) *message = problem;
      return judge::LoadStatus::kNotLoadable;
    }
    options.workdir = workdir_.path();
    options.private_workdir = true;
  }
  // The bot may read its own folder (a network's weights beside the .so) and
  // the weights file GAME2048_WEIGHTS names; nothing else outside its workdir.
  // The bot works in a folder of its own, so a relative GAME2048_WEIGHTS (the
  // user's, from where Run2048 was started) reaches it made absolute.
  options.readable_paths = {config.plugin_path.substr(0, config.plugin_path.rfind('/') + 1)};
  if (const char* weights = std::getenv("GAME2048_WEIGHTS"); weights && *weights) {
    std::error_code ec;
    std::string path = std::filesystem::absolute(weights, ec).lexically_normal().string();
    if (ec) path = weights;
    options.readable_paths.push_back(path);
    options.env.push_back({"GAME2048_WEIGHTS", path});
  }
  not_ready_ = false;
  const judge::Deadline deadline = judge::Deadline::after_ms(config.load_limit_ms);
  const judge::LoadStatus status = plugin_.start(options, deadline, message);
  if (status != judge::LoadStatus::kOk) return status;
  // Loaded: the host says next whether the bot can play (g2048_check).
  HostReady ready;
  const judge::IoResult io = plugin_.process().receive(&ready, sizeof ready, deadline);
  if (io == judge::IoResult::kOk && ready.magic == kHostMagic && ready.ready) return status;
  judge::ExitStatus exit;
  plugin_.process().kill(&exit);
  if (io == judge::IoResult::kOk && ready.magic == kHostMagic) {
    ready.reason[sizeof ready.reason - 1] = '\0';
    not_ready_ = true;
    if (message) *message = ready.reason;
  } else if (message) {
    *message = io == judge::IoResult::kTimeout ? "the plugin did not finish g2048_check in time"
               : io == judge::IoResult::kOk    ? "the bot's host sent a malformed answer to g2048_check"
                                               : "the plugin's host died in g2048_check (" + exit.describe() + ")";
  }
  return judge::LoadStatus::kNotLoadable;
}

BotAnswer SandboxedBot::new_game(int game, uint64_t seed) {
  HostRequest request;
  std::memset(&request, 0, sizeof request);
  request.magic = kHostMagic;
  request.kind = HostRequest::kNewGame;
  request.game = game;
  request.seed = seed;
  return call(&request, sizeof request);
}

BotAnswer SandboxedBot::move(const int tiles[16], int64_t score, int64_t moves) {
  HostRequest request;
  std::memset(&request, 0, sizeof request);
  request.magic = kHostMagic;
  request.kind = HostRequest::kMove;
  request.score = static_cast<int32_t>(score);
  request.moves = static_cast<int32_t>(moves);
  for (int i = 0; i < 16; ++i) request.tiles[i] = tiles[i];
  return call(&request, sizeof request);
}

BotAnswer SandboxedBot::call(const void* request, size_t size) {
  BotAnswer answer;
  judge::Process& process = plugin_.process();
  const int64_t start = judge::now_us();
  HostReply reply;
  judge::IoResult io = judge::IoResult::kClosed;
  if (process.send(request, size))
    io = process.receive(&reply, sizeof reply, judge::Deadline::after_ms(config_.call_limit_ms));
  answer.wall_us = judge::now_us() - start;
  if (io == judge::IoResult::kOk && reply.magic == kHostMagic) {
    answer.kind = BotAnswer::kOk;
    answer.dir = reply.dir;
    answer.cpu_us = reply.cpu_us;
    return answer;
  }
  judge::ExitStatus status;
  process.kill(&status);
  if (io == judge::IoResult::kTimeout) {
    answer.kind = BotAnswer::kTimedOut;
    answer.detail = "no answer within " + std::to_string(config_.call_limit_ms) + " ms";
  } else if (io == judge::IoResult::kOk) {
    answer.kind = BotAnswer::kCrashed;
    answer.detail = "the bot's host sent a malformed reply";
  } else {
    answer.kind = BotAnswer::kCrashed;
    answer.detail = std::string("the bot's process ") + (status.kind == judge::ExitStatus::kSignaled ? "was " : "") +
                    status.describe();
  }
  return answer;
}

int SandboxedBot::kill_leftovers() {
  judge::Process& process = plugin_.process();
  return process.running() ? process.kill_leftovers_now() : process.daemons_killed();
}

void SandboxedBot::stop() {
  judge::Process& process = plugin_.process();
  if (!process.running()) return;
  HostRequest request;
  std::memset(&request, 0, sizeof request);
  request.magic = kHostMagic;
  request.kind = HostRequest::kQuit;
  process.send(&request, sizeof request);
  judge::ExitStatus status;
  if (!process.wait(judge::Deadline::after_ms(1000), &status)) process.kill();
}

}  // namespace g2048
