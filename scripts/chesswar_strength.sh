#!/usr/bin/env bash
# ChessWar strength runs: the expectimax player against the greedy and the
# random players with `motley chesswar selfplay` (seeded dice).
#
# For each opponent, the six races are cycled (both armies of the same
# race, standard armies) and each race is played with expectimax as White
# and as Black, GAMES games each: 6 x 2 x GAMES games per opponent (the
# default 17 gives 204). Game i of a run uses seed SEED+i; the White and
# Black runs of a race use the same seeds.
#
# The score counts a win 1, a draw 1/2; its 95% error bar is the normal
# approximation 1.96 * sqrt(var / n), with var the variance of the
# per-game score (the trinomial win/draw/loss one).
#
# Usage:
#   scripts/chesswar_strength.sh                        # 1 s a decision
#   LIMIT="--nodes 50000" scripts/chesswar_strength.sh  # a node budget (replays)
#   GAMES=5 OPPONENTS=greedy scripts/chesswar_strength.sh
#
# Environment: GAMES (17), SEED (1), THREADS (2), LIMIT ("--movetime
# 1000"), OPPONENTS ("greedy random"), MOTLEY (target/release/motley; built
# when it is the default), LOG (directory for the selfplay outputs,
# default a fresh temporary one).
set -euo pipefail

cd "$(dirname "$0")/.."
GAMES=${GAMES:-17}
SEED=${SEED:-1}
THREADS=${THREADS:-2}
LIMIT=${LIMIT:---movetime 1000}
OPPONENTS=${OPPONENTS:-greedy random}
if [ -z "${MOTLEY:-}" ]; then
    nice -n 19 cargo build --release --quiet
    MOTLEY=target/release/motley
fi
LOG=${LOG:-$(mktemp -d)}
RACES="human dwarf elf undead orc chaos"

echo "chesswar strength: expectimax ($LIMIT) against $OPPONENTS; $GAMES games per race and colour, seeds $SEED..; outputs in $LOG"
for opponent in $OPPONENTS; do
    wins=0
    draws=0
    losses=0
    for race in $RACES; do
        for colour in white black; do
            if [ "$colour" = white ]; then
                players=(--white-player expectimax --black-player "$opponent")
            else
                players=(--white-player "$opponent" --black-player expectimax)
            fi
            out="$LOG/$opponent-$race-$colour.txt"
            # shellcheck disable=SC2086
            nice -n 19 "$MOTLEY" chesswar selfplay --games "$GAMES" --seed "$SEED" \
                --white "$race" --black "$race" "${players[@]}" $LIMIT \
                --threads "$THREADS" >"$out"
            # "white wins W (..%), draws D (..%), black wins B (..%) in N games"
            read -r w d b < <(awk '/^white wins/ {print $3, $6, $10}' "$out")
            if [ "$colour" = white ]; then
                mine=$w
                theirs=$b
            else
                mine=$b
                theirs=$w
            fi
            wins=$((wins + mine))
            draws=$((draws + d))
            losses=$((losses + theirs))
            echo "  $opponent, $race, expectimax $colour: +$mine =$d -$theirs"
            grep '^search' "$out" | sed 's/^/    /'
        done
    done
    awk -v w="$wins" -v d="$draws" -v l="$losses" -v o="$opponent" 'BEGIN {
        n = w + d + l
        s = (w + d / 2) / n
        var = (w + d / 4) / n - s * s
        e = 1.96 * sqrt(var / n)
        printf "expectimax against %s: +%d =%d -%d in %d games, score %.1f%% +- %.1f%% (95%%)\n",
            o, w, d, l, n, 100 * s, 100 * e
    }'
done
