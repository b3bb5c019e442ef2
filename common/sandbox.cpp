#include "sandbox.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

#include "fork_lock.h"
#include "staging.h"
#include "write_all.h"

extern char** environ;

namespace judge {
namespace {

// A child that failed before exec reports it with this exit code.
constexpr int kExecFailed = 127;

void ignore_sigpipe_once() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// The children this process started and has not reaped. The judge is a child
// subreaper, so a program's descendant that leaves its process group (setsid
// and a double fork) is re-parented to the judge instead of init; whatever is
// our child, outside our own process group and not in this set is such an
// escapee, and is killed and reaped.
std::mutex children_mutex;
std::set<pid_t> live_children;
// Escapees of a run with its own user id found while another run ended, by
// that user id: the run counts them when it ends (under children_mutex).
std::map<uid_t, int> escapees_of_user;

void become_subreaper_once() {
  static std::once_flag once;
  std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

struct ProcessInfo {
  pid_t parent = 0, group = 0;
  char state = 0;  // 'Z' for a zombie, 'X' for a dead one
};

// Parent pid, process group and state of `pid` from /proc, false if it is gone.
bool read_process(pid_t pid, ProcessInfo* info) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  FILE* f = std::fopen(path, "r");
  if (!f) return false;
  char buf[512];
  size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  buf[n] = '\0';
  const char* close = std::strrchr(buf, ')');  // the command name may hold spaces and parentheses
  int ppid = 0, pgrp = 0;
  char state = 0;
  if (!close || std::sscanf(close + 1, " %c %d %d", &state, &ppid, &pgrp) != 3) return false;
  info->parent = ppid;
  info->group = pgrp;
  info->state = state;
  return true;
}

// The real user id of `pid`, or (uid_t)-1 if it is gone.
uid_t read_user(pid_t pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/status", static_cast<int>(pid));
  FILE* f = std::fopen(path, "r");
  if (!f) return static_cast<uid_t>(-1);
  char line[256];
  unsigned long uid = static_cast<unsigned long>(-1);
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "Uid: %lu", &uid) == 1) break;
  std::fclose(f);
  return static_cast<uid_t>(uid);
}

// One sweep (under children_mutex): kills what it finds, adds the run's own
// count to *own, reaps the escapees (*reaped: how many), sets *ended to the
// processes of the run that ended by themselves (zombies) and to those listed
// that were gone before they could be read, and returns the pids it killed.
std::vector<pid_t> sweep_leftovers(pid_t leader, uid_t own_uid, bool spare_leader, int* own, size_t* reaped,
                                   std::set<pid_t>* ended) {
  ended->clear();
  const pid_t self = ::getpid(), own_group = ::getpgrp();
  const uid_t judge_uid = ::getuid(), shared = static_cast<uid_t>(-1);
  std::map<pid_t, ProcessInfo> all;
  if (DIR* proc = ::opendir("/proc")) {
    while (struct dirent* entry = ::readdir(proc)) {
      char* end = nullptr;
      long pid = std::strtol(entry->d_name, &end, 10);
      ProcessInfo p;
      if (*end != '\0' || pid <= 0 || pid == self) continue;
      if (read_process(static_cast<pid_t>(pid), &p))
        all[static_cast<pid_t>(pid)] = p;
      else
        ended->insert(static_cast<pid_t>(pid));
    }
    ::closedir(proc);
  }
  // Each leftover and whether it is the run's for sure (under its leader) or an escapee's.
  enum Origin { kUnder, kEscaped };
  std::map<pid_t, Origin> left;
  std::vector<pid_t> escaped;  // our children by re-parenting: reaped below
  for (const auto& [pid, p] : all) {
    if (pid == leader) continue;
    if ((leader > 0 && p.group == leader) || (spare_leader && p.parent == leader)) left[pid] = kUnder;
    if (p.parent == self && p.group != own_group && !live_children.count(pid)) {
      escaped.push_back(pid);
      left.emplace(pid, kEscaped);
    }
  }
  for (bool grew = true; grew;) {  // their descendants, whatever group or session they made
    grew = false;
    for (const auto& [pid, p] : all) {
      auto parent = left.find(p.parent);
      if (pid != leader && parent != left.end() && left.emplace(pid, parent->second).second) grew = true;
    }
  }
  std::vector<pid_t> found;
  for (const auto& [pid, origin] : left) {
    const char state = all[pid].state;
    if (state == 'Z' || state == 'X') {  // ended by itself: nothing left running
      ended->insert(pid);
      continue;
    }
    found.push_back(pid);
    if (origin == kUnder || own_uid == shared) {
      ++*own;
    } else {
      const uid_t uid = read_user(pid);
      if (uid == own_uid)
        ++*own;
      else if (uid != shared && uid != judge_uid)
        ++escapees_of_user[uid];
    }
  }
  if (leader > 0 && !spare_leader) ::kill(-leader, SIGKILL);
  for (pid_t pid : found) ::kill(pid, SIGKILL);
  for (pid_t pid : escaped) ::waitpid(pid, nullptr, 0);
  *reaped = escaped.size();
  return found;
}

