#!/usr/bin/env bash
# A ladder's games on a Slurm cluster: N array tasks, one shard of a plan each, then the merge.
#   ladder/cluster/slurm-ladder.sh N DIR GAMES SEED [ladder play options, e.g. --move-time 100]
# Copies DIR to DIR.shards/K (one copy per shard, on the folder the nodes share), submits
# "ladder play DIR.shards/K --shard K/N --games GAMES --seed SEED" as an array through
# tools/cluster/slurm-shards.sh, and "ladder merge DIR DIR.shards/*" after it. A shard run again
# plays only what its copy lacks. Logs go to DIR.shards/logs/. Run from the checkout; prints the merge job's id.
set -euo pipefail
shards=${1:?number of shards} dir=$(realpath "${2:?ladder folder}") games=${3:?games of the plan} seed=${4:?plan seed}
shift 4
root=$(cd "$(dirname "$0")/../.." && pwd)
for ((k = 0; k < shards; ++k)); do
  rm -rf "$dir.shards/$k"
  mkdir -p "$dir.shards"
  cp -a "$dir" "$dir.shards/$k"
done
exec "$root/tools/cluster/slurm-shards.sh" "$shards" "$dir.shards/logs" \
  "$root/build/bin/ladder" play "$dir.shards/{K}" --games "$games" --seed "$seed" "$@" -- \
  "$root/build/bin/ladder" merge "$dir" "$dir.shards/{K}"
