// A deliberately broken test plugin. FAULT (a string, set by the makefile)
// names the misbehaviour; it happens on the plugin's second call of each game
// (so the board already holds stones), the first call being a legal random move.
//
// Faults in getPoint: segv_get throw_get abort_get loop_get sleep_get alloc_get
//   exit_get null_get off_board full_column blocked not_lowest orphan_get
//   refused_abort (aborts when a file outside its folder is refused)
// Faults in clearPoint: segv_clear double_free_clear throw_clear sleep_clear exit_clear
// Legal but unruly: print (stdout/stderr), write_file (in its working folder),
//   big_cache (180 MB of files in its working folder at its first move),
//   scribble (writes over top and _board), first_column (lowest open column).
// The misbehaviours every judge's tests share (crash, spin, exit, print,
// exhaust memory) come from common/tests/plugins/misbehave.h.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <stdexcept>

#include "../../../common/tests/plugins/misbehave.h"
#include "Point.h"
#include "plugin_util.h"

#ifndef FAULT
#error "build with -DFAULT=\"name\""
#endif

namespace {

int calls = 0;  // getPoint calls so far in this game (one host process per game)

bool is(const char* name) { return strcmp(FAULT, name) == 0; }
bool now() { return calls == 2; }

// Static constructor output must not reach the judge's stdout either.
struct Greeter {
  Greeter() {
    if (is("print")) printf("PLUGIN-NOISE from a static constructor\n");
  }
} greeter;

}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  ++calls;
  Point* legal = test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
  if (is("print")) {
    misbehave::print_everywhere("PLUGIN-NOISE", calls);
    return legal;
  }
  if (is("write_file")) {
    FILE* f = fopen("compete_test_written_by_plugin.txt", "a");
    if (f) {
      fprintf(f, "PLUGIN-NOISE written by a plugin\n");
      fclose(f);
    }
    return legal;
  }
  if (is("big_cache") && calls == 1) {  // 180 MB in three files, under every cap: it needs them all
    static char block[1 << 20];
    for (int k = 0; k < 3; ++k) {
      char name[32];
      snprintf(name, sizeof name, "cache-%d.bin", k);
      FILE* f = fopen(name, "w");
      if (!f) abort();
      for (int mb = 0; mb < 60; ++mb)
        if (fwrite(block, 1, sizeof block, f) != sizeof block) abort();
      if (fclose(f) != 0) abort();
    }
    return legal;
  }
  if (is("big_cache")) return legal;
  if (is("scribble")) {  // the same moves as random_move with the same SALT, then vandalism
    int* t = const_cast<int*>(top);
    int* b = const_cast<int*>(_board);
    for (int y = 0; y < N; ++y) t[y] = (y * 7) % (M + 1);
    for (int i = 0; i < M * N; ++i) b[i] = (i % 3 == 0) ? 2 : 1;
    return legal;
  }
  if (is("first_column") || is("full_column")) {
    delete legal;
    if (top[0] > 0) return new Point(top[0] - 1, 0);
    if (is("full_column")) return new Point(0, 0);  // column 0 is full
    for (int y = 1; y < N; ++y)
      if (top[y] > 0) return new Point(top[y] - 1, y);
    return new Point(-100, -100);
  }
  if (!now()) return legal;

  if (is("segv_get")) {
    misbehave::crash();
  } else if (is("throw_get")) {
    throw std::runtime_error("a plugin's uncaught exception");
  } else if (is("abort_get")) {
    abort();
  } else if (is("refused_abort")) {  // a plugin that cannot live without a file the sandbox refuses it
    if (!fopen("/tmp/compete_test_refused_to_plugin.txt", "w")) abort();
  } else if (is("loop_get")) {
    misbehave::spin();
  } else if (is("sleep_get")) {
    sleep(3);
  } else if (is("alloc_get")) {
    misbehave::exhaust_memory();  // over the judge's memory cap
  } else if (is("exit_get")) {
    misbehave::exit_now();
  } else if (is("null_get")) {
    delete legal;
    return nullptr;
  } else if (is("off_board")) {
    legal->x = 0;
    legal->y = N;
  } else if (is("blocked")) {
    legal->x = noX;
    legal->y = noY;
  } else if (is("not_lowest")) {
    legal->x = 0;
    legal->y = (noX == 0 && noY == 0) ? 1 : 0;
  } else if (is("orphan_get")) {
    if (fork() == 0) misbehave::spin();  // a grandchild of the judge, in the plugin's process group
    misbehave::spin();
  } else if (is("escape_get")) {
    // A daemon: leaves the plugin's process group and session, its parent exits at once.
    if (fork() == 0) {
      setsid();
      if (fork() == 0) misbehave::spin();
      _exit(0);
    }
    misbehave::spin();
  }
  return legal;
}

extern "C" void clearPoint(Point* p) {
  if (now()) {
    if (is("segv_clear")) {
      misbehave::crash();
    } else if (is("double_free_clear")) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuse-after-free"
      delete p;
      delete p;
#pragma GCC diagnostic pop
      abort();  // should glibc not notice
    } else if (is("throw_clear")) {
      throw std::runtime_error("a plugin's uncaught exception");
    } else if (is("sleep_clear")) {
      sleep(3);
    } else if (is("exit_clear")) {
      misbehave::exit_now();
    }
  }
  delete p;
}

void clearArray(int M, int N, int** board) {
  (void)N;
  for (int i = 0; i < M; ++i) delete[] board[i];
  delete[] board;
}
