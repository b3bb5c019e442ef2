// Allocates and touches memory without end at its first move.
#include <cstring>

#include "../../plugin/bot_abi.h"

int g2048_move(const int*, int, int) {
  for (;;) {
    char* block = new char[64 << 20];
    std::memset(block, 1, 64 << 20);
  }
}
