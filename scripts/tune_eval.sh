#!/bin/bash
# Tunes one game's evaluation numbers, the way the numbers in
# src/engine/eval/params.rs were made:
#
#   scripts/tune_eval.sh GAME [NODES] [DEPTH]
#
# 1. the working tree's engine plays itself from the game's tuning openings
#    (scripts/openings/tune/GAME.txt, each opening once each way) at NODES
#    nodes per move (default 6000);
# 2. `motley tune-eval --write-positions` keeps the quiet positions;
# 3. scripts/label_positions.py scores each with a reference engine at
#    DEPTH plies (default 8): Stockfish (Debian's /usr/games/stockfish) for
#    chess, Fairy-Stockfish from scripts/build_fsf.sh for WAD and Parity
#    Chess;
# 4. `motley tune-eval --labels` fits the numbers to those scores and
#    prints them as a Rust literal, to paste over the game's block in
#    params.rs.
#
# Files go to $TUNE_DIR (default /tmp/motley-tune). Keep the change only if
# scripts/sprt.sh says it gains. On two cores: about 5 (chess) to 20
# minutes (Parity Chess) of self-play, 5 to 10 of labelling, 3 of tuning.
set -euo pipefail

game=${1:?usage: scripts/tune_eval.sh GAME [NODES] [DEPTH]}
nodes=${2:-6000}
depth=${3:-8}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=match_common.sh
source "$root/scripts/match_common.sh"
dir=${TUNE_DIR:-/tmp/motley-tune}
mkdir -p "$dir"

case $game in
    chess)
        reference=/usr/games/stockfish
        ini=()
        ;;
    wadchess | paritychess)
        reference=$("$root/scripts/build_fsf.sh")
        ini=(--ini "$root/scripts/fsf-variants.ini")
        ;;
    *)
        echo "tune_eval.sh: tunes chess, wadchess or paritychess, not $game" >&2
        exit 2
        ;;
esac
if [ ! -x "$reference" ]; then
    echo "tune_eval.sh: the reference engine $reference is missing" >&2
    exit 1
fi

motley="$dir/motley"
build_working_tree "$motley"
openings="$root/scripts/openings/tune/$game.txt"
pgn="$dir/$game-$nodes.pgn"
rm -f "$pgn"

"$motley" match --engine1 "$motley" --engine2 "$motley" --variant "$game" \
    --openings "$openings" --nodes "$nodes" \
    --games $((2 * $(count_openings "$openings"))) --concurrency 2 \
    "${self_play_adjudication[@]}" --pgn "$pgn" | tail -4
"$motley" tune-eval --variant "$game" --write-positions "$dir/$game.fen" "$pgn"
python3 "$root/scripts/label_positions.py" --engine "$reference" \
    --variant "$game" "${ini[@]}" --depth "$depth" --workers 2 \
    < "$dir/$game.fen" > "$dir/$game.labels"
"$motley" tune-eval --variant "$game" --labels "$dir/$game.labels"
