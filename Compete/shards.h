// A match spread over machines: with --shard K/N each machine plays the rounds
// r with r % N == K into a record of its own; --merge reads those records back
// as the whole match's games, so that Compete writes the result file, record
// and summary of a single run without playing.
#pragma once
#include <string>
#include <vector>

#include "match.h"

namespace c4 {

// Reads the shards' `records` into config->recorded: every game once, in game
// order, each line without its shard member (as a single run writes it).
// Without --seed (`seed_given` false) the records' seed is used. Returns 0 when
// every game of the match is there; 1 when games are missing (*problem names
// the shards that lack them); 2 when a record cannot be read, is not a game
// record, or was made by another command line (*problem names the file and the
// setting).
int merge_shard_records(const std::vector<std::string>& records, bool seed_given, MatchConfig* config,
                        std::string* problem);

}  // namespace c4
