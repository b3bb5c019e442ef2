#!/usr/bin/env bash
# make bench-2048-train [TRAIN_BEFORE=program]: the trainer's speed, in moves
# learned per second of one core (one thread), from the committed weights
# (long games, the late stage of a run), the same episodes for every program:
# 600 episodes, seed 3, each recipe a row; the figure is train2048's own (the
# window's moves over its CPU time, loading and saving left out), the median of
# 3 trials. With TRAIN_BEFORE (an earlier train2048), its rows run interleaved
# with this one's, trial by trial, so both see the same load; it knows only the
# options both programs share.
#   usage: bench_train.sh TRAIN2048 WEIGHTS FOLDER [BEFORE]
set -u
train=$1 weights=$2 folder=$3 before=${4:-}
[ -r "$weights" ] || { echo "bench_train.sh: cannot read the weights file '$weights'" >&2; exit 1; }
mkdir -p "$folder"
episodes=600 trials=3
# One trial: train2048's M moves/s over the episodes, or "failed".
trial() {  # program, then the recipe's options
  local program=$1
  shift
  "$program" --init-weights "$weights" --start-episode 0 --episodes $episodes --report $episodes --seed 3 \
    --save-every 1000000 --out "$folder/w.n2048" --checkpoint "$folder/c.f32" --curve "$folder/curve.csv" "$@" \
    2>&1 | sed -n 's/.*  \([0-9.]*\)M moves\/s$/\1/p' | tail -n 1 | grep . || echo failed
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
row() {  # label, "after" options, "before" options (or "-": no such row before)
  local label=$1 now=$2 old=$3 a=() b=()
  for ((i = 0; i < trials; ++i)); do
    a+=("$(trial "$train" $now)")
    [ -n "$before" ] && [ "$old" != "-" ] && b+=("$(trial "$before" $old)")
  done
  local line
  line=$(printf '%-44s %8s M moves/s  (%s)' "$label" "$(median "${a[@]}")" "${a[*]}")
  [ ${#b[@]} -gt 0 ] && line+=$(printf '   before: %s M moves/s  (%s)' "$(median "${b[@]}")" "${b[*]}")
  echo "$line"
}
echo "train2048: $train${before:+, before: $before}; $episodes episodes from $weights, seed 3, median of $trials"
row "TD(0), alpha 0.1" "--lambda 0 --alpha 0.1" "--alpha 0.1"
row "TC(0), alpha 0.1" "--lambda 0 --tc --alpha 0.1" "--tc --alpha 0.1"
row "TC(0.5), alpha 1" "--tc" "-"
row "TC(0.5), alpha 1, 3 restarts a game" "--tc --restart 3" "-"
rm -f "$folder"/w.n2048 "$folder"/c.f32 "$folder"/c.f32.tc "$folder"/curve.csv
