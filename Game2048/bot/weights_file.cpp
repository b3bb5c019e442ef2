#include "weights_file.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace bot2048 {
namespace {

constexpr char kMagic[9] = "N2048W16";
constexpr char kCheckpointMagic[9] = "N2048F32";
constexpr uint32_t kVersion = 2;
constexpr size_t kMaxWeightsBytes = 31u << 20;  // under the 32 MiB a submission may ship
constexpr size_t kHeaderBytes = 8 + 4 * 4 + 4 * 2 + 4 + 8 + 8;

uint64_t fnv1a(const uint8_t* p, size_t n, uint64_t h = 1469598103934665603ULL) {
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

void put_u32(std::string& s, uint32_t v) { s.append(reinterpret_cast<const char*>(&v), 4); }
void put_u64(std::string& s, uint64_t v) { s.append(reinterpret_cast<const char*>(&v), 8); }
void put_f32(std::string& s, float v) { s.append(reinterpret_cast<const char*>(&v), 4); }
void put_varint(std::string& s, uint32_t v) {
  while (v >= 0x80) {
    s.push_back(char((v & 0x7F) | 0x80));
    v >>= 7;
  }
  s.push_back(char(v));
}

// Small magnitudes in few bytes: 0, -1, 1, -2, ... -> 0, 1, 2, 3, ...
uint32_t zigzag(int16_t v) { return (uint32_t(int32_t(v)) << 1) ^ uint32_t(int32_t(v) >> 31); }
int16_t unzigzag(uint32_t u) { return int16_t(int32_t(u >> 1) ^ -int32_t(u & 1)); }

// Reads a little-endian field; the caller has checked the bounds.
template <typename T>
T get(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Reads a varint at p[*pos] (< end); false if it runs past the end or overflows.
bool get_varint(const uint8_t* p, size_t end, size_t* pos, uint32_t* out) {
  uint32_t v = 0;
  for (int shift = 0; shift < 35; shift += 7) {
    if (*pos >= end) return false;
    const uint8_t byte = p[(*pos)++];
    v |= uint32_t(byte & 0x7F) << shift;
    if (!(byte & 0x80)) {
      *out = v;
      return true;
    }
  }
  return false;
}

std::string system_error(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

// Writes `size` bytes to path via a temporary file and rename(2).
bool write_whole_file(const std::string& path, const void* data, size_t size, std::string* error) {
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    *error = system_error("cannot create", tmp);
    return false;
  }
  const bool ok = std::fwrite(data, 1, size, f) == size;
  if (std::fclose(f) != 0 || !ok) {
    *error = system_error("cannot write", tmp);
    std::remove(tmp.c_str());
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    *error = system_error("cannot rename to", path);
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

bool read_whole_file(const std::string& path, std::vector<uint8_t>* out, std::string* error) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    *error = system_error("cannot open weights file", path);
    return false;
  }
  out->clear();
  uint8_t buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out->insert(out->end(), buf, buf + n);
  const bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) *error = system_error("cannot read weights file", path);
  return !failed;
}

}  // namespace

bool save_weights(const std::string& path, const TrainingNetwork& net, float initial_weight,
                  const std::string& note, std::string* error) {
  float max_abs = 0;
  for (int t = 0; t < kTuples; ++t)
    for (float w : net.table(t)) max_abs = std::max(max_abs, std::fabs(w - initial_weight));
  const float scale = max_abs > 0 ? max_abs / 32767.0f : 1.0f;

  std::vector<int16_t> q[kTuples];
  for (int t = 0; t < kTuples; ++t) {
    const std::vector<float>& w = net.table(t);
    q[t].resize(w.size());
    for (size_t i = 0; i < w.size(); ++i) q[t][i] = int16_t(std::lround((w[i] - initial_weight) / scale));
  }
  // Over the size limit, the smallest weights (rarely seen patterns) become 0
  // until the file fits.
  std::string payload;
  for (int prune = 0;; prune = prune ? 2 * prune : 1) {
    payload.clear();
    for (int t = 0; t < kTuples; ++t) {
      std::vector<int16_t>& table = q[t];
      for (int16_t& v : table)
        if (std::abs(int(v)) <= prune) v = 0;
      size_t i = 0;
      while (i < table.size()) {
        size_t zeros = 0;
        while (i < table.size() && table[i] == 0) ++zeros, ++i;
        // A literal run ends at the next pair of zeros (a single zero is cheaper inline).
        const size_t start = i;
        while (i < table.size() && !(table[i] == 0 && (i + 1 == table.size() || table[i + 1] == 0))) ++i;
        put_varint(payload, uint32_t(zeros));
        put_varint(payload, uint32_t(i - start));
        for (size_t k = start; k < i; ++k) put_varint(payload, zigzag(table[k]));
      }
    }
    if (payload.size() + note.size() + kHeaderBytes <= kMaxWeightsBytes || prune >= 16384) break;
  }

  std::string file(kMagic, 8);
  put_u32(file, kVersion);
  put_u32(file, kTuples);
  put_u32(file, kTupleCells);
  put_u32(file, kSymmetries);
  put_f32(file, scale);
  put_f32(file, initial_weight * kFeatures);
  put_u32(file, uint32_t(note.size()));
  put_u64(file, payload.size());
  uint64_t sum = fnv1a(reinterpret_cast<const uint8_t*>(note.data()), note.size());
  sum = fnv1a(reinterpret_cast<const uint8_t*>(payload.data()), payload.size(), sum);
  put_u64(file, sum);
  file += note;
  file += payload;
  return write_whole_file(path, file.data(), file.size(), error);
}

bool load_weights(const std::string& path, PlayingNetwork* net, std::string* note, std::string* error) {
  std::vector<uint8_t> data;
  if (!read_whole_file(path, &data, error)) return false;
  auto fail = [&](const std::string& why) {
    *error = "weights file '" + path + "': " + why;
    return false;
  };
  if (data.size() < kHeaderBytes) return fail("truncated header (" + std::to_string(data.size()) + " bytes)");
  const uint8_t* p = data.data();
  if (std::memcmp(p, kMagic, 8) != 0) return fail("not a weights file (bad magic)");
  const uint32_t version = get<uint32_t>(p + 8), tuples = get<uint32_t>(p + 12),
                 cells = get<uint32_t>(p + 16), symmetries = get<uint32_t>(p + 20);
  if (version != kVersion) return fail("unsupported version " + std::to_string(version));
  if (tuples != kTuples || cells != kTupleCells || symmetries != kSymmetries)
    return fail("network shape " + std::to_string(tuples) + "x" + std::to_string(cells) + "-tuples/" +
                std::to_string(symmetries) + " symmetries, expected 4x6/8");
  const float scale = get<float>(p + 24), offset = get<float>(p + 28);
  if (!std::isfinite(scale) || !(scale > 0) || !std::isfinite(offset)) return fail("bad scale or offset");
  const uint32_t note_bytes = get<uint32_t>(p + 32);
  const uint64_t payload_bytes = get<uint64_t>(p + 36), checksum = get<uint64_t>(p + 44);
  const uint64_t expected = kHeaderBytes + uint64_t(note_bytes) + payload_bytes;
  if (payload_bytes > data.size() || expected != data.size())
    return fail("size " + std::to_string(data.size()) + " bytes, header says " + std::to_string(expected) +
                (expected > data.size() ? " (truncated)" : " (trailing data)"));
  const uint8_t* body = p + kHeaderBytes;
  if (fnv1a(body, note_bytes + payload_bytes) != checksum) return fail("checksum mismatch (corrupted)");
  if (note) note->assign(reinterpret_cast<const char*>(body), note_bytes);

  const uint8_t* payload = body + note_bytes;
  size_t pos = 0;
  for (int t = 0; t < kTuples; ++t) {
    std::vector<int16_t>& table = net->table(t);
    size_t filled = 0;
    while (filled < kTupleEntries) {
      uint32_t zeros, literals;
      if (!get_varint(payload, payload_bytes, &pos, &zeros) || !get_varint(payload, payload_bytes, &pos, &literals))
        return fail("table " + std::to_string(t) + " ends early");
      if (uint64_t(filled) + zeros + literals > kTupleEntries) return fail("table " + std::to_string(t) + " overflows");
      std::fill(table.begin() + filled, table.begin() + filled + zeros, int16_t(0));
      filled += zeros;
      for (uint32_t k = 0; k < literals; ++k) {
        uint32_t u;
        if (!get_varint(payload, payload_bytes, &pos, &u)) return fail("table " + std::to_string(t) + " ends early");
        if (u > 0xFFFF) return fail("table " + std::to_string(t) + " holds a value beyond 16 bits");
        table[filled++] = unzigzag(u);
      }
    }
  }
  if (pos != payload_bytes) return fail("trailing bytes after the last table");
  net->scale = scale;
  net->offset = offset;
  return true;
}

uint64_t episodes_from_note(const std::string& note) {
  const std::string suffix = " episodes";
  if (note.size() <= suffix.size() || note.compare(note.size() - suffix.size(), suffix.size(), suffix) != 0) return 0;
  size_t end = note.size() - suffix.size(), begin = end;
  while (begin > 0 && note[begin - 1] >= '0' && note[begin - 1] <= '9') --begin;
  if (begin == end || end - begin > 18) return 0;
  return std::strtoull(note.substr(begin, end - begin).c_str(), nullptr, 10);
}

bool load_weights_for_training(const std::string& path, TrainingNetwork* net, float* initial_weight,
                               uint64_t* episodes, std::string* note, std::string* error) {
  std::unique_ptr<PlayingNetwork> q(new PlayingNetwork());
  std::string text;
  if (!load_weights(path, q.get(), &text, error)) return false;
  const float init = q->offset / float(kFeatures);
  for (int t = 0; t < kTuples; ++t) {
    const std::vector<int16_t>& from = q->table(t);
    std::vector<float>& to = net->table(t);
    for (size_t i = 0; i < from.size(); ++i) to[i] = init + q->scale * float(from[i]);
  }
  *initial_weight = init;
  *episodes = episodes_from_note(text);
  if (note) *note = text;
  return true;
}

bool save_checkpoint(const std::string& path, const TrainingNetwork& net, uint64_t episodes,
                     float initial_weight, std::string* error) {
  std::vector<uint8_t> out(8 + 8 + 4 + size_t(kTuples) * kTupleEntries * 4);
  std::memcpy(out.data(), kCheckpointMagic, 8);
  std::memcpy(out.data() + 8, &episodes, 8);
  std::memcpy(out.data() + 16, &initial_weight, 4);
  for (int t = 0; t < kTuples; ++t)
    std::memcpy(out.data() + 20 + size_t(t) * kTupleEntries * 4, net.table(t).data(), size_t(kTupleEntries) * 4);
  return write_whole_file(path, out.data(), out.size(), error);
}

bool load_checkpoint(const std::string& path, TrainingNetwork* net, uint64_t* episodes,
                     float* initial_weight, std::string* error) {
  std::vector<uint8_t> data;
  if (!read_whole_file(path, &data, error)) return false;
  if (data.size() != 20 + size_t(kTuples) * kTupleEntries * 4 || std::memcmp(data.data(), kCheckpointMagic, 8) != 0) {
    *error = "checkpoint '" + path + "': wrong size or magic";
    return false;
  }
  std::memcpy(episodes, data.data() + 8, 8);
  std::memcpy(initial_weight, data.data() + 16, 4);
  for (int t = 0; t < kTuples; ++t)
    std::memcpy(net->table(t).data(), data.data() + 20 + size_t(t) * kTupleEntries * 4, size_t(kTupleEntries) * 4);
  return true;
}

}  // namespace bot2048
