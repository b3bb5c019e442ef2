// Work spread over machines, shared by the judges' --shard K/N and --merge:
// unit i (a game, a round) belongs to shard i % N; each shard writes its own
// record whose lines end with "shard":"K/N"; a merge reads the records back,
// names the shards whose units are missing and refuses records made with other
// settings, naming the setting.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace judge {

// "K/N".
std::string shard_name(int shard, int shards);

// The file a shard writes instead of `path`: "<path>.shard-K-of-N".
std::string shard_result_path(const std::string& path, int shard, int shards);

// A shard's record line made the single run's: its last member
// ,"shard":"<shard>" removed. Unchanged if `shard` is "" or not the last member.
std::string without_shard_member(const std::string& line, const std::string& shard);

// The shard count N of a merge's records, which every line must share.
class ShardSplit {
 public:
  // A line of the record `path` whose shard member is `shard` ("K/N", "" for a
  // whole run's line). False with *problem naming both records when its N is
  // not that of the lines before.
  bool add(const std::string& shard, const std::string& path, std::string* problem);
  int shards() const { return shards_ ? shards_ : 1; }

 private:
  int shards_ = 0;  // 0: no line yet
  std::string first_path_;
};

// The missing units by shard, in words: "missing shard 1/3 (none of its 4 games
// is in the records); missing shard 0/3 (3 of its 4 games are not in its record:
// run it again)"; "" when every unit is present. Unit i belongs to shard
// shard_of(i); `units` names them ("games").
std::string missing_shards(const std::vector<bool>& present, int shards, const std::function<int(int)>& shard_of,
                           const std::string& units);

// The first setting of `recorded` that differs from `current` (both JSON
// objects), in words: "<label> differs: record 10, now 20", "<label>: not in
// the record"; "" if none. `labels` names a setting as the command line does
// (a key it lacks is named by itself, quoted).
using SettingLabels = std::map<std::string, std::string>;
std::string settings_difference(const std::string& recorded, const std::string& current, const SettingLabels& labels,
                                const std::string& program);

}  // namespace judge
