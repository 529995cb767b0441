#!/bin/bash
# Tunes one game's evaluation numbers, the way the numbers in
# src/engine/eval/params.rs were made:
#
#   scripts/tune_eval.sh GAME [NODES] [DEPTH]
#
# 1. the working tree's engine plays itself from the game's tuning openings
#    (scripts/openings/tune/GAME.txt, each opening once each way) at NODES
#    nodes per move (default 6000; NODES 0 plays no games);
# 2. `motley tune-eval --write-positions` keeps the quiet positions of those
#    games and of the games in the PGN files named by $TUNE_PGNS (spaces
#    between names: the games of earlier matches, e.g. scripts/sprt.sh's);
# 3. scripts/label_positions.py scores each with a reference engine at
#    DEPTH plies (default 8): Stockfish (Debian's /usr/games/stockfish) for
#    chess, Fairy-Stockfish from scripts/build_fsf.sh for WAD and Parity
#    Chess. Positions already scored in the files named by $TUNE_LABELS
#    (earlier runs' GAME.labels) are not scored again, and repeated
#    positions are scored once;
# 4. `motley tune-eval --labels` fits the numbers to all those scores and
#    prints them as a Rust literal, to paste over the game's block in
#    params.rs. GAME.labels in $TUNE_DIR then holds every scored position,
#    for the next run's $TUNE_LABELS.
#
# Files go to $TUNE_DIR (default /tmp/motley-tune). Keep the change only if
# scripts/sprt.sh says it gains. On two cores: about 5 (chess) to 20
# minutes (Parity Chess) of self-play, about 100 positions a second of
# labelling, 3 to 10 minutes of tuning.
set -euo pipefail

game=${1:?usage: scripts/tune_eval.sh GAME [NODES] [DEPTH]}
nodes=${2:-6000}
depth=${3:-8}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=match_common.sh
source "$root/scripts/match_common.sh"
dir=${TUNE_DIR:-/tmp/motley-tune}
mkdir -p "$dir"
read -r -a more_pgns <<< "${TUNE_PGNS:-}"
read -r -a earlier_labels <<< "${TUNE_LABELS:-}"

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
for file in "${more_pgns[@]}" "${earlier_labels[@]}"; do
    if [ ! -r "$file" ]; then
        echo "tune_eval.sh: cannot read $file" >&2
        exit 1
    fi
done

motley="$dir/motley"
build_working_tree "$motley"
pgns=("${more_pgns[@]}")
if [ "$nodes" -gt 0 ]; then
    openings="$root/scripts/openings/tune/$game.txt"
    pgn="$dir/$game-$nodes.pgn"
    rm -f "$pgn"
    "$motley" match --engine1 "$motley" --engine2 "$motley" --variant "$game" \
        --openings "$openings" --nodes "$nodes" \
        --games $((2 * $(count_openings "$openings"))) --concurrency 2 \
        "${self_play_adjudication[@]}" --pgn "$pgn" | tail -4
    pgns+=("$pgn")
fi
if [ ${#pgns[@]} -eq 0 ]; then
    echo "tune_eval.sh: no games (NODES is 0 and TUNE_PGNS is empty)" >&2
    exit 2
fi
: > "$dir/$game.fen"
for pgn in "${pgns[@]}"; do
    "$motley" tune-eval --variant "$game" --write-positions "$dir/$game.part.fen" "$pgn"
    cat "$dir/$game.part.fen" >> "$dir/$game.fen"
done
# Only the positions not scored before, each once.
cat "${earlier_labels[@]}" /dev/null > "$dir/$game.earlier"
awk -F';' 'NR == FNR { known[$1]; next } !($0 in known) && !seen[$0]++' \
    "$dir/$game.earlier" "$dir/$game.fen" > "$dir/$game.new.fen"
echo "$(wc -l < "$dir/$game.new.fen") positions to score" >&2
python3 "$root/scripts/label_positions.py" --engine "$reference" \
    --variant "$game" "${ini[@]}" --depth "$depth" --workers 2 \
    < "$dir/$game.new.fen" > "$dir/$game.new.labels"
cat "$dir/$game.earlier" "$dir/$game.new.labels" > "$dir/$game.labels"
"$motley" tune-eval --variant "$game" --labels "$dir/$game.labels"
