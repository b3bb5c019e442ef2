#!/usr/bin/env bash
# Measures a sharded class grade on this machine (not a test: it prints figures).
#   tools/cluster/bench-class.sh WORK [grade-class options]   (make bench-class runs it)
# Zips ladder levels as students would upload them (a class of 8), grades the
# class at N = 1, 2 and 4 shards, the shards run side by side by GNU parallel
# and then merged, and prints each wall time. Then times grade-class --merge
# over 10,000 recorded games (200 students of a full grade, 1,000 of one
# group): the students' folders and their record lines are copies of the real
# ones, so every file is one a real run wrote.
set -euo pipefail
work=$(realpath -m "${1:?work folder}")
shift
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--move-time 20 --group 2)
root=$(cd "$(dirname "$0")/../.." && pwd)
tool="$root/build/bin/grade-class"
levels=(2 6 12 18 24 30 38 46)

rm -rf "$work"
mkdir -p "$work/uploads" "$work/src"
# An upload: the ladder's engine, sample.cpp told its level, the ABI headers beside it.
for level in "${levels[@]}"; do
  dir="$work/src/level$level"
  mkdir -p "$dir"
  cp "$root"/TestCases/src/*.cpp "$root"/TestCases/src/*.h "$root/Compete/framework/Point.h" "$root/Compete/framework/Strategy.h" "$dir/"
  { echo "#define LEVEL $level"; sed 's|"../../Compete/framework/|"|' "$root/TestCases/src/sample.cpp"; } > "$dir/sample.cpp"
  (cd "$dir" && zip -q -X "$work/uploads/level$level.zip" ./*.cpp ./*.h)
done

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
echo "grade-class ${options[*]} --seed 1, ${#levels[@]} uploads (ladder levels ${levels[*]}), on $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in 1 2 4; do
  out="$work/out$n"
  start=$(now)
  if [ "$n" -eq 1 ]; then
    "$tool" "${options[@]}" --seed 1 --out "$out" "$work/uploads" > "$work/log$n" 2>&1
  else
    seq 0 $((n - 1)) | parallel --will-cite -j "$n" --halt now,fail=1 \
      "'$tool' ${options[*]} --seed 1 --shard {}/$n --out '$out' '$work/uploads'" > "$work/log$n" 2>&1
    "$tool" "${options[@]}" --seed 1 --merge --out "$out" "$work/uploads" >> "$work/log$n" 2>&1
  fi
  end=$(now)
  echo "N = $n shards: $(seconds "$start" "$end") s wall (load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
done
# The merged tables rank the class as the single run does (times aside).
ranks() { cut -d, -f1-15 "$1"; }
for n in 2 4; do
  if [ "$(ranks "$work/out1/class.csv")" != "$(ranks "$work/out$n/class.csv")" ]; then
    echo "the table of N = $n differs from the single run's:" >&2
    diff <(ranks "$work/out1/class.csv") <(ranks "$work/out$n/class.csv") >&2 || true
    exit 1
  fi
done
echo "merged tables equal the single run's (but for the time columns)"

# 10,000 recorded games: as many students as that takes, each a copy of one of the real graded folders.
big="$work/big"
mkdir -p "$big/uploads" "$big/out"
per_student=$(tail -n +3 "$work/out1/level${levels[0]}/grade.tsv" | grep -c .)
students=$(((10000 + per_student - 1) / per_student))
games=0
for i in $(seq -w 1 "$students"); do
  level=${levels[$((10#$i % ${#levels[@]}))]}
  cp "$work/uploads/level$level.zip" "$big/uploads/s$i.zip"
  cp -r "$work/out1/level$level" "$big/out/s$i"
  grep -F "{\"student\":\"level$level\"," "$work/out1/class.jsonl" |
    sed "s/^{\"student\":\"level$level\"/{\"student\":\"s$i\"/" >> "$big/out/class.jsonl"
  games=$((games + $(tail -n +3 "$big/out/s$i/grade.tsv" | grep -c .)))
done
start=$(now)
"$tool" "${options[@]}" --seed 1 --merge --out "$big/out" "$big/uploads" > "$big/log" 2>&1
end=$(now)
echo "grade-class --merge of $students students, $games recorded games: $(seconds "$start" "$end") s wall"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
