// The kernel's walls around a sandboxed child: what it may see, reach and
// signal, once it has been exec'd.
//
// Each layer is used when the kernel allows it and skipped (and reported as
// off) when it refuses, e.g. in a container:
//   - own user: a judge running as root runs each child as a user id of its
//     own (from a range no account uses), so it can neither signal nor read
//     anything of the judge's or of another child's, and a process cap
//     (RLIMIT_NPROC) counts only its own processes;
//   - Landlock: the filesystem is read-only system folders (/usr, /lib, /etc
//     ...), the child's own program and plugin file, and its working folder;
//     no TCP bind or connect; no signal to, and no abstract socket of, any
//     process outside its own domain (its own children are inside);
//   - seccomp: a system call the sandbox forbids kills the child with
//     SIGSYS: a socket of any family but AF_UNIX, ptrace and
//     process_vm_readv/writev, io_uring, namespaces, mounts, bpf, keys, and a
//     kill aimed at the judge, its process group or every process (-1).
// The judge probes the kernel once (in a throwaway child) and applies in each
// child exactly the layers the probe found working; a layer that then fails
// stops the child before exec (exit code 127), never runs it unconfined.
#pragma once
#include <linux/filter.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace judge {

struct SandboxSupport {
  bool own_user = false;       // setresuid to an unused uid works (the judge runs as root)
  int landlock_abi = 0;        // 0: no Landlock; 4+: TCP rules too; 6+: signal and socket scoping
  bool seccomp = false;        // a seccomp filter can be installed
  bool process_limit = false;  // RLIMIT_NPROC is meaningful (needs own_user)
};

// What this kernel allows, probed on first use (thread-safe).
const SandboxSupport& sandbox_support();

// One line for a judge's stderr at start: "sandbox: ..." naming every layer on or off.
std::string sandbox_summary_line();
// Several lines for --sandbox-report: each protection, active or not, and why.
std::string sandbox_report();

// What a plugin is allowed beyond the system folders, prepared in the parent
// (allocating) and applied in the forked child (system calls only).
struct ConfinementRequest {
  std::string workdir;                      // read, write, create, delete beneath ("" = none)
  std::vector<std::string> readable_paths;  // extra read-only files or folders (a plugin's .so)
  std::string executable;                   // the program exec'd: read and execute
  int identity = -1;                        // >= 0: the same user id on every run with it
  long long process_limit = 256;            // RLIMIT_NPROC of the child's user (own_user only)
  // A run without its own user id has no process cap, so it may not start
  // processes, unless it is a trusted tool that needs to (the compiler).
  bool may_start_processes = false;
  bool private_workdir = false;             // the workdir is this run's alone: handed to its user, mode 0700
  std::vector<std::string> shared_folders;  // read, write, create beneath, like a shared workdir
  bool pinned = false;                      // kept to a set of cores: sched_setaffinity fails with EPERM
};

// Gives `paths` to the user id that runs with `identity` (when runs get users
// of their own), so that the program may rewrite them; call before watching
// them for changes, since the handover changes their attributes.
void hand_over(const std::vector<std::string>& paths, int identity);

class Confinement {
 public:
  // Allocates the child's user id (released by release()) and opens nothing yet.
  void prepare(const ConfinementRequest& request);
  // In the forked child, before exec: every layer the probe found working.
  // False if one of them failed (the child must not run).
  bool apply_in_child() const;
  // The parent, once the child is reaped: its user id may be handed out again.
  void release();
  // The run's own user id, or (uid_t)-1 when it runs as the judge's user.
  uid_t own_user_id() const { return own_user_ ? uid_ : static_cast<uid_t>(-1); }

 private:
  ConfinementRequest request_;
  bool own_user_ = false;  // this run gets its own user id
  uid_t uid_ = 0;
  int slot_ = -1;
  pid_t judge_pid_ = 0, judge_group_ = 0;
  std::vector<sock_filter> filter_;
};

}  // namespace judge
