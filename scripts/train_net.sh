#!/usr/bin/env bash
# Trains a network for one game and measures it against the hand-written
# evaluation, with the working tree's motley.
#
#   scripts/train_net.sh GAME [GAMES_PER_RUN] [RUNS]
#
# Writes to $NET_DIR (default: ~/.cache/motley-nets/GAME), outside the
# work tree:
#   data-S.data   one datagen run per seed S = 1..RUNS, GAMES_PER_RUN games
#                 each (default 8000 games, 4 runs), 5000 nodes a move
#   data-fast.data  FAST_RUNS more runs (default 1) at 1000 nodes a
#   data-fast-S.data  move: seed 1001 writes data-fast.data, seeds 1002
#                 on data-fast-S.data; FAST_GAMES games each (default 6000)
#   data-net-S.data  runs at 1000 nodes a move searched with the game's
#                 built-in network (a later generation of data), read
#                 after the fast runs: NET_RUNS of them (default 0),
#                 NET_GAMES games each (default 6000), seeds 2001 on; or
#                 NET_SEEDS, ranges FIRST-LAST:GAMES (e.g. "2001-2008:900
#                 3001-3012:1000"), in place of NET_RUNS and NET_GAMES;
#                 a range FIRST-LAST:GAMES@NODES searches NODES a move
#                 instead of 1000 (e.g. "12001-12040:200@5000")
#   data-nc-S.data  runs like data-net-S.data whose games start from the
#                 game's start without castling rights (datagen --fen),
#                 as games against engines that do not know the game's
#                 castling are played: NOCASTLE_SEEDS, ranges as NET_SEEDS,
#                 read after the network runs
#                 All other runs search with the hand-written evaluation,
#                 on every core; a run already complete is kept. DECIDED
#                 (centipawns) ends every run's games once 4 plies in a row
#                 score one side that far ahead (motley datagen --decided)
#   GAME.nnue     the network: motley train, hidden 256, 6 epochs (the
#                 one with the lowest held-out loss is kept), learning rate
#                 0.002, target the search score alone (result weight 0),
#                 with mirror images in chess, WAD and Parity Chess;
#                 KING_BUCKETS names a layout of king buckets (motley
#                 train --king-buckets; default none); INIT names a network
#                 file to start from (motley train --init), LR the first
#                 learning rate (default 0.002), WEIGHT_DECAY the AdamW
#                 decay (motley train --weight-decay; default 0)
#   match.pgn     the network (EvalFile) against the hand-written
#                 evaluation (Use NNUE=false), same binary, 10 s + 0.1 s,
#                 from the game's tuning openings (OPENINGS, a file, in
#                 their place), two games at a time (MATCH_GAMES,
#                 default 200; 0 skips the match)
#
# A network that wins its match is shipped by copying it to
# src/engine/nnue/nets/GAME.nnue and naming it in EMBEDDED_FILES
# (src/engine/nnue/mod.rs). Environment: THREADS (default: nproc),
# HIDDEN, EPOCHS, LR, WEIGHT_DECAY, INIT, WDL, OUTPUT_BUCKETS, KING_BUCKETS, FAST_RUNS, FAST_GAMES, NET_RUNS, NET_GAMES,
# NET_SEEDS, NOCASTLE_SEEDS, DECIDED, MATCH_GAMES, OPENINGS. RUNS may be 0: then only the fast (and network) runs are
# played.
set -euo pipefail

