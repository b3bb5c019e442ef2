// Hostile plugins (plugins/hostile.h), one attempt against the sandbox each,
// through the real Compete binary. A refused attempt leaves the game exactly
// as a harmless plugin of the same moves would play it (hostile_* plays
// random_a's moves), so its result file must equal random_a's; a killed one
// ends the game as that side's runtime error, with the reason in the record.
// Either way the judge finishes, the files it guards are untouched, no
// process of the plugin outlives the match, and each game's record lists what
// the sandbox refused the hostile side ("refused": call, errno, count), a
// refusal before a kill included, and nothing for the harmless side.
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "../../common/confinement.h"
#include "../../common/json_read.h"
#include "../../common/workdir.h"
#include "harness.h"
#include "json_check.h"
#include "match_helpers.h"

namespace {

constexpr const char* kDecoy = "precious: the judge's own file\n";
constexpr const char* kTmpTrace = "/tmp/hostile-plugin-was-here.txt";

// A TCP listener on 127.0.0.1 (an ephemeral port) that nobody should reach.
struct Listener {
  int fd = -1;
  int port = 0;
  Listener() {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(fd, 8) == 0);
    REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    port = ntohs(addr.sin_port);
  }
  ~Listener() { ::close(fd); }
  bool reached() const {
    int c = ::accept(fd, nullptr, nullptr);
    if (c >= 0) ::close(c);
    return c >= 0;
  }
};

// The codes of the harmless reference match: random_a vs random_b, same seed.
std::vector<int> reference_codes(char side) {
  ct::TempDir dir;
  ct::Match m = side == 'A' ? ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("random_b"), 1)
                            : ct::play(dir.path(), ct::plugin("random_b"), ct::plugin("random_a"), 1);
  REQUIRE(m.parsed.ok);
  return m.parsed.all_codes();
}

enum class Outcome { kRefused, kKilled };

// A refusal the record must show: the call and its errno ("EACCES", ...).
struct Refused {
  const char* call;
  const char* error;
};

// The record's "refused" entries as "player call errno" -> count; a malformed entry fails the test.
std::map<std::string, double> refused_in(const std::string& record_line) {
  judge::JsonValue line;
  std::string error;
  REQUIRE(judge::parse_json(record_line, &line, &error));
  std::map<std::string, double> found;
  const judge::JsonValue* refused = line.find("refused");
  if (!refused) return found;
  REQUIRE(refused->type == judge::JsonValue::kArray);
  CHECK_FALSE(refused->items.empty());  // written only when something was refused
  for (const judge::JsonValue& entry : refused->items) {
    const judge::JsonValue *player = entry.find("player"), *call = entry.find("call"), *err = entry.find("errno"),
                           *count = entry.find("count");
    REQUIRE((player && call && err && count));
    CHECK(count->number >= 1);
    found[player->text + " " + call->text + " " + err->text] += count->number;
  }
  return found;
}

// The record's "daemons_killed" entries as player -> count; a malformed entry fails the test.
std::map<std::string, double> daemons_in(const std::string& record_line) {
  judge::JsonValue line;
  std::string error;
  REQUIRE(judge::parse_json(record_line, &line, &error));
  std::map<std::string, double> found;
  const judge::JsonValue* killed = line.find("daemons_killed");
  if (!killed) return found;
  REQUIRE(killed->type == judge::JsonValue::kArray);
  CHECK_FALSE(killed->items.empty());  // written only when something was killed
  for (const judge::JsonValue& entry : killed->items) {
    const judge::JsonValue *player = entry.find("player"), *count = entry.find("count");
    REQUIRE((player && count));
    CHECK(count->number >= 1);
    found[player->text] += count->number;
  }
  return found;
}

