#!/usr/bin/env bash
# A 2048 run on a Slurm cluster: N array tasks, one shard of the games each, then the merge.
#   tools/cluster/slurm-2048.sh N OUT BOT.so [Run2048 options, e.g. --games 100 --seed 7]
# Shard K writes OUT/shard-K.jsonl and OUT/stats.txt.shard-K-of-N; the merge writes OUT/stats.txt
# (the contest's stats file) and OUT/record.jsonl, the files one Run2048 run writes, and its
# summary and verdict to OUT/merge.log. Run from the checkout; prints the merge job's id.
set -euo pipefail
shards=${1:?number of shards} out=$(realpath -m "${2:?output folder}") bot=$(realpath "${3:?bot .so}")
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
exec "$root/tools/cluster/slurm-shards.sh" "$shards" "$out" \
  "$root/build/bin/Run2048" "$bot" "$@" --out "$out/stats.txt" --record "$out/shard-{K}.jsonl" --progress lines -- \
  "$root/build/bin/Run2048" "$bot" "$@" --out "$out/stats.txt" --record "$out/record.jsonl" --progress off \
  --merge "$out/shard-{K}.jsonl"
