// Forks that never catch a file half-written.
//
// A forked child holds every descriptor its parent had open at the fork until
// its exec or exit closes them; the file's last close for writing (inotify's
// IN_CLOSE_WRITE) then comes from the child, later than the thread that wrote
// it knows. A judge that watches a game's file while a program runs (the PDD
// referee's stepLog.txt) would blame that program for the judge's own write.
//
// Invariant: no thread forks while another has a file it writes open. A writer
// holds WritingFile from open to close; every fork of the judges is
// fork_between_writes().
#pragma once
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <shared_mutex>

namespace judge {

inline std::shared_mutex& fork_lock() {
  static std::shared_mutex lock;
  return lock;
}

// Writers share the lock: they never wait for each other, only for a fork.
struct WritingFile {
  std::shared_lock<std::shared_mutex> hold{fork_lock()};
};

// fork(), once no other thread has a file open for writing; errno as fork left it.
// The parent holds the lock only until fork() returns; the child never touches it.
inline pid_t fork_between_writes() {
  std::unique_lock<std::shared_mutex> no_writer(fork_lock());
  const pid_t pid = ::fork();
  if (pid == 0) {
    no_writer.release();
    return 0;
  }
  const int fork_errno = errno;
  no_writer.unlock();
  errno = fork_errno;
  return pid;
}

}  // namespace judge
