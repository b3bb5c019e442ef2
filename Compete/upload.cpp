#include "upload.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../common/clock.h"
#include "../common/sandbox.h"

extern const char* const kOjDriverSource;  // the OJ's main.cpp (made by make from Compete/framework/main.cpp)

namespace upload {
namespace {

namespace fs = std::filesystem;

// The user id (when runs get their own) that unpacks and compiles every upload.
constexpr int kBuildIdentity = 15;

uint32_t u16(const std::string& b, size_t at) {
  return static_cast<uint8_t>(b[at]) | static_cast<uint32_t>(static_cast<uint8_t>(b[at + 1])) << 8;
}
uint32_t u32(const std::string& b, size_t at) { return u16(b, at) | u16(b, at + 2) << 16; }

// A name that stays inside the folder it is unpacked into.
bool safe_name(const std::string& name) {
  if (name.empty() || name[0] == '/' || name.find('\\') != std::string::npos) return false;
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return false;
  size_t start = 0;
  while (start <= name.size()) {
    size_t slash = name.find('/', start);
    if (slash == std::string::npos) slash = name.size();
    const std::string part = name.substr(start, slash - start);
    if (part == "..") return false;
    start = slash + 1;
  }
  return true;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

bool inspect_zip(const std::string& bytes, std::vector<ZipEntry>* entries, std::string* problem) {
  entries->clear();
  if (static_cast<long long>(bytes.size()) > kMaxZipBytes) {
    *problem = std::to_string(bytes.size()) + " bytes, over the OJ's limit of " + std::to_string(kMaxZipBytes);
    return false;
  }
  // The end-of-central-directory record: the last 22 bytes, or before a comment of up to 65535.
  if (bytes.size() < 22) return *problem = "not a zip file (too short)", false;
  size_t end = std::string::npos;
  const size_t lowest = bytes.size() >= 22 + 65535 ? bytes.size() - 22 - 65535 : 0;
  for (size_t at = bytes.size() - 22 + 1; at-- > lowest;)
    if (u32(bytes, at) == 0x06054b50 && at + 22 + u16(bytes, at + 20) == bytes.size()) {
      end = at;
      break;
    }
  if (end == std::string::npos) return *problem = "not a zip file (no end of central directory)", false;
  const uint32_t count = u16(bytes, end + 10), size = u32(bytes, end + 12), offset = u32(bytes, end + 16);
  if (u16(bytes, end + 4) != 0 || u16(bytes, end + 6) != 0 || u16(bytes, end + 8) != count)
    return *problem = "a zip split over several disks", false;
  if (count == 0xFFFF || offset == 0xFFFFFFFFu) return *problem = "a ZIP64 archive", false;
  if (static_cast<uint64_t>(offset) + size > end)
    return *problem = "a damaged zip (central directory out of range)", false;
  uint64_t total = 0;
  int files = 0;
  size_t at = offset;
  for (uint32_t i = 0; i < count; ++i) {
    if (at + 46 > end || u32(bytes, at) != 0x02014b50)
      return *problem = "a damaged zip (entry " + std::to_string(i + 1) + ")", false;
    const uint32_t made_by = u16(bytes, at + 4), flags = u16(bytes, at + 8);
    const uint32_t name_len = u16(bytes, at + 28), extra_len = u16(bytes, at + 30), comment_len = u16(bytes, at + 32);
    const uint32_t external = u32(bytes, at + 38);
    if (at + 46 + name_len + extra_len + comment_len > end)
      return *problem = "a damaged zip (entry " + std::to_string(i + 1) + " runs past the directory)", false;
    ZipEntry e;
    e.name = bytes.substr(at + 46, name_len);
    e.packed = u32(bytes, at + 20);
    e.unpacked = u32(bytes, at + 24);
    e.directory = !e.name.empty() && e.name.back() == '/';
    if (!safe_name(e.name) || e.name.find('\0') != std::string::npos) return *problem = "path " + e.name, false;
    const bool unix_made = (made_by >> 8) == 3;
    if (unix_made && ((external >> 16) & 0xF000) == 0xA000) return *problem = "link " + e.name, false;
    if (flags & 1) return *problem = "encrypted " + e.name, false;
    if (e.packed == 0xFFFFFFFFu || e.unpacked == 0xFFFFFFFFu) return *problem = "a ZIP64 archive", false;
    if (!e.directory && ++files > kMaxFiles)
      return *problem = "more than " + std::to_string(kMaxFiles) + " files", false;
    total += e.unpacked;
    if (total > static_cast<uint64_t>(kMaxUnpackedBytes))
      return *problem = "unpacks to more than " + std::to_string(kMaxUnpackedBytes) + " bytes (a zip bomb)", false;
    entries->push_back(e);
    at += 46 + name_len + extra_len + comment_len;
  }
  return true;
}

bool unpack(const std::string& zip_path, const std::string& folder, std::string* problem) {
  std::vector<ZipEntry> entries;
  if (!inspect_zip(read_all(zip_path), &entries, problem)) return false;
  std::error_code ec;
  fs::create_directories(folder, ec);
  judge::SpawnOptions spawn;
  spawn.argv = {"/usr/bin/unzip", "-qq", "-o", fs::absolute(zip_path).string(), "-d", fs::absolute(folder).string()};
  spawn.file_size_limit_bytes = kMaxUnpackedBytes;
  spawn.memory_limit_bytes = 512LL << 20;
  // Confined like a plugin: it reads the zip and writes the student's folder, nothing else.
  spawn.workdir = fs::absolute(folder).string();
  spawn.readable_paths = {fs::absolute(zip_path).string()};
  spawn.identity = kBuildIdentity;
  judge::Process unzip;
  std::string error;
  if (!unzip.start(spawn, &error)) return *problem = "cannot run unzip: " + error, false;
  judge::ExitStatus status;
  if (!unzip.wait(judge::Deadline::after_ms(30000), &status)) {
    unzip.kill();
    return *problem = "unzip took longer than 30 s", false;
  }
  if (status.kind != judge::ExitStatus::kExited || status.code != 0)
    return *problem = "unzip failed (" + status.describe() + ")", false;
  // What landed: regular files and folders only, within the limits.
  long long bytes = 0;
  int files = 0;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::file_status s = it->symlink_status(ec);
    const std::string name = fs::relative(it->path(), folder, ec).string();
    if (fs::is_symlink(s)) return *problem = "link " + name, false;
    if (fs::is_directory(s)) continue;
    if (!fs::is_regular_file(s)) return *problem = "special file " + name, false;
    bytes += static_cast<long long>(fs::file_size(it->path(), ec));
    if (++files > kMaxFiles) return *problem = "more than " + std::to_string(kMaxFiles) + " files", false;
  }
  if (ec) return *problem = "cannot list " + folder + ": " + ec.message(), false;
  if (bytes > kMaxUnpackedBytes)
    return *problem = "unpacks to more than " + std::to_string(kMaxUnpackedBytes) + " bytes (a zip bomb)", false;
  return true;
}

const char* built_file(Target target) { return target == Target::kPlugin ? "Strategy.so" : "Strategy"; }

CompileResult compile(const std::string& folder, int time_limit_s, Target target) {
  CompileResult result;
  judge::SpawnOptions spawn;
  // The OJ's commands, on the .cpp files at the upload's root.
  if (target == Target::kPlugin) {
    spawn.argv = {"/bin/sh", "-c", "exec g++ -Wall -std=c++11 -O2 -fpic -shared *.cpp -o Strategy.so"};
  } else {
    std::ofstream(fs::path(folder) / "main.cpp", std::ios::binary | std::ios::trunc) << kOjDriverSource;
    spawn.argv = {"/bin/sh", "-c", "exec g++ -DONLINE_JUDGE -std=c++11 -O2 *.cpp -o Strategy"};
  }
  spawn.workdir = fs::absolute(folder).string();
  spawn.output_path = spawn.workdir + "/compile.log";
  spawn.memory_limit_bytes = 2LL << 30;
  spawn.file_size_limit_bytes = 256LL << 20;
  // Confined like a plugin (an #include of another student's file or of a secret is refused),
  // as unzip's user, so that it reads every file unzip wrote; its temporary files stay here.
  spawn.identity = kBuildIdentity;
  spawn.may_start_processes = true;  // cc1plus, as, ld
  spawn.env = {{"TMPDIR", spawn.workdir}};
  judge::Stopwatch watch;
  judge::Process gcc;
  std::string error;
  judge::ExitStatus status;
  if (!gcc.start(spawn, &error)) {
    result.first_lines = "cannot run g++: " + error;
    return result;
  }
  if (!gcc.wait(judge::Deadline::after_ms(time_limit_s * 1000LL), &status)) {
    gcc.kill();
    result.seconds = watch.elapsed_ms() / 1000.0;
    result.first_lines = "the compiler took longer than " + std::to_string(time_limit_s) + " s";
    return result;
  }
  result.seconds = watch.elapsed_ms() / 1000.0;
  std::error_code ec;
  result.ok = status.kind == judge::ExitStatus::kExited && status.code == 0 &&
              fs::is_regular_file(fs::path(folder) / built_file(target), ec);
  // For the table: the first three lines naming an error, else the first three lines.
  std::vector<std::string> lines, errors;
  std::istringstream log(read_all(spawn.output_path));
  for (std::string line; std::getline(log, line);) {
    lines.push_back(line);
    if (line.find("error") != std::string::npos) errors.push_back(line);
  }
  const std::vector<std::string>& shown = errors.empty() ? lines : errors;
  for (size_t i = 0; i < shown.size() && i < 3; ++i) result.first_lines += (i ? " | " : "") + shown[i];
  if (!result.ok && result.first_lines.empty()) result.first_lines = "g++ " + status.describe();
  return result;
}

bool build_program(const std::string& sources, const std::string& folder, std::string* program, std::string* problem) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (fs::is_directory(sources, ec)) {
    int files = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(sources, ec)) {
      const std::string ext = e.path().extension().string();
      if ((ext != ".cpp" && ext != ".h" && ext != ".hpp") || !fs::is_regular_file(e.path(), ec)) continue;
      if (++files > kMaxFiles) return *problem = "more than " + std::to_string(kMaxFiles) + " files", false;
      if (!fs::copy_file(e.path(), fs::path(folder) / e.path().filename(), ec))
        return *problem = "cannot copy " + e.path().string() + ": " + ec.message(), false;
    }
    if (ec) return *problem = "cannot list " + sources + ": " + ec.message(), false;
    if (files == 0) return *problem = sources + " holds no .cpp or .h file", false;
  } else if (!unpack(sources, folder, problem)) {
    return false;
  }
  const CompileResult built = compile(folder, 120, Target::kProgram);
  if (!built.ok) return *problem = "the OJ's build failed: " + built.first_lines, false;
  *program = (fs::absolute(folder) / built_file(Target::kProgram)).string();
  return true;
}

}  // namespace upload