// Plays hostile_<attempt> on `side` against random_b (random_a's moves against
// it when refused) and checks what a grading teacher relies on.
void check_attempt(const std::string& attempt, char side, Outcome outcome, const std::string& reason,
                   std::vector<Refused> refused) {
  ct::TempDir dir;
  const std::string hostile = ct::plugin("hostile_" + attempt);
  const std::string other = ct::plugin("random_b");
  const std::string decoy = dir / "decoy.txt";
  {
    FILE* f = std::fopen(decoy.c_str(), "w");
    REQUIRE(f);
    std::fputs(kDecoy, f);
    std::fclose(f);
  }
  ::unlink(kTmpTrace);
  Listener listener;
  ::setenv("HOSTILE_TARGET", decoy.c_str(), 1);
  ::setenv("HOSTILE_OTHER", other.c_str(), 1);
  ::setenv("HOSTILE_PORT", std::to_string(listener.port).c_str(), 1);
  const std::string a = side == 'A' ? hostile : other, b = side == 'A' ? other : hostile;
  ct::Match m = ct::play(dir.path(), a, b, 1);
  for (const char* name : {"HOSTILE_TARGET", "HOSTILE_OTHER", "HOSTILE_PORT"}) ::unsetenv(name);
  INFO("attempt " << attempt << " as " << side << "\nstdout:\n" << m.run.out << "\nstderr:\n" << m.run.err);

  // The judge finished normally and wrote a valid result file and record.
  CHECK_FALSE(m.run.timed_out);
  CHECK(m.run.exited);
  CHECK(m.run.exit_code == 0);
  REQUIRE(m.parsed.ok);
  REQUIRE(m.records.size() == 2);
  for (const std::string& r : m.records) CHECK(ct::JsonChecker::valid(r));

  if (outcome == Outcome::kRefused) {
    // Exactly the games of the harmless plugin with the same moves.
    CHECK(m.parsed.all_codes() == reference_codes(side));
    CHECK(m.run.out.find("illegal move") == std::string::npos);
  } else {
    const int code = side == 'A' ? 3 : 5;
    CHECK(m.parsed.all_codes() == std::vector<int>{code, code});
    for (const std::string& r : m.records) {
      CHECK(ct::json_int(r, "code") == code);
      CHECK(r.find(reason) != std::string::npos);
    }
  }
  // Nothing outside the scratch folder was touched, nothing was reached.
  CHECK(ct::read_file(decoy) == kDecoy);
  CHECK_FALSE(ct::file_exists(kTmpTrace));
  CHECK_FALSE(listener.reached());
  CHECK(m.cwd_after == std::vector<std::string>({"decoy.txt", "record.jsonl", "result.txt", "result.txt.stats.json"}));
  CHECK(ct::survivors(hostile).empty());

  // A run without a user id of its own (the checkout is closed to other users)
  // may not start processes: a daemon's fork is refused instead of killed later.
  bool leaves_processes = attempt == "leave_daemon" || attempt == "fork_bomb";
  if (attempt == "leave_daemon" && m.run.err.find("is closed to other users") != std::string::npos &&
      judge::sandbox_support().seccomp) {
    refused = {{"fork", "EAGAIN"}};
    leaves_processes = false;
  }
  // Each game's record shows what was refused to the hostile side, and only that.
  for (const std::string& r : m.records) {
    INFO("record: " << r);
    std::map<std::string, double> found = refused_in(r);
    for (const Refused& expected : refused)
      CHECK(found.count(std::string(1, side) + " " + expected.call + " " + expected.error) == 1);
    for (const auto& entry : found) CHECK(entry.first[0] == side);
    if (refused.empty()) CHECK(found.empty());
    // And what it left running, killed when the game ended: the daemon, the forks' children.
    std::map<std::string, double> killed = daemons_in(r);
    if (leaves_processes) {
      CHECK(killed.size() == 1);
      CHECK(killed[std::string(1, side)] >= 1);
    } else {
      CHECK(killed.empty());
    }
  }
}

void check_both_sides(const std::string& attempt, Outcome outcome, const std::string& reason = "",
                      const std::vector<Refused>& refused = {}) {
  check_attempt(attempt, 'A', outcome, reason, refused);
  check_attempt(attempt, 'B', outcome, reason, refused);
}

}  // namespace

