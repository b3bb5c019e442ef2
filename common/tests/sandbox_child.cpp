// The child program the sandbox tests run under judge::Process: one small,
// predictable behaviour per mode.
//
//   exit N          exits with code N
//   raise N         raises signal N
//   alloc MB        allocates and touches MB megabytes: exits 0, or 3 on bad_alloc
//   print           "to stdout" on fd 1 and "to stderr" on fd 2, then exits 0
//   cwd             prints its working folder
//   env NAME        prints $NAME (or "<unset>")
//   identity PATH   prints its user id, its argv[0] and the first word of PATH
//   echo            reads an int on fd 3, writes it + 1 on fd 4, until EOF
//   spawn_spinner   forks a spinning child, prints its pid, then spins itself
//   bigfile MB      writes MB megabytes to "big.bin" in its working folder
//   fds             prints the numbers of its open file descriptors
//   leave_running   leaves a sleeping child in its process group and a daemon
//                   (new session, double fork), prints both pids, exits 0
//   open PATH N     opens PATH N times, prints how many failed with EACCES
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <new>
#include <string>
#include <vector>

static void spin() {
  volatile unsigned long long n = 0;
  for (;;) n = n + 1;
}

int main(int argc, char** argv) {
  if (argc < 2) return 100;
  std::string mode = argv[1];
  if (mode == "exit" && argc == 3) return atoi(argv[2]);
  if (mode == "raise" && argc == 3) {
    raise(atoi(argv[2]));
    return 101;
  }
  if (mode == "alloc" && argc == 3) {
    try {
      std::vector<char*> blocks;
      for (long i = 0; i < atol(argv[2]); ++i) {
        char* block = new char[1 << 20];
        memset(block, 7, 1 << 20);
        blocks.push_back(block);
      }
      return 0;
    } catch (const std::bad_alloc&) {
      return 3;
    }
  }
  if (mode == "print") {
    fputs("to stdout\n", stdout);
    fflush(stdout);
    fputs("to stderr\n", stderr);
    return 0;
  }
  if (mode == "cwd") {
    char buf[4096];
    if (!getcwd(buf, sizeof buf)) return 102;
    printf("%s\n", buf);
    return 0;
  }
  if (mode == "env" && argc == 3) {
    const char* v = getenv(argv[2]);
    printf("%s\n", v ? v : "<unset>");
    return 0;
  }
  if (mode == "identity" && argc == 3) {  // who runs, from where, and the first word of a file
    char word[64] = "<unreadable>";
    FILE* f = fopen(argv[2], "r");
    if (f && fscanf(f, "%63s", word) != 1) strcpy(word, "<empty>");
    if (f) fclose(f);
    printf("%u %s %s\n", static_cast<unsigned>(getuid()), argv[0], word);
    return 0;
  }
  if (mode == "echo") {
    int v;
    while (read(3, &v, sizeof v) == sizeof v) {
      ++v;
      if (write(4, &v, sizeof v) != sizeof v) return 103;
    }
    return 0;
  }
  if (mode == "spawn_spinner") {
    pid_t pid = fork();
    if (pid == 0) spin();
    printf("%d\n", static_cast<int>(pid));
    fflush(stdout);
    spin();
  }
  if (mode == "bigfile" && argc == 3) {
    FILE* f = fopen("big.bin", "w");
    if (!f) return 104;
    std::vector<char> mb(1 << 20, 'x');
    for (long i = 0; i < atol(argv[2]); ++i)
      if (fwrite(mb.data(), 1, mb.size(), f) != mb.size()) return 105;
    return fclose(f) == 0 ? 0 : 106;
  }
  if (mode == "fds") {
    DIR* d = opendir("/proc/self/fd");
    if (!d) return 107;
    std::vector<int> fds;
    int own = dirfd(d);
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.' && atoi(e->d_name) != own) fds.push_back(atoi(e->d_name));
    closedir(d);
    for (int fd : fds) printf("%d ", fd);
    printf("\n");
    return 0;
  }
  if (mode == "leave_running") {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) return 108;
    pid_t sleeper = fork();
    if (sleeper == 0) {
      for (;;) pause();
    }
    pid_t middle = fork();
    if (middle == 0) {
      setsid();
      pid_t daemon = fork();
      if (daemon == 0) {
        for (;;) pause();
      }
      if (write(pipe_fds[1], &daemon, sizeof daemon) != sizeof daemon) _exit(1);
      _exit(0);
    }
    pid_t daemon = -1;
    if (read(pipe_fds[0], &daemon, sizeof daemon) != sizeof daemon) return 109;
    waitpid(middle, nullptr, 0);  // the daemon is now the judge's (a subreaper)
    printf("%d %d\n", static_cast<int>(sleeper), static_cast<int>(daemon));
    return 0;
  }
  if (mode == "open" && argc == 4) {
    int refused = 0;
    for (int i = 0; i < atoi(argv[3]); ++i) {
      int fd = open(argv[2], O_RDONLY);
      if (fd >= 0)
        close(fd);
      else if (errno == EACCES)
        ++refused;
    }
    printf("%d\n", refused);
    return 0;
  }
  return 100;
}
