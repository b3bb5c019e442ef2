#!/usr/bin/env bash
# A ladder's games on a Slurm cluster: N array tasks, one shard of a plan each, then the merge.
#   ladder/cluster/slurm-ladder.sh N DIR GAMES SEED [ladder play options, e.g. --move-time 100]
# Submits "ladder play DIR --shard K/N --games GAMES --seed SEED --record DIR.shards/shard-K.jsonl"
# as an array through tools/cluster/slurm-shards.sh (every shard reads DIR, on the folder the nodes
# share, and writes only its record), and "ladder merge DIR DIR.shards/shard-*.jsonl" after it. A
# shard run again plays only what its record lacks. Logs go to DIR.shards/logs/. Run from the
# checkout; prints the merge job's id.
set -euo pipefail
shards=${1:?number of shards} dir=$(realpath "${2:?ladder folder}") games=${3:?games of the plan} seed=${4:?plan seed}
shift 4
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$dir.shards"
exec "$root/tools/cluster/slurm-shards.sh" "$shards" "$dir.shards/logs" \
  "$root/build/bin/ladder" play "$dir" --games "$games" --seed "$seed" --record "$dir.shards/shard-{K}.jsonl" "$@" -- \
  "$root/build/bin/ladder" merge "$dir" "$dir.shards/shard-{K}.jsonl"
