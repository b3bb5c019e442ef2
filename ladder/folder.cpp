#include "folder.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "../common/atomic_file.h"
#include "../common/json.h"
#include "../common/json_read.h"

namespace ladder {

const char* game_kind_id(GameKind kind) { return kind == GameKind::kPonte ? "pdd" : "connect4"; }

bool parse_game_kind(const std::string& text, GameKind* kind) {
  if (text == "connect4") return *kind = GameKind::kConnectFour, true;
  if (text == "pdd") return *kind = GameKind::kPonte, true;
  return false;
}

bool init_folder(const std::string& dir, GameKind kind, std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(dir + "/players", ec);
  if (ec) return *error = dir + ": " + ec.message(), false;
  const std::string settings = dir + "/ladder.json";
  if (std::filesystem::exists(settings, ec)) return *error = settings + ": a ladder is already there", false;
  judge::JsonWriter json;
  json.begin_object().field("game", game_kind_id(kind)).field("format", 1).field("created", utc_now()).end_object();
  return judge::write_file_atomically(settings, json.str() + "\n", error);
}

bool open_folder(const std::string& dir, Folder* folder, GameKind* kind, std::string* error) {
  folder->dir = std::filesystem::absolute(dir).lexically_normal().string();
  if (folder->dir.size() > 1 && folder->dir.back() == '/') folder->dir.pop_back();
  std::string text, why;
  if (!judge::read_whole_file(folder->settings(), &text, &why))
    return *error = folder->settings() + ": " + why + " (make the ladder with: ladder init DIR --game connect4|pdd)",
           false;
  judge::JsonValue value;
  if (!judge::parse_json(text, &value, &why)) return *error = folder->settings() + ":1: " + why, false;
  const judge::JsonValue* game = value.find("game");
  if (!game || game->type != judge::JsonValue::kString || !parse_game_kind(game->text, kind))
    return *error = folder->settings() + ":1: field 'game' is '" + (game ? game->dump() : "") +
                    "', not \"connect4\" or \"pdd\"",
           false;
  return true;
}

FolderLock::FolderLock(const Folder& folder) {
  fd_ = ::open(folder.lock().c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    error_ = folder.lock() + ": " + std::strerror(errno);
    return;
  }
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    error_ = folder.lock() + ": flock: " + std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    return;
  }
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

bool append_record_line(const std::string& path, const std::string& line, std::vector<std::string>* warnings,
                        std::string* error) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && st.st_size > 0) {
    std::string text, why;
    if (!judge::read_whole_file(path, &text, &why)) return *error = path + ": " + why, false;
    if (!text.empty() && text.back() != '\n') {
      const size_t start = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
      const std::string last = text.substr(start);
      judge::JsonValue value;
      const int number = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
      if (judge::parse_json(last, &value, &why) && value.type == judge::JsonValue::kObject) {
        warnings->push_back(path + ":" + std::to_string(number) + ": the last line had lost its newline; added");
        if (!judge::append_line(path, "", error)) return false;
      } else {
        warnings->push_back(path + ":" + std::to_string(number) + ": the last line was cut short (" +
                            std::to_string(last.size()) + " bytes, a process killed mid-write); removed");
        if (::truncate(path.c_str(), static_cast<off_t>(start)) != 0)
          return *error = path + ": truncate: " + std::strerror(errno), false;
      }
    }
  }
  return judge::append_line(path, line, error);
}

bool read_lines_file(const std::string& path, std::string* text, std::string* error) {
  struct stat st;
  text->clear();
  if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return true;
  std::string why;
  if (!judge::read_whole_file(path, text, &why)) return *error = path + ": " + why, false;
  return true;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace ladder
