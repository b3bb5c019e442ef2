// Untrusted shared-object plugins, loaded only inside a sandboxed host process.
//
// A judge starts itself again in "host mode" as a sandboxed child (see
// sandbox.h); the host dlopens the plugin, reports how loading went over the
// channel, then serves the game's requests. Loading in the child keeps the
// judge safe from a plugin's static constructors as well as from its moves.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sandbox.h"

namespace judge {

enum class LoadStatus : int32_t {
  kOk = 0,
  kNotLoadable = 1,    // missing file, not a shared object, unresolved dependency, constructor died
  kMissingSymbol = 2,  // loaded, but a required function is not exported
};

// Host side: dlopen `path` (RTLD_NOW) and look up each symbol in order.
struct LoadedPlugin {
  LoadStatus status = LoadStatus::kNotLoadable;
  std::string message;         // dlerror() text or the missing symbol's name
  std::vector<void*> symbols;  // same order as requested, when kOk
};
LoadedPlugin load_plugin(const std::string& path, const std::vector<std::string>& symbols);

// Host side: writes the load report to the channel; false if the judge has gone.
bool send_load_report(const LoadedPlugin& plugin);

// Judge side: a plugin running in its own sandboxed host process.
class PluginProcess {
 public:
  // Starts the host and waits (until `deadline`) for its load report. A host
  // that dies or stays silent before reporting counts as kNotLoadable.
  LoadStatus start(const SpawnOptions& options, Deadline deadline, std::string* message);
  Process& process() { return process_; }
  const Process& process() const { return process_; }

 private:
  Process process_;
};

}  // namespace judge
