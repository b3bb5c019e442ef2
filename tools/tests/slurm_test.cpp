// A grade on Slurm: a one-node cluster started on this machine runs the
// array of shards and the merge that depends on it; the merged results file
// equals one Grade run's, byte for byte.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../../common/cli.h"
#include "../../common/tests/shell.h"

namespace {

namespace fs = std::filesystem;

std::string root() { return judge::path_beside_executable("../.."); }  // build/tools/ -> the checkout

int run(const std::string& command, std::string* output = nullptr) {
  return test_shell::run_in(root(), command, output);
}

using test_shell::read_file;

// The cluster, stopped and removed at the end whatever happens.
struct LocalSlurm {
  fs::path dir;
  bool up = false;
  std::string log;
  LocalSlurm() {
    char pattern[] = "/tmp/slurm_test_XXXXXX";
    dir = ::mkdtemp(pattern);
    up = run("tools/cluster/slurm-local.sh start '" + dir.string() + "'", &log) == 0;
  }
  ~LocalSlurm() {
    run("tools/cluster/slurm-local.sh stop '" + dir.string() + "'");
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string env() const { return "SLURM_CONF='" + (dir / "slurm.conf").string() + "' "; }
};

}  // namespace

TEST_CASE("Slurm: an array of grade shards and a merge job after it give one run's results file") {
  LocalSlurm slurm;
  REQUIRE_MESSAGE(slurm.up, slurm.log << read_file(slurm.dir / "log" / "slurmctld.log"));
  const fs::path out = slurm.dir / "grade";
  const std::string options = "--group 1 --seed 5 --time-limit 10000";
  std::string text;
  REQUIRE_MESSAGE(run("build/bin/Grade " + options + " --results '" + (slurm.dir / "single.tsv").string() + "' '" +
                          root() + "/TestCases/5.so'",
                      &text) == 0,
                  text);
  REQUIRE_MESSAGE(
      run(slurm.env() + "tools/cluster/slurm-grade.sh 3 '" + out.string() + "' TestCases/5.so " + options, &text) == 0,
      text);
  // (the script names the strategy by its absolute path, as the single run above does)
  // The merge job's id is the last line; wait for it to leave the queue (at most 120 s).
  const std::string merge_job = text.substr(text.find_last_of('\n', text.size() - 2) + 1);
  std::string queue;
  for (int second = 0; second < 120; ++second) {
    run(slurm.env() + "squeue -h -o %i", &queue);
    if (queue.find_first_of("0123456789") == std::string::npos) break;
    run("sleep 1");
  }
  INFO("queue: " << queue << "\nmerge job " << merge_job << ": " << read_file(out / "merge.log"));
  CHECK(fs::is_regular_file(out / "shard-0.tsv"));
  CHECK(fs::is_regular_file(out / "shard-2.tsv"));
  CHECK(read_file(out / "merge.log").find("Merged 3 shards") != std::string::npos);
  CHECK(read_file(out / "grade.tsv") == read_file(slurm.dir / "single.tsv"));
}
