#include "plugin.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "elf_symbols.h"

namespace judge {
namespace {

struct LoadReport {
  int32_t status;
  char message[500];
};

}  // namespace

LoadedPlugin load_plugin(const std::string& path, const std::vector<std::string>& symbols) {
  LoadedPlugin plugin;
  // From here on, what the sandbox refuses the plugin (its constructors included) is counted for the judge.
  count_refusals_for_judge();
  // Not dumpable: no other process of this user may trace it or read its memory through /proc.
  ::prctl(PR_SET_DUMPABLE, 0);
  if (::access(path.c_str(), R_OK) != 0) {
    plugin.message = "cannot read '" + path + "': " + std::strerror(errno);
    return plugin;
  }
  // dlopen searches the library path for a bare name: insist on a path.
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    plugin.message = why ? why : ("cannot load '" + path + "'");
    return plugin;
  }
  for (const std::string& name : symbols) {
    ::dlerror();
    void* address = ::dlsym(handle, name.c_str());
    if (!address) {
      plugin.status = LoadStatus::kMissingSymbol;
      plugin.message = "'" + path + "' does not export " + name;
      // The usual cause: extern "C" behind a guard such as #ifdef _MSC_VER, so g++ mangled the name.
      const std::string mangled = mangled_export(file, name);
      if (!mangled.empty()) {
        int failed = 0;
        char* readable = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &failed);
        plugin.message += " under its C name: it is there as the C++ name " + mangled +
                          (readable && failed == 0 ? " (" + std::string(readable) + ")" : "") + "; declare " + name +
                          " extern \"C\" for every compiler (extern \"C\" must not depend on _MSC_VER)";
        std::free(readable);
      }
      plugin.symbols.clear();
      return plugin;
    }
    plugin.symbols.push_back(address);
  }
  plugin.status = LoadStatus::kOk;
  return plugin;
}

bool send_load_report(const LoadedPlugin& plugin) {
  LoadReport report;
  std::memset(&report, 0, sizeof report);
  report.status = static_cast<int32_t>(plugin.status);
  std::strncpy(report.message, plugin.message.c_str(), sizeof report.message - 1);
  return channel::write_exact(channel::kReplyFd, &report, sizeof report);
}

LoadStatus PluginProcess::start(const SpawnOptions& options, Deadline deadline, std::string* message) {
  std::string error;
  if (!process_.start(options, &error)) {
    if (message) *message = error;
    return LoadStatus::kNotLoadable;
  }
  LoadReport report;
  IoResult io = process_.receive(&report, sizeof report, deadline);
  if (io != IoResult::kOk) {
    ExitStatus status;
    process_.kill(&status);
    if (message)
      *message = io == IoResult::kTimeout ? "the plugin did not finish loading in time"
                                          : "the plugin's host died while loading it (" + status.describe() + ")";
    return LoadStatus::kNotLoadable;
  }
  report.message[sizeof report.message - 1] = '\0';
  if (message) *message = report.message;
  if (report.status != static_cast<int32_t>(LoadStatus::kOk)) {
    process_.kill();
    return report.status == static_cast<int32_t>(LoadStatus::kMissingSymbol) ? LoadStatus::kMissingSymbol
                                                                             : LoadStatus::kNotLoadable;
  }
  return LoadStatus::kOk;
}

}  // namespace judge
