// Fuzz target: a PDD program's chess.txt and bridge.txt, judged against a
// position that is itself read from (fuzzed) grid files, as the referee does
// every turn. Input: four texts separated by '\x01': the position's chess and
// bridge grids, then the program's. No crash, no hang; any rejection names a
// violation with a detail.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../../PonteDelDiavolo/referee/infer_action.h"
#include "../../PonteDelDiavolo/rules/files.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> parts(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 1 && parts.size() < 4)
      parts.emplace_back();
    else
      parts.back() += static_cast<char>(data[i]);
  }
  parts.resize(4);
  pdd::TurnContext context;
  pdd::Grid chess{}, bridges{};
  std::string error;
  if (pdd::parse_grid(parts[0], "chess.txt", 2, &chess, &error) &&
      pdd::parse_grid(parts[1], "bridge.txt", pdd::kCells, &bridges, &error)) {
    pdd::Board board;
    if (pdd::board_from_grids(chess, bridges, &board, &error)) context.board = board;
  } else if (error.empty()) {
    __builtin_trap();  // a refusal always says why
  }
  context.mover = size % 2 ? pdd::kWhite : pdd::kBlack;
  context.change_offered = size % 3 == 0;
  pdd::Judgement j = pdd::infer_action(context, parts[2], parts[3]);
  if (j.violation != pdd::Violation::kNone && j.detail.empty()) __builtin_trap();
  return 0;
}
