#!/usr/bin/env bash
# make bench-2048-network [WEIGHTS=file]: the quick proxies of a network's
# strength, in process (play2048), the same games for every network:
#   greedy 1-ply, 1000 whole games (seed 1);
#   depth 1, 600 whole games (seed 9);
#   depth 1 and depth 2 from 300 / 100 boards that hold a 16384 (seed 6), the
#   stage the contest run's games are lost in; the score counts the points
#   gained from the board.
# The 16384 boards (bench_starts16384.txt, beside this script) are greedy games
# of an earlier network stopped at their first 16384; the file's first line says how.
#   usage: bench_network.sh PLAY2048 WEIGHTS
set -u
play=$1 weights=$2
starts=$(dirname "$0")/bench_starts16384.txt
[ -r "$weights" ] || { echo "bench_network.sh: cannot read the weights file '$weights'" >&2; exit 1; }
echo "network: $weights"
"$play" --header --records /dev/null 2>/dev/null | head -n 1
status=0
row() {  # label, then play2048's arguments
  local label=$1
  shift
  local line
  line=$(GAME2048_WEIGHTS=$weights "$play" --quiet "$@" 2>&1 | tail -n 1) || status=1
  printf '%-68s%s\n' "$label" "${line:68}"  # play2048's row with its agent column replaced
}
row "greedy 1-ply, 1000 games" --games 1000 --seed 1 greedy
row "depth 1, 600 games" --games 600 --seed 9 expectimax:min=1,max=1,guard=0
row "from 16384, depth 1, 300 games" --games 300 --seed 6 --starts "$starts" expectimax:min=1,max=1,guard=0
row "from 16384, depth 2, 100 games" --games 100 --seed 6 --starts "$starts" expectimax:min=2,max=2,guard=0
exit $status