// Waits (at most a second in all) until the processes killed have died.
void wait_until_dead(const std::vector<pid_t>& killed) {
  const Deadline deadline = Deadline::after_ms(1000);
  for (pid_t pid : killed) {
    ProcessInfo p;
    while (read_process(pid, &p) && p.state != 'Z' && p.state != 'X' && !deadline.expired()) ::usleep(1000);
  }
}

// Kills and reaps what the run led by `leader` (reaped or being killed; still
// running if `spare_leader`, which is then left alone) left running: the live
// members of its process group, its children and theirs that left the group,
// and every escapee with its descendants. Returns how many of them are the
// run's own: all of them when the run shares the judge's user (own_uid ==
// -1), else those under its leader or running as own_uid, plus those counted
// for own_uid while other runs ended.
int kill_leftovers(pid_t leader, uid_t own_uid, bool spare_leader = false) {
  std::lock_guard<std::mutex> lock(children_mutex);
  // The group stops at once (nothing it does during the sweep counts), and
  // stays countable: a stopped process is not a zombie.
  if (leader > 0 && !spare_leader) ::kill(-leader, SIGSTOP);
  int own = 0;
  // The list of /proc is read ahead of each process's state: a process may
  // fork and end in between (its child then missing from the list, the
  // process itself a zombie or gone), and one killed in the middle of a fork
  // may leave a child too. So sweep again, once the killed are dead, until a
  // sweep kills nothing, reaps nothing and sees no process end that the
  // sweep before it did not see ended.
  std::set<pid_t> ended, ended_before;
  for (int round = 0; round < 8; ++round) {
    size_t reaped = 0;
    const std::vector<pid_t> killed = sweep_leftovers(leader, own_uid, spare_leader, &own, &reaped, &ended);
    const bool news = std::any_of(ended.begin(), ended.end(), [&](pid_t p) { return !ended_before.count(p); });
    if (killed.empty() && reaped == 0 && !news) break;
    ended_before.swap(ended);
    wait_until_dead(killed);
  }
  if (own_uid != static_cast<uid_t>(-1)) {
    auto counted = escapees_of_user.find(own_uid);
    if (counted != escapees_of_user.end()) {
      own += counted->second;
      escapees_of_user.erase(counted);
    }
  }
  return own;
}

// The environment the child gets: the judge's, with options.env set on top.
std::vector<std::string> child_environment(const SpawnOptions& options) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    bool replaced = false;
    for (const auto& kv : options.env)
      if (entry.compare(0, kv.first.size() + 1, kv.first + "=") == 0) replaced = true;
    if (!replaced) env.push_back(entry);
  }
  for (const auto& kv : options.env) env.push_back(kv.first + "=" + kv.second);
  return env;
}

// Closes the descriptors from `first` to `last` (-1: every one above), in the child.
void close_range_in_child(int first, int last) {
  if (last >= 0 && last < first) return;
  if (::syscall(SYS_close_range, first, last < 0 ? ~0U : static_cast<unsigned>(last), 0) != 0)
    for (int fd = first; fd <= (last < 0 ? 4095 : last); ++fd) ::close(fd);
}

