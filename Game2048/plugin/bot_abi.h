/* The 2048 bot plugin ABI: what a bot shared object exports for Run2048.
 *
 * A bot is a shared object (g++ -O2 -fpic -shared ... -o bot.so) that defines
 * the functions below with C linkage; include this header so the definitions
 * get the right linkage and stay exported under -fvisibility=hidden.
 *
 * Run2048 loads the bot in a sandboxed child process of its own (the judge is
 * never at risk), calls g2048_check() once if the bot exports it (a bot that
 * cannot play as built says so there, and nothing is played), then, for every
 * game of the run, in this order:
 *   1. calls g2048_new_game(game, seed) once, if the bot exports it;
 *   2. calls g2048_move(tiles, score, moves) until the game is over, applying
 *      each answer and spawning a tile after every valid move.
 * The same process serves every game, so static data (weights, tables) is
 * loaded once, by a static constructor or lazily in the first call.
 *
 * Rules a bot relies on:
 *   - tiles: 16 tile values (0 = empty, else 2, 4, 8, ...), index = row * 4 + col,
 *     row 0 at the top, col 0 at the left (the contest's Grid). A fresh copy
 *     every call: writing into it changes nothing.
 *   - score: the game's score so far; moves: valid moves made so far in this game.
 *   - the answer is a direction numbered as the contest's dir_e:
 *     0 LEFT, 1 DOWN, 2 RIGHT, 3 UP. Any other value, or a direction that does
 *     not change the board, is not a move: nothing spawns, nothing is counted,
 *     and the bot is asked again with the same board. A bot that keeps doing
 *     that (1000 answers in a row by default) loses the game and the run is invalid.
 *   - time: each call has a watchdog (10 s of wall time by default); over it,
 *     or on a crash, the run is invalid. The contest's speed rule is checked on
 *     the bot's CPU time (all its threads): at least 100 valid moves per
 *     second over the whole run, g2048_new_game included.
 *   - randomness: `seed` is the bot's own stream for that game, independent of
 *     the spawn streams and reproducible from the run's seed (Run2048 --seed or
 *     GAME2048_SEED). The host also calls srand() once with a seed from the
 *     same stream before the first game, so rand() is reproducible too.
 *   - output: the bot's stdout/stderr go where Run2048 --bot-log says
 *     (the runner's stderr by default).
 */
#ifndef GAME2048_BOT_ABI_H
#define GAME2048_BOT_ABI_H

#define G2048_BOT_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

/* Required. Returns the direction to move: 0 LEFT, 1 DOWN, 2 RIGHT, 3 UP. */
G2048_BOT_EXPORT int g2048_move(const int tiles[16], int score, int moves);

/* Optional. Called before the first move of every game; game counts from 0. */
G2048_BOT_EXPORT void g2048_new_game(int game, unsigned long long seed);

/* Optional. Called once, after loading and before the first game: NULL or ""
 * if the bot can play, else why it cannot (e.g. a data file it needs is
 * missing or unreadable in the sandbox). Run2048 then plays nothing and the
 * run is invalid with that text as its reason. Like loading (static
 * constructors), its CPU time is not counted; the load time limit applies. */
G2048_BOT_EXPORT const char* g2048_check(void);

#ifdef __cplusplus
}
#endif

/* The symbols' names, for the runner. */
#define G2048_MOVE_SYMBOL "g2048_move"
#define G2048_NEW_GAME_SYMBOL "g2048_new_game"
#define G2048_CHECK_SYMBOL "g2048_check"

#endif /* GAME2048_BOT_ABI_H */
