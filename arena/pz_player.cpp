#include "pz_player.h"

#include <cstring>
#include <vector>

#include "../Game2048/pz/player_protocol.h"
#include "../common/clock.h"

namespace arena {

namespace proto = g2048::pz::protocol;

std::string PzPlayer::start(const std::string& program, const g2048::pz::Game& game, uint64_t seed) {
  judge::SpawnOptions options;
  options.argv = {program};
  options.memory_limit_bytes = 2048LL << 20;
  options.channel = true;
  // As the Extension runner: not confined, so that a player reads its data files where they lie.
  options.confine = false;
  std::string error;
  if (!process_.start(options, &error)) return "the player cannot be started: " + error;
  proto::GameStart start;
  start.rows = game.rows();
  start.cols = game.cols();
  start.target = game.target();
  start.seed = static_cast<uint32_t>(seed);
  if (!process_.send(&start, sizeof start)) {
    stop();
    return "the player's process ended at its start";
  }
  // The player's copy made the starting tile's draws itself; later spawns are told each turn.
  draws_seen_ = game.draws();
  return "";
}

std::string PzPlayer::decide(const g2048::pz::Game& game, int limit_ms, char* move, int64_t* wall_us) {
  if (!process_.running()) return "the player is not running";
  proto::Turn turn;
  turn.spawn_draws = static_cast<uint32_t>(game.draws() - draws_seen_);
  turn.score = game.score();
  turn.steps = game.steps();
  draws_seen_ = game.draws();
  const size_t cells = game.cells().size();
  std::vector<char> bytes(sizeof turn + cells * sizeof(int32_t));
  std::memcpy(bytes.data(), &turn, sizeof turn);
  for (size_t i = 0; i < cells; ++i) {
    const int32_t v = game.cells()[i];
    std::memcpy(bytes.data() + sizeof turn + i * sizeof v, &v, sizeof v);
  }
  judge::Stopwatch watch;
  if (!process_.send(bytes.data(), bytes.size())) {
    stop();
    return "the player's process ended";
  }
  proto::Answer answer;
  const judge::IoResult io = process_.receive(&answer, sizeof answer, judge::Deadline::after_ms(limit_ms));
  *wall_us = watch.elapsed_us();
  if (io == judge::IoResult::kTimeout) {
    stop();
    return "the player gave no answer within " + std::to_string(limit_ms) + " ms";
  }
  if (io != judge::IoResult::kOk) {
    judge::ExitStatus status;
    if (!process_.wait(judge::Deadline::after_ms(2000), &status)) process_.kill(&status);
    return "the player's process " + status.describe();
  }
  *move = static_cast<char>(answer.move);
  return "";
}

void PzPlayer::stop() {
  if (process_.running()) process_.kill();
}

}  // namespace arena
