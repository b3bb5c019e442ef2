// Exports a misspelt move function: the required g2048_move is missing.
extern "C" __attribute__((visibility("default"))) int g2048_moves(const int*, int, int) { return 0; }
