#!/usr/bin/env bash
# A grade on a Slurm cluster: N array tasks, one shard each, then the merge.
#   tools/cluster/slurm-grade.sh N OUT STRATEGY.so [Grade options, e.g. --seed 7]
# Run from the checkout (shared by the nodes); prints the merge job's id.
set -euo pipefail
shards=${1:?number of shards} out=$(realpath -m "${2:?output folder}") strategy=$(realpath "${3:?strategy .so}")
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
array=$(sbatch --parsable --array=0-$((shards - 1)) --chdir="$root" --output="$out/shard-%a.log" \
  "$root/tools/cluster/grade.sbatch" "$out" "$strategy" "$@")
sbatch --parsable --dependency=afterok:"${array%%;*}" --chdir="$root" --output="$out/merge.log" \
  "$root/tools/cluster/grade-merge.sbatch" "$out"
