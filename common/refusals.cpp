#include "refusals.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "refusal_table.h"

namespace judge {

const char* refused_call_name(RefusedCall call) {
  static const char* const names[] = {
      "open",    "openat", "fopen", "opendir",          "mkdir", "unlink",        "rename", "truncate", "socket",
      "connect", "bind",   "kill",  "process_vm_readv", "fork",  "pthread_create"};
  static_assert(sizeof names / sizeof names[0] == static_cast<size_t>(RefusedCall::kCount), "a name per call");
  return names[static_cast<int>(call)];
}

const char* refusal_error_name(RefusalError error) {
  static const char* const names[] = {"EACCES", "EPERM", "EAGAIN"};
  static_assert(sizeof names / sizeof names[0] == static_cast<size_t>(RefusalError::kCount), "a name per error");
  return names[static_cast<int>(error)];
}

std::vector<Refusal> refusals_since(const std::vector<Refusal>& before, const std::vector<Refusal>& now) {
  std::vector<Refusal> added;
  for (const Refusal& r : now) {
    uint64_t earlier = 0;
    for (const Refusal& b : before)
      if (b.call == r.call && b.error == r.error) earlier = b.count;
    if (r.count > earlier) added.push_back(Refusal{r.call, r.error, r.count - earlier});
  }
  return added;
}

void add_refusals(const std::vector<Refusal>& run, std::vector<Refusal>* totals) {
  for (const Refusal& r : run) {
    bool added = false;
    for (Refusal& t : *totals)
      if (t.call == r.call && t.error == r.error) {
        t.count += r.count;
        added = true;
      }
    if (!added) totals->push_back(r);
  }
}

bool RefusalTable::create(std::string* error) {
  close();
  int fd = ::memfd_create("refusals", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) {
    if (error) *error = std::string("cannot create the refusal table: ") + std::strerror(errno);
    return false;
  }
  // Sealed at its size: the host can neither shrink it (our reads would fault) nor grow it.
  void* map = MAP_FAILED;
  if (::ftruncate(fd, refusal_table::kBytes) == 0 &&
      ::fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) == 0)
    map = ::mmap(nullptr, refusal_table::kBytes, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED) {
    if (error) *error = std::string("cannot map the refusal table: ") + std::strerror(errno);
    ::close(fd);
    return false;
  }
  fd_ = fd;
  counters_ = static_cast<volatile uint32_t*>(map);
  return true;
}

std::vector<Refusal> RefusalTable::read() const {
  std::vector<Refusal> found;
  if (!counters_) return found;
  for (int c = 0; c < static_cast<int>(RefusedCall::kCount); ++c)
    for (int e = 0; e < static_cast<int>(RefusalError::kCount); ++e)
      if (uint32_t n = counters_[refusal_table::index(static_cast<RefusedCall>(c), static_cast<RefusalError>(e))])
        found.push_back(Refusal{refused_call_name(static_cast<RefusedCall>(c)),
                                refusal_error_name(static_cast<RefusalError>(e)), n});
  return found;
}

void RefusalTable::close() {
  if (counters_) ::munmap(const_cast<uint32_t*>(counters_), refusal_table::kBytes);
  if (fd_ >= 0) ::close(fd_);
  counters_ = nullptr;
  fd_ = -1;
}

std::string describe_refusals(const std::vector<Refusal>& refusals) {
  std::string words;
  for (const Refusal& r : refusals) {
    if (!words.empty()) words += ", ";
    words += r.call + " (" + r.error + ") " + std::to_string(r.count) + (r.count == 1 ? " time" : " times");
  }
  return words;
}

}  // namespace judge
