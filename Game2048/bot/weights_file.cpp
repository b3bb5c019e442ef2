#include "weights_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

namespace bot2048 {
namespace {

constexpr char kMagic[9] = "N2048W16";
constexpr char kCheckpointMagic[9] = "N2048F32";
constexpr char kStagedCheckpointMagic[9] = "N2048F2S";
constexpr uint32_t kVersion = 2;                      // one stage
constexpr uint32_t kStagedVersion = 3;                // two stages (stage 2 as differences)
constexpr size_t kMaxWeightsBytes = 31u << 20;        // one stage: under the 32 MiB a submission may ship
constexpr size_t kMaxStagedWeightsBytes = 32u << 20;  // two stages: the whole 32 MiB
constexpr size_t kHeaderBytes = 8 + 4 * 4 + 4 * 2 + 4 + 8 + 8;
constexpr size_t kStagedHeaderBytes = kHeaderBytes + 4 * 2;  // + u32 stages, u32 stage exponent

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
uint32_t zigzag(int32_t v) { return (uint32_t(v) << 1) ^ uint32_t(v >> 31); }
int32_t unzigzag(uint32_t u) { return int32_t(u >> 1) ^ -int32_t(u & 1); }

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

// Writes path via a temporary file and rename(2): `write` puts the content into
// the open temporary file and says whether every write succeeded.
bool write_via_rename(const std::string& path, const std::function<bool(FILE*)>& write, std::string* error) {
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    *error = system_error("cannot create", tmp);
    return false;
  }
  const bool ok = write(f);
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

// Writes `size` bytes to path via a temporary file and rename(2).
bool write_whole_file(const std::string& path, const void* data, size_t size, std::string* error) {
  return write_via_rename(
      path, [&](FILE* f) { return std::fwrite(data, 1, size, f) == size; }, error);
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

namespace {

// True if the tuple index (six 4-bit cell exponents) has a cell of 2^e or more.
bool holds_exponent_at_least(uint32_t index, int e) {
  for (int c = 0; c < kTupleCells; ++c)
    if (int((index >> (4 * c)) & 15) >= e) return true;
  return false;
}

// Appends one table's values as runs: varint zeros, varint n, n zigzag varints.
// A literal run ends at the next pair of zeros (a single zero is cheaper inline).
void encode_table(const std::vector<int32_t>& table, std::string& payload) {
  size_t i = 0;
  while (i < table.size()) {
    size_t zeros = 0;
    while (i < table.size() && table[i] == 0) ++zeros, ++i;
    const size_t start = i;
    while (i < table.size() && !(table[i] == 0 && (i + 1 == table.size() || table[i + 1] == 0))) ++i;
    put_varint(payload, uint32_t(zeros));
    put_varint(payload, uint32_t(i - start));
    for (size_t k = start; k < i; ++k) put_varint(payload, zigzag(table[k]));
  }
}

// Decodes one table's runs from payload[*pos..end) into `table`. Without a base
// the values are the weights (a zero run writes zeros); with one they are
// differences added to it (a zero run keeps it). An empty string on success,
// else what is wrong.
std::string decode_table(const uint8_t* payload, size_t end, size_t* pos, WeightTable& table, const WeightTable* base) {
  size_t filled = 0;
  while (filled < kTupleEntries) {
    uint32_t zeros, literals;
    if (!get_varint(payload, end, pos, &zeros) || !get_varint(payload, end, pos, &literals)) return "ends early";
    if (uint64_t(filled) + zeros + literals > kTupleEntries) return "overflows";
    for (size_t k = filled; k < filled + zeros; ++k) table[k] = base ? (*base)[k] : int16_t(0);
    filled += zeros;
    for (uint32_t k = 0; k < literals; ++k, ++filled) {
      uint32_t u;
      if (!get_varint(payload, end, pos, &u)) return "ends early";
      const int32_t v = unzigzag(u) + (base ? (*base)[filled] : 0);
      if (u > (base ? 0x1FFFFu : 0xFFFFu) || v < -32768 || v > 32767) return "holds a value beyond 16 bits";
      table[filled] = int16_t(v);
    }
  }
  return "";
}

}  // namespace

bool save_weights(const std::string& path, const TrainingNetwork& net, float initial_weight, const std::string& note,
                  std::string* error, WeightsPruning* pruned, float min_step) {
  const int stages = net.stages();
  float max_abs = 0;
  for (int s = 0; s < stages; ++s)
    for (int t = 0; t < kTuples; ++t)
      for (uint32_t i = 0; i < kTupleEntries; ++i)
        max_abs = std::max(max_abs, std::fabs(net.weight(t, s, i) - initial_weight));
  const float scale = std::max(max_abs > 0 ? max_abs / 32767.0f : 1.0f, min_step);

  // q[0]: stage 1 quantised; q[1]: stage 2 quantised minus stage 1's.
  std::vector<int32_t> q[kMaxStages][kTuples];
  for (int s = 0; s < stages; ++s)
    for (int t = 0; t < kTuples; ++t) {
      q[s][t].resize(kTupleEntries);
      for (uint32_t i = 0; i < kTupleEntries; ++i)
        q[s][t][i] = int16_t(std::lround((net.weight(t, s, i) - initial_weight) / scale));
    }
  if (stages > 1)
    for (uint32_t i = 0; i < kTupleEntries; ++i) {
      // Stage 1 values boards under the stage tile only, so it never reads an
      // entry with a cell at or over it: stored as 0 (stage 2 then in full).
      const bool unread_by_stage1 = holds_exponent_at_least(i, net.stage_exponent());
      for (int t = 0; t < kTuples; ++t) {
        if (unread_by_stage1) q[0][t][i] = 0;
        q[1][t][i] -= q[0][t][i];
      }
    }

  // Over the size limit, the smallest stage-2 differences become 0, then the
  // smallest stage-1 weights (rarely seen patterns), until the file fits.
  const size_t limit = stages > 1 ? kMaxStagedWeightsBytes : kMaxWeightsBytes;
  const size_t header = stages > 1 ? kStagedHeaderBytes : kHeaderBytes;
  std::string payload;
  int prune[kMaxStages] = {0, 0};
  for (;;) {
    payload.clear();
    for (int s = 0; s < stages; ++s)
      for (int t = 0; t < kTuples; ++t) {
        for (int32_t& v : q[s][t])
          if (std::abs(v) <= prune[s]) v = 0;
        encode_table(q[s][t], payload);
      }
    if (payload.size() + note.size() + header <= limit) break;
    int& p = stages > 1 && prune[1] <= 65535 ? prune[1] : prune[0];
    if (&p == &prune[0] && p >= 16384) break;
    p = p ? 2 * p : 1;
  }

  if (pruned) *pruned = WeightsPruning{prune[0], prune[1]};

  std::string file(kMagic, 8);
  put_u32(file, stages > 1 ? kStagedVersion : kVersion);
  put_u32(file, kTuples);
  put_u32(file, kTupleCells);
  put_u32(file, kSymmetries);
  put_f32(file, scale);
  put_f32(file, initial_weight * kFeatures);
  std::string stage_fields;  // version 3 only; checksummed with the note and payload
  if (stages > 1) {
    put_u32(stage_fields, uint32_t(stages));
    put_u32(stage_fields, uint32_t(net.stage_exponent()));
    file += stage_fields;
  }
  put_u32(file, uint32_t(note.size()));
  put_u64(file, payload.size());
  uint64_t sum = fnv1a(reinterpret_cast<const uint8_t*>(stage_fields.data()), stage_fields.size());
  sum = fnv1a(reinterpret_cast<const uint8_t*>(note.data()), note.size(), sum);
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
  const uint32_t version = get<uint32_t>(p + 8), tuples = get<uint32_t>(p + 12), cells = get<uint32_t>(p + 16),
                 symmetries = get<uint32_t>(p + 20);
  if (version != kVersion && version != kStagedVersion) return fail("unsupported version " + std::to_string(version));
  const bool staged = version == kStagedVersion;
  const size_t header = staged ? kStagedHeaderBytes : kHeaderBytes;
  if (data.size() < header) return fail("truncated header (" + std::to_string(data.size()) + " bytes)");
  if (tuples != kTuples || cells != kTupleCells || symmetries != kSymmetries)
    return fail("network shape " + std::to_string(tuples) + "x" + std::to_string(cells) + "-tuples/" +
                std::to_string(symmetries) + " symmetries, expected 4x6/8");
  const float scale = get<float>(p + 24), offset = get<float>(p + 28);
  if (!std::isfinite(scale) || !(scale > 0) || !std::isfinite(offset)) return fail("bad scale or offset");
  const uint8_t* stage_fields = p + 32;
  const size_t stage_bytes = staged ? 8 : 0;
  const uint32_t stages = staged ? get<uint32_t>(stage_fields) : 1,
                 stage_exponent = staged ? get<uint32_t>(stage_fields + 4) : kDefaultStageExponent;
  const uint8_t* q = p + 32 + stage_bytes;
  const uint32_t note_bytes = get<uint32_t>(q);
  const uint64_t payload_bytes = get<uint64_t>(q + 4), checksum = get<uint64_t>(q + 12);
  const uint64_t expected = header + uint64_t(note_bytes) + payload_bytes;
  if (payload_bytes > data.size() || expected != data.size())
    return fail("size " + std::to_string(data.size()) + " bytes, header says " + std::to_string(expected) +
                (expected > data.size() ? " (truncated)" : " (trailing data)"));
  const uint8_t* body = p + header;
  if (fnv1a(body, note_bytes + payload_bytes, fnv1a(stage_fields, stage_bytes)) != checksum)
    return fail("checksum mismatch (corrupted)");
  if (stages < 1 || int(stages) > kMaxStages || stage_exponent < 1 || stage_exponent > 15)
    return fail(std::to_string(stages) + " stages from tile 2^" + std::to_string(stage_exponent) +
                ", expected 1 or 2 from 2^1..2^15");
  if (note) note->assign(reinterpret_cast<const char*>(body), note_bytes);

  net->set_stages(int(stages), int(stage_exponent));
  const uint8_t* payload = body + note_bytes;
  size_t pos = 0;
  for (int s = 0; s < int(stages); ++s)
    for (int t = 0; t < kTuples; ++t) {
      const std::string why =
          decode_table(payload, payload_bytes, &pos, net->table(t, s), s ? &net->table(t, 0) : nullptr);
      if (!why.empty()) return fail((s ? "stage 2 table " : "table ") + std::to_string(t) + " " + why);
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

bool load_weights_for_training(const std::string& path, TrainingNetwork* net, float* initial_weight, uint64_t* episodes,
                               std::string* note, std::string* error) {
  std::unique_ptr<PlayingNetwork> q(new PlayingNetwork());
  std::string text;
  if (!load_weights(path, q.get(), &text, error)) return false;
  const float init = q->offset / float(kFeatures);
  if (q->stages() > 1) net->add_second_stage(q->stage_exponent());
  for (int s = 0; s < q->stages(); ++s)
    for (int t = 0; t < kTuples; ++t) {
      const WeightTable& from = q->table(t, s);
      for (uint32_t i = 0; i < kTupleEntries; ++i) net->set_weight(t, s, i, init + q->scale * float(from[i]));
    }
  *initial_weight = init;
  *episodes = episodes_from_note(text);
  if (note) *note = text;
  return true;
}

// A one-stage checkpoint: magic, u64 episodes, f32 initial weight, 4 tables.
// A two-stage one ("N2048F2S") adds u32 stage exponent and stage 2's 4 tables.
bool save_checkpoint(const std::string& path, const TrainingNetwork& net, uint64_t episodes, float initial_weight,
                     std::string* error) {
  const bool staged = net.stages() > 1;
  const size_t head = staged ? 24 : 20, table_bytes = size_t(kTupleEntries) * 4;
  std::vector<uint8_t> out(head + size_t(net.stages()) * kTuples * table_bytes);
  std::memcpy(out.data(), staged ? kStagedCheckpointMagic : kCheckpointMagic, 8);
  std::memcpy(out.data() + 8, &episodes, 8);
  std::memcpy(out.data() + 16, &initial_weight, 4);
  const uint32_t stage_exponent = uint32_t(net.stage_exponent());
  if (staged) std::memcpy(out.data() + 20, &stage_exponent, 4);
  for (int s = 0; s < net.stages(); ++s)
    for (int t = 0; t < kTuples; ++t)
      for (uint32_t i = 0; i < kTupleEntries; ++i) {
        const float w = net.weight(t, s, i);
        std::memcpy(out.data() + head + size_t(s * kTuples + t) * table_bytes + size_t(i) * 4, &w, 4);
      }
  return write_whole_file(path, out.data(), out.size(), error);
}

bool load_checkpoint(const std::string& path, TrainingNetwork* net, uint64_t* episodes, float* initial_weight,
                     std::string* error) {
  std::vector<uint8_t> data;
  if (!read_whole_file(path, &data, error)) return false;
  const size_t table_bytes = size_t(kTupleEntries) * 4;
  const bool staged = data.size() >= 8 && std::memcmp(data.data(), kStagedCheckpointMagic, 8) == 0;
  const int stages = staged ? 2 : 1;
  const size_t head = staged ? 24 : 20;
  if (data.size() != head + size_t(stages) * kTuples * table_bytes ||
      (!staged && std::memcmp(data.data(), kCheckpointMagic, 8) != 0)) {
    *error = "checkpoint '" + path + "': wrong size or magic";
    return false;
  }
  std::memcpy(episodes, data.data() + 8, 8);
  std::memcpy(initial_weight, data.data() + 16, 4);
  if (staged) {
    uint32_t stage_exponent;
    std::memcpy(&stage_exponent, data.data() + 20, 4);
    net->add_second_stage(int(stage_exponent));
  }
  for (int s = 0; s < stages; ++s)
    for (int t = 0; t < kTuples; ++t)
      for (uint32_t i = 0; i < kTupleEntries; ++i) {
        float w;
        std::memcpy(&w, data.data() + head + size_t(s * kTuples + t) * table_bytes + size_t(i) * 4, 4);
        net->set_weight(t, s, i, w);
      }
  return true;
}

namespace {
const char kCoherenceMagic[9] = "N2048TCS";
}  // namespace

bool save_coherence(const std::string& path, const TrainingNetwork& net, uint64_t episodes, std::string* error) {
  if (!net.coherence()) {
    *error = "coherence sums '" + path + "': the network keeps none";
    return false;
  }
  return write_via_rename(
      path,
      [&](FILE* f) {
        const uint32_t stages = uint32_t(net.stages());
        bool ok = std::fwrite(kCoherenceMagic, 1, 8, f) == 8 && std::fwrite(&episodes, 8, 1, f) == 1 &&
                  std::fwrite(&stages, 4, 1, f) == 1;
        for (int s = 0; ok && s < net.stages(); ++s)
          for (int t = 0; ok && t < kTuples; ++t) {
            std::vector<TrainingNetwork::Coherence> sums(kTupleEntries);
            for (uint32_t i = 0; i < kTupleEntries; ++i) sums[i] = net.coherence_of(t, s, i);
            ok = std::fwrite(sums.data(), sizeof sums[0], sums.size(), f) == sums.size();
          }
        return ok;
      },
      error);
}

bool load_coherence(const std::string& path, TrainingNetwork* net, uint64_t episodes, std::string* error) {
  if (!net->coherence()) {
    *error = "coherence sums '" + path + "': the network keeps none (coherence is off)";
    return false;
  }
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    *error = system_error("cannot open coherence sums", path);
    return false;
  }
  auto fail = [&](const std::string& why) {
    std::fclose(f);
    *error = "coherence sums '" + path + "': " + why;
    return false;
  };
  char magic[8];
  uint64_t saved_episodes = 0;
  uint32_t stages = 0;
  if (std::fread(magic, 1, 8, f) != 8 || std::memcmp(magic, kCoherenceMagic, 8) != 0)
    return fail("not a coherence file (wrong magic)");
  if (std::fread(&saved_episodes, 8, 1, f) != 1 || std::fread(&stages, 4, 1, f) != 1) return fail("truncated header");
  if (saved_episodes != episodes)
    return fail("saved at episode " + std::to_string(saved_episodes) + ", the checkpoint is at " +
                std::to_string(episodes));
  if (int(stages) != net->stages())
    return fail(std::to_string(stages) + " stages, the network has " + std::to_string(net->stages()));
  struct stat info;
  const long long expected =
      20 + (long long)stages * kTuples * kTupleEntries * (long long)sizeof(TrainingNetwork::Coherence);
  if (::fstat(fileno(f), &info) != 0 || info.st_size != expected)
    return fail("wrong size (" + std::to_string((long long)info.st_size) + " bytes, expected " +
                std::to_string(expected) + ")");
  // Read into a copy first, so a failed read leaves the network's sums as they were.
  std::vector<std::vector<TrainingNetwork::Coherence>> sums(stages * kTuples);
  for (auto& table : sums) {
    table.resize(kTupleEntries);
    if (std::fread(table.data(), sizeof table[0], table.size(), f) != table.size()) return fail("truncated tables");
  }
  std::fclose(f);
  for (int s = 0; s < int(stages); ++s)
    for (int t = 0; t < kTuples; ++t)
      for (uint32_t i = 0; i < kTupleEntries; ++i) net->set_coherence(t, s, i, sums[size_t(s * kTuples + t)][i]);
  return true;
}

}  // namespace bot2048
