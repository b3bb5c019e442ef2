#include "cpu_share.h"

#include <sched.h>

namespace judge {

std::vector<int> cpu_share(int slot, int slots) {
  if (slots <= 1 || slot < 0) return {};
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return {};
  std::vector<int> cores;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cores.push_back(cpu);
  if (cores.size() <= 1) return {};
  const int n = static_cast<int>(cores.size());
  std::vector<int> share;
  if (slots <= n) {
    for (int i = slot % slots; i < n; i += slots) share.push_back(cores[i]);
  } else {
    share.push_back(cores[slot % n]);
  }
  return share;
}

}  // namespace judge
