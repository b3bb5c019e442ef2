// Forks that never catch a file half-written.
//
// A forked child holds every descriptor its parent had open at the fork until
// its exec or exit closes them; the file's last close for writing (inotify's
// IN_CLOSE_WRITE) then comes from the child, later than the thread that wrote
// it knows. A judge that watches a game's file while a program runs (the PDD
// referee's stepLog.txt) would blame that program for the judge's own write.
//
// Invariant: no thread forks while another has a file it writes open. A writer
// holds WritingFile from open to close; every fork of the judges runs under
// NoFileBeingWritten.
#pragma once
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

// Held by the forking thread around fork() only: the child never touches it.
struct NoFileBeingWritten {
  std::unique_lock<std::shared_mutex> hold{fork_lock()};
};

}  // namespace judge
