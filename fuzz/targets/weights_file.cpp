// Fuzz target: the 2048 bot's weights file, loaded through a file as the bot
// does (every header field, sizes, checksum, the run-length payload).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "../../Game2048/bot/weights_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/fuzz-weights-" + std::to_string(getpid()) + ".n2048";
  static std::unique_ptr<bot2048::PlayingNetwork> net(new bot2048::PlayingNetwork());
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  std::string note, error;
  const bool loaded = bot2048::load_weights(path, net.get(), &note, &error);
  ::unlink(path.c_str());
  if (!loaded && error.empty()) __builtin_trap();
  return 0;
}
