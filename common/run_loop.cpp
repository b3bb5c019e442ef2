#include "run_loop.h"

#include <iostream>

#include "shards.h"

namespace judge {

RunStart start_run(const RunSettings& settings, const RecordFormat& format, int total, const std::string& unit,
                   const std::string& units, const std::vector<std::string>& merged) {
  RunStart start;
  if (settings.merge) {
    start.status = merge_records(merged, format, total, units, &start.recorded, &start.problem);
  } else if (settings.resume || settings.shards > 1) {
    // A shard run again continues its own record, as --resume does.
    const std::string own = settings.shards > 1 ? shard_name(settings.shard, settings.shards) : "";
    bool torn = false;
    if (!read_record_units(settings.record_path, settings.resume ? "--resume" : "--shard", format, &own,
                           &start.recorded, &torn, &start.problem))
      start.status = 2;
    else if (torn)
      std::cerr << format.program << ": the record's last line was cut short; that " << unit << " is played again\n";
  }
  if (start.status != 0) return start;
  std::vector<bool> done(total, false);
  for (const RecordedUnit& u : start.recorded) {
    done[u.index] = true;
    start.kept += u.line + "\n";
    start.page_lines.push_back(u.line);
  }
  if (!settings.merge) start.plan = units_to_play(total, done, settings.shard, settings.shards, format.shard_key);
  return start;
}

}  // namespace judge