if [ $# -lt 1 ]; then
    sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
game=$1
games=${2:-8000}
runs=${3:-4}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=match_common.sh
source "$root/scripts/match_common.sh"
dir=${NET_DIR:-$HOME/.cache/motley-nets/$game}
threads=${THREADS:-$(nproc)}
mkdir -p "$dir"
motley="$dir/motley"
build_working_tree "$motley"

# datagen_run FILE GAMES NODES SEED [EVAL_FLAGS [START_FEN]]: one run,
# kept once complete; EVAL_FLAGS default to --hand-written (none: the
# network), START_FEN to the game's start.
datagen_run() {
    local file=$1 done_mark=$1.done eval_flags=${5---hand-written} fen=${6:-}
    if [ ! -f "$done_mark" ]; then
        rm -f "$file"
        echo "datagen: seed $4, $2 games at $3 nodes $eval_flags ${fen:+from $fen}" >&2
        # shellcheck disable=SC2086 # the flags are words
        "$motley" datagen --variant "$game" --out "$file" --games "$2" \
            --nodes "$3" --threads "$threads" --seed "$4" $eval_flags \
            ${DECIDED:+--decided "$DECIDED"} ${fen:+--fen "$fen"}
        touch "$done_mark"
    fi
}

# network_runs PREFIX RANGES [START_FEN]: the runs searched with the
# built-in network, one per seed of RANGES (FIRST-LAST:GAMES[@NODES] ...,
# 1000 nodes a move unless NODES says), into PREFIX-SEED.data, each added
# to the fast runs.
network_runs() {
    local prefix=$1 range seed nodes
    for range in $2; do
        if ! [[ $range =~ ^([0-9]+)-([0-9]+):([0-9]+)(@([0-9]+))?$ ]]; then
            echo "train_net.sh: seed ranges are FIRST-LAST:GAMES[@NODES], not $range" >&2
            exit 2
        fi
        nodes=${BASH_REMATCH[5]:-1000}
        for seed in $(seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"); do
            datagen_run "$prefix-$seed.data" "${BASH_REMATCH[3]}" "$nodes" "$seed" "" "${3:-}"
            fast+=("$prefix-$seed.data")
        done
    done
}

fast=()
for seed in $(seq 1001 $((1000 + ${FAST_RUNS:-1}))); do
    file=$dir/data-fast-$seed.data
    [ "$seed" = 1001 ] && file=$dir/data-fast.data
    datagen_run "$file" "${FAST_GAMES:-6000}" 1000 "$seed"
    fast+=("$file")
done
net_seeds=${NET_SEEDS:-}
if [ -z "$net_seeds" ] && [ "${NET_RUNS:-0}" -gt 0 ]; then
    net_seeds="2001-$((2000 + NET_RUNS)):${NET_GAMES:-6000}"
fi
network_runs "$dir/data-net" "$net_seeds"
if [ -n "${NOCASTLE_SEEDS:-}" ]; then
    # The game's start FEN (the `d` command), its castling field emptied.
    start=$(printf 'setoption name UCI_Variant value %s\nposition startpos\nd\nquit\n' "$game" |
        "$motley" | sed -n 's/^info string variant .* fen //p' | awk '{ $3 = "-"; print }')
    network_runs "$dir/data-nc" "$NOCASTLE_SEEDS" "$start"
fi
data=()
for seed in $(seq 1 "$runs"); do
    datagen_run "$dir/data-$seed.data" "$games" 5000 "$seed"
    data+=("$dir/data-$seed.data")
done
# The fast runs first: the trainer validates on the last games it reads.
data=("${fast[@]}" "${data[@]}")

mirror=()
case $game in chess | wadchess | paritychess) mirror=(--mirror) ;; esac
"$motley" train --variant "$game" --data "${data[@]}" --out "$dir/$game.nnue" \
    --threads "$threads" --epochs "${EPOCHS:-6}" --wdl "${WDL:-0}" \
    ${HIDDEN:+--hidden "$HIDDEN"} ${OUTPUT_BUCKETS:+--output-buckets "$OUTPUT_BUCKETS"} \
    ${KING_BUCKETS:+--king-buckets "$KING_BUCKETS"} ${LR:+--lr "$LR"} \
    ${WEIGHT_DECAY:+--weight-decay "$WEIGHT_DECAY"} \
    ${INIT:+--init "$INIT"} "${mirror[@]}"

if [ "${MATCH_GAMES:-200}" = 0 ]; then
    exit 0
fi
"$motley" match --engine1 "$motley" --name1 network \
    --option1 "UCI_Variant=$game" --option1 "EvalFile=$dir/$game.nnue" \
    --engine2 "$motley" --name2 hand-written --option2 "Use NNUE=false" \
    --variant "$game" --openings "${OPENINGS:-$root/scripts/openings/tune/$game.txt}" \
    --tc 10+0.1 --games "${MATCH_GAMES:-200}" --concurrency 2 \
    --pgn "$dir/match.pgn" "${self_play_adjudication[@]}"
