// One live Ponte del Diavolo game in the arena: the person against a program
// with the course's file interface. The referee's own game loop
// (PonteDelDiavolo/referee/match.h) runs it on a thread of its own: the
// program's turns under the referee's sandbox and limits, the person's turns
// through MatchOptions::seat, which waits for the page's action. An action
// that breaks a rule is refused in the page with the rule's name and the
// person plays again; the game itself only takes legal ones.
#pragma once
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../PonteDelDiavolo/referee/match.h"
#include "live_game.h"

namespace arena {

struct PddSetup {
  std::string program_name, program_path;
  pdd::Colour you = pdd::kWhite;
  int time_limit_ms = 5000;
};

class PddLive : public LiveGame {
 public:
  PddLive(std::string id, PddSetup setup, HostEnvironment env);
  ~PddLive() override { close(); }

  // Starts the referee's thread.
  void start();
  // The person's action (when it is theirs to play); "" or why it is refused:
  // not their turn, or the rule it breaks ("V5 (...): ...").
  std::string act(const pdd::Action& action);
  void close() override;
  std::string state_json();

 private:
  pdd::Judgement person_turn(const pdd::TurnContext& context);

  PddSetup setup_;
  HostEnvironment env_;
  std::string files_dir_;
  std::thread referee_;
  std::mutex m_;  // guards what follows; the referee's thread and the requests share it
  std::condition_variable cv_;
  bool waiting_ = false, has_action_ = false, closing_ = false, over_ = false;
  pdd::TurnContext context_;
  pdd::Action action_;
  std::vector<std::string> steps_;
  std::vector<double> times_;
  pdd::GameResult result_;
};

}  // namespace arena
