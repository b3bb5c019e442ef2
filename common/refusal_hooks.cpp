// The plugin host's side of refusals.h: the C library entry points a plugin
// reaches the sandbox through, exported by the host executable so that a
// dlopen'ed plugin binds to them, each forwarding to the real function and
// counting the refusals it gets. In the judge itself (no table) they only
// forward. Linked into a program only with count_refusals_for_judge(), and
// into the shared object refusal_preload.cpp makes for exec'd programs.
#undef _FORTIFY_SOURCE  // the plain declarations: these definitions replace them
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>

#include "refusal_table.h"

namespace judge {
namespace {

uint32_t* counters = nullptr;  // the judge's table, once count_refusals_for_judge() found it

}  // namespace

void count_refusals_for_judge(bool keep_descriptor) {
  // Only the judge's table: a memory file of one page with exactly its seals,
  // never a file of the program's that happens to sit at that descriptor.
  struct stat st;
  if (counters || ::fstat(kRefusalFd, &st) != 0 || !S_ISREG(st.st_mode) ||
      st.st_size != static_cast<off_t>(refusal_table::kBytes) ||
      ::fcntl(kRefusalFd, F_GET_SEALS) != (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL))
    return;
  void* map = ::mmap(nullptr, refusal_table::kBytes, PROT_READ | PROT_WRITE, MAP_SHARED, kRefusalFd, 0);
  if (map != MAP_FAILED) counters = static_cast<uint32_t*>(map);
  // The mapping stays (forked children share it); without the descriptor the
  // plugin has nothing to play with, with it the programs it execs count too.
  if (!keep_descriptor) ::close(kRefusalFd);
}

void note_refusal(RefusedCall call, int error) {
  if (!counters) return;
  RefusalError kind;
  if (error == EACCES)
    kind = RefusalError::kEACCES;
  else if (error == EPERM)
    kind = RefusalError::kEPERM;
  else if (error == EAGAIN && (call == RefusedCall::kFork || call == RefusedCall::kThread))
    kind = RefusalError::kEAGAIN;  // the process cap
  else
    return;
  __atomic_fetch_add(&counters[refusal_table::index(call, kind)], 1, __ATOMIC_RELAXED);
}

}  // namespace judge

using judge::RefusedCall;

namespace {

// The C library's definition of one hooked function: the next one after this
// executable's. Constant-initialised, resolved by resolve_all() before main
// (so a forked child never needs the loader), or on first use before that.
template <typename Fn>
struct Real {
  const char* name;
  Fn fn;
  Fn get() {
    Fn f = __atomic_load_n(&fn, __ATOMIC_ACQUIRE);
    if (!f) {
      f = reinterpret_cast<Fn>(::dlsym(RTLD_NEXT, name));
      __atomic_store_n(&fn, f, __ATOMIC_RELEASE);
    }
    return f;
  }
};

// (The C library marks some arguments nonnull; the pointer type drops the mark.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
#define REAL(name) Real<decltype(&::name)> real_##name = {#name, nullptr}
REAL(open);
REAL(open64);
REAL(openat);
REAL(openat64);
REAL(fopen);
REAL(fopen64);
REAL(freopen);
REAL(opendir);
REAL(mkdir);
REAL(unlink);
REAL(rename);
REAL(truncate);
REAL(socket);
REAL(connect);
REAL(bind);
REAL(kill);
REAL(process_vm_readv);
REAL(fork);
REAL(pthread_create);
#undef REAL
#pragma GCC diagnostic pop

__attribute__((constructor)) void resolve_all() {
  real_open.get(), real_open64.get(), real_openat.get(), real_openat64.get(), real_fopen.get(), real_fopen64.get();
  real_freopen.get(), real_opendir.get(), real_mkdir.get(), real_unlink.get(), real_rename.get(), real_truncate.get();
  real_socket.get(), real_connect.get(), real_bind.get(), real_kill.get();
  real_process_vm_readv.get(), real_fork.get(), real_pthread_create.get();
}

// Calls `real`, counts a failure (result `failed`) as a refusal of `call`, keeps errno.
template <typename R, typename Fn, typename... Args>
R counted(RefusedCall call, R failed, Fn real, Args... args) {
  if (!real) {
    errno = ENOSYS;
    return failed;
  }
  R result = real(args...);
  if (result == failed) {
    int error = errno;
    judge::note_refusal(call, error);
    errno = error;
  }
  return result;
}

// The optional mode of open(): present with O_CREAT or O_TMPFILE.
bool takes_mode(int flags) { return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE; }

// Declares `mode`: open()'s optional argument, or 0.
#define READ_MODE(flags)         \
  mode_t mode = 0;               \
  if (takes_mode(flags)) {       \
    va_list args;                \
    va_start(args, flags);       \
    mode = va_arg(args, mode_t); \
    va_end(args);                \
  }

}  // namespace

