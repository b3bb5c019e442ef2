#include "interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <thread>

#include "atomic_file.h"
#include "sandbox.h"
#include "staging.h"
#include "workdir.h"

namespace judge {

void die_cleanly_on_signal(std::function<void(int signal)> cleanup) {
  static sigset_t signals;  // read by the waiting thread for the process's lifetime
  sigemptyset(&signals);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, sig);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([cleanup = std::move(cleanup)] {
    int sig = 0;
    if (sigwait(&signals, &sig) != 0) return;
    results_mutex().lock();  // never between a game's two writes; held until the end
    if (cleanup) cleanup(sig);
    // The runs die first (a plugin host stopped between its moves would never
    // read the end of its channel), then their folders go.
    kill_every_child();
    remove_workdirs();
    remove_staged_copies();
    std::signal(sig, SIG_DFL);
    pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
    raise(sig);
    _exit(128 + sig);  // only if the default action did not end the process
  }).detach();
}

}  // namespace judge
