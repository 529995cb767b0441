#!/usr/bin/env bash
# Plays the working tree's engine against a reference engine.
#
#   scripts/vs_reference.sh fsf GAME [motley match options]
#   scripts/vs_reference.sh stockfish:ELO chess [motley match options]
#
# `fsf` is Fairy-Stockfish built by scripts/build_fsf.sh (classical
# evaluation), with the games of scripts/fsf-variants.ini; it plays chess,
# wadchess and paritychess. `stockfish:ELO` is Debian's stockfish
# (apt-get install stockfish) limited with UCI_LimitStrength to UCI_Elo
# ELO; it plays chess only.
#
# Openings are the final-check files (scripts/openings/GAME.txt; for WAD
# and Parity Chess the castling-free GAME-nocastle.txt, since
# Fairy-Stockfish does not know their fast castling), never the tuning
# ones. Defaults, each replaced by the same option given on the command
# line: --tc 10+0.1 --games 200 --concurrency 1 --max-plies 500.
#
# The PGN goes to $MATCH_DIR (default: /tmp/motley-matches).
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
opponent=$1
game=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=match_common.sh
source "$root/scripts/match_common.sh"
work=${MATCH_DIR:-/tmp/motley-matches}
mkdir -p "$work"

engine2=()
case "$opponent" in
    fsf)
        case "$game" in
            chess | wadchess | paritychess) ;;
            *)
                echo "vs_reference.sh: Fairy-Stockfish plays chess, wadchess and paritychess, not $game" >&2
                exit 2
                ;;
        esac
        fsf=$("$root/scripts/build_fsf.sh")
        engine2=(--engine2 "$fsf" --name2 fairy-stockfish
            --option2 "VariantPath=$root/scripts/fsf-variants.ini")
        ;;
    stockfish:*)
        elo=${opponent#stockfish:}
        if [ "$game" != chess ]; then
            echo "vs_reference.sh: Stockfish plays chess only" >&2
            exit 2
        fi
        sf=$(command -v stockfish || echo /usr/games/stockfish)
        if [ ! -x "$sf" ]; then
            echo "vs_reference.sh: stockfish is missing (apt-get install stockfish)" >&2
            exit 1
        fi
        engine2=(--engine2 "$sf" --name2 "stockfish-$elo"
            --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo")
        ;;
    *)
        echo "vs_reference.sh: the opponent is fsf or stockfish:ELO, not $opponent" >&2
        exit 2
        ;;
esac

openings="$root/scripts/openings/$game-nocastle.txt"
[ -f "$openings" ] || openings="$root/scripts/openings/$game.txt"

stamp=$(date +%Y%m%d-%H%M%S)-$$
motley="$work/motley-$stamp"
build_working_tree "$motley"

given=" $* "
extra=()
default --tc 10+0.1
default --games 200
default --concurrency 1
default --max-plies 500

pgn="$work/${opponent/:/-}-$game-$stamp.pgn"
echo "PGN: $pgn" >&2
exec "$motley" match --engine1 "$motley" --name1 motley "${engine2[@]}" \
    --variant "$game" --openings "$openings" --pgn "$pgn" "${extra[@]}" "$@"
