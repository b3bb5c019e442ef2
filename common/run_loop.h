// The run loop every judge shares, in the shape of one tournament manager:
//
//   resume  the records read back (--merge: the shards'; --resume or a shard
//           run again: its own), each line checked against this command line;
//   plan    the units of this run's shard that no record holds, in order;
//   pool    those played `jobs` at a time, each worker on its share of the
//           cores (OrderedPool::cores), handed back in unit order;
//   commit  each unit at once to the judge's outputs (ResultSink: result file,
//           record, replay page; the judge's own statistics and lines).
//
// A judge is an adapter: its units and how one is played, its record format
// (RecordFormat), its outputs. judge_run.h holds the parts the loop is made of.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "judge_run.h"
#include "ordered_pool.h"

namespace judge {

// Where a run starts: the units recorded already, and the plan.
struct RunStart {
  // 0: go on; else the judge's exit status: 1 --merge with units missing,
  // 2 a record that cannot be read or is of another command line.
  int status = 0;
  std::string problem;                  // for status != 0: the file, the line, what is wrong
  std::vector<RecordedUnit> recorded;   // unit order for --merge, else the record's order
  std::vector<int> plan;                // the units to play now, in order (none for --merge)
  std::string kept;                     // the recorded lines, each ended by "\n" (as the record keeps them)
  std::vector<std::string> page_lines;  // the recorded lines, for the replay page
};

// Reads back what `settings` names and plans the rest of a run of `total`
// units. `merged`: the shards' records (--merge). unit i is of shard
// format.shard_key(i) % N. A record whose last line was cut short is read
// without it, and "<program>: the record's last line was cut short; that
// <unit> is played again" goes to stderr.
RunStart start_run(const RunSettings& settings, const RecordFormat& format, int total, const std::string& unit,
                   const std::string& units, const std::vector<std::string>& merged);

// What a judge's commit says of the run after a unit.
enum class AfterUnit {
  kGoOn,
  kStartNoMore,  // no new unit starts; those in flight are still committed
  kStop,         // nothing more is committed
};

// The pool step: plays `count` units `jobs` at a time and commits them in
// order. play(worker, i, cores, &result) plays unit i of the plan on the
// worker's cores (empty: any core; the judge pins its players to them) and
// returns false to abandon it (pool->fail(i, why) for a unit the judge could
// not play). commit(i, result) runs one unit at a time, i = 0, 1, ... False
// with *failure when a unit failed.
template <class Result>
bool play_units(OrderedPool<Result>* pool,
                const std::function<bool(int worker, int i, const std::vector<int>& cores, Result* result)>& play,
                const std::function<AfterUnit(int i, Result& result)>& commit, std::string* failure) {
  pool->run([&](int worker, int i, Result* result) { return play(worker, i, pool->cores(worker), result); },
            [&](int i, Result& result) {
              switch (commit(i, result)) {
                case AfterUnit::kGoOn: return true;
                case AfterUnit::kStartNoMore: pool->stop_handing_out(); return true;
                case AfterUnit::kStop: return false;
              }
              return false;
            });
  if (pool->failure().empty()) return true;
  if (failure) *failure = pool->failure();
  return false;
}

}  // namespace judge
