// Detects any write to stepLog.txt while a program runs (violation V12): its
// content, size, modification or change time, or inode changed, or (through
// inotify) the file was opened for writing, modified, replaced or deleted,
// even if its bytes end up identical.
#pragma once
#include <sys/stat.h>

#include <string>

#include "../../common/no_copy.h"

namespace pdd {

class StepLogGuard : judge::NoCopy {
 public:
  ~StepLogGuard();

  // Records the file's current state; call after the referee's own write.
  bool arm(const std::string& path, std::string* error);
  // True if the file was written since arm(); *what says how.
  bool written(std::string* what);

 private:
  void close_watch();
  std::string path_;
  std::string content_;
  struct stat stat_ {};
  int inotify_fd_ = -1;
};

}  // namespace pdd
