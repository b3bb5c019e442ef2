// The refusal table's layout, shared by the judge (refusals.cpp) and the
// host's hooks (refusal_hooks.cpp): one 32-bit counter per call and error.
#pragma once
#include <cstddef>

#include "refusals.h"

namespace judge {
namespace refusal_table {

constexpr size_t kBytes = 4096;  // one page
constexpr int kErrors = static_cast<int>(RefusalError::kCount);
constexpr int kCounters = static_cast<int>(RefusedCall::kCount) * kErrors;
static_assert(kCounters * sizeof(uint32_t) <= kBytes, "the counters fit the table");

constexpr int index(RefusedCall call, RefusalError error) {
  return static_cast<int>(call) * kErrors + static_cast<int>(error);
}

}  // namespace refusal_table
}  // namespace judge
