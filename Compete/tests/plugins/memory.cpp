// Legitimate plugins close to the memory line, and one over it. On its first
// move each: THREADS starts 8 threads that allocate in their own malloc arenas;
// RESERVE maps 2 GB and touches one page in 256; RESIDENT_MB=n fills n MB.
// Then random legal moves.
#include <pthread.h>
#include <sys/mman.h>

#include <cstdlib>
#include <cstring>

#include "Point.h"
#include "plugin_util.h"

namespace {

#if defined(THREADS)
void* fill_in_own_arena(void*) {
  for (int i = 0; i < 16; ++i) {
    char* block = static_cast<char*>(std::malloc(1 << 20));
    if (!block) return nullptr;
    std::memset(block, 1, 1 << 20);
  }
  return nullptr;
}
#endif

void first_move() {
#if defined(THREADS)
  pthread_t threads[8];
  for (pthread_t& t : threads) pthread_create(&t, nullptr, fill_in_own_arena, nullptr);
  for (pthread_t& t : threads) pthread_join(t, nullptr);
#elif defined(RESERVE)
  const size_t size = 2ULL << 30;
  char* region = static_cast<char*>(mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (region != MAP_FAILED)
    for (size_t at = 0; at < size; at += 1 << 20) region[at] = 1;
#elif defined(RESIDENT_MB)
  static char* volatile block;
  block = static_cast<char*>(std::malloc(static_cast<size_t>(RESIDENT_MB) << 20));
  if (block) std::memset(block, 1, static_cast<size_t>(RESIDENT_MB) << 20);
#endif
}

}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  static bool started = false;
  if (!started) first_move();
  started = true;
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}

extern "C" void clearPoint(Point* p) { delete p; }
