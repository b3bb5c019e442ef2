#include "confinement.h"
#include "workdir.h"

#include <fcntl.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "fork_lock.h"
#include "staging.h"

namespace judge {
namespace {

// --- Landlock, spelled out here: the system's headers may predate the ABI ---
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
constexpr uint32_t kLandlockVersion = 1;  // LANDLOCK_CREATE_RULESET_VERSION
constexpr int kLandlockRulePathBeneath = 1;

struct LandlockRulesetAttr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;  // ABI 4
  uint64_t scoped;              // ABI 6
};
struct __attribute__((packed)) LandlockPathBeneath {
  uint64_t allowed_access;
  int32_t parent_fd;
};

enum : uint64_t {
  kFsExecute = 1ULL << 0,
  kFsWriteFile = 1ULL << 1,
  kFsReadFile = 1ULL << 2,
  kFsReadDir = 1ULL << 3,
  kFsRemoveDir = 1ULL << 4,
  kFsRemoveFile = 1ULL << 5,
  kFsMakeChar = 1ULL << 6,
  kFsMakeDir = 1ULL << 7,
  kFsMakeReg = 1ULL << 8,
  kFsMakeSock = 1ULL << 9,
  kFsMakeFifo = 1ULL << 10,
  kFsMakeBlock = 1ULL << 11,
  kFsMakeSym = 1ULL << 12,
  kFsRefer = 1ULL << 13,
  kFsTruncate = 1ULL << 14,
  kFsIoctlDev = 1ULL << 15,
};
constexpr uint64_t kNetBindTcp = 1ULL << 0, kNetConnectTcp = 1ULL << 1;
constexpr uint64_t kScopeAbstractUnixSocket = 1ULL << 0, kScopeSignal = 1ULL << 1;

// The rights a file (not a folder) can carry in a rule.
constexpr uint64_t kFileRights = kFsExecute | kFsWriteFile | kFsReadFile | kFsTruncate | kFsIoctlDev;
constexpr uint64_t kReadOnly = kFsReadFile | kFsReadDir;
constexpr uint64_t kReadExecute = kReadOnly | kFsExecute;

uint64_t handled_fs(int abi) {
  uint64_t all = (kFsMakeSym << 1) - 1;  // ABI 1: bits 0..12
  if (abi >= 2) all |= kFsRefer;
  if (abi >= 3) all |= kFsTruncate;
  if (abi >= 5) all |= kFsIoctlDev;
  return all;
}

// Where programs load from: read and execute, never write.
const char* const kSystemFolders[] = {"/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc"};
// Read-only system files a program may use.
const char* const kReadableFiles[] = {"/dev/urandom", "/dev/random", "/sys/devices/system/cpu"};
// Writable devices that hold nothing.
const char* const kNullDevices[] = {"/dev/null", "/dev/zero", "/dev/full"};

// --- seccomp ---------------------------------------------------------------
#if defined(__x86_64__)
constexpr uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#else
constexpr uint32_t kAuditArch = 0;  // unknown architecture: no seccomp layer
#endif

// System calls no game needs, which reach beyond the child or into the kernel.
const long kForbiddenCalls[] = {
    __NR_ptrace,
    __NR_process_vm_readv,
    __NR_process_vm_writev,
    __NR_unshare,
    __NR_setns,
    __NR_mount,
    __NR_umount2,
    __NR_pivot_root,
    __NR_chroot,
    __NR_bpf,
    __NR_perf_event_open,
    __NR_keyctl,
    __NR_add_key,
    __NR_request_key,
    __NR_userfaultfd,
    __NR_init_module,
    __NR_finit_module,
    __NR_delete_module,
    __NR_kexec_load,
#ifdef __NR_io_uring_setup
    __NR_io_uring_setup,
    __NR_io_uring_enter,
    __NR_io_uring_register,
#endif
#ifdef __NR_open_tree
    __NR_open_tree,
    __NR_move_mount,
    __NR_fsopen,
    __NR_fsmount,
#endif
};

constexpr uint32_t kArgLow = offsetof(struct seccomp_data, args[0]);  // little-endian low word of arg 0

// Kills the child on a forbidden call; a socket() of a family but AF_UNIX; a
// kill() aimed at every process (-1), at the judge or at the judge's group.
// With `refuse_new_processes` (a run without a user id, hence without a
// process cap, of its own), fork, vfork and a clone that is not a thread fail
// with EAGAIN, as they would at the cap; clone3 fails with ENOSYS, so that the
// C library starts threads with clone instead.
std::vector<sock_filter> build_filter(pid_t judge_pid, pid_t judge_group, bool refuse_new_processes,
                                      bool refuse_affinity = false) {
  std::vector<sock_filter> f;
  auto stmt = [&](uint16_t code, uint32_t k) { f.push_back(BPF_STMT(code, k)); };
  auto jump = [&](uint16_t code, uint32_t k, uint8_t jt, uint8_t jf) { f.push_back(BPF_JUMP(code, k, jt, jf)); };
  const uint32_t kill = SECCOMP_RET_KILL_PROCESS, allow = SECCOMP_RET_ALLOW;
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
  jump(BPF_JMP | BPF_JEQ | BPF_K, kAuditArch, 1, 0);
  stmt(BPF_RET | BPF_K, kill);
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
  jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);  // the x32 ABI
  stmt(BPF_RET | BPF_K, kill);
#endif
  if (refuse_new_processes) {
    const uint32_t again = SECCOMP_RET_ERRNO | (EAGAIN & SECCOMP_RET_DATA);
#ifdef __NR_fork
    jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_fork, 0, 1);
    stmt(BPF_RET | BPF_K, again);
#endif
#ifdef __NR_vfork
    jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_vfork, 0, 1);
    stmt(BPF_RET | BPF_K, again);