extern "C" {

int open(const char* path, int flags, ...) {
  READ_MODE(flags)
  return counted(RefusedCall::kOpen, -1, real_open.get(), path, flags, mode);
}

int open64(const char* path, int flags, ...) {
  READ_MODE(flags)
  return counted(RefusedCall::kOpen, -1, real_open64.get(), path, flags, mode);
}

int __open_2(const char* path, int flags) { return counted(RefusedCall::kOpen, -1, real_open.get(), path, flags); }
int __open64_2(const char* path, int flags) { return counted(RefusedCall::kOpen, -1, real_open64.get(), path, flags); }
int creat(const char* path, mode_t mode) {
  return counted(RefusedCall::kOpen, -1, real_open.get(), path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}
int creat64(const char* path, mode_t mode) {
  return counted(RefusedCall::kOpen, -1, real_open64.get(), path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

int openat(int dir, const char* path, int flags, ...) {
  READ_MODE(flags)
  return counted(RefusedCall::kOpenat, -1, real_openat.get(), dir, path, flags, mode);
}

int openat64(int dir, const char* path, int flags, ...) {
  READ_MODE(flags)
  return counted(RefusedCall::kOpenat, -1, real_openat64.get(), dir, path, flags, mode);
}

int __openat_2(int dir, const char* path, int flags) {
  return counted(RefusedCall::kOpenat, -1, real_openat.get(), dir, path, flags);
}
int __openat64_2(int dir, const char* path, int flags) {
  return counted(RefusedCall::kOpenat, -1, real_openat64.get(), dir, path, flags);
}

FILE* fopen(const char* path, const char* mode) {
  return counted(RefusedCall::kFopen, static_cast<FILE*>(nullptr), real_fopen.get(), path, mode);
}
FILE* fopen64(const char* path, const char* mode) {
  return counted(RefusedCall::kFopen, static_cast<FILE*>(nullptr), real_fopen64.get(), path, mode);
}
FILE* freopen(const char* path, const char* mode, FILE* stream) {
  return counted(RefusedCall::kFopen, static_cast<FILE*>(nullptr), real_freopen.get(), path, mode, stream);
}

DIR* opendir(const char* path) {
  return counted(RefusedCall::kOpendir, static_cast<DIR*>(nullptr), real_opendir.get(), path);
}

int mkdir(const char* path, mode_t mode) noexcept {
  return counted(RefusedCall::kMkdir, -1, real_mkdir.get(), path, mode);
}
int unlink(const char* path) noexcept { return counted(RefusedCall::kUnlink, -1, real_unlink.get(), path); }
int rename(const char* from, const char* to) noexcept {
  return counted(RefusedCall::kRename, -1, real_rename.get(), from, to);
}
int truncate(const char* path, off_t length) noexcept {
  return counted(RefusedCall::kTruncate, -1, real_truncate.get(), path, length);
}

int socket(int domain, int type, int protocol) noexcept {
  return counted(RefusedCall::kSocket, -1, real_socket.get(), domain, type, protocol);
}
int connect(int fd, const struct sockaddr* address, socklen_t length) {
  return counted(RefusedCall::kConnect, -1, real_connect.get(), fd, address, length);
}
int bind(int fd, const struct sockaddr* address, socklen_t length) noexcept {
  return counted(RefusedCall::kBind, -1, real_bind.get(), fd, address, length);
}

int kill(pid_t pid, int signal) noexcept { return counted(RefusedCall::kKill, -1, real_kill.get(), pid, signal); }

ssize_t process_vm_readv(pid_t pid, const struct iovec* local, unsigned long local_count, const struct iovec* remote,
                         unsigned long remote_count, unsigned long flags) noexcept {
  return counted(RefusedCall::kProcessVmReadv, static_cast<ssize_t>(-1), real_process_vm_readv.get(), pid, local,
                 local_count, remote, remote_count, flags);
}

pid_t fork() noexcept { return counted(RefusedCall::kFork, static_cast<pid_t>(-1), real_fork.get()); }

int pthread_create(pthread_t* thread, const pthread_attr_t* attributes, void* (*start)(void*), void* arg) noexcept {
  auto real = real_pthread_create.get();
  int error = real ? real(thread, attributes, start, arg) : ENOSYS;
  if (error != 0) judge::note_refusal(RefusedCall::kThread, error);
  return error;
}

}  // extern "C"
