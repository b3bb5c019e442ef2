// What the judge and a ConnectFour plugin host say to each other over the
// sandbox channel. Fixed-size messages; every one starts with kMagic so that
// stray bytes from a misbehaving plugin are recognised as garbage.
#pragma once
#include <cstdint>

#include "board.h"

namespace c4 {

constexpr int32_t kMagic = 0x43344a31;  // "C4J1"

// Judge -> host. M == 0 asks the host to exit.
struct MoveRequest {
  int32_t magic;
  int32_t M, N, noX, noY, lastX, lastY;
  int32_t top[kMaxSize];
  int32_t board[kMaxSize * kMaxSize];
};

// Host -> judge, as soon as getPoint has returned.
struct MoveReply {
  int32_t magic;
  int32_t null_point;  // 1 when getPoint returned nullptr (x, y meaningless)
  int32_t x, y;
};

// Host -> judge, once clearPoint has returned (sent at once for a null point).
struct ClearAck {
  int32_t magic;
  int32_t unused;
  int64_t cpu_us;  // the host's CPU time spent in getPoint + clearPoint
};

// The exported functions, as the framework declares them.
struct PluginPoint {
  int x;
  int y;
};
using GetPointFn = PluginPoint* (*)(int, int, const int*, const int*, int, int, int, int);
using ClearPointFn = void (*)(PluginPoint*);

// Runs the host: load the plugin, report, serve MoveRequests until told to
// stop or the judge goes away. Returns the process exit code.
int run_plugin_host(const char* plugin_path);

}  // namespace c4
