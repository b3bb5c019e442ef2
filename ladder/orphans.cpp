#include "orphans.h"

#include <signal.h>
#include <sys/types.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace ladder {

namespace {

// The words of /proc/<pid>/cmdline.
std::vector<std::string> command_line(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/cmdline", std::ios::binary);
  std::vector<std::string> words;
  for (std::string word; std::getline(in, word, '\0');) words.push_back(word);
  return words;
}

// The parent's pid from /proc/<pid>/stat (after the command's closing parenthesis), or -1.
long parent_of(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string stat;
  std::getline(in, stat);
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream rest(stat.substr(close + 1));
  std::string state;
  long parent = -1;
  rest >> state >> parent;
  return parent;
}

// True if `path` is in a staging folder /tmp/judge-stage.<pid>.* whose judge is gone.
bool staged_by_dead_judge(const std::string& path) {
  const std::string prefix = "/tmp/judge-stage.";
  if (path.rfind(prefix, 0) != 0) return false;
  const size_t dot = path.find('.', prefix.size());
  if (dot == std::string::npos) return false;
  const std::string pid = path.substr(prefix.size(), dot - prefix.size());
  if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) return false;
  std::error_code ec;
  return !std::filesystem::exists("/proc/" + pid, ec);
}

}  // namespace

int end_orphaned_hosts(const std::string& folder_dir, const std::string& self_executable) {
  int ended = 0;
  std::error_code ec;
  for (const std::filesystem::directory_entry& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::vector<std::string> words = command_line(pid);
    if (words.size() != 3 || words[0] != self_executable || words[1] != "--plugin-host") continue;
    // A live ladder's host is its child; an orphan's parent is init or a subreaper above the dead ladder.
    const long parent = parent_of(pid);
    if (parent < 1) continue;
    const std::vector<std::string> parent_words = command_line(std::to_string(parent));
    if (!parent_words.empty() && parent_words[0] == self_executable) continue;
    if (words[2].rfind(folder_dir + "/players/", 0) != 0 && !staged_by_dead_judge(words[2])) continue;
    if (::kill(static_cast<pid_t>(std::stol(pid)), SIGKILL) == 0) ++ended;
  }
  return ended;
}

}  // namespace ladder
