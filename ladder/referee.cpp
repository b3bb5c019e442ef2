#include "referee.h"

#include <filesystem>

#include "../Compete/game.h"
#include "../Compete/game_pool.h"
#include "../Compete/match.h"
#include "../PonteDelDiavolo/referee/match.h"
#include "../PonteDelDiavolo/referee/record.h"
#include "../PonteDelDiavolo/rules/files.h"
#include "../common/json.h"
#include "../common/json_read.h"
#include "../common/sandbox_record.h"

namespace ladder {

namespace {

bool play_connect4(const PlaySettings& s, const Player& a, const Player& b, const std::string& pairing, int game,
                   uint64_t seed, GameLine* line, std::string* error) {
  const c4::GameSetup setup =
      c4::game_setup(c4::round_board(seed, 0), game % 2 == 0 ? c4::kA : c4::kB, pairing + "-g" + std::to_string(game));
  c4::MatchConfig config;
  c4::PlayerConfig* sides[2] = {&config.a, &config.b};
  const Player* players[2] = {&a, &b};
  for (int k = 0; k < 2; ++k) {
    c4::PlayerDescription d;
    d.path = s.dir + "/" + players[k]->program;
    d.time_limit_ms = s.time_limit_ms;
    d.memory_mb = s.memory_mb;
    d.move_time_ms = s.move_time_ms;
    c4::PlayerConfig& p = *sides[k] = c4::player_config(d, s.workdirs);
    p.host_executable = s.host;
    p.cpus = s.cores;  // both sides of a game on the game's cores
  }
  config.rounds = 1;
  config.seed = seed;
  const c4::GameResult result = c4::play_game(setup, config.a, config.b);
  if (!result.judge_error.empty()) return *error = result.judge_error, false;
  const c4::Side winner = c4::credited_side(result.code);
  line->result = c4::counts_for_nobody(result.code) ? "void" : winner == c4::kA ? "a" : winner == c4::kB ? "b" : "draw";
  line->score_a = winner == c4::kA ? 1 : winner == c4::kB ? 0 : 0.5;
  line->reason = c4::describe_result(result.code) + (result.reason.empty() ? "" : ": " + result.reason);
  // The record names the players by their ladder ids rather than by their files' paths.
  c4::RecordLine record = c4::record_of(config, 1, setup, result);
  record.a = a.id;
  record.b = b.id;
  line->record = c4::write_record_line(record);
  return true;
}

bool play_ponte(const PlaySettings& s, const Player& a, const Player& b, const std::string& pairing, int game,
                uint64_t seed, GameLine* line, std::string* error) {
  const bool a_white = game % 2 == 0;
  pdd::MatchOptions o;
  o.program[pdd::kWhite] = s.dir + "/" + (a_white ? a : b).program;
  o.program[pdd::kBlack] = s.dir + "/" + (a_white ? b : a).program;
  const std::string folder = "pdd-games/" + pairing + "-g" + std::to_string(game);
  o.game_dir = s.dir + "/" + folder;
  o.workdirs = s.workdirs;
  o.game_name = pairing + "-g" + std::to_string(game);
  o.time_limit_ms = s.time_limit_ms;
  o.memory_limit_mb = s.memory_mb;
  o.seed = seed;
  o.refusal_hooks = s.refusal_hooks;
  o.cpus = s.cores;
  const pdd::GameResult r = pdd::play_game(o);
  if (!r.error.empty()) return *error = r.error, false;
  const pdd::Colour a_colour = a_white ? pdd::kWhite : pdd::kBlack;
  line->result = r.winner == pdd::kEmpty ? "draw" : r.winner == a_colour ? "a" : "b";
  line->score_a = r.winner == pdd::kEmpty ? 0.5 : r.winner == a_colour ? 1 : 0;
  line->reason = r.reason;
  // The record as pdd-referee writes it (viewer/record.h reads both alike), the
  // players named by id and the game's folder relative to the ladder's.
  pdd::MatchOptions named = o;
  named.program[pdd::kWhite] = (a_white ? a : b).id;
  named.program[pdd::kBlack] = (a_white ? b : a).id;
  named.game_dir = folder;
  line->record = pdd::record_line(game + 1, seed, named, r, "");
  return true;
}

}  // namespace

bool play_ladder_game(const PlaySettings& settings, const Player& a, const Player& b, const std::string& pairing,
                      int game, uint64_t seed, GameLine* line, std::string* error) {
  line->pairing = pairing;
  line->game = game;
  line->a = a.id;
  line->b = b.id;
  line->seed = seed;
  const bool ok = settings.game == GameKind::kConnectFour
                      ? play_connect4(settings, a, b, pairing, game, seed, line, error)
                      : play_ponte(settings, a, b, pairing, game, seed, line, error);
  line->time = utc_now();
  return ok;
}

std::string result_line(const GameLine& line) {
  return "game " + line.pairing + "/" + std::to_string(line.game) + ": " + line.a + " vs " + line.b + ": " +
         (line.result == "void" ? "void"
          : line.score_a == 1   ? "1-0"
          : line.score_a == 0   ? "0-1"
                                : "1/2-1/2") +
         " (" + line.reason + ")";
}

}  // namespace ladder
