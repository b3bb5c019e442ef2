#!/usr/bin/env bash
# Any sharded command on a Slurm cluster: N array tasks, one shard each, then the merge after them.
#   tools/cluster/slurm-shards.sh N LOGS SHARD-COMMAND... -- MERGE-COMMAND...
# submits shard.sbatch SHARD-COMMAND as an array of N tasks (each runs it with --shard K/N, {K}
# replaced by K) and merge.sbatch MERGE-COMMAND with --dependency=afterok on the array, a word of it
# that holds {K} given once for each shard (OUT/shard-{K}.jsonl: the N records). Logs go to
# LOGS/shard-K.log and LOGS/merge.log. Run from the checkout (shared by the nodes); prints the merge
# job's id. slurm-grade.sh, slurm-compete.sh and slurm-2048.sh fill in the two commands.
set -euo pipefail
shards=${1:?number of shards} logs=$(realpath -m "${2:?log folder}")
shift 2
shard_command=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do shard_command+=("$1"); shift; done
[ $# -gt 0 ] || { echo "slurm-shards.sh: no '--' before the merge command" >&2; exit 2; }
shift
[ ${#shard_command[@]} -gt 0 ] && [ $# -gt 0 ] || { echo "slurm-shards.sh: a shard command and a merge command" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$logs"
array=$(sbatch --parsable --array=0-$((shards - 1)) --chdir="$root" --output="$logs/shard-%a.log" \
  "$root/tools/cluster/shard.sbatch" "${shard_command[@]}")
merge_command=()
for word in "$@"; do
  if [[ $word == *"{K}"* ]]; then
    for ((k = 0; k < shards; ++k)); do merge_command+=("${word//\{K\}/$k}"); done
  else
    merge_command+=("$word")
  fi
done
sbatch --parsable --dependency=afterok:"${array%%;*}" --chdir="$root" --output="$logs/merge.log" \
  "$root/tools/cluster/merge.sbatch" "${merge_command[@]}"
