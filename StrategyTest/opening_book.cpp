// Builds the strategy's opening book (Strategy/book.h): the move our search
// chooses, given a long think, in every position of the first four plies
// (our first two moves, whichever side moves first) on each board shape.
//
//   opening_book --ms T --columns 9,12 > part.txt    search, print entries
//   opening_book --header part.txt ... > book.h      entries -> C++ header
//
// A position is the sequence of columns played from the empty board. The book
// ignores the blocked cell (the plugin uses it only when that cell is far from
// the stones of the opening), so each search puts it in the top-left corner,
// and a sequence and its mirror image share one search. Entries of one shape,
// in this order (c, d: the opponent's columns; m0, m1[c]: the book's own):
//
//   ply 0  []              1 entry
//   ply 1  [c]             N entries
//   ply 2  [m0, c]         N entries
//   ply 3  [c, m1[c], d]   N * N entries, index c * N + d
//
// An entry line reads "M N index column".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <string>
#include <vector>

#include "../Strategy/book.h"
#include "../Strategy/position.h"
#include "../Strategy/uct.h"

namespace {

typedef std::vector<int> Moves;

Moves mirrored(const Moves& moves, int n) {
  Moves m(moves);
  for (size_t i = 0; i < m.size(); ++i) m[i] = n - 1 - m[i];
  return m;
}

// Searches the positions of one board shape, one search per mirror pair.
class ShapeBook {
 public:
  ShapeBook(int rows, int cols, double ms, c4::Uct* uct) : rows_(rows), cols_(cols), ms_(ms), uct_(uct) {
    geometry_.init(rows, cols, 0, 0);
  }
  // The book's column after `moves`.
  int answer(const Moves& moves) {
    const Moves mirror = mirrored(moves, cols_);
    const bool flip = mirror < moves;
    const Moves& key = flip ? mirror : moves;
    std::map<Moves, int>::const_iterator it = known_.find(key);
    int column;
    if (it != known_.end()) {
      column = it->second;
    } else {
      column = search(key);
      known_[key] = column;
    }
    return flip ? cols_ - 1 - column : column;
  }

 private:
  int search(const Moves& moves) {
    c4::Position pos;
    pos.reset(&geometry_);
    uint64_t seed = 0x0b00cull + static_cast<uint64_t>(rows_ * 16 + cols_);
    for (size_t i = 0; i < moves.size(); ++i) {
      pos.play(moves[i]);
      seed = seed * 31 + static_cast<uint64_t>(moves[i]) + 1;
    }
    uct_->clear();
    uct_->set_seed(seed);
    c4::SearchLimits limits;
    limits.time_ms = ms_;
    limits.max_iterations = 0;
    return uct_->search(pos, limits, 0);
  }

