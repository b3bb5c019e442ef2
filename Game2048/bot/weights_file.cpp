#include "weights_file.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace bot2048 {
namespace {

constexpr char kMagic[9] = "N2048W16";
constexpr char kCheckpointMagic[9] = "N2048F32";
constexpr uint32_t kVersion = 1;
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

  std::string payload;
  for (int t = 0; t < kTuples; ++t) {
    const std::vector<float>& w = net.table(t);
    std::vector<int16_t> q(w.size());
    for (size_t i = 0; i < w.size(); ++i) q[i] = int16_t(std::lround((w[i] - initial_weight) / scale));
    size_t i = 0;
    while (i < q.size()) {
      size_t zeros = 0;
      while (i < q.size() && q[i] == 0) ++zeros, ++i;
      // A literal run ends at the next pair of zeros (a single zero is cheaper inline).
      size_t start = i;
      while (i < q.size() && !(q[i] == 0 && (i + 1 == q.size() || q[i + 1] == 0))) ++i;
      put_varint(payload, uint32_t(zeros));
      put_varint(payload, uint32_t(i - start));
      payload.append(reinterpret_cast<const char*>(q.data() + start), 2 * (i - start));
    }
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
      if (pos + 2ull * literals > payload_bytes) return fail("table " + std::to_string(t) + " ends early");
      std::fill(table.begin() + filled, table.begin() + filled + zeros, int16_t(0));
      filled += zeros;
      std::memcpy(table.data() + filled, payload + pos, 2ull * literals);
      filled += literals;
      pos += 2ull * literals;
    }
  }
  if (pos != payload_bytes) return fail("trailing bytes after the last table");
  net->scale = scale;
  net->offset = offset;
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
