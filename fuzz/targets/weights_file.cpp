// Fuzz target: the 2048 bot's weights file, loaded through a file as the bot
// does (every header field, sizes, checksum, the run-length payload).
//
// The first input byte says how the rest becomes the file: odd, as it is;
// even, with the note size clamped to the file, the payload size and the
// checksum fields set as a writer sets them, so that mutations of the fields
// and payload behind the checksum reach the decoder instead of stopping at
// "checksum mismatch" (the raw mode keeps those checks fuzzed too).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../../Game2048/bot/weights_file.h"

namespace {

// The format's fields (Game2048/bot/weights_file.h): magic, 4 u32, 2 f32,
// [version 3: u32 stages, u32 stage exponent], u32 note bytes, u64 payload bytes, u64 checksum.
constexpr size_t kShapeEnd = 32, kFieldsBytes = 4 + 8 + 8;

uint64_t fnv1a(const uint8_t* p, size_t n, uint64_t h) {
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

void fix_up(std::vector<uint8_t>* file) {
  std::vector<uint8_t>& f = *file;
  if (f.size() < 12) return;
  uint32_t version;
  std::memcpy(&version, f.data() + 8, 4);
  const size_t stage_bytes = version == 3 ? 8 : 0, fields = kShapeEnd + stage_bytes, header = fields + kFieldsBytes;
  if (f.size() < header) return;
  uint32_t note;
  std::memcpy(&note, f.data() + fields, 4);
  if (note > f.size() - header) note = static_cast<uint32_t>(f.size() - header);
  const uint64_t payload = f.size() - header - note;
  const uint64_t sum =
      fnv1a(f.data() + header, note + payload, fnv1a(f.data() + kShapeEnd, stage_bytes, 1469598103934665603ULL));
  std::memcpy(f.data() + fields, &note, 4);
  std::memcpy(f.data() + fields + 4, &payload, 8);
  std::memcpy(f.data() + fields + 12, &sum, 8);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::string path = "/tmp/fuzz-weights-" + std::to_string(getpid()) + ".n2048";
  // One network per version, so that its second stage is not freed and reallocated (128 MB) each time
  // the version changes from one input to the next.
  static std::unique_ptr<bot2048::PlayingNetwork> nets[2] = {
      std::unique_ptr<bot2048::PlayingNetwork>(new bot2048::PlayingNetwork()),
      std::unique_ptr<bot2048::PlayingNetwork>(new bot2048::PlayingNetwork())};
  std::vector<uint8_t> file(data + 1, data + size);
  if (data[0] % 2 == 0) fix_up(&file);
  bot2048::PlayingNetwork* net = nets[file.size() > 8 && file[8] == 3].get();
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(file.data(), 1, file.size(), f);
  std::fclose(f);
  std::string note, error;
  const bool loaded = bot2048::load_weights(path, net, &note, &error);
  ::unlink(path.c_str());
  if (!loaded && error.empty()) __builtin_trap();
  return 0;
}
