#include "workdir.h"

#include <dirent.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <vector>

#include "copy_tree.h"
#include "fork_lock.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

// Whether this judge has a mount namespace of its own (isolate_mounts).
enum class Mounts { kUntried, kPrivate, kShared };
Mounts mounts = Mounts::kUntried;
// A mount that failed though the namespace is private (said in the report).
std::string mount_problem;

// The live roots and mounted folders, for remove_workdirs(). Folders are
// made and mounted under the lock, so that a judge stopping (`stopping`)
// sees every mount, and none is made after it.
std::mutex live_mutex;
std::set<std::string> live_roots, live_mounts;
bool stopping = false;

// Removes the roots /tmp/<prefix>.<pid>.* of judges that are gone.
void remove_stale_roots(const std::string& prefix) {
  DIR* tmp = ::opendir("/tmp");
  if (!tmp) return;
  const std::string head = prefix + ".";
  std::vector<std::string> stale;
  while (struct dirent* entry = ::readdir(tmp)) {
    const std::string name = entry->d_name;
    if (name.compare(0, head.size(), head) != 0) continue;
    char* end = nullptr;
    const long pid = std::strtol(name.c_str() + head.size(), &end, 10);
    if (pid <= 0 || *end != '.') continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) stale.push_back("/tmp/" + name);
  }
  ::closedir(tmp);
  for (const std::string& path : stale) {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
}

// Whether a judge may cap its folders: probed once in a throwaway child,
// which makes a mount namespace of its own and mounts a tmpfs on /tmp there
// (seen by nobody else), so the answer is the same in every process.
struct CapProbe {
  bool supported = false;
  std::string problem;  // why not
};

const CapProbe& cap_probe() {
  static CapProbe probe;
  static std::once_flag once;
  std::call_once(once, [] {
    const pid_t child = fork_between_writes();
    if (child == 0) {
      if (::unshare(CLONE_NEWNS) != 0) ::_exit(1);
      if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) ::_exit(2);
      if (::mount("judge-probe", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=65536") != 0) ::_exit(3);
      ::_exit(0);
    }
    int status = -1;
    if (child > 0)
      while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
      }
    const int code = child > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    probe.supported = code == 0;
    probe.problem = code == 1   ? "the kernel refused a mount namespace"
                    : code == 2 ? "mounts could not be made private"
                    : code == 3 ? "the kernel refused a tmpfs mount"
                                : "the probe could not run";
    if (::geteuid() != 0) probe.problem += ": the judge is not root";
  });
  return probe;
}

}  // namespace

void isolate_mounts() {
  if (mounts != Mounts::kUntried) return;
  mounts = Mounts::kShared;
  if (!cap_probe().supported) return;
  // Nothing mounted here may reach the system's namespace: both steps or no mount at all.
  if (::unshare(CLONE_NEWNS) != 0 || ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return;
  mounts = Mounts::kPrivate;
}

WorkdirRoot::~WorkdirRoot() {
  if (path_.empty()) return;
  std::error_code ec;
  fs::remove_all(path_, ec);
  std::lock_guard<std::mutex> lock(live_mutex);
  live_roots.erase(path_);
}

bool WorkdirRoot::open(const std::string& prefix, const WorkdirSettings& settings, std::string* error) {
  settings_ = settings;
  remove_stale_roots(prefix);
  std::string path = "/tmp/" + prefix + "." + std::to_string(::getpid()) + ".XXXXXX";
  if (!::mkdtemp(&path[0])) {
    if (error) *error = "cannot make a scratch folder in /tmp: " + std::string(std::strerror(errno));
    return false;
  }
  ::chmod(path.c_str(), 0711);
  path_ = path;
  {
    std::lock_guard<std::mutex> lock(live_mutex);
    live_roots.insert(path_);
  }
  if (!settings.keep_dir.empty()) {
    std::error_code ec;
    fs::create_directories(settings.keep_dir, ec);
    if (ec || !fs::is_directory(settings.keep_dir)) {
      if (error) *error = "--keep-workdirs: cannot make the folder '" + settings.keep_dir + "'";
      return false;
    }
    settings_.keep_dir = fs::absolute(settings.keep_dir).string();
  }
  return true;
}

bool Workdir::create(const WorkdirRoot& root, const std::string& name, std::string* error) {
  close();
  std::lock_guard<std::mutex> lock(live_mutex);
  if (stopping) {
    if (error) *error = "the judge is stopping";
    return false;
  }
  path_ = root.path() + "/" + name;
  std::error_code ec;
  fs::remove_all(path_, ec);
  if (::mkdir(path_.c_str(), 0700) != 0) {
    if (error) *error = "cannot make the working folder '" + path_ + "': " + std::strerror(errno);
    path_.clear();
    return false;
  }
  const long long cap = root.settings().size_limit_bytes;
  if (cap > 0 && mounts == Mounts::kPrivate) {
    // At most 65,536 files and folders: a plugin cannot spend the judge's memory on empty files either.
    const std::string data = "size=" + std::to_string(cap) + ",nr_inodes=65536,mode=0700";
    if (::mount("judge-workdir", path_.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, data.c_str()) == 0) {
      mounted_ = true;
      live_mounts.insert(path_);
    } else if (mount_problem.empty()) {
      mount_problem = std::string("mounting a tmpfs failed: ") + std::strerror(errno);
    }
  }
  if (!root.settings().keep_dir.empty()) keep_path_ = root.settings().keep_dir + "/" + name;
  return true;
}

void Workdir::close() {
  if (path_.empty()) return;
  std::error_code ec;
  for (std::string* to : {&keep_path_, &copy_out_path_})
    if (!to->empty()) {
      fs::remove_all(*to, ec);
      copy_tree(path_, *to, /*links=*/true);  // best effort: what copies is kept
    }
  if (mounted_) {
    ::umount2(path_.c_str(), MNT_DETACH);
    std::lock_guard<std::mutex> lock(live_mutex);
    live_mounts.erase(path_);
  }
  fs::remove_all(path_, ec);
  path_.clear();
  keep_path_.clear();
  copy_out_path_.clear();
  mounted_ = false;
}

void remove_workdirs() {
  std::lock_guard<std::mutex> lock(live_mutex);
  stopping = true;
  for (const std::string& path : live_mounts) ::umount2(path.c_str(), MNT_DETACH);
  live_mounts.clear();
  for (const std::string& path : live_roots) {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  live_roots.clear();
}

bool workdir_cap_active() { return cap_probe().supported && mount_problem.empty(); }

std::string workdir_cap_report() {
  if (workdir_cap_active())
    return "a fresh folder per game and side, writable by its run only, on a tmpfs of --workdir-size "
           "(default 256 MB) in the judge's own mount namespace: past it, writes fail with ENOSPC";
  return "a fresh folder per game and side, writable by its run only; no size cap on the folder (" +
         (mount_problem.empty() ? cap_probe().problem : mount_problem) +
         "): only the 64 MB per file of RLIMIT_FSIZE applies";
}

}  // namespace judge
