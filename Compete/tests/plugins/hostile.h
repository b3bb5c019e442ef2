// What a hostile plugin or program tries against the judge, shared by the
// test plugins of every judge (Compete's plugin, Run2048's bot, the PDD
// program). Each attempt returns true if it SUCCEEDED, i.e. the sandbox
// failed; the caller then plays an illegal move so that the test sees it.
// Attempts the sandbox answers by killing the process never return.
//
// The test tells the attempt its targets through the environment, which the
// judge hands down to its children:
//   HOSTILE_TARGET  a file outside the scratch folder (the judge's result file)
//   HOSTILE_OTHER   the other plugin's .so (its folder is read)
//   HOSTILE_PORT    a TCP port listening on 127.0.0.1
#ifndef HOSTILE_H_
#define HOSTILE_H_

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include <string>

namespace hostile {

inline std::string env(const char* name) {
  const char* v = getenv(name);
  return v ? v : "";
}

inline bool can_write(const std::string& path, int flags) {
  int fd = open(path.c_str(), O_WRONLY | flags, 0644);
  if (fd < 0) return false;
  bool wrote = write(fd, "HOSTILE\n", 8) == 8;
  close(fd);
  return wrote;
}

// Writes the judge's result file, ../Results/, and a new file in /tmp.
inline bool write_outside() {
  bool done = false;
  if (!env("HOSTILE_TARGET").empty()) done |= can_write(env("HOSTILE_TARGET"), O_TRUNC);
  done |= can_write("../Results/hostile.txt", O_CREAT | O_TRUNC);
  done |= can_write("/tmp/hostile-plugin-was-here.txt", O_CREAT | O_TRUNC);
  return done;
}

// Lists the folder of the other plugin and reads its .so.
inline bool read_other() {
  const std::string other = env("HOSTILE_OTHER");
  if (other.empty()) return false;
  bool done = false;
  std::string folder = other.substr(0, other.rfind('/'));
  if (DIR* d = opendir(folder.c_str())) {
    done |= readdir(d) != nullptr;
    closedir(d);
  }
  int fd = open(other.c_str(), O_RDONLY);
  if (fd >= 0) {
    char buf[4];
    done |= read(fd, buf, sizeof buf) == 4;
    close(fd);
  }
  return done;
}

// A TCP connection to 127.0.0.1.
inline bool connect_tcp() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(atoi(env("HOSTILE_PORT").c_str())));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bool done = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return done;
}

// SIGTERM to the judge (our parent) and to its process group; then SIGKILL.
inline bool kill_judge() {
  pid_t judge = getppid();
  pid_t group = getpgid(judge);
  bool done = false;
  if (group > 0) done |= kill(-group, SIGTERM) == 0;
  done |= kill(judge, SIGTERM) == 0;
  done |= kill(judge, SIGKILL) == 0;
  return done;
}

// /proc/<pid>/mem of the judge and of every process with a nearby pid (the
// opponent's host among them), then process_vm_readv and ptrace.
inline bool read_memory() {
  bool done = false;
  const pid_t self = getpid();
  for (pid_t pid = self > 200 ? self - 200 : 1; pid < self + 200; ++pid) {
    if (pid == self) continue;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/mem", static_cast<int>(pid));
    int fd = open(path, O_RDONLY);
    if (fd >= 0) {
      done = true;
      close(fd);
    }
  }
  if (done) return true;
  char buf[16];
  struct iovec local = {buf, sizeof buf}, remote = {reinterpret_cast<void*>(0x400000), sizeof buf};
  if (process_vm_readv(getppid(), &local, 1, &remote, 1, 0) > 0) return true;
  return ptrace(PTRACE_ATTACH, getppid(), nullptr, nullptr) == 0;
}

// A thousand children that sleep; true if every fork succeeded.
inline bool fork_bomb() {
  int made = 0;
  for (int i = 0; i < 1000; ++i) {
    pid_t pid = fork();
    if (pid == 0) {
      pause();
      _exit(0);
    }
    if (pid > 0) ++made;
  }
  return made == 1000;
}

// 10 GB into a file of its working folder; true if it all got written.
inline bool huge_file() {
  char name[64];
  snprintf(name, sizeof name, "huge-%d.bin", static_cast<int>(getpid()));
  int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return false;
  static char block[1 << 20];
  memset(block, 'x', sizeof block);
  long long written = 0;
  while (written < (10LL << 30)) {
    ssize_t n = write(fd, block, sizeof block);
    if (n <= 0) break;
    written += n;
  }
  close(fd);
  return written >= (10LL << 30);
}

// Fills its working folder with 64 MB files (each at the per-file cap, none
// over it) until a write fails; it "succeeds" if it wrote over 512 MB, which
// only a folder without a size cap allows (it stops at 2 GB then).
inline bool fill_disk() {
  static char block[1 << 20];
  memset(block, 'x', sizeof block);
  long long written = 0;
  bool full = false;
  for (int k = 0; !full && written < (2LL << 30); ++k) {
    char name[64];
    snprintf(name, sizeof name, "fill-%d.bin", k);
    int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) break;
    for (int mb = 0; mb < 64 && !full; ++mb) {
      ssize_t n = write(fd, block, sizeof block);
      if (n > 0) written += n;
      full = n != static_cast<ssize_t>(sizeof block);
    }
    close(fd);
  }
  return written > (512LL << 20);
}

// A daemon (new session, double fork) that outlives the call; never "succeeds"
// at once: the test checks that it is gone when the judge ends.
inline bool leave_daemon() {
  if (fork() == 0) {
    setsid();
    if (fork() == 0) {
      for (;;) pause();
    }
    _exit(0);
  }
  return false;
}

// The attempt named `name`; false for an unknown name.
inline bool attempt(const char* name) {
  const std::string n = name;
  if (n == "write_outside") return write_outside();
  if (n == "read_other") return read_other();
  if (n == "connect_tcp") return connect_tcp();
  if (n == "kill_judge") return kill_judge();
  if (n == "read_memory") return read_memory();
  if (n == "fork_bomb") return fork_bomb();
  if (n == "huge_file") return huge_file();
  if (n == "leave_daemon") return leave_daemon();
  if (n == "fill_disk") return fill_disk();
  return false;
}

}  // namespace hostile

#endif
