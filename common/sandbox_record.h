// What the sandbox did to one side's attempts in one game, written the same
// way into every judge's record: the calls it refused, and the processes the
// side left running that the judge killed (sandbox.h, refusals.h).
#pragma once
#include <string>
#include <vector>

#include "json.h"
#include "refusals.h"

namespace judge {

struct SideEvents {
  std::string player;            // the record's name for the side: "A", "W", "bot"
  std::vector<Refusal> refused;  // per call and error
  int daemons_killed = 0;        // processes left running after its runs, killed
};

// Writes "refused": [{"player", "call", "errno", "count"}, ...] and
// "daemons_killed": [{"player", "count"}, ...] for the sides in order; each
// field only when it has an entry, a side only when something happened to it.
void write_sandbox_events(JsonWriter& json, const std::vector<SideEvents>& sides);

// "refused open EACCES x3, fork EAGAIN x2; 1 process left running, killed",
// or "" if nothing happened to the side.
std::string describe_sandbox_events(const SideEvents& side);

}  // namespace judge
