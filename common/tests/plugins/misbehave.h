// What untrusted code does to a judge, once for all the judges' test plugins:
// each judge's suite builds its own plugin ABI over these (Compete's fault
// plugins, the grade's faulty plugin, the 2048 test bots) and calls one at the
// moment its test wants. Built once, as position-independent code for plugins
// (build/common/tests/plugins/misbehave.o), in C++11 as students' code is.
#pragma once

namespace misbehave {

[[noreturn]] void crash();           // SIGSEGV: a write through a null pointer
[[noreturn]] void spin();            // burns CPU forever
[[noreturn]] void hang();            // waits forever, burning no CPU
[[noreturn]] void exit_now();        // exit(0) in the middle of a call
[[noreturn]] void exhaust_memory();  // 4 GB at once, then 64 MB blocks, each touched: over any judge's cap

// Writes "<tag> printf <n>", "<tag> cout <n>" (stdout), "<tag> cerr <n>"
// (stderr) and "<tag> raw write" (on both, by write(2)): every way a plugin
// prints, none of which may reach the judge's own output.
void print_everywhere(const char* tag, int n);

}  // namespace misbehave
