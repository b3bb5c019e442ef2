// Replays every committed corpus input (fuzz/corpus/<target>/: the seeds and
// each crash the fuzzers found, fixed) through its target, built with ASan and
// UBSan: any memory error, undefined behaviour or trap fails the suite.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#define FUZZ_ENTRY(name) extern "C" int fuzz_##name(const uint8_t*, size_t);
FUZZ_ENTRY(pdd_turn_files)
FUZZ_ENTRY(pdd_steplog)
FUZZ_ENTRY(compete_reply)
FUZZ_ENTRY(oj_reply)
FUZZ_ENTRY(run2048_reply)
FUZZ_ENTRY(pz_input)
FUZZ_ENTRY(oj_protocol)
FUZZ_ENTRY(weights_file)
FUZZ_ENTRY(record_reader)
FUZZ_ENTRY(run2048_record)
extern "C" int fuzz_init_oj_protocol(int*, char***);

namespace {

using Entry = int (*)(const uint8_t*, size_t);

// Runs each file of the target's corpus; returns how many.
int replay(const std::string& target, Entry entry) {
  const std::filesystem::path folder = std::filesystem::path(FUZZ_CORPUS_ROOT) / target;
  REQUIRE(std::filesystem::is_directory(folder));
  int count = 0;
  for (const auto& file : std::filesystem::directory_iterator(folder)) {
    std::ifstream in(file.path(), std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CAPTURE(file.path().string());
    entry(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("fuzz corpora replay cleanly under ASan and UBSan") {
  fuzz_init_oj_protocol(nullptr, nullptr);
  const std::pair<const char*, Entry> targets[] = {
      {"pdd_turn_files", fuzz_pdd_turn_files}, {"pdd_steplog", fuzz_pdd_steplog},
      {"compete_reply", fuzz_compete_reply},   {"oj_reply", fuzz_oj_reply},
      {"run2048_reply", fuzz_run2048_reply},   {"pz_input", fuzz_pz_input},
      {"oj_protocol", fuzz_oj_protocol},       {"weights_file", fuzz_weights_file},
      {"record_reader", fuzz_record_reader},   {"run2048_record", fuzz_run2048_record}};
  for (const auto& t : targets) {
    CAPTURE(t.first);
    CHECK(replay(t.first, t.second) > 0);
  }
}
