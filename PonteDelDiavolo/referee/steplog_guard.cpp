#include "steplog_guard.h"

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "../rules/files.h"

namespace pdd {
namespace {

std::string file_name_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string folder_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

StepLogGuard::~StepLogGuard() { close_watch(); }

void StepLogGuard::close_watch() {
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  inotify_fd_ = -1;
}

bool StepLogGuard::arm(const std::string& path, std::string* error) {
  close_watch();
  path_ = path;
  if (!read_text_file(path, &content_, error)) return false;
  if (::stat(path.c_str(), &stat_) != 0) {
    *error = "cannot stat " + path + ": " + std::strerror(errno);
    return false;
  }
  inotify_fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotify_fd_ >= 0) {
    ::inotify_add_watch(inotify_fd_, path.c_str(),
                        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF);
    ::inotify_add_watch(inotify_fd_, folder_of(path).c_str(), IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE);
  }
  return true;
}

bool StepLogGuard::written(std::string* what) {
  // inotify first: it also sees an open for writing that changed nothing.
  if (inotify_fd_ >= 0) {
    alignas(struct inotify_event) char buffer[8192];
    const std::string name = file_name_of(path_);
    for (;;) {
      ssize_t n = ::read(inotify_fd_, buffer, sizeof buffer);
      if (n <= 0) break;
      for (char* p = buffer; p < buffer + n;) {
        auto* ev = reinterpret_cast<struct inotify_event*>(p);
        p += sizeof(struct inotify_event) + ev->len;
        bool about_log = ev->len == 0 || name == ev->name;
        if (!about_log) continue;
        if (ev->mask & IN_MODIFY)
          *what = "stepLog.txt was modified";
        else if (ev->mask & IN_CLOSE_WRITE)
          *what = "stepLog.txt was opened for writing";
        else if (ev->mask & IN_ATTRIB)
          *what = "stepLog.txt's attributes or times were changed";
        else if (ev->mask & (IN_DELETE_SELF | IN_DELETE | IN_MOVED_FROM | IN_MOVE_SELF))
          *what = "stepLog.txt was deleted or moved";
        else if (ev->mask & (IN_CREATE | IN_MOVED_TO))
          *what = "stepLog.txt was replaced";
        else
          continue;
        close_watch();
        return true;
      }
    }
    close_watch();
  }
  struct stat now {};
  if (::stat(path_.c_str(), &now) != 0) {
    *what = "stepLog.txt was deleted";
    return true;
  }
  std::string content, error;
  if (!read_text_file(path_, &content, &error) || content != content_) {
    *what = "stepLog.txt's content changed";
    return true;
  }
  if (now.st_size != stat_.st_size || now.st_ino != stat_.st_ino) {
    *what = "stepLog.txt was replaced";
    return true;
  }
  if (now.st_mtim.tv_sec != stat_.st_mtim.tv_sec || now.st_mtim.tv_nsec != stat_.st_mtim.tv_nsec ||
      now.st_ctim.tv_sec != stat_.st_ctim.tv_sec || now.st_ctim.tv_nsec != stat_.st_ctim.tv_nsec) {
    *what = "stepLog.txt's modification time changed";
    return true;
  }
  return false;
}

}  // namespace pdd
