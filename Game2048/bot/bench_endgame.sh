#!/usr/bin/env bash
# make bench-2048-endgame [WEIGHTS=file] [ENDGAME_AGENT=spec]: how often an agent turns
# the contest's typical endgame into a 32768, in process (play2048), the same
# games for every network and agent: one game from each of the 118 boards of
# bench_endgame30720.txt (beside this script; its first line says how they were
# taken from two full contest runs), seed 11, each game stopped at its 32768.
# The 32768 column is the conversion rate, the score the points gained. The
# agent defaults to the contest's search with the CPU-time guard off, so the
# games do not depend on the machine (about 35 minutes on one core).
#   usage: bench_endgame.sh PLAY2048 WEIGHTS AGENT
set -u
play=$1 weights=$2 agent=$3
boards=$(dirname "$0")/bench_endgame30720.txt
[ -r "$weights" ] || { echo "bench_endgame.sh: cannot read the weights file '$weights'" >&2; exit 1; }
echo "network: $weights"
games=$(grep -c '^[0-9a-f]' "$boards")
GAME2048_WEIGHTS=$weights "$play" --header --quiet --games "$games" --seed 11 --starts "$boards" --until-tile 32768 "$agent"