  int rows_, cols_;
  double ms_;
  c4::Uct* uct_;
  c4::Geometry geometry_;
  std::map<Moves, int> known_;
};

int usage() {
  fprintf(stderr,
          "usage: opening_book --ms T --columns N[,N...]   (search; entry lines on stdout)\n"
          "       opening_book --header FILE...           (entry lines -> Strategy/book.h on stdout)\n");
  return 2;
}

int search_shapes(double ms, const std::vector<int>& columns) {
  c4::Uct uct;
  if (!uct.init(12u << 20)) {
    fprintf(stderr, "opening_book: out of memory for the search tree\n");
    return 1;
  }
  uct.set_exploration(0.6f);
  for (size_t k = 0; k < columns.size(); ++k)
    for (int rows = c4::kBookMinSide; rows <= c4::kMaxSide; ++rows) {
      const int n = columns[k];
      ShapeBook book(rows, n, ms, &uct);
      const int m0 = book.answer(Moves());
      printf("%d %d %d %d\n", rows, n, 0, m0);
      std::vector<int> m1(n);
      for (int c = 0; c < n; ++c) {
        m1[c] = book.answer(Moves(1, c));
        printf("%d %d %d %d\n", rows, n, 1 + c, m1[c]);
      }
      for (int c = 0; c < n; ++c) {
        Moves moves;
        moves.push_back(m0);
        moves.push_back(c);
        printf("%d %d %d %d\n", rows, n, 1 + n + c, book.answer(moves));
      }
      for (int c = 0; c < n; ++c)
        for (int d = 0; d < n; ++d) {
          Moves moves;
          moves.push_back(c);
          moves.push_back(m1[c]);
          moves.push_back(d);
          printf("%d %d %d %d\n", rows, n, 1 + 2 * n + c * n + d, book.answer(moves));
        }
      fflush(stdout);
    }
  return 0;
}

int write_header(int argc, char** argv) {
  // One string of hex digits per shape, an entry per digit.
  std::map<std::pair<int, int>, std::string> books;
  for (int rows = c4::kBookMinSide; rows <= c4::kMaxSide; ++rows)
    for (int cols = c4::kBookMinSide; cols <= c4::kMaxSide; ++cols)
      books[std::make_pair(rows, cols)] = std::string(static_cast<size_t>(c4::book_entries(cols)), '?');
  for (int i = 0; i < argc; ++i) {
    FILE* f = fopen(argv[i], "r");
    if (!f) {
      fprintf(stderr, "opening_book: cannot open %s\n", argv[i]);
      return 1;
    }
    int rows, cols, index, column, line = 0;
    char text[128];
    while (fgets(text, sizeof text, f)) {
      ++line;
      if (sscanf(text, "%d %d %d %d", &rows, &cols, &index, &column) != 4 || rows < c4::kBookMinSide ||
          rows > c4::kMaxSide || cols < c4::kBookMinSide || cols > c4::kMaxSide || index < 0 ||
          index >= c4::book_entries(cols) || column < 0 || column >= cols) {
        fprintf(stderr, "opening_book: %s:%d: not an entry \"M N index column\": %s", argv[i], line, text);
        fclose(f);
        return 1;
      }
      books[std::make_pair(rows, cols)][static_cast<size_t>(index)] = "0123456789ab"[column];
    }
    fclose(f);
  }
  printf("// Generated by `make opening-book`; see book.h.\n");
  printf("static const char* const kBookText[%d][%d] = {\n", c4::kMaxSide - c4::kBookMinSide + 1,
         c4::kMaxSide - c4::kBookMinSide + 1);
  for (int rows = c4::kBookMinSide; rows <= c4::kMaxSide; ++rows) {
    printf("  {\n");
    for (int cols = c4::kBookMinSide; cols <= c4::kMaxSide; ++cols) {
      const std::string& s = books[std::make_pair(rows, cols)];
      if (s.find('?') != std::string::npos) {
        fprintf(stderr, "opening_book: the %d x %d book misses entries\n", rows, cols);
        return 1;
      }
      printf("    \"%s\",\n", s.c_str());
    }
    printf("  },\n");
  }
  printf("};\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && strcmp(argv[1], "--header") == 0) return write_header(argc - 2, argv + 2);
  double ms = 0;
  std::vector<int> columns;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--ms") == 0) {
      ms = atof(argv[i + 1]);
    } else if (strcmp(argv[i], "--columns") == 0) {
      for (const char* p = argv[i + 1]; *p;) {
        char* end;
        long n = strtol(p, &end, 10);
        if (end == p || n < c4::kBookMinSide || n > c4::kMaxSide) {
          fprintf(stderr, "opening_book: --columns: '%s' is not a list of widths in [%d, %d]\n", argv[i + 1],
                  c4::kBookMinSide, c4::kMaxSide);
          return 2;
        }
        columns.push_back(static_cast<int>(n));
        p = *end == ',' ? end + 1 : end;
      }
    } else {
      return usage();
    }
  }
  if (ms <= 0 || columns.empty() || argc % 2 == 0) return usage();
  return search_shapes(ms, columns);
}
