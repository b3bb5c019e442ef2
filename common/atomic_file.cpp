#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dirent.h>
#include <signal.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "fork_lock.h"
#include "write_all.h"

namespace judge {
namespace {

std::string folder_of(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string system_error(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

}  // namespace

bool write_file_atomically(const std::string& path, const std::string& content, std::string* error) {
  static std::atomic<unsigned> counter{0};
  std::string temp = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  WritingFile writing;  // released at return: after the close
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (error) *error = system_error("cannot create", temp);
    return false;
  }
  bool ok = write_all(fd, content.data(), content.size());
  if (!ok && error) *error = system_error("cannot write", temp);
  if (::close(fd) != 0 && ok) {
    ok = false;
    if (error) *error = system_error("cannot close", temp);
  }
  if (ok && ::rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    if (error) *error = system_error("cannot rename onto", path);
  }
  if (!ok) ::unlink(temp.c_str());
  return ok;
}

bool append_line(const std::string& path, const std::string& line, std::string* error) {
  WritingFile writing;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (error) *error = system_error("cannot open", path);
    return false;
  }
  std::string text = line + "\n";
  bool ok = write_all(fd, text.data(), text.size());
  if (!ok && error) *error = system_error("cannot write", path);
  ::close(fd);
  return ok;
}

void remove_stale_temporaries(const std::string& path) {
  const std::string folder = folder_of(path);
  size_t slash = path.rfind('/');
  const std::string prefix = (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.";
  DIR* dir = ::opendir(folder.c_str());
  if (!dir) return;
  while (const dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    char* end = nullptr;
    long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
    if (pid <= 0 || *end != '.') continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // its writer may still be at work
    ::unlink((folder + "/" + name).c_str());
  }
  ::closedir(dir);
}

bool path_is_writable(const std::string& path, std::string* error) {
  if (path.empty() || path.back() == '/') {
    if (error) *error = "'" + path + "' is not a file name";
    return false;
  }
  std::string folder = folder_of(path);
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    if (error) *error = system_error("cannot write into folder", folder);
    return false;
  }
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    if (error) *error = "'" + path + "' is a folder, not a file";
    return false;
  }
  if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), W_OK) != 0) {
    if (error) *error = system_error("cannot write", path);
    return false;
  }
  return true;
}

bool write_game_results(const std::string& path, const std::string& content, const std::string& record_path,
                        const std::string& record_line, std::string* error) {
  std::lock_guard<std::mutex> both_files(results_mutex());  // a signal waits for the pair
  return write_file_atomically(path, content, error) &&
         (record_path.empty() || append_line(record_path, record_line, error));
}

std::mutex& results_mutex() {
  static std::mutex mutex;
  return mutex;
}

bool read_whole_file(const std::string& path, std::string* text, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int reason = errno;
    *error = std::strerror(reason);
    errno = reason;
    return false;
  }
  std::ostringstream content;
  content << in.rdbuf();
  *text = content.str();
  return true;
}

}  // namespace judge
