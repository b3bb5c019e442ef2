// Keeps notes in its working folder, as bots do for logs and caches: each new
// game appends "game G" to notes.txt and every move re-reads it; without its
// notes it aborts. Crashes (SIGSEGV) at the 20th move of game 2, so that the
// runner starts a new host, which must get a fresh folder of its own.
#include <stdio.h>
#include <stdlib.h>

#include "../../../common/tests/plugins/misbehave.h"
#include "../../plugin/bot_abi.h"
#include "first_moving.h"

static int current_game = -1;

void g2048_new_game(int game, unsigned long long) {
  current_game = game;
  FILE* f = fopen("notes.txt", "a");
  if (!f) abort();
  fprintf(f, "game %d\n", game);
  fclose(f);
}

int g2048_move(const int tiles[16], int, int moves) {
  FILE* f = fopen("notes.txt", "r");
  if (!f) abort();
  fclose(f);
  if (current_game == 1 && moves == 19) misbehave::crash();
  return first_moving(tiles);
}
