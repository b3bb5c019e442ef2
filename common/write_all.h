// Writing a whole buffer to a descriptor, the one loop the judge's files and
// its channels to the hosts share.
#pragma once
#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace judge {

// Writes all `size` bytes to `fd`, again after a signal or a short write;
// false if the descriptor refuses them (errno says why).
inline bool write_all(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace judge
