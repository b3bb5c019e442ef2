// The bot's side of the sandbox: this code runs in the child process.
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <ctime>

#include "../../common/plugin.h"
#include "../engine/streams.h"
#include "../plugin/bot_abi.h"
#include "protocol.h"

namespace g2048 {
namespace {

using MoveFn = int (*)(const int*, int, int);
using NewGameFn = void (*)(int, unsigned long long);
using CheckFn = const char* (*)();

int64_t cpu_now_us() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

// An optional symbol, looked up in the plugin load_plugin has just opened.
void* find_optional(const char* plugin_path, const char* symbol) {
  std::string file = plugin_path;
  if (file.find('/') == std::string::npos) file = "./" + file;
  void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (!handle) return nullptr;
  return ::dlsym(handle, symbol);
}

// Asks the bot whether it can play (g2048_check, if it exports one) and says so.
bool send_ready(const char* plugin_path) {
  HostReady ready;
  std::memset(&ready, 0, sizeof ready);
  ready.magic = kHostMagic;
  ready.ready = 1;
  if (auto check = reinterpret_cast<CheckFn>(find_optional(plugin_path, G2048_CHECK_SYMBOL)))
    if (const char* reason = check(); reason && *reason) {
      ready.ready = 0;
      std::strncpy(ready.reason, reason, sizeof ready.reason - 1);
    }
  return judge::channel::write_exact(judge::channel::kReplyFd, &ready, sizeof ready);
}

}  // namespace

int run_bot_host(const char* plugin_path, uint64_t run_seed) {
  judge::LoadedPlugin plugin = judge::load_plugin(plugin_path, {G2048_MOVE_SYMBOL});
  if (!judge::send_load_report(plugin)) return 1;
  if (plugin.status != judge::LoadStatus::kOk) return 0;
  if (!send_ready(plugin_path)) return 1;
  auto move = reinterpret_cast<MoveFn>(plugin.symbols[0]);
  auto new_game = reinterpret_cast<NewGameFn>(find_optional(plugin_path, G2048_NEW_GAME_SYMBOL));
  std::srand(static_cast<unsigned>(stream_seed(run_seed, Stream::kBot, kRunWide)));

  HostRequest request;
  while (judge::channel::read_exact(judge::channel::kRequestFd, &request, sizeof request)) {
    if (request.magic != kHostMagic || request.kind == HostRequest::kQuit) return 0;
    HostReply reply = {kHostMagic, 0, 0};
    const int64_t start = cpu_now_us();
    if (request.kind == HostRequest::kNewGame) {
      if (new_game) new_game(request.game, request.seed);
    } else {
      int tiles[16];  // a fresh copy: whatever the bot writes into it is lost
      for (int i = 0; i < 16; ++i) tiles[i] = request.tiles[i];
      reply.dir = move(tiles, request.score, request.moves);
    }
    reply.cpu_us = cpu_now_us() - start;
    if (!judge::channel::write_exact(judge::channel::kReplyFd, &reply, sizeof reply)) return 0;
  }
  return 0;
}

}  // namespace g2048