#endif
#ifdef __NR_clone3
    jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
    // clone(flags, ...): a thread only.
    jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4);
    stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow);
    jump(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1);
    stmt(BPF_RET | BPF_K, allow);
    stmt(BPF_RET | BPF_K, again);
  }
  if (refuse_affinity) {  // a run kept to its game's share of the cores stays there
    jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_sched_setaffinity, 0, 1);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
  }
  for (long nr : kForbiddenCalls) {
    jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, 1);
    stmt(BPF_RET | BPF_K, kill);
  }
  // socket(domain, ...): AF_UNIX only.
  jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 4);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow);
  jump(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1);
  stmt(BPF_RET | BPF_K, allow);
  stmt(BPF_RET | BPF_K, kill);
  // kill(pid, sig): not -1, not the judge, not the judge's group.
  jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 0, 6);
  stmt(BPF_LD | BPF_W | BPF_ABS, kArgLow);
  jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(-1), 3, 0);
  jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(judge_pid), 2, 0);
  jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(-judge_group), 1, 0);
  stmt(BPF_RET | BPF_K, allow);
  stmt(BPF_RET | BPF_K, kill);
  stmt(BPF_RET | BPF_K, allow);
  return f;
}

// --- user ids ----------------------------------------------------------------
// Child user ids: kUidBase + judge pid * kSlots + slot. No account uses this
// range, pids are unique among running judges, and the largest (pid_max is at
// most 2^22) stays below 2^31.
constexpr uid_t kUidBase = 1000000000;
constexpr int kSlots = 256;
constexpr int kIdentities = 16;  // slots 0..15: stable identities; the rest handed out in turn
constexpr int kProbeSlot = kSlots - 1;

uid_t uid_for(pid_t judge_pid, int slot) {
  return kUidBase + static_cast<uid_t>(judge_pid) * kSlots + static_cast<uid_t>(slot);
}

std::mutex slot_mutex;
bool slot_busy[kSlots];
int next_slot = kIdentities;

int take_slot() {
  std::lock_guard<std::mutex> lock(slot_mutex);
  for (int tries = 0; tries < kSlots - kIdentities - 1; ++tries) {
    int slot = next_slot;
    next_slot = next_slot + 1 >= kProbeSlot ? kIdentities : next_slot + 1;
    if (!slot_busy[slot]) {
      slot_busy[slot] = true;
      return slot;
    }
  }
  return kProbeSlot - 1;  // every slot busy: share the last one (the process cap is then shared)
}

