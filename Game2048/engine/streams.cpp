#include "streams.h"

#include <cstdlib>

#include "../../common/cli.h"

namespace g2048 {

bool seed_from_environment(uint64_t* seed, std::string* error) {
  const char* text = std::getenv(kSeedEnv);
  if (text == nullptr) {
    *seed = kDefaultSeed;
    return true;
  }
  if (!judge::parse_u64(text, seed)) {
    if (error) *error = std::string(kSeedEnv) + "='" + text + "' is not an unsigned 64-bit integer";
    return false;
  }
  return true;
}

}  // namespace g2048
