// Big lookup tables on 2 MiB pages.
//
// The network (128 MiB to play, 256 MiB to train) and the search's table
// (16 MiB) are read at random: on 4 KiB pages nearly every lookup also misses
// the TLB and walks the page tables. HugePageAllocator hands out blocks aligned
// to 2 MiB and asks the kernel (madvise MADV_HUGEPAGE; Linux's transparent huge
// pages in their default "madvise" mode) to back them with 2 MiB pages. Where
// the kernel declines, the memory is ordinary memory: the values are the same,
// only slower to reach.
#pragma once
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace bot2048 {

constexpr std::size_t kHugePageBytes = std::size_t(2) << 20;

// Allocates `bytes` (rounded up to whole 2 MiB pages) aligned to 2 MiB and
// advises huge pages for it; throws std::bad_alloc when out of memory.
inline void* allocate_huge(std::size_t bytes) {
  const std::size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  void* p = std::aligned_alloc(kHugePageBytes, rounded == 0 ? kHugePageBytes : rounded);
  if (p == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure leaves 4 KiB pages
#endif
  return p;
}

// A std::allocator for std::vector: small vectors too get whole 2 MiB pages,
// so it is for the big tables only.
template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(allocate_huge(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t) { std::free(p); }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const HugePageAllocator<U>&) const {
    return false;
  }
};

template <class T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace bot2048