void give_slot(int slot) {
  std::lock_guard<std::mutex> lock(slot_mutex);
  if (slot >= kIdentities && slot < kSlots) slot_busy[slot] = false;
}

// --- the layers, each async-signal-safe ----------------------------------------
bool become_user(uid_t uid) {
  return ::setgroups(0, nullptr) == 0 && ::setresgid(uid, uid, uid) == 0 && ::setresuid(uid, uid, uid) == 0;
}

void add_rule(int ruleset, const char* path, uint64_t access, uint64_t handled) {
  int fd = ::open(path, O_PATH | O_CLOEXEC);
  if (fd < 0) return;  // a folder this system lacks
  struct stat st;
  if (::fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) access &= kFileRights;
  LandlockPathBeneath rule = {access & handled, fd};
  if (rule.allowed_access) ::syscall(SYS_landlock_add_rule, ruleset, kLandlockRulePathBeneath, &rule, 0);
  ::close(fd);
}

// A ruleset of the request's paths, or -1.
int build_ruleset(const ConfinementRequest& request, int abi) {
  LandlockRulesetAttr attr = {handled_fs(abi), 0, 0};
  size_t size = sizeof(uint64_t);
  if (abi >= 4) {
    attr.handled_access_net = kNetBindTcp | kNetConnectTcp;  // no rule: no TCP at all
    size = 2 * sizeof(uint64_t);
  }
  if (abi >= 6) {
    attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
    size = sizeof attr;
  }
  int ruleset = static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, size, 0));
  if (ruleset < 0) return -1;
  const uint64_t all = attr.handled_access_fs;
  for (const char* dir : kSystemFolders) add_rule(ruleset, dir, kReadExecute, all);
  for (const char* file : kReadableFiles) add_rule(ruleset, file, kReadOnly, all);
  for (const char* dev : kNullDevices) add_rule(ruleset, dev, kFsReadFile | kFsWriteFile | kFsTruncate, all);
  add_rule(ruleset, "/proc/self", kReadOnly, all);  // resolves to this process's own folder
  if (!request.executable.empty()) add_rule(ruleset, request.executable.c_str(), kReadExecute, all);
  for (const std::string& path : request.readable_paths) add_rule(ruleset, path.c_str(), kReadOnly, all);
  if (!request.workdir.empty()) add_rule(ruleset, request.workdir.c_str(), all, all);
  for (const std::string& folder : request.shared_folders) add_rule(ruleset, folder.c_str(), all, all);
  return ruleset;
}

bool install_filter(const std::vector<sock_filter>& filter) {
  struct sock_fprog program = {static_cast<unsigned short>(filter.size()), const_cast<sock_filter*>(filter.data())};
  return ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) == 0;
}

// --- the probe ---------------------------------------------------------------
enum ProbeBit : uint8_t { kOwnUser = 1, kLandlock = 2, kSeccomp = 4 };

SandboxSupport probe() {
  SandboxSupport support;
  long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kLandlockVersion);
  const int landlock_abi = abi > 0 ? static_cast<int>(abi) : 0;
  const pid_t judge = ::getpid();
  std::vector<sock_filter> filter = build_filter(judge, ::getpgrp(), /*refuse_new_processes=*/true);
  ConfinementRequest nothing;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return support;
  pid_t pid = fork_between_writes();
  if (pid == 0) {
    uint8_t bits = 0;
    if (::geteuid() == 0 && become_user(uid_for(judge, kProbeSlot))) bits |= kOwnUser;
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) {
      if (landlock_abi > 0) {
        int ruleset = build_ruleset(nothing, landlock_abi);
        if (ruleset >= 0 && ::syscall(SYS_landlock_restrict_self, ruleset, 0) == 0) bits |= kLandlock;
      }
      if (kAuditArch != 0 && install_filter(filter)) bits |= kSeccomp;
    }
    ssize_t ignored = ::write(fds[1], &bits, 1);
    (void)ignored;
    ::_exit(0);
  }
  ::close(fds[1]);
  uint8_t bits = 0;
  if (pid > 0) {
    if (::read(fds[0], &bits, 1) != 1) bits = 0;
    ::waitpid(pid, nullptr, 0);
  }
  ::close(fds[0]);
  support.own_user = bits & kOwnUser;
  support.landlock_abi = (bits & kLandlock) ? landlock_abi : 0;
  support.seccomp = bits & kSeccomp;
  support.process_limit = support.own_user;
  return support;
}

