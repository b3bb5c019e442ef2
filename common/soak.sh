#!/usr/bin/env bash
# make soak: long runs of the judges under load, checked for what a long
# grading run must not do: lose or duplicate a result, leave a zombie or a
# process behind, or grow its open files or memory.
#   1. Compete: SOAK_COMPETE_GAMES games (default 2000) of two instant plugins at -j 16;
#   2. Run2048: SOAK_2048_GAMES games (default 1000) of the simple bot at -j 8.
# For each: the judge's open fds and resident memory at game 100 and at the
# last sample before it exits, its zombie children (at most at once, and any
# left unreaped), the wall time; then the checks. Exits 1 if a check fails.
#   usage: common/soak.sh <Compete> <plugin A> <plugin B> <Run2048> <bot.so>
set -u
compete=$1; plugin_a=$2; plugin_b=$3; runner=$4; bot=$5
compete_games=${SOAK_COMPETE_GAMES:-2000}
games_2048=${SOAK_2048_GAMES:-1000}
work=$(mktemp -d /tmp/soak.XXXXXX)
trap 'rm -rf "$work"' EXIT
failed=0

fail() { echo "FAIL: $*"; failed=1; }

# "fds rss_kb" of a process.
sample() {
  local fds rss
  fds=$(ls "/proc/$1/fd" 2>/dev/null | wc -l)
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null)
  echo "$fds ${rss:-?}"
}

# Runs "$@" in the background; watches it until it exits. $1: the record file
# whose lines count the finished games. Sets rc, at100, at_end, max_zombies,
# stuck_zombies (zombie children still unreaped 2 s after first seen), seconds.
watch_judge() {
  local record=$1; shift
  local start=$SECONDS
  "$@" > "$work/stdout" 2> "$work/stderr" &
  local pid=$!
  at100=""; at_end=""; max_zombies=0; stuck_zombies=0
  unset zombie_since; declare -gA zombie_since=()
  while kill -0 "$pid" 2>/dev/null; do
    local n=0
    [ -f "$record" ] && n=$(wc -l < "$record")
    local s
    s=$(sample "$pid")
    [ -z "$at100" ] && [ "$n" -ge 100 ] && at100="$s"
    [ -n "${s%% *}" ] && [ "${s%% *}" != 0 ] && at_end="$s"
    # Zombie children: a game's host between its exit and the judge's wait is
    # one for a moment; one still there 2 s later was never reaped.
    local zombies z=0 zp
    zombies=$(ps -o pid=,stat= --ppid "$pid" 2>/dev/null | awk '$2 ~ /^Z/ {print $1}')
    for zp in $zombies; do
      z=$((z + 1))
      [ -z "${zombie_since[$zp]:-}" ] && zombie_since[$zp]=$SECONDS
      [ $((SECONDS - zombie_since[$zp])) -ge 2 ] && stuck_zombies=$((stuck_zombies + 1)) && zombie_since[$zp]=999999
    done
    [ "$z" -gt "$max_zombies" ] && max_zombies=$z
    sleep 0.2
  done
  wait "$pid"; rc=$?
  seconds=$((SECONDS - start))
}

# Plugin hosts (and whatever they forked) still alive for plugin $1.
leftovers() {
  local count=0 p
  for p in /proc/[0-9]*; do
    [ "$(awk '{print $3}' "$p/stat" 2>/dev/null)" = Z ] && continue
    tr '\0' ' ' < "$p/cmdline" 2>/dev/null | grep -qF -- "--plugin-host $1" && count=$((count + 1))
  done
  echo "$count"
}

report() {  # label games
  echo "$1: $2 games in ${seconds} s, exit $rc; judge fds/RSS at game 100: ${at100% *} fds, ${at100#* } kB;" \
       "at the end: ${at_end% *} fds, ${at_end#* } kB; zombie children: at most $max_zombies at once" \
       "(exited, not yet waited for), $stuck_zombies left unreaped for 2 s"
  [ "$stuck_zombies" -eq 0 ] || fail "$1: $stuck_zombies zombie children left unreaped"
}

# --- Compete ---------------------------------------------------------------------
rounds=$((compete_games / 2))
cd "$work" || exit 1
watch_judge "$work/record.jsonl" "$compete" --seed 1 -j 16 --record "$work/record.jsonl" --time-limit 10000 \
  "$plugin_a" "$plugin_b" "$work/result.txt" "$rounds"
report "Compete -j 16" "$compete_games"
[ "$rc" -eq 0 ] || fail "Compete exited with $rc: $(tail -3 "$work/stderr")"
lines=$(wc -l < "$work/record.jsonl")
unique=$(grep -oE '"round":[0-9]+,"game":[0-9]+' "$work/record.jsonl" | sort -u | wc -l)
[ "$lines" -eq "$compete_games" ] || fail "Compete record: $lines lines, not $compete_games"
[ "$unique" -eq "$compete_games" ] || fail "Compete record: $unique distinct games, not $compete_games"
results=$(grep -cE '^-?[0-9]+	[0-9]+	[0-9]+$' "$work/result.txt")
[ "$results" -eq "$compete_games" ] || fail "Compete result file: $results game lines, not $compete_games"
finished=$(grep -c '^Finished game ' "$work/stderr")
[ "$finished" -eq "$compete_games" ] || fail "Compete: $finished 'Finished game' lines, not $compete_games"
left=$(leftovers "$plugin_a")
[ "$left" -eq 0 ] || fail "Compete: $left plugin processes outlived the match"
echo "Compete: $lines record lines ($unique distinct), $results result lines, $left processes left"

# --- Run2048 ---------------------------------------------------------------------
rm -f "$work/record.jsonl"
watch_judge "$work/record.jsonl" "$runner" "$bot" --games "$games_2048" -j 8 --seed 7 --out "$work/stats.txt" \
  --record "$work/record.jsonl" --progress off --bot-log none
report "Run2048 -j 8" "$games_2048"
[ "$rc" -eq 0 ] || fail "Run2048 exited with $rc: $(tail -3 "$work/stderr")"
lines=$(grep -c '"game":' "$work/record.jsonl")
unique=$(grep -oE '"game":[0-9]+' "$work/record.jsonl" | sort -u | wc -l)
[ "$lines" -eq "$games_2048" ] || fail "Run2048 record: $lines games, not $games_2048"
[ "$unique" -eq "$games_2048" ] || fail "Run2048 record: $unique distinct games, not $games_2048"
grep -q "^#Rounds: $games_2048\$" "$work/stats.txt" || fail "Run2048 stats file: no '#Rounds: $games_2048'"
left=$(leftovers "$bot")
[ "$left" -eq 0 ] || fail "Run2048: $left bot processes outlived the run"
echo "Run2048: $lines record games ($unique distinct), $left processes left"

[ "$failed" -eq 0 ] && echo "soak: every check passed"
exit "$failed"
