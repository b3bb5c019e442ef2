// The committed weights file: a quantised, run-length-coded n-tuple network.
//
// Layout (little-endian):
//   "N2048W16"                    8-byte magic
//   u32 version (2: one stage, 3: two stages), u32 tuples (4),
//   u32 tuple cells (6), u32 symmetries (8)
//   f32 scale, f32 offset         weight = scale * q (q: int16); value adds offset
//   version 3 only: u32 stages (2), u32 stage exponent (stage 2 from tile 2^e on)
//   u32 note bytes, u64 payload bytes,
//   u64 FNV-1a 64 of (version 3: the two stage fields +) note + payload
//   note                          free text: how the weights were trained
//   payload                       per tuple, 16^6 entries as runs:
//                                 varint zeros, varint n, then n values q,
//                                 each a zigzag varint (small |q|: one byte);
//                                 version 3: then stage 2's 4 tables the same
//                                 way, each value q2 - q1 (mostly runs of zeros);
//                                 stage 1's entries with a cell at or over the
//                                 stage tile are 0 (no stage-1 board reads them)
// Loading checks every field, the exact file size, the checksum and that each
// table decodes to exactly 16^6 entries; any failure names the file and reason.
// A one-stage network is always written as version 2 (the format before stages).
//
// The training checkpoint is a plain float dump ("N2048F32", u64 episodes,
// f32 initial weight, the 4 tables; two stages: "N2048F2S", the same fields,
// u32 stage exponent, then the 8 tables) for resuming a stopped trainer.
#pragma once
#include <cstdint>
#include <string>

#include "ntuple.h"

namespace bot2048 {

// Writes `net` quantised to 16 bits; entries equal to `initial_weight` code as 0.
// One stage: if the file would exceed 31 MiB, the smallest weights are zeroed
// until it fits. Two stages (at most 32 MiB): first the smallest stage-2
// differences are zeroed, then the smallest stage-1 weights.
// *pruned (if given) gets the largest |q| zeroed per stage (0: none).
// `min_step` (points, 0: none) coarsens the quantisation: the step is the larger
// of it and the finest step that spans the weights (max |w| / 32767). A coarser
// step makes most values one-byte varints and drops differences under half a
// step, which is what leaves room for a second stage under the size cap.
struct WeightsPruning {
  int stage1 = 0;
  int stage2 = 0;  // of the differences q2 - q1
};
bool save_weights(const std::string& path, const TrainingNetwork& net, float initial_weight, const std::string& note,
                  std::string* error, WeightsPruning* pruned = nullptr, float min_step = 0.0f);

// Reads a weights file into *net. On failure returns false, sets *error to a
// message naming the file and the problem, and leaves *net unusable.
bool load_weights(const std::string& path, PlayingNetwork* net, std::string* note, std::string* error);

// Reads a weights file into a float network (weight = offset / 32 + scale * q),
// e.g. to continue training from the committed weights. *initial_weight gets the
// file's initial weight (its offset / 32), *episodes the count at the end of the
// note ("..., N episodes" or "... at N episodes"), or 0 if the note has none.
bool load_weights_for_training(const std::string& path, TrainingNetwork* net, float* initial_weight, uint64_t* episodes,
                               std::string* note, std::string* error);

// The episode count a weights note ends with ("... 448683 episodes"), or 0.
uint64_t episodes_from_note(const std::string& note);

// Float checkpoints of a training run.
bool save_checkpoint(const std::string& path, const TrainingNetwork& net, uint64_t episodes, float initial_weight,
                     std::string* error);
bool load_checkpoint(const std::string& path, TrainingNetwork* net, uint64_t* episodes, float* initial_weight,
                     std::string* error);

// The temporal-coherence sums of a training run (TrainingNetwork::coherence_of),
// in a file of their own beside the checkpoint ("N2048TCS", u64 episodes, u32
// stages, then each stage's 4 tables of (E, A) float pairs): 512 MiB a stage,
// so only runs with coherence pay for it. load_coherence refuses (naming the
// file and the reason) a file of another episode count or stage count than the
// network it is loaded into, so sums never pair with other weights; the
// network's sums are then left as they were.
bool save_coherence(const std::string& path, const TrainingNetwork& net, uint64_t episodes, std::string* error);
bool load_coherence(const std::string& path, TrainingNetwork* net, uint64_t episodes, std::string* error);

}  // namespace bot2048
