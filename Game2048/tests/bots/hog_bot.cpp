// Allocates and touches memory without end at its first move.
#include "../../../common/tests/plugins/misbehave.h"
#include "../../plugin/bot_abi.h"

int g2048_move(const int*, int, int) { misbehave::exhaust_memory(); }