TEST_SUITE_BEGIN("hostile");
TEST_CASE("the sandbox report names every layer and --sandbox-report exits 0") {
  ct::TempDir dir;
  ct::RunResult r = ct::run_compete({"--sandbox-report"}, dir.path());
  CHECK(r.exited);
  CHECK(r.exit_code == 0);
  for (const char* layer :
       {"own user", "process cap", "filesystem", "network", "signals", "ptrace", "memory", "file size", "leftovers"})
    CHECK(r.out.find(layer) != std::string::npos);
  // A match says which layers are on, in one line on stderr.
  ct::Match m = ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("random_b"), 1);
  CHECK(ct::count_of(m.run.err, judge::sandbox_summary_line()) == 1);
  CHECK(m.run.err.find(judge::sandbox_summary_line()) != std::string::npos);
}

// The attempts below are checked whatever this kernel allows: with a layer
// off, another must still stop the attempt (the user id, permissions, the
// process group). Where the outcome depends on a layer, the test says which.
TEST_CASE("writing the judge's files, ../Results and /tmp is refused; the game goes on") {
  check_both_sides("write_outside", Outcome::kRefused, "", {{"open", "EACCES"}});
}

TEST_CASE("reading the other plugin's folder and .so is refused") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  if (s.landlock_abi == 0) return;  // without Landlock, the plugins' files are readable (mode 0644)
  check_both_sides("read_other", Outcome::kRefused, "", {{"opendir", "EACCES"}, {"open", "EACCES"}});
}

TEST_CASE("a TCP connection to 127.0.0.1 kills the plugin (seccomp) or is refused (Landlock)") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  if (s.seccomp)
    check_both_sides("connect_tcp", Outcome::kKilled, "killed by signal 31 (Bad system call): the sandbox forbids");
  else if (s.landlock_abi >= 4)
    check_both_sides("connect_tcp", Outcome::kRefused, "", {{"connect", "EACCES"}});
}

TEST_CASE("signalling the judge or its process group kills the plugin; the judge lives on") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  if (s.seccomp)
    check_both_sides("kill_judge", Outcome::kKilled, "killed by signal 31 (Bad system call)");
  else if (s.own_user || s.landlock_abi >= 6)
    check_both_sides("kill_judge", Outcome::kRefused, "", {{"kill", "EPERM"}});
}

TEST_CASE("/proc/<pid>/mem of the judge and the opponent is refused, process_vm_readv kills") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  if (s.seccomp)
    check_both_sides(
        "read_memory", Outcome::kKilled, "killed by signal 31 (Bad system call)",
        s.own_user || s.landlock_abi > 0 ? std::vector<Refused>{{"open", "EACCES"}} : std::vector<Refused>{});
  else if (s.own_user && s.landlock_abi > 0)
    check_both_sides("read_memory", Outcome::kRefused, "", {{"open", "EACCES"}});
}

TEST_CASE("a thousand forks: the process cap refuses most, all die with the game") {
  if (!judge::sandbox_support().process_limit) return;
  check_both_sides("fork_bomb", Outcome::kRefused, "", {{"fork", "EAGAIN"}});
}

TEST_CASE("a 10 GB file stops at the file size cap: SIGXFSZ is a runtime error") {
  check_both_sides("huge_file", Outcome::kKilled, "killed by signal 25 (File size limit exceeded)");
}

TEST_CASE("a plugin that fills its folder with 64 MB files: its writes fail at the cap, /tmp keeps its space") {
  if (!judge::workdir_cap_active()) {
    MESSAGE("skipped: " << judge::workdir_cap_report());
    return;
  }
  struct statvfs before {
  }, after{};
  REQUIRE(::statvfs("/tmp", &before) == 0);
  check_both_sides("fill_disk", Outcome::kRefused);
  REQUIRE(::statvfs("/tmp", &after) == 0);
  // The four games wrote 256 MB each, all into their folders' tmpfs, gone with
  // them. Only a loss counts: space freed meanwhile (an earlier test's files,
  // other work on the machine) is not the plugin's.
  const double before_mb = double(before.f_bavail) * before.f_frsize / (1 << 20);
  const double after_mb = double(after.f_bavail) * after.f_frsize / (1 << 20);
  CHECK(before_mb - after_mb < 64);
}

TEST_CASE("a daemon left behind is killed when its game ends") { check_both_sides("leave_daemon", Outcome::kRefused); }
TEST_SUITE_END();  // "hostile"
