#include "referee.h"

#include <filesystem>

#include "../Compete/game.h"
#include "../Compete/match.h"
#include "../PonteDelDiavolo/referee/match.h"
#include "../PonteDelDiavolo/rules/files.h"
#include "../common/json.h"
#include "../common/json_read.h"
#include "../common/sandbox_record.h"

namespace ladder {

namespace {

// `record` with its members `keys` set to `values`: the record names the
// players by their ladder ids rather than by their files' paths.
std::string with_members(const std::string& record, const std::vector<std::string>& keys,
                         const std::vector<std::string>& values) {
  judge::JsonValue v;
  std::string why;
  if (!judge::parse_json(record, &v, &why)) return record;
  for (auto& [key, value] : v.members)
    for (size_t k = 0; k < keys.size(); ++k)
      if (key == keys[k]) {
        value.type = judge::JsonValue::kString;
        value.text = values[k];
      }
  return v.dump();
}

bool play_connect4(const PlaySettings& s, const Player& a, const Player& b, const std::string& pairing, int game,
                   uint64_t seed, GameLine* line, std::string* error) {
  const c4::RoundBoard board = c4::round_board(seed, 0);
  c4::GameSetup setup;
  setup.M = board.M;
  setup.N = board.N;
  setup.noX = board.noX;
  setup.noY = board.noY;
  setup.seed = board.seed;
  setup.first = game % 2 == 0 ? c4::kA : c4::kB;
  setup.id = pairing + "-g" + std::to_string(game);
  c4::MatchConfig config;
  c4::PlayerConfig* sides[2] = {&config.a, &config.b};
  const Player* players[2] = {&a, &b};
  for (int k = 0; k < 2; ++k) {
    c4::PlayerConfig& p = *sides[k];
    p.plugin_path = s.dir + "/" + players[k]->program;
    p.host_executable = s.host;
    p.time_limit_ms = s.time_limit_ms;
    p.memory_limit_bytes = s.memory_mb << 20;
    if (s.move_time_ms > 0) p.env.push_back({"STRATEGY_MOVE_MS", std::to_string(s.move_time_ms)});
    p.workdirs = s.workdirs;
  }
  config.rounds = 1;
  config.seed = seed;
  const c4::GameResult result = c4::play_game(setup, config.a, config.b);
  if (!result.judge_error.empty()) return *error = result.judge_error, false;
  const c4::Side winner = c4::credited_side(result.code);
  line->result = c4::counts_for_nobody(result.code) ? "void" : winner == c4::kA ? "a" : winner == c4::kB ? "b" : "draw";
  line->score_a = winner == c4::kA ? 1 : winner == c4::kB ? 0 : 0.5;
  line->reason = c4::describe_result(result.code) + (result.reason.empty() ? "" : ": " + result.reason);
  line->record = with_members(c4::record_line(config, 1, setup, result), {"a", "b"}, {a.id, b.id});
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
  const pdd::GameResult r = pdd::play_game(o);
  if (!r.error.empty()) return *error = r.error, false;
  const pdd::Colour a_colour = a_white ? pdd::kWhite : pdd::kBlack;
  line->result = r.winner == pdd::kEmpty ? "draw" : r.winner == a_colour ? "a" : "b";
  line->score_a = r.winner == pdd::kEmpty ? 0.5 : r.winner == a_colour ? 1 : 0;
  line->reason = r.reason;
  // The record as pdd-referee writes it (viewer/record.h reads both alike).
  judge::JsonWriter json;
  json.begin_object()
      .field("game", game + 1)
      .field("seed", seed)
      .field("white", (a_white ? a : b).id)
      .field("black", (a_white ? b : a).id)
      .field("winner", r.winner == pdd::kWhite   ? "W"
                       : r.winner == pdd::kBlack ? "B"
                                                 : "draw")
      .field("reason", r.reason)
      .field("violation", r.violation == pdd::Violation::kNone ? std::string() : pdd::violation_code(r.violation))
      .field("violator", r.violator == pdd::kEmpty ? "" : std::string(1, pdd::colour_letter(r.violator)))
      .field("detail", r.detail)
      .field("time_limit_ms", o.time_limit_ms);
  for (pdd::Colour c : {pdd::kWhite, pdd::kBlack}) {
    const pdd::PlayerScore& score = r.score[c];
    json.key(c == pdd::kWhite ? "white_score" : "black_score")
        .begin_object()
        .field("points", score.points)
        .field("islands", score.islands)
        .field("bridges", score.bridges)
        .field("connected_islands", score.connected_islands)
        .field("independent_islands", score.independent_islands)
        .end_object();
  }
  json.field("actions", r.actions).field("skips", r.skips);
  std::string steps;
  for (const auto& step : r.steps) steps += (steps.empty() ? "" : " ") + pdd::format_step(step);
  json.field("steplog", steps);
  for (pdd::Colour c : {pdd::kWhite, pdd::kBlack}) {
    json.key(c == pdd::kWhite ? "white_ms" : "black_ms").begin_array();
    for (const auto& m : r.moves)
      if (m.colour == c) json.value(static_cast<int64_t>(m.ms + 0.5));
    json.end_array();
  }
  std::vector<judge::SideEvents> events;
  for (pdd::Colour c : {pdd::kWhite, pdd::kBlack})
    events.push_back(judge::SideEvents{std::string(1, pdd::colour_letter(c)), r.refused[c], r.daemons_killed[c]});
  judge::write_sandbox_events(json, events);
  json.field("folder", folder).end_object();
  line->record = json.str();
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

}  // namespace ladder
