// The refusal hooks (refusal_hooks.cpp) as a shared object for a program the
// judge execs rather than loads: preloaded into it (LD_PRELOAD), they replace
// the C library's entry points as the plugin host's do, and count into the
// table the judge put at kRefusalFd from before the program's main() on.
// Built on its own (common/module.mk), never into the judge's library.
#include "refusals.h"

namespace {

__attribute__((constructor)) void count_from_the_start() { judge::count_refusals_for_judge(/*keep_descriptor=*/true); }

}  // namespace