// Runs in the forked child: only async-signal-safe calls until exec.
[[noreturn]] void become_child(const SpawnOptions& options, const Confinement& confinement, char* const* argv,
                               char* const* envp, int request_read, int reply_write, int output_fd, int refusal_fd) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // Move the channel out of the way first so dup2 onto 3/4/5 cannot clobber it.
  if (options.channel) {
    request_read = ::fcntl(request_read, F_DUPFD, 10);
    reply_write = ::fcntl(reply_write, F_DUPFD, 10);
  }
  if (refusal_fd >= 0) refusal_fd = ::fcntl(refusal_fd, F_DUPFD, 10);
  int null_fd = ::open("/dev/null", O_RDWR);
  if (null_fd < 0) ::_exit(kExecFailed);
  const bool on_stdio = options.channel && options.channel_on_stdio;
  if (on_stdio) {
    if (::dup2(request_read, 0) < 0 || ::dup2(reply_write, 1) < 0) ::_exit(kExecFailed);
  } else {
    ::dup2(null_fd, 0);
    ::dup2(output_fd >= 0 ? output_fd : null_fd, 1);
  }
  ::dup2(output_fd >= 0 ? output_fd : null_fd, 2);
  if (options.channel && !on_stdio) {
    if (::dup2(request_read, channel::kRequestFd) < 0) ::_exit(kExecFailed);
    if (::dup2(reply_write, channel::kReplyFd) < 0) ::_exit(kExecFailed);
  }
  if (refusal_fd >= 0 && ::dup2(refusal_fd, kRefusalFd) < 0) ::_exit(kExecFailed);
  // Everything else above stderr is closed: 3 and 4 unless they are the channel, 5 unless the table.
  int first_closed = options.channel && !on_stdio ? channel::kReplyFd + 1 : 3;
  if (refusal_fd >= 0) {
    close_range_in_child(first_closed, kRefusalFd - 1);
    first_closed = kRefusalFd + 1;
  }
  close_range_in_child(first_closed, -1);

  struct rlimit no_core = {0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  if (options.memory_limit_bytes > 0) {
    struct rlimit mem = {static_cast<rlim_t>(options.memory_limit_bytes),
                         static_cast<rlim_t>(options.memory_limit_bytes)};
    ::setrlimit(RLIMIT_AS, &mem);
  }
  if (options.file_size_limit_bytes > 0) {
    struct rlimit fsize = {static_cast<rlim_t>(options.file_size_limit_bytes),
                           static_cast<rlim_t>(options.file_size_limit_bytes)};
    ::setrlimit(RLIMIT_FSIZE, &fsize);
  }
  if (!options.workdir.empty() && ::chdir(options.workdir.c_str()) != 0) ::_exit(kExecFailed);
  if (!options.cpus.empty()) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu : options.cpus)
      if (cpu >= 0 && cpu < CPU_SETSIZE) CPU_SET(cpu, &set);
    if (::sched_setaffinity(0, sizeof set, &set) != 0) ::_exit(kExecFailed);
  }
  if (options.confine && !confinement.apply_in_child()) ::_exit(kExecFailed);
  ::signal(SIGPIPE, SIG_DFL);
  // Start with no blocked signals, whatever the forking thread had blocked.
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::execve(argv[0], argv, envp);
  ::_exit(kExecFailed);
}

}  // namespace

std::string ExitStatus::describe() const {
  switch (kind) {
    case kRunning: return "still running";
    case kExited: return "exited with code " + std::to_string(code);
    case kSignaled:
      return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")" +
             (signal == SIGSYS ? ": the sandbox forbids that system call" : "");
  }
  return "unknown";
}

Process::~Process() { kill(); }

