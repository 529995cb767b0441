#!/usr/bin/env bash
# Stress run: thousands of very fast games of every game, in a build with
# debug assertions, overflow checks and unwinding panics (the `stress`
# profile of Cargo.toml), reporting crashes, illegal moves and time losses.
#
#   1. In process (engine-tests/stress.rs, the ignored test): GAMES board
#      games per game at tiny node budgets and GAMES/10 ChessWar games,
#      then GAMES/10 board games per game with the paces mixed (node
#      budgets, tiny clocks, stopped infinite searches); one and two
#      threads, MultiPV now and then.
#   2. Through the protocols: MATCH_GAMES games per board game between
#      `motley uci` and `motley xboard` processes under `motley match`, at
#      a fixed time a move, two search threads against one.
#
# usage: scripts/stress.sh [GAMES] [MATCH_GAMES]
#   GAMES        in-process board games per game (default 10000)
#   MATCH_GAMES  protocol games per board game (default 200; 0 skips)
# Environment: MOTLEY_STRESS_JOBS (threads for step 1, default 2),
#   MOTLEY_STRESS_SEED (default 1), STRESS_ST (seconds a move in step 2,
#   default 0.02).
# Exit status 0 when no game crashed or saw an illegal move; time losses
# are reported but do not fail (a loaded machine can stall a process past
# a tiny clock). Output of step 2 is kept in a temporary folder.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
games=${1:-10000}
match_games=${2:-200}
st=${STRESS_ST:-0.02}
cd "$root" || exit 1

echo "== building the stress profile (debug assertions on) ..."
cargo build --profile stress --quiet || exit 1
bin=$root/target/stress/motley
status=0

echo "== in process: $games games per board game at tiny node budgets, $((games / 10)) ChessWar games"
MOTLEY_STRESS_PACE=nodes MOTLEY_STRESS_GAMES=$games MOTLEY_STRESS_CHESSWAR_GAMES=$((games / 10)) \
    cargo test --profile stress --quiet --test engine-tests -- \
    --ignored --nocapture stress::thousands_of_fast_games || status=1
echo "== in process: $((games / 10)) games per board game, paces mixed (node budgets, clocks, stopped searches)"
MOTLEY_STRESS_GAMES=$((games / 10)) MOTLEY_STRESS_CHESSWAR_GAMES=0 \
    cargo test --profile stress --quiet --test engine-tests -- \
    --ignored --nocapture stress::thousands_of_fast_games || status=1

if [ "$match_games" -gt 0 ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/motley_stress.XXXXXX")
    echo "== through the protocols: $match_games games per board game at $st s a move (output in $work)"
    for variant in chess wadchess paritychess chad wauchess; do
        out=$work/$variant.txt
        "$bin" match --engine1 "$bin uci" --engine2 "$bin xboard" \
            --option1 Threads=2 --variant "$variant" --games "$match_games" \
            --st "$st" --concurrency 2 --pgn "$work/$variant.pgn" >"$out" 2>&1
        code=$?
        summary=$(grep -E '^Score of|crashes, .* time losses' "$out")
        echo "$variant (exit $code):"
        echo "$summary" | sed 's/^/   /'
        if [ "$code" != 0 ] ||
            echo "$summary" | grep -E '[1-9][0-9]* crashes|[1-9][0-9]* illegal' >/dev/null; then
            echo "   FAULT: see $out"
            status=1
        fi
    done
fi

if [ "$status" = 0 ]; then
    echo "PASSED: no crash and no illegal move"
else
    echo "FAILED: see above"
fi
exit $status
