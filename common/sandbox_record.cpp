#include "sandbox_record.h"

namespace judge {

void write_sandbox_events(JsonWriter& json, const std::vector<SideEvents>& sides) {
  bool any_refused = false, any_killed = false;
  for (const SideEvents& side : sides) {
    any_refused = any_refused || !side.refused.empty();
    any_killed = any_killed || side.daemons_killed > 0;
  }
  if (any_refused) {
    json.key("refused").begin_array();
    for (const SideEvents& side : sides)
      for (const Refusal& r : side.refused)
        json.begin_object()
            .field("player", side.player)
            .field("call", r.call)
            .field("errno", r.error)
            .field("count", r.count)
            .end_object();
    json.end_array();
  }
  if (any_killed) {
    json.key("daemons_killed").begin_array();
    for (const SideEvents& side : sides)
      if (side.daemons_killed > 0)
        json.begin_object().field("player", side.player).field("count", side.daemons_killed).end_object();
    json.end_array();
  }
}

std::string describe_sandbox_events(const SideEvents& side) {
  std::string text;
  for (const Refusal& r : side.refused)
    text += (text.empty() ? "refused " : ", ") + r.call + " " + r.error + " x" + std::to_string(r.count);
  if (side.daemons_killed > 0)
    text += (text.empty() ? "" : "; ") + std::to_string(side.daemons_killed) +
            (side.daemons_killed == 1 ? " process" : " processes") + " left running, killed";
  return text;
}

}  // namespace judge
