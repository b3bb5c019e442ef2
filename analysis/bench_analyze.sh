#!/usr/bin/env bash
# make bench-analyze: analyze's speed at its default effort on two 100-game
# records it makes first (not timed): ConnectFour, samples 40 and 45 of the
# ladder (seed 1); 2048, the simple bot (seed 7). Prints the wall time, the
# positions (moves) per second and, for ConnectFour, the share proven.
set -eu
root=$1
jobs=${ANALYZE_JOBS:-2}
dir=$(mktemp -d /tmp/bench-analyze.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
"$root/Compete/Compete" "$root/TestCases/40.so" "$root/TestCases/45.so" c4.txt 50 --seed 1 -j 2 \
  --record c4.jsonl >/dev/null 2>&1
"$root/build/bin/Run2048" "$root/build/so/simple.so" --games 100 --seed 7 --out stats.txt --record 2048.jsonl \
  --progress off --bot-log none >/dev/null 2>&1 || true
for kind in c4 2048; do
  start=$(date +%s.%N)
  "$root/build/bin/analyze" $kind.jsonl -o $kind.annotated.jsonl --summary -j "$jobs" > $kind.summary
  end=$(date +%s.%N)
  seconds=$(echo "$end - $start" | bc -l)
  if [ $kind = c4 ]; then
    positions=$(grep -o '"to_move"' c4.annotated.jsonl | wc -l)
    printf 'ConnectFour, 100 games (samples 40 vs 45, seed 1), -j %s: %.1f s, %d positions, %.1f positions/s\n' \
      "$jobs" "$seconds" "$positions" "$(echo "$positions / $seconds" | bc -l)"
  else
    moves=$(grep -o '"moves":[0-9]*' 2048.jsonl | cut -d: -f2 | paste -sd+ | bc)
    printf '2048, 100 games (the simple bot, seed 7), depth 2, -j %s: %.1f s, %d moves, %.0f moves/s\n' \
      "$jobs" "$seconds" "$moves" "$(echo "$moves / $seconds" | bc -l)"
  fi
  tail -n 1 $kind.summary
done
