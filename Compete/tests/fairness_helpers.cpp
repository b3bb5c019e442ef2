#include "fairness_helpers.h"

#include <algorithm>
#include <sstream>

#include "../../common/json_read.h"
#include "harness.h"

namespace ct {

FairnessRun play_counter(const std::string& counter, const std::string& opponent, int rounds,
                         const std::vector<std::string>& extra) {
  FairnessRun r;
  TempDir dir;
  std::vector<std::string> args = {
      counter,           opponent,     dir / "result.txt", std::to_string(rounds), "--seed", "5",
      "--keep-workdirs", dir / "kept", "--record",         dir / "record.jsonl"};
  args.insert(args.end(), extra.begin(), extra.end());
  const RunResult run = run_compete(args, dir.path(), 600000);
  if (run.exit_code != 0) {
    r.problem = "Compete exited with " + std::to_string(run.exit_code) + ": " + run.err;
    return r;
  }
  for (int round = 0; round < rounds; ++round)
    for (int game = 1; game <= 2; ++game) {
      const std::string id = "kept/round" + std::to_string(round) + "-game" + std::to_string(game);
      std::istringstream work(read_file(dir / (id + "-A/work.txt")));
      for (double w = 0; work >> w;) r.work.push_back(w);
      std::istringstream spin(read_file(dir / (id + "-B/spin.txt")));
      long long cores = 0;
      if (spin >> cores) r.cores.push_back(cores);
    }
  std::istringstream lines(read_file(dir / "record.jsonl"));
  std::string line;
  while (std::getline(lines, line)) {
    judge::JsonValue v;
    std::string error;
    if (!judge::parse_json(line, &v, &error) || !v.find("moves")) {
      r.problem = "record: " + error;
      return r;
    }
    for (const judge::JsonValue& m : v.find("moves")->items)
      if (m.items.size() == 5 && m.items[0].text == "A") {
        r.wall_ms.push_back(m.items[3].number);
        r.cpu_ms.push_back(m.items[4].number);
      }
  }
  r.ok = !r.work.empty();
  if (!r.ok) r.problem = "no work.txt in the kept folders";
  return r;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace ct
