#!/usr/bin/env bash
# make bench-2048: every agent / setting through Run2048 (the judge of record),
# one table row each. GAMES (default 5) games per row, SEED (default 2014, the
# runner's) for every row; the runs' stats, records and logs go to OUT.
#   usage: bench.sh RUN2048 BOT_SO PLAY2048 [GAMES] [SEED] [OUT]
set -u
run2048=$1 bot=$2 play=$3 games=${4:-5} seed=${5:-2014} out=${6:-build/bench2048}
mkdir -p "$out" || exit 1
# label | agent spec (GAME2048_AGENT)
rows=(
  "expectimax, network, budget 36k by stage, downgrading from 8192|expectimax"
  "expectimax, network, budget 36k flat, downgrading from 8192|expectimax:early=1,late=1,guard=130"
  "expectimax, network, budget 36k by stage, no downgrading|expectimax:dg=0"
  "expectimax, heuristic, budget 50k|expectimax-heuristic"
  "expectimax, network, depth 1|expectimax:min=1,max=1"
  "expectimax, heuristic, depth 2|expectimax-heuristic:min=2,max=2"
  "greedy 1-ply, network|greedy"
  "Monte Carlo UCB, 4000 playouts|mcts:playouts=4000"
  "Monte Carlo UCB guided, 4000 playouts|mcts:playouts=4000,guided=1"
)
"$play" --header --records /dev/null 2>/dev/null | head -n 1
status=0
for row in "${rows[@]}"; do
  label=${row%%|*} spec=${row#*|}
  tag=$(echo "$spec" | tr -c 'a-zA-Z0-9=\n' '_')
  GAME2048_AGENT=$spec "$run2048" "$bot" --games "$games" --seed "$seed" --out "$out/$tag.stats.txt" \
    --record "$out/$tag.jsonl" --progress off --bot-log "$out/$tag.bot.log" > "$out/$tag.out.txt" 2>&1
  verdict=$(sed -n 's/^verdict: //p' "$out/$tag.out.txt" | tail -n 1)
  "$play" --records "$out/$tag.jsonl" --name "$label ($spec)" --verdict "${verdict:-no verdict (see $out/$tag.out.txt)}" || status=1
done
exit $status
