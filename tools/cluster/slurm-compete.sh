#!/usr/bin/env bash
# A long Compete match on a Slurm cluster: N array tasks, one shard of the rounds each, then the merge.
#   tools/cluster/slurm-compete.sh N OUT A.so B.so ROUNDS --seed S [Compete options]
# Shard K writes OUT/shard-K.jsonl and OUT/match.txt.shard-K-of-N; the merge writes OUT/match.txt,
# OUT/match.txt.stats.json and OUT/record.jsonl, the files one Compete run writes (its summary is in
# OUT/merge.log). Run from the checkout; prints the merge job's id.
set -euo pipefail
shards=${1:?number of shards} out=$(realpath -m "${2:?output folder}")
a=$(realpath "${3:?strategy A .so}") b=$(realpath "${4:?strategy B .so}") rounds=${5:?rounds}
shift 5
root=$(cd "$(dirname "$0")/../.." && pwd)
exec "$root/tools/cluster/slurm-shards.sh" "$shards" "$out" \
  "$root/Compete/Compete" "$a" "$b" "$out/match.txt" "$rounds" "$@" --record "$out/shard-{K}.jsonl" -- \
  "$root/Compete/Compete" "$a" "$b" "$out/match.txt" "$rounds" "$@" --record "$out/record.jsonl" --merge "$out/shard-{K}.jsonl"
