#include "shards.h"

#include <algorithm>
#include <filesystem>

#include "../common/cli.h"
#include "../common/shards.h"
#include "resume.h"

namespace c4 {

int merge_shard_records(const std::vector<std::string>& records, bool seed_given, MatchConfig* config,
                        std::string* problem) {
  config->recorded.clear();
  judge::ShardSplit split;  // N of the shards' lines (1 for a whole match's record)
  std::string absent;       // the records that do not exist
  for (const std::string& path : records) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {  // a lost shard: named below by the games it lacks
      absent += (absent.empty() ? "" : ", ") + path;
      continue;
    }
    const size_t before = config->recorded.size();
    ResumeNotes notes;
    if (!read_record(path, "--merge", config, seed_given, &notes, problem)) return 2;
    if (notes.dropped_torn_line) {
      *problem = "--merge: the record '" + path + "' ends in a line cut short: run its shard again to finish it";
      return 2;
    }
    for (size_t i = before; i < config->recorded.size(); ++i) {
      RecordedGame& g = config->recorded[i];
      if (!split.add(g.shard, path, problem)) {
        *problem = "--merge: " + *problem;
        return 2;
      }
      g.line = judge::without_shard_member(g.line, g.shard);  // the single run's line
    }
  }
  std::sort(config->recorded.begin(), config->recorded.end(),
            [](const RecordedGame& x, const RecordedGame& y) { return 2 * x.round + x.game < 2 * y.round + y.game; });
  const int shards = split.shards();
  // Games missing: name the shards they belong to, with how many each lacks.
  std::vector<bool> present(2 * config->rounds, false);
  for (const RecordedGame& g : config->recorded) present[2 * g.round + g.game] = true;
  const std::string missing = judge::missing_shards(
      present, shards, [&](int i) { return (i / 2) % shards; }, "games");
  if (missing.empty()) return 0;
  *problem = "--merge: " + missing;
  if (!absent.empty()) *problem += "; no such record: " + absent;
  return 1;
}

}  // namespace c4
