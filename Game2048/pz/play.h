// A PZ2048 game a person plays in the terminal:
//   PZ2048 --play ROWS COLS TARGET SEED
// Arrow keys or w a s d move, z undoes, q (or Ctrl-C) quits. The board is
// redrawn in place on the terminal (/dev/tty, the alternate screen) with
// coloured tiles, the score and the steps. The game is the Basic mode's: the
// same engine, target normalization and end checks. On exit the transcript of
// the game goes to standard output and the game's Basic input (the header
// line and the operations, ending with '#') to standard error, so that
//   PZ2048 --play 4 4 2048 7 >game.out 2>game.in;  PZ2048 game.in | cmp - game.out
// holds.
#pragma once

namespace g2048 {
namespace pz {

// argv[0..3] are ROWS COLS TARGET SEED. Returns the exit status: 0, or 2 with
// a message on stderr for bad arguments or no terminal.
int play_in_terminal(int argc, char** argv);

}  // namespace pz
}  // namespace g2048
