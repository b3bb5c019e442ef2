// The command line's numbers: whole strings only, within range.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "../cli.h"

TEST_CASE("CLI numbers: whole strings only, within range") {
  long long v = 0;
  CHECK(judge::parse_int("12", 1, 100, &v));
  CHECK(v == 12);
  for (const char* bad : {"", "0", "-1", "101", "1.5", "12a", " 12", "\n7", "0x10", "99999999999999999999"})
    CHECK_MESSAGE(!judge::parse_int(bad, 1, 100, &v), std::string(bad));
  uint64_t u = 0;
  CHECK(judge::parse_u64("18446744073709551615", &u));
  CHECK(u == UINT64_MAX);
  CHECK(judge::parse_u64("0", &u));
  CHECK(u == 0);
  for (const char* bad : {"", "-1", "-0", "+5", "18446744073709551616", "7 ", "seed", " 5", " -1", "\t9"})
    CHECK_MESSAGE(!judge::parse_u64(bad, &u), std::string(bad));
  CHECK(judge::random_seed() != judge::random_seed());
}