bool Process::start(const SpawnOptions& options, std::string* error) {
  ignore_sigpipe_once();
  become_subreaper_once();
  if (options.argv.empty()) {
    if (error) *error = "no program to run";
    return false;
  }
  std::vector<std::string> args = options.argv, readable = options.readable_paths;
  std::vector<std::string> env_strings = child_environment(options);
  if (options.confine && sandbox_support().own_user) {
    // A run with its own user id uses copies of what that user could not reach.
    std::vector<std::string> paths = readable;
    paths.insert(paths.begin(), args[0]);
    std::vector<std::string*> strings;
    for (auto* list : {&args, &readable, &env_strings})
      for (std::string& s : *list) strings.push_back(&s);
    stage_unreachable(paths, strings);
  }
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : env_strings) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  int request[2] = {-1, -1}, reply[2] = {-1, -1};
  if (options.channel && (::pipe2(request, O_CLOEXEC) != 0 || ::pipe2(reply, O_CLOEXEC) != 0)) {
    if (error) *error = std::string("cannot create pipes: ") + std::strerror(errno);
    for (int fd : {request[0], request[1], reply[0], reply[1]})
      if (fd >= 0) ::close(fd);
    return false;
  }
  int output_fd = -1;
  if (!options.output_path.empty()) {
    output_fd = ::open(options.output_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (output_fd < 0) {
      if (error) *error = "cannot open output file '" + options.output_path + "': " + std::strerror(errno);
      for (int fd : {request[0], request[1], reply[0], reply[1]})
        if (fd >= 0) ::close(fd);
      return false;
    }
  }

  refusals_.close();
  if (options.count_refusals && !refusals_.create(error)) {
    for (int fd : {request[0], request[1], reply[0], reply[1], output_fd})
      if (fd >= 0) ::close(fd);
    return false;
  }

  if (options.confine) {
    ConfinementRequest walls;
    walls.workdir = options.workdir;
    walls.readable_paths = readable;
    walls.executable = args[0];
    walls.identity = options.identity;
    walls.may_start_processes = options.may_start_processes;
    walls.private_workdir = options.private_workdir;
    walls.shared_folders = options.shared_folders;
    walls.pinned = !options.cpus.empty();
    confinement_.prepare(walls);
  }

  std::unique_lock<std::mutex> registry(children_mutex);  // registered before any scan can see it
  pid_t pid = fork_between_writes();
  if (pid == 0)
    become_child(options, confinement_, argv.data(), envp.data(), request[0], reply[1], output_fd, refusals_.fd());
  int fork_errno = errno;
  if (pid > 0) live_children.insert(pid);
  registry.unlock();
  if (output_fd >= 0) ::close(output_fd);
  if (options.channel) {
    ::close(request[0]);
    ::close(reply[1]);
  }
  if (pid < 0) {
    confinement_.release();
    if (error) *error = std::string("cannot fork: ") + std::strerror(fork_errno);
    if (options.channel) {
      ::close(request[1]);
      ::close(reply[0]);
    }
    return false;
  }
  ::setpgid(pid, pid);  // also done by the child; whichever runs first wins the race
  pid_ = pid;
  reaped_ = false;
  daemons_killed_ = 0;
  status_ = ExitStatus();
  to_child_ = options.channel ? request[1] : -1;
  from_child_ = options.channel ? reply[0] : -1;
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  return true;
}

bool Process::send(const void* data, size_t size) {
  if (to_child_ < 0) return false;
  return write_all(to_child_, data, size);
}

IoResult Process::receive(void* data, size_t size, Deadline deadline) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    size_t got = 0;
    const IoResult io = receive_some(p, size, deadline, &got);
    if (io != IoResult::kOk) return io;
    p += got;
    size -= got;
  }
  return IoResult::kOk;
}

IoResult Process::receive_some(void* data, size_t size, Deadline deadline, size_t* got) {
  *got = 0;
  if (from_child_ < 0) return IoResult::kClosed;
  for (;;) {
    struct pollfd pfd = {from_child_, POLLIN, 0};
    int ready = ::poll(&pfd, 1, deadline.poll_timeout_ms());
    if (ready < 0) {
      if (errno == EINTR) continue;
      return IoResult::kClosed;
    }
    if (ready == 0) return IoResult::kTimeout;
    ssize_t n = ::read(from_child_, data, size);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return IoResult::kClosed;
    }
    if (n == 0) return IoResult::kClosed;
    *got = static_cast<size_t>(n);
    return IoResult::kOk;
  }
}

