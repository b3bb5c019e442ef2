#include "evaluator.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "weights_file.h"

#ifndef BOT2048_WEIGHTS_PATH
#define BOT2048_WEIGHTS_PATH "Game2048/bot/weights.n2048"
#endif

namespace bot2048 {

std::unique_ptr<Evaluator> load_evaluator(const std::string& weights_path, std::string* note) {
  std::unique_ptr<PlayingNetwork> net(new PlayingNetwork);
  std::string error, text;
  if (load_weights(weights_path, net.get(), &text, &error)) {
    if (note) *note = text;
    return std::unique_ptr<Evaluator>(new NetworkEvaluator(std::move(net)));
  }
  std::fprintf(stderr, "bot2048: %s; using the heuristic evaluation instead\n", error.c_str());
  return std::unique_ptr<Evaluator>(new HeuristicEvaluator);
}

std::string default_weights_path() {
  if (const char* env = std::getenv("GAME2048_WEIGHTS"); env && *env) return env;
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&default_weights_path), &info) && info.dli_fname) {
    std::string self = info.dli_fname;
    const size_t slash = self.rfind('/');
    const std::string beside = (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + "weights.n2048";
    if (access(beside.c_str(), R_OK) == 0) return beside;
  }
  return BOT2048_WEIGHTS_PATH;
}

}  // namespace bot2048
