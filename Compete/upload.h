// A student's upload: a zip of the files of Strategy/ at its root, as the OJ
// takes it. The zip is untrusted: it is read and checked before anything is
// unpacked, unpacked by `unzip` in a sandboxed child (time and file size
// capped), checked again on disk, and compiled the same way exactly as the OJ
// compiles it. The plugin it makes is confined when it plays (confinement.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace upload {

constexpr long long kMaxZipBytes = 100 * 1024;  // the OJ's limit on an upload
constexpr int kMaxFiles = 200;
constexpr long long kMaxUnpackedBytes = 4 * 1024 * 1024;  // beyond this the zip is a bomb, not a strategy

struct ZipEntry {
  std::string name;
  uint64_t packed = 0, unpacked = 0;  // as the central directory declares them
  bool directory = false;
};

// Reads `bytes` (a whole zip file) as a zip's central directory and checks
// it: at most kMaxZipBytes, kMaxFiles files and kMaxUnpackedBytes declared;
// every name relative, without "..", "\" or control characters; no link,
// no encryption, no ZIP64. False with *problem naming the first violation
// ("path ../../x.cpp", "link Strategy.cpp", "101234 bytes, over ...").
bool inspect_zip(const std::string& bytes, std::vector<ZipEntry>* entries, std::string* problem);

// Inspects `zip_path`, unpacks it into the empty folder `folder` (unzip, in
// the sandbox: time and file size capped) and checks what landed there: only
// regular files and folders, within the limits above. False with *problem.
bool unpack(const std::string& zip_path, const std::string& folder, std::string* problem);

// What the build makes: the plugin the course's framework loads, or the program the OJ runs.
enum class Target { kPlugin, kProgram };

struct CompileResult {
  bool ok = false;
  std::string first_lines;  // the first lines of the compiler's output (errors), for the class table
  double seconds = 0;       // wall time
};

// The OJ's build in `folder`, in the sandbox (time, memory and file size
// capped); its whole output in folder/compile.log. kPlugin: g++ -Wall
// -std=c++11 -O2 -fpic -shared *.cpp -o Strategy.so. kProgram: the upload's
// main.cpp replaced by the OJ's (Compete/framework/main.cpp), then g++
// -DONLINE_JUDGE -std=c++11 -O2 *.cpp -o Strategy.
CompileResult compile(const std::string& folder, int time_limit_s = 120, Target target = Target::kPlugin);
// What compile() writes in the folder: "Strategy.so" or "Strategy".
const char* built_file(Target target);

// Sources (a zip, as unpack() takes it, or a folder whose .cpp, .h and .hpp
// files are copied, links followed) built the OJ's way into a program in the
// empty folder `folder`: *program is its path. False with *problem ("unzip
// failed ...", "the OJ's build failed: <first lines>").
bool build_program(const std::string& sources, const std::string& folder, std::string* program, std::string* problem);

}  // namespace upload