const char* on(bool b) { return b ? "on " : "off"; }

}  // namespace

const SandboxSupport& sandbox_support() {
  static const SandboxSupport support = probe();
  return support;
}

std::string sandbox_summary_line() {
  const SandboxSupport& s = sandbox_support();
  std::string line = "sandbox:";
  line += s.own_user ? " own user id," : " same user as the judge,";
  line += s.landlock_abi ? " Landlock ABI " + std::to_string(s.landlock_abi) + " (files" +
                               (s.landlock_abi >= 4 ? ", TCP" : "") + (s.landlock_abi >= 6 ? ", signals" : "") + "),"
                         : " no Landlock,";
  line += s.seccomp ? " seccomp," : " no seccomp,";
  line += s.process_limit ? " process cap," : s.seccomp ? " no new processes," : " no process cap,";
  line += " memory and file size caps,";
  line += workdir_cap_active() ? " a capped folder per game," : " a folder per game (no size cap),";
  line += " process group killed";
  return line;
}

std::string sandbox_report() {
  const SandboxSupport& s = sandbox_support();
  const int abi = s.landlock_abi;
  std::string r = "Protections of every plugin and program the judge runs, on this kernel:\n";
  auto row = [&](const char* what, bool active, const std::string& how) {
    r += std::string("  ") + on(active) + "  " + what + ": " + how + "\n";
  };
  row("own user", s.own_user,
      s.own_user ? "each run as a user id no account uses, no groups: it cannot signal, trace or write "
                   "anything of the judge's or of another run's"
                 : (::geteuid() == 0 ? "the kernel refused setresuid to an unused id" : "the judge is not root"));
  row("process cap", s.process_limit || s.seccomp,
      s.process_limit ? "RLIMIT_NPROC 256 processes and threads per run: a fork bomb's forks fail"
                      : std::string(s.seccomp ? "no own user id: seccomp refuses fork and clone (threads only)"
                                              : "needs the own user id"));
  row("filesystem", abi > 0,
      abi > 0 ? "Landlock ABI " + std::to_string(abi) +
                    ": read-only /usr /lib* /bin /sbin /etc, its own program and plugin file, its working "
                    "folder read-write; anything else is refused"
              : "no Landlock: files are guarded by the user id and permissions alone");
  row("network", abi >= 4 || s.seccomp,
      std::string(s.seccomp ? "seccomp kills a socket of any family but AF_UNIX" : "") +
          (abi >= 4 ? std::string(s.seccomp ? "; " : "") + "Landlock refuses TCP bind and connect" : ""));
  row("signals", abi >= 6 || s.seccomp || s.own_user,
      std::string(abi >= 6 ? "Landlock refuses signals to processes outside the run's own; " : "") +
          (s.seccomp ? "seccomp kills kill() aimed at the judge, its group or every process" : "user id alone"));
  row("ptrace, memory", s.seccomp || abi > 0,
      std::string(s.seccomp ? "seccomp kills ptrace and process_vm_readv/writev; " : "") +
          "plugin hosts are not dumpable; /proc of other processes is " + (abi > 0 ? "out of view" : "in view"));
  row("kernel surface", s.seccomp,
      s.seccomp ? "seccomp kills io_uring, namespaces, mounts, chroot, bpf, perf, keys, modules" : "no seccomp");
  row("memory", true, "RLIMIT_AS (--memory-limit): an allocation over it fails");
  row("file size", true, "RLIMIT_FSIZE 64 MB per file: SIGXFSZ, a runtime error");
  row("working folder", workdir_cap_active(), workdir_cap_report());
  row("fair CPU", true,
      "a ConnectFour plugin's process group is stopped between its moves (Compete, Tournament, Grade: "
      "--no-freeze turns it off); under -j N each game keeps to its share of the cores "
      "(CPU affinity; sched_setaffinity fails with EPERM)");
  row("leftovers", true,
      "no core dumps; the run's process group is killed after each run, and the judge (a child subreaper) "
      "kills daemons that left it; the record counts them per side");
  row("pid namespace", false, "not used: the user id, Landlock and seccomp guard other processes");
  return r;
}