namespace {
// A "Name:   1234 kB" line of /proc/<pid>/status, in KiB; 0 if there is none.
long long status_kb(pid_t pid, const char* name) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/status", static_cast<int>(pid));
  FILE* f = std::fopen(path, "re");
  if (!f) return 0;
  char line[256];
  long long kb = 0;
  const size_t n = std::strlen(name);
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, name, n) == 0 && line[n] == ':') {
      kb = std::atoll(line + n + 1);
      break;
    }
  std::fclose(f);
  return kb;
}
}  // namespace

long long Process::resident_kb() const { return running() ? status_kb(pid_, "VmRSS") : 0; }
long long Process::peak_resident_kb() const { return running() ? status_kb(pid_, "VmHWM") : 0; }

size_t Process::pending() const {
  int n = 0;
  if (from_child_ < 0 || ::ioctl(from_child_, FIONREAD, &n) != 0 || n < 0) return 0;
  return static_cast<size_t>(n);
}

bool Process::reap(bool block, ExitStatus* status) {
  if (pid_ <= 0) return false;
  if (!reaped_) {
    int raw = 0;
    struct rusage usage;
    std::memset(&usage, 0, sizeof usage);
    pid_t r;
    do {
      r = ::wait4(pid_, &raw, block ? 0 : WNOHANG, &usage);
    } while (r < 0 && errno == EINTR);
    if (r == 0) return false;
    reaped_ = true;
    if (r == pid_) {
      if (WIFEXITED(raw)) {
        status_.kind = ExitStatus::kExited;
        status_.code = WEXITSTATUS(raw);
      } else if (WIFSIGNALED(raw)) {
        status_.kind = ExitStatus::kSignaled;
        status_.signal = WTERMSIG(raw);
      }
      status_.cpu_seconds =
          usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    }
    // Grandchildren the program left behind die with it, escaped ones too.
    close_fds();
    {
      std::lock_guard<std::mutex> lock(children_mutex);
      live_children.erase(pid_);
    }
    daemons_killed_ = kill_leftovers(pid_, confinement_.own_user_id());
    confinement_.release();
  }
  if (status) *status = status_;
  return true;
}

bool Process::wait(Deadline deadline, ExitStatus* status) {
  if (pid_ <= 0) return false;
  if (reaped_) return reap(false, status);
  if (pidfd_ >= 0) {
    for (;;) {
      struct pollfd pfd = {pidfd_, POLLIN, 0};
      int ready = ::poll(&pfd, 1, deadline.poll_timeout_ms());
      if (ready < 0 && errno == EINTR) continue;
      if (ready > 0) return reap(true, status);
      return reap(false, status);
    }
  }
  // No pidfd: poll the child's state every millisecond.
  for (;;) {
    if (reap(false, status)) return true;
    if (deadline.expired()) return false;
    ::usleep(1000);
  }
}

void Process::kill(ExitStatus* status) {
  if (pid_ <= 0) return;
  // The group stops, the child dies: what it left running is still there to
  // be counted when it is reaped, then killed (reap() does both).
  if (!reaped_) {
    ::kill(-pid_, SIGSTOP);
    ::kill(pid_, SIGKILL);
  }
  reap(true, status);
}

void Process::pause() {
  if (pid_ > 0 && !reaped_) ::kill(-pid_, SIGSTOP);
}

void Process::resume() {
  if (pid_ > 0 && !reaped_) ::kill(-pid_, SIGCONT);
}

int Process::kill_leftovers_now() {
  if (pid_ <= 0 || reaped_) return 0;
  return kill_leftovers(pid_, confinement_.own_user_id(), /*spare_leader=*/true);
}

void Process::close_fds() {
  for (int* fd : {&to_child_, &from_child_, &pidfd_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

namespace channel {

bool read_exact(int fd, void* data, size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    ssize_t n = ::read(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool write_exact(int fd, const void* data, size_t size) { return write_all(fd, data, size); }

}  // namespace channel

std::string self_executable() {
  char buf[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "/proc/self/exe";
  buf[n] = '\0';
  return buf;
}

void kill_every_child() {
  std::lock_guard<std::mutex> lock(children_mutex);
  for (pid_t pid : live_children) {
    ::kill(-pid, SIGKILL);  // its process group: the program and what it started
    ::kill(pid, SIGKILL);
  }
}

}  // namespace judge
