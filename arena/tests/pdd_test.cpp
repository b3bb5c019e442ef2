// Ponte del Diavolo in the arena: the person against a program under the
// referee's sandbox, a refused action named by its rule, the change offer,
// a program that breaks the rules losing with the referee's violation.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "../../PonteDelDiavolo/rules/actions.h"
#include "../../PonteDelDiavolo/rules/files.h"
#include "../../common/json.h"
#include "arena_process.h"

namespace {

judge::JsonValue pdd_state(const at::ArenaProcess& arena, const std::string& id) {
  return arena.post("/api/pdd/state", "{\"game\":\"" + id + "\"}").json();
}

// Polls until the person is to act or the game is over (the program's turn runs meanwhile).
judge::JsonValue wait_turn(const at::ArenaProcess& arena, const std::string& id) {
  for (int k = 0; k < 300; ++k) {
    judge::JsonValue s = pdd_state(arena, id);
    if (s.find("your_turn")->boolean || s.find("over")->boolean) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  FAIL("neither the person's turn nor the end within 6 s");
  return {};
}

pdd::Board board_of(const judge::JsonValue& state) {
  std::string log;
  for (const judge::JsonValue& s : state.find("steps")->items) log += s.text + "\n";
  std::vector<pdd::StepRecord> steps;
  std::string error;
  REQUIRE(pdd::parse_steplog(log, &steps, &error));
  pdd::Board board;
  for (const pdd::StepRecord& r : steps) pdd::apply_action(board, r.colour, r.action);
  return board;
}

std::string action_body(const std::string& id, const pdd::Action& a) {
  const char* kind = a.kind == pdd::Action::kChess ? "chess" : a.kind == pdd::Action::kBridge ? "bridge" : "change";
  judge::JsonWriter json;
  json.begin_object().field("game", id).field("kind", kind);
  if (a.kind != pdd::Action::kChange) {
    json.key("a").begin_array().value(pdd::cell_x(a.a)).value(pdd::cell_y(a.a)).end_array();
    json.key("b").begin_array().value(pdd::cell_x(a.b)).value(pdd::cell_y(a.b)).end_array();
  }
  return json.end_object().str();
}

std::string new_pdd(const at::ArenaProcess& arena, const std::string& body) {
  const at::Reply r = arena.post("/api/pdd/new", body);
  INFO(r.body);
  REQUIRE(r.status == 200);
  return r.json().find("game")->text;
}

}  // namespace

TEST_CASE("Ponte del Diavolo: a whole game against pdd-random; an illegal action is refused by its rule's name") {
  at::ArenaProcess arena;
  bool listed = false;
  for (const auto& name : arena.get("/api/plugins").json().find("programs")->items) listed |= name.text == "pdd-random";
  REQUIRE(listed);
  const std::string id = new_pdd(arena, "{\"program\":\"pdd-random\",\"you\":\"W\"}");
  judge::JsonValue state = wait_turn(arena, id);
  // A bridge between two empty cells: refused, named by the rule, and the person plays again.
  const at::Reply refused =
      arena.post("/api/pdd/action",
                 action_body(id, pdd::Action::make(pdd::Action::kBridge, pdd::cell_at(0, 0), pdd::cell_at(2, 2))));
  CHECK(refused.status == 409);
  CHECK(refused.body.find("\"V") != std::string::npos);
  CHECK(wait_turn(arena, id).find("your_turn")->boolean);
  CHECK(arena.post("/api/pdd/action", "{\"game\":\"" + id + "\",\"kind\":\"chess\",\"a\":[0,10],\"b\":[1,1]}").status ==
        400);
  int actions = 0;
  while (!state.find("over")->boolean && actions < 100) {
    const pdd::Board board = board_of(state);
    const std::vector<pdd::Action> legal = pdd::legal_actions(board, pdd::kWhite, false, pdd::Crossing::kStrict);
    REQUIRE(!legal.empty());
    const at::Reply r = arena.post("/api/pdd/action", action_body(id, legal[legal.size() / 2]));
    INFO(r.body);
    REQUIRE(r.status == 200);
    ++actions;
    state = wait_turn(arena, id);
  }
  CHECK(state.find("over")->boolean);
  CHECK(state.find("violation")->text == "");
  CHECK(state.find("white_score")->text.find("points") != std::string::npos);
  // Out of turn after the end.
  CHECK(arena.post("/api/pdd/action", action_body(id, pdd::Action::make(pdd::Action::kChess, 0, 1))).status == 409);
}

TEST_CASE(
    "Ponte del Diavolo: a program that does nothing loses by the referee's violation; Black gets the change offer") {
  at::ArenaProcess arena({"/bin/true"});
  const std::string id = new_pdd(arena, "{\"program\":\"true\",\"you\":\"W\",\"time_limit_ms\":2000}");
  judge::JsonValue state = wait_turn(arena, id);
  REQUIRE(arena
              .post("/api/pdd/action",
                    action_body(id, pdd::Action::make(pdd::Action::kChess, pdd::cell_at(4, 4), pdd::cell_at(5, 5))))
              .status == 200);
  state = wait_turn(arena, id);
  CHECK(state.find("over")->boolean);
  CHECK(state.find("winner")->text == "W");
  CHECK(state.find("violator")->text == "B");
  CHECK(state.find("violation")->text.rfind("V", 0) == 0);
  // The person as Black against pdd-random: offered White's two opening tiles, and takes them.
  const std::string black = new_pdd(arena, "{\"program\":\"pdd-random\",\"you\":\"B\"}");
  state = wait_turn(arena, black);
  CHECK(state.find("steps")->items.size() == 1);
  CHECK(state.find("change_offered")->boolean);
  REQUIRE(arena.post("/api/pdd/action", "{\"game\":\"" + black + "\",\"kind\":\"change\"}").status == 200);
  state = wait_turn(arena, black);
  CHECK(state.find("steps")->items[1].text.find("Change") != std::string::npos);
  CHECK(arena.post("/api/close?token=" + arena.token() + "&game=" + black, "", "").status == 200);
}