void hand_over(const std::vector<std::string>& paths, int identity) {
  if (!sandbox_support().own_user || identity < 0) return;
  const uid_t uid = uid_for(::getpid(), identity % kIdentities);
  for (const std::string& path : paths)
    if (::chown(path.c_str(), uid, uid) != 0) {
      // Left to the judge's user: the program then cannot rewrite it and the turn shows why.
    }
}

void Confinement::prepare(const ConfinementRequest& request) {
  request_ = request;
  judge_pid_ = ::getpid();
  judge_group_ = ::getpgrp();
  own_user_ = false;
  // Without a user id of its own a run has no process cap: it may not start processes at all.
  filter_ = build_filter(judge_pid_, judge_group_, !request.may_start_processes, request.pinned);
  if (!sandbox_support().own_user) return;
  // Another user must reach the program, its files and its folder (the sandbox
  // stages copies of files that others cannot reach: staging.h); else this run
  // keeps the judge's user (Landlock and seccomp still apply), said once.
  std::string blocker;
  bool reachable = reachable_by_others(request.executable, S_IXOTH, &blocker);
  for (const std::string& path : request.readable_paths)
    reachable = reachable && reachable_by_others(path, S_IROTH, &blocker);
  reachable = reachable && reachable_by_others(request.workdir, 0, &blocker);
  for (const std::string& folder : request.shared_folders)
    reachable = reachable && reachable_by_others(folder, 0, &blocker);
  if (!reachable) {
    static std::once_flag once;
    std::call_once(once, [&] {
      std::string note = "sandbox: '" + blocker +
                         "' is closed to other users, so plugins run as the judge's user (no own user id; "
                         "new processes refused instead of capped); open it (chmod o+x folders, o+r files) "
                         "for the full sandbox\n";
      ssize_t ignored = ::write(2, note.data(), note.size());
      (void)ignored;
    });
    return;
  }
  own_user_ = true;
  filter_ = build_filter(judge_pid_, judge_group_, /*refuse_new_processes=*/false, request.pinned);
  slot_ = request.identity >= 0 ? request.identity % kIdentities : take_slot();
  uid_ = uid_for(judge_pid_, slot_);
}

void Confinement::release() {
  if (slot_ >= 0) give_slot(slot_);
  slot_ = -1;
}

bool Confinement::apply_in_child() const {
  const SandboxSupport& s = sandbox_support();
  const bool own_user = own_user_;
  if (own_user) {
    // The run's user must write its working folder: a folder of its own
    // becomes its user's alone; a shared one (a PDD game's) stays open to all.
    if (!request_.workdir.empty() && request_.private_workdir) {
      if (::chown(request_.workdir.c_str(), uid_, uid_) != 0 || ::chmod(request_.workdir.c_str(), 0700) != 0)
        return false;
    } else if (!request_.workdir.empty()) {
      ::chmod(request_.workdir.c_str(), 01777);
    }
    for (const std::string& folder : request_.shared_folders) ::chmod(folder.c_str(), 01777);
  }
  int ruleset = -1;
  if (s.landlock_abi > 0 && (ruleset = build_ruleset(request_, s.landlock_abi)) < 0) return false;
  if (own_user && s.process_limit) {
    struct rlimit nproc = {static_cast<rlim_t>(request_.process_limit), static_cast<rlim_t>(request_.process_limit)};
    if (::setrlimit(RLIMIT_NPROC, &nproc) != 0) return false;
  }
  if (own_user) {
    if (!become_user(uid_)) return false;
    // A change of user clears the parent-death signal (prctl(2)): set it again,
    // so that a host whose judge is killed (kill -9) dies too, stopped between
    // its moves or not, and leave at once if the judge is already gone.
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != judge_pid_) return false;
  }
  if ((s.landlock_abi > 0 || s.seccomp) && ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  if (ruleset >= 0) {
    if (::syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) return false;
    ::close(ruleset);
  }
  if (s.seccomp && !install_filter(filter_)) return false;
  return true;
}

}  // namespace judge
