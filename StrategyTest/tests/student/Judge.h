// A student's strategy: does the stone at (x, y) make four in a row?
#ifndef JUDGE_H_
#define JUDGE_H_
bool four_through(const int* cells, int M, int N, int x, int y);
#endif
