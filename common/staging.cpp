#include "staging.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>

#include "copy_tree.h"
#include "fork_lock.h"

namespace fs = std::filesystem;

namespace judge {
namespace {

constexpr std::uintmax_t kMaxStagedBytes = 256ull << 20;
constexpr int kMaxStagedEntries = 4096;

// What a copy was made from: any change to a file in it means a new copy.
struct Fingerprint {
  std::vector<std::string> entries;  // "relative path|mode|size|mtime" per file or folder
  bool operator==(const Fingerprint& o) const { return entries == o.entries; }
};

std::string describe(const struct stat& st, const std::string& relative) {
  return relative + "|" + std::to_string(st.st_mode) + "|" + std::to_string(st.st_size) + "|" +
         std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + "|" +
         std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
}

// False if `path` is missing, holds something but files and folders, or is too large.
bool fingerprint(const std::string& path, Fingerprint* out) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return false;
  out->entries.push_back(describe(st, "."));
  if (S_ISREG(st.st_mode)) return static_cast<std::uintmax_t>(st.st_size) <= kMaxStagedBytes;
  if (!S_ISDIR(st.st_mode)) return false;
  std::error_code ec;
  std::uintmax_t bytes = 0;
  for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (::lstat(it->path().c_str(), &st) != 0) return false;
    if (S_ISLNK(st.st_mode)) continue;  // not copied: it may point anywhere
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) continue;
    bytes += S_ISREG(st.st_mode) ? static_cast<std::uintmax_t>(st.st_size) : 0;
    if (bytes > kMaxStagedBytes || static_cast<int>(out->entries.size()) >= kMaxStagedEntries) return false;
    out->entries.push_back(describe(st, fs::relative(it->path(), path, ec).string()));
  }
  return !ec;
}

// Readable by others, and executable by them where the owner may execute.
void open_to_others(const fs::path& path, bool folder) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return;
  mode_t mode = (st.st_mode & 07777) | S_IRUSR | S_IWUSR | S_IRGRP | S_IROTH;
  if (folder || (st.st_mode & S_IXUSR)) mode |= S_IXUSR | S_IXGRP | S_IXOTH;
  ::chmod(path.c_str(), mode & ~static_cast<mode_t>(S_ISUID | S_ISGID | S_IWGRP | S_IWOTH));
}

bool copy_open(const std::string& from, const fs::path& to) {
  // No fork while the copy is open for writing: a child holding it would
  // make its exec fail (ETXTBSY) until that child execs in turn (fork_lock.h).
  WritingFile writing;
  std::error_code ec;
  if (fs::is_regular_file(from, ec)) {
    if (!fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec)) return false;
    open_to_others(to, false);
    return true;
  }
  fs::create_directory(to, ec);
  if (ec) return false;
  open_to_others(to, true);
  return copy_tree(from, to, /*links=*/false, open_to_others);
}

// Staging folders are named "/tmp/judge-stage.<pid>.XXXXXX" after the judge that made them.
constexpr char kAreaPrefix[] = "judge-stage.";

struct StagedCopy {
  Fingerprint made_from;
  std::string copy;  // the copy's path, named like the original
};

struct StagingArea {
  std::mutex mutex;
  std::string root;  // "/tmp/judge-stage.<pid>.XXXXXX", made on first use
  int copies = 0;
  std::map<std::string, StagedCopy> by_original;  // key: the original's path without a trailing '/'

  // A new empty folder in the area (mode 711), made with the area on first
  // use; "" if it cannot be made.
  std::string new_slot() {
    if (root.empty()) {
      remove_stale_staging();
      std::string path = "/tmp/" + std::string(kAreaPrefix) + std::to_string(::getpid()) + ".XXXXXX";
      if (!::mkdtemp(&path[0])) return "";
      ::chmod(path.c_str(), 0711);
      root = path;
      std::atexit(remove_staged_copies);
    }
    const fs::path slot = fs::path(root) / std::to_string(++copies);
    std::error_code ec;
    fs::create_directory(slot, ec);
    if (ec) return "";
    ::chmod(slot.c_str(), 0711);
    return slot.string();
  }

  // The copy of `original` (made now if missing or stale), or "" if it cannot be made.
  std::string copy_of(const std::string& original) {
    Fingerprint now;
    if (!fingerprint(original, &now)) return "";
    auto found = by_original.find(original);
    if (found != by_original.end() && found->second.made_from == now) return found->second.copy;
    const std::string slot = new_slot();
    if (slot.empty()) return "";
    std::error_code ec;
    const fs::path copy = fs::path(slot) / fs::path(original).filename();
    if (!copy_open(original, copy)) return "";
    if (found != by_original.end()) fs::remove_all(fs::path(found->second.copy).parent_path(), ec);
    by_original[original] = {now, copy.string()};
    return copy.string();
  }
};

StagingArea& staging_area() {
  static StagingArea* area = new StagingArea;  // never destroyed: atexit handlers may still use it
  return *area;
}

std::string without_trailing_slash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

bool reachable_by_others(const std::string& path, unsigned bits, std::string* blocker) {
  if (path.empty() || path[0] != '/') return true;  // relative: from the child's working folder
  struct stat st;
  for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1)) {
    const std::string folder = path.substr(0, slash);
    if (::stat(folder.c_str(), &st) == 0 && !(st.st_mode & S_IXOTH)) {
      *blocker = folder;
      return false;
    }
  }
  if (::stat(path.c_str(), &st) == 0 && (st.st_mode & bits) != bits) {
    *blocker = path;
    return false;
  }
  return true;
}

void stage_unreachable(const std::vector<std::string>& paths, std::vector<std::string*> strings) {
  StagingArea& area = staging_area();
  std::lock_guard<std::mutex> lock(area.mutex);
  for (const std::string& given : paths) {
    const std::string original = without_trailing_slash(given);
    std::string blocker;
    struct stat st;
    if (original.empty() || original[0] != '/' || ::stat(original.c_str(), &st) != 0) continue;
    const unsigned bits = S_ISDIR(st.st_mode) ? S_IXOTH : S_IROTH | ((st.st_mode & S_IXUSR) ? S_IXOTH : 0);
    if (reachable_by_others(original, bits, &blocker)) continue;
    const std::string copy = area.copy_of(original);
    if (copy.empty()) continue;
    for (std::string* s : strings) {
      // The whole string, or an environment value after '=', naming the original or a path inside it.
      size_t at = 0;
      if (s->compare(0, original.size(), original) != 0) {
        const size_t equals = s->find('=');
        if (equals == std::string::npos || s->compare(equals + 1, original.size(), original) != 0) continue;
        at = equals + 1;
      }
      const size_t end = at + original.size();
      if (end == s->size() || (*s)[end] == '/') s->replace(at, original.size(), copy);
    }
  }
}

std::string staged_workspace() {
  StagingArea& area = staging_area();
  std::lock_guard<std::mutex> lock(area.mutex);
  return area.new_slot();
}

void remove_stale_staging() {
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator("/tmp", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.compare(0, sizeof kAreaPrefix - 1, kAreaPrefix) != 0) continue;
    const long pid = std::atol(name.c_str() + sizeof kAreaPrefix - 1);
    struct stat st;
    if (pid <= 0 || ::lstat(entry.path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid())
      continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) fs::remove_all(entry.path(), ec);
  }
}

void remove_staged_copies() {
  StagingArea& area = staging_area();
  if (area.root.empty()) return;
  std::error_code ec;
  fs::remove_all(area.root, ec);
}

}  // namespace judge
