// The opening book's table: every answer on the book's own line is a column of
// its board, and sequences that leave the line get no answer.
#include <doctest/doctest.h>

#include "../../Strategy/book.h"

TEST_CASE("every answer of the opening book is a column of its board") {
  for (int M = c4::kBookMinSide; M <= 12; ++M)
    for (int N = c4::kBookMinSide; N <= 12; ++N) {
      CAPTURE(M);
      CAPTURE(N);
      const int m0 = c4::book_move(M, N, nullptr, 0);
      REQUIRE(m0 >= 0);
      REQUIRE(m0 < N);
      for (int c = 0; c < N; ++c) {
        const int first[1] = {c};
        const int m1 = c4::book_move(M, N, first, 1);
        REQUIRE(m1 >= 0);
        REQUIRE(m1 < N);
        const int ours[2] = {m0, c};
        const int m2 = c4::book_move(M, N, ours, 2);
        CHECK(m2 >= 0);
        CHECK(m2 < N);
        for (int d = 0; d < N; ++d) {
          const int theirs[3] = {c, m1, d};
          const int m3 = c4::book_move(M, N, theirs, 3);
          CHECK(m3 >= 0);
          CHECK(m3 < N);
        }
      }
    }
}

TEST_CASE("the opening book does not answer sequences that left its line") {
  for (int M = c4::kBookMinSide; M <= 12; ++M)
    for (int N = c4::kBookMinSide; N <= 12; ++N) {
      const int m0 = c4::book_move(M, N, nullptr, 0);
      const int off[2] = {(m0 + 1) % N, 0};
      CHECK(c4::book_move(M, N, off, 2) == -1);
      const int first[1] = {0};
      const int m1 = c4::book_move(M, N, first, 1);
      const int off3[3] = {0, (m1 + 1) % N, 0};
      CHECK(c4::book_move(M, N, off3, 3) == -1);
      CHECK(c4::book_move(M, N, off3, 4) == -1);  // past the book
    }
}

TEST_CASE("the opening book holds only while the blocked cell is above the bottom four rows") {
  for (int M = c4::kBookMinSide; M <= 12; ++M)
    for (int x = 0; x < M; ++x) CHECK(c4::book_applies(M, 10, x) == (x < M - 4));
  CHECK_FALSE(c4::book_applies(8, 10, 0));
  CHECK_FALSE(c4::book_applies(13, 10, 0));
  CHECK_FALSE(c4::book_applies(10, 8, 0));
}
