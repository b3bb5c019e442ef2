// ConnectFour through the arena's API, for the suites: start a game, move,
// play a game out picking the first open column, check a saved record line
// against the rules, count a process's plugin hosts.
#pragma once
#include <sys/types.h>

#include <string>

#include "../../common/json_read.h"
#include "arena_process.h"

namespace at {

// Starts a game (fails the test unless it is accepted); its id.
std::string new_game(const ArenaProcess& arena, const std::string& body);
// The person's move (fails the test unless it is accepted); the new state.
judge::JsonValue move(const ArenaProcess& arena, const std::string& id, int column);
// The leftmost column with room in the state's position.
int first_open_column(const judge::JsonValue& state);
// Plays the person's moves (first open column) until the game is over; the last state.
judge::JsonValue play_out(const ArenaProcess& arena, const std::string& id);
// The line must be a Compete record the viewer reads, whose moves replay
// legally by the judge's rules to the state's board, result and winning line.
void check_record_line(const std::string& line, const judge::JsonValue& state);
// How many plugin hosts (--plugin-host) run under process `pid`.
int hosts_of(pid_t pid);

}  // namespace at
