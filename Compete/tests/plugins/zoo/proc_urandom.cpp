// Zoo habit: reading the system. Every move reads its memory use from
// /proc/self/status (the VmRSS line) and 16 bytes of /dev/urandom, aborting
// if either cannot be opened; the random bytes choose among the columns the
// win / block rules leave. Not deterministic.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Point.h"
#include "zoo_move.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  FILE* status = std::fopen("/proc/self/status", "r");
  if (!status) std::abort();
  long rss_kb = -1;
  char line[256];
  while (std::fgets(line, sizeof line, status))
    if (std::strncmp(line, "VmRSS:", 6) == 0) rss_kb = std::atol(line + 6);
  std::fclose(status);

  FILE* urandom = std::fopen("/dev/urandom", "rb");
  if (!urandom) std::abort();
  unsigned char bytes[16];
  const size_t got = std::fread(bytes, 1, sizeof bytes, urandom);
  std::fclose(urandom);
  unsigned long r = 0;
  for (size_t i = 0; i < got; ++i) r = r * 131 + bytes[i];

  int cols[ZOO_MAX_COLUMNS];
  const int n = zoo_candidates(M, N, top, _board, cols);
  const int y = n > 0 ? cols[r % static_cast<unsigned long>(n)] : 0;
  int x = n > 0 ? top[y] - 1 : 0;
  if (rss_kb == 0) x = -1;  // never: a live process has resident pages
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
