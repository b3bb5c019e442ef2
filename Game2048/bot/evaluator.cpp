#include "evaluator.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "weights_file.h"

namespace bot2048 {

namespace {
// The committed weights, relative to the checkout.
const char kCheckoutWeights[] = "Game2048/bot/weights.n2048";
}  // namespace

std::unique_ptr<Evaluator> load_evaluator(const std::string& weights_path, std::string* note, std::string* problem) {
  std::unique_ptr<PlayingNetwork> net(new PlayingNetwork);
  std::string error, text;
  if (problem) problem->clear();
  if (load_weights(weights_path, net.get(), &text, &error)) {
    if (note) *note = text;
    return std::unique_ptr<Evaluator>(new NetworkEvaluator(std::move(net)));
  }
  if (problem)
    *problem = error;
  else
    std::fprintf(stderr, "bot2048: %s; using the heuristic evaluation instead\n", error.c_str());
  return std::unique_ptr<Evaluator>(new HeuristicEvaluator);
}

std::string default_weights_path() {
  if (const char* env = std::getenv("GAME2048_WEIGHTS"); env && *env) return env;
  Dl_info info;
  if (!dladdr(reinterpret_cast<void*>(&default_weights_path), &info) || !info.dli_fname) return kCheckoutWeights;
  // Beside the shared object or program, else in the checkout that holds it
  // (a test or tool built under build/): never a path compiled in.
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::absolute(info.dli_fname, ec).parent_path();
  if (fs::is_regular_file(self / "weights.n2048", ec)) return (self / "weights.n2048").string();
  for (fs::path folder = self; !folder.empty() && folder != folder.root_path(); folder = folder.parent_path())
    if (fs::is_regular_file(folder / kCheckoutWeights, ec)) return (folder / kCheckoutWeights).string();
  return kCheckoutWeights;
}

}  // namespace bot2048
