// Fuzz target: the OJ's stdin protocol of Compete/framework/main.cpp (built with
// ONLINE_JUDGE), the strategy answering every well-formed move request.
#include <stdio.h>
#include <stdlib.h>

#include <cstddef>
#include <cstdint>

int serve_online_judge(FILE* in, FILE* out);

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("STRATEGY_MOVE_ITERATIONS", "64", 1);  // a few playouts per move: many inputs a second
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FILE* in = fmemopen(const_cast<uint8_t*>(data), size, "r");
  FILE* out = fopen("/dev/null", "w");
  if (in && out) serve_online_judge(in, out);
  if (in) fclose(in);
  if (out) fclose(out);
  return 0;
}
