// The plugin's side of the sandbox: this code runs in the child process.
#include <ctime>
#include <vector>

#include "../common/plugin.h"
#include "protocol.h"

namespace c4 {
namespace {

int64_t cpu_now_us() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

}  // namespace

int run_plugin_host(const char* plugin_path) {
  judge::LoadedPlugin plugin = judge::load_plugin(plugin_path, {"getPoint", "clearPoint"});
  if (!judge::send_load_report(plugin)) return 1;
  if (plugin.status != judge::LoadStatus::kOk) return 0;
  auto get_point = reinterpret_cast<GetPointFn>(plugin.symbols[0]);
  auto clear_point = reinterpret_cast<ClearPointFn>(plugin.symbols[1]);

  MoveRequest request;
  while (judge::channel::read_exact(judge::channel::kRequestFd, &request, sizeof request)) {
    if (request.magic != kMagic || request.M <= 0) return 0;
    const int M = request.M, N = request.N;
    // Fresh copies every call: whatever the plugin writes into them is lost.
    std::vector<int> top(request.top, request.top + N);
    std::vector<int> board(request.board, request.board + M * N);
    MoveReply reply = {kMagic, 0, -1, -1};
    int64_t start = cpu_now_us();
    PluginPoint* p = get_point(M, N, top.data(), board.data(), request.lastX, request.lastY, request.noX, request.noY);
    if (p == nullptr) {
      reply.null_point = 1;
    } else {
      reply.x = p->x;
      reply.y = p->y;
    }
    if (!judge::channel::write_exact(judge::channel::kReplyFd, &reply, sizeof reply)) return 0;
    if (p != nullptr) clear_point(p);
    ClearAck ack = {kMagic, 0, cpu_now_us() - start};
    if (!judge::channel::write_exact(judge::channel::kReplyFd, &ack, sizeof ack)) return 0;
  }
  return 0;
}

}  // namespace c4
