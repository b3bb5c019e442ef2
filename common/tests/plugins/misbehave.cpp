#include "misbehave.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <iostream>
#include <string>

namespace misbehave {

void crash() {
  *static_cast<volatile int*>(nullptr) = 1;
  raise(SIGSEGV);  // should the write not fault
  abort();
}

void spin() {
  volatile unsigned long long n = 0;
  for (;;) n = n + 1;
}

void hang() {
  for (;;) pause();
}

void exit_now() { exit(0); }

void exhaust_memory() {
  static char* volatile block;  // volatile: the compiler may not elide an allocation
  const size_t huge = 4ULL << 30, step = 64ULL << 20;
  block = new char[huge];  // over the cap: std::bad_alloc, uncaught, aborts
  memset(block, 1, huge);
  for (;;) {
    block = new char[step];
    memset(block, 1, step);
  }
}

void print_everywhere(const char* tag, int n) {
  printf("%s printf %d\n", tag, n);
  fflush(stdout);
  std::cout << tag << " cout " << n << std::endl;
  std::cerr << tag << " cerr " << n << std::endl;
  const std::string raw = std::string(tag) + " raw write\n";
  if (write(1, raw.data(), raw.size()) < 0 || write(2, raw.data(), raw.size()) < 0) abort();
}

}  // namespace misbehave
