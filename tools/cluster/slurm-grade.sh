#!/usr/bin/env bash
# A grade on a Slurm cluster: N array tasks, one shard each, then the merge.
#   tools/cluster/slurm-grade.sh N OUT STRATEGY.so [Grade options, e.g. --seed 7]
# Shard K writes its record OUT/shard-K.jsonl and its games' results OUT/shard-K.tsv (run again, it
# plays only the games its record lacks); the merge reads the records and writes OUT/grade.tsv, the file
# one Grade run writes, with the whole grade's record OUT/record.jsonl and replay page OUT/grade.html.
# Run from the checkout; prints the merge job's id.
set -euo pipefail
shards=${1:?number of shards} out=$(realpath -m "${2:?output folder}") strategy=$(realpath "${3:?strategy .so}")
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
exec "$root/tools/cluster/slurm-shards.sh" "$shards" "$out" \
  "$root/build/bin/Grade" "$@" --results "$out/shard-{K}.tsv" --record "$out/shard-{K}.jsonl" "$strategy" -- \
  "$root/build/bin/Grade" "$@" --merge --results "$out/grade.tsv" --record "$out/record.jsonl" \
  --html "$out/grade.html" "$strategy" "$out/shard-{K}.jsonl"
