#include "position.h"

namespace samples {

Position::Position(int M, int N, int noX, int noY) : M_(M), N_(N) {
  for (int c = 0; c < N; ++c) {
    bottom_ |= Bits::cell(c, 0);
    for (int r = 0; r < M; ++r) cells_ |= Bits::cell(c, r);
  }
  blocked_ = Bits::cell(noY, M - 1 - noX);
  mask_ = blocked_;
}

Position Position::from_framework(int M, int N, const int* board, int noX, int noY) {
  Position p(M, N, noX, noY);
  for (int x = 0; x < M; ++x)
    for (int y = 0; y < N; ++y) {
      int v = board[x * N + y];
      if (v != 1 && v != 2) continue;
      Bits cell = Bits::cell(y, M - 1 - x);
      (v == 2 ? p.mine_ : p.theirs_) |= cell;
      p.mask_ |= cell;
      ++p.stones_;
    }
  return p;
}

Bits Position::column_mask(int col) const {
  Bits b;
  b.w[col / 4] = uint64_t(0xffff) << (kStride * (col % 4));
  return b & cells_;
}

bool Position::has_four(const Bits& p) {
  static const int kSteps[4] = {1, kStride - 1, kStride, kStride + 1};
  for (int s : kSteps) {
    Bits m = p & (p >> s);
    if ((m & (m >> (2 * s))).any()) return true;
  }
  return false;
}

Bits Position::non_losing_moves() const {
  Bits moves = playable();
  Bits threats = winning_cells(theirs_);
  Bits forced = moves & threats;
  if (forced.any()) {
    if (forced.lowest() != forced) return Bits();  // two threats: nothing saves us
    moves = forced;
  }
  return moves & ~cells_under(threats);
}

}  // namespace samples
