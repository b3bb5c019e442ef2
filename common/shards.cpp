#include "shards.h"

#include <map>

#include "cli.h"
#include "json_read.h"

namespace judge {

std::string shard_name(int shard, int shards) { return std::to_string(shard) + "/" + std::to_string(shards); }

std::string shard_result_path(const std::string& path, int shard, int shards) {
  return path + ".shard-" + std::to_string(shard) + "-of-" + std::to_string(shards);
}

std::string without_shard_member(const std::string& line, const std::string& shard) {
  if (shard.empty()) return line;
  const std::string member = ",\"shard\":\"" + shard + "\"}";
  if (line.size() <= member.size() || line.compare(line.size() - member.size(), member.size(), member) != 0)
    return line;
  return line.substr(0, line.size() - member.size()) + "}";
}

bool ShardSplit::add(const std::string& shard, const std::string& path, std::string* problem) {
  int k = 0, n = 1;
  if (!shard.empty()) parse_shard(shard, &k, &n);
  if (shards_ == 0) {
    shards_ = n;
    first_path_ = path;
  } else if (n != shards_) {
    *problem = "'" + path + "' holds shard " + (shard.empty() ? "0/1" : shard) + " but '" + first_path_ +
               "' a shard of " + std::to_string(shards_) + ": not the same split";
    return false;
  }
  return true;
}

std::string missing_shards(const std::vector<bool>& present, int shards, const std::function<int(int)>& shard_of,
                           const std::string& units) {
  std::map<int, int> missing, owned;  // shard -> units missing, units it has
  for (int i = 0; i < static_cast<int>(present.size()); ++i) {
    ++owned[shard_of(i)];
    if (!present[i]) ++missing[shard_of(i)];
  }
  std::string text;
  for (const auto& [shard, count] : missing)
    text += (text.empty() ? "" : "; ") + ("missing shard " + shard_name(shard, shards)) +
            (count == owned[shard] ? " (none of its " + std::to_string(count) + " " + units + " is in the records)"
                                   : " (" + std::to_string(count) + " of its " + std::to_string(owned[shard]) + " " +
                                         units + " are not in its record: run it again)");
  return text;
}

std::string settings_difference(const std::string& recorded, const std::string& current, const SettingLabels& labels,
                                const std::string& program) {
  auto label = [&labels](const std::string& key) {
    const auto known = labels.find(key);
    return known != labels.end() ? known->second : "'" + key + "'";
  };
  JsonValue r, c;
  std::string error;
  if (!parse_json(recorded, &r, &error) || r.type != JsonValue::kObject) return "its settings are not a JSON object";
  if (!parse_json(current, &c, &error)) return "internal error: " + error;
  for (const auto& m : c.members) {
    const JsonValue* v = r.find(m.first);
    if (!v) return label(m.first) + ": not in the record";
    if (*v != m.second) return label(m.first) + " differs: record " + v->dump() + ", now " + m.second.dump();
  }
  for (const auto& m : r.members)
    if (!c.find(m.first)) return label(m.first) + ": in the record, unknown to this " + program;
  return "";
}

}  // namespace judge
