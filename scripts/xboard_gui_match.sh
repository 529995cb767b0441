#!/usr/bin/env bash
# Plays the engine against itself in the real XBoard GUI (under a virtual
# X server, xvfb-run), in match mode: chess, WAD Chess, Wau Chess, then
# Capablanca Chess (a game of the shipped variants file). Checks
# each saved PGN and the XBoard debug log:
#   - the expected number of games, each with a result (1-0, 0-1, 1/2-1/2);
#   - no game ended by a forfeit, an illegal or invalid move, a false claim
#     or a crashed engine (a loss on time is reported but allowed: on a busy
#     machine a short clock can run out, and that is no protocol fault);
#   - no "Illegal move" (XBoard's or the engine's) and no "Error (" from
#     the engine.
#
# usage: scripts/xboard_gui_match.sh [ENGINE]
#   ENGINE  the motley binary (default: cargo build --release, then
#           target/release/motley)
#
# Needs xboard and xvfb-run (scripts/install_test_tools.sh installs them);
# without them it prints one line starting with "SKIP:" and exits 0.
# Exit status: 0 = passed (or SKIP), 1 = a check failed. All output goes to
# a temporary directory, removed on success and kept (path printed) on
# failure. Takes about 3.5 minutes on 2 cores.
#
# Environment (optional):
#   XBOARD_GUI_XBOARD  the xboard binary (default: xboard on PATH, or
#                      /usr/games/xboard)
#   XBOARD_GUI_GAMES   games per game kind (default 2)
#   XBOARD_GUI_TC      base time per side, XBoard -tc syntax (default 0:05)
#   XBOARD_GUI_INC     increment in seconds (default 0.1)
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
games=${XBOARD_GUI_GAMES:-2}
tc=${XBOARD_GUI_TC:-0:05}
inc=${XBOARD_GUI_INC:-0.1}
# A hard limit for one xboard run, so a hung GUI or engine (XBoard waits on
# an error dialog nobody can close) fails instead of hanging.
match_timeout=$((60 + 60 * games))

# ---- xboard and xvfb-run ---------------------------------------------------
find_xboard() {
    if [ -n "${XBOARD_GUI_XBOARD:-}" ]; then
        [ -x "$XBOARD_GUI_XBOARD" ] && echo "$XBOARD_GUI_XBOARD"
    elif command -v xboard >/dev/null 2>&1; then
        command -v xboard
    elif [ -x /usr/games/xboard ]; then
        echo /usr/games/xboard
    else
        return 1
    fi
}

have_tools() {
    find_xboard >/dev/null && command -v xvfb-run >/dev/null 2>&1
}

# The script never installs anything itself: scripts/install_test_tools.sh
# (which .ci/run calls) does, with apt-get.
if ! have_tools; then
    echo "SKIP: xboard and xvfb-run are not installed (scripts/install_test_tools.sh installs them: apt-get install -y xboard xvfb)"
    exit 0
fi
xboard=$(find_xboard)

# ---- the engine ------------------------------------------------------------
if [ $# -ge 1 ]; then
    engine=$(readlink -f "$1")
else
    echo "building the engine (cargo build --release) ..."
    (cd "$root" && cargo build --release --quiet) || {
        echo "FAIL: cargo build --release failed"
        exit 1
    }
    engine=$root/target/release/motley
fi
if [ ! -x "$engine" ]; then
    echo "FAIL: engine binary not found or not executable: $engine"
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/xboard_gui.XXXXXX")
# XBoard reads and rewrites ~/.xboardrc; a private HOME keeps the user's
# settings out of the test and the test's out of the user's settings.
mkdir -p "$work/home"
failures=0
fail() {
    echo "  FAIL: $*"
    failures=$((failures + 1))
}

# ---- one match ---------------------------------------------------------------
# run_match NAME XBOARD-OPTIONS...: plays $games games, then checks them.
run_match() {
    local name=$1
    shift
    local pgn=$work/$name.pgn debug=$work/$name.debug out=$work/$name.out
    echo "== $name: $games games, $tc + $inc s, xboard options: ${*:-(none)}"
    local start=$SECONDS status=0
    (cd "$work" && HOME="$work/home" timeout --kill-after=10 "$match_timeout" \
        xvfb-run -a "$xboard" \
        -fcp "$engine xboard" -fd "$work" \
        -scp "$engine xboard" -sd "$work" \
        "$@" \
        -matchGames "$games" -tc "$tc" -inc "$inc" -autoCallFlag true \
        -saveGameFile "$pgn" -debug -nameOfDebugFile "$debug" \
        -popupExitMessage false -popupMoveErrors false \
        -saveSettingsOnExit false) >"$out" 2>&1 || status=$?
    echo "   took $((SECONDS - start)) s"
    if [ "$status" = 124 ] || [ "$status" = 137 ]; then
        fail "xboard did not finish within $match_timeout s (see $out)"
    elif [ "$status" != 0 ]; then
        fail "xboard exited with status $status (see $out)"
    fi

    # Games: count, result, termination reason.
    if [ ! -s "$pgn" ]; then
        fail "no games saved in $pgn"
    else
        local summary
        summary=$(awk -v name="$name" '
            function finish() {
                if (!started) return
                n++
                text = movetext
                gsub(/[ \t\r\n]+/, " ", text)
                reason = "(no reason given)"
                if (match(text, /\{[^{}]*\} *(1-0|0-1|1\/2-1\/2|\*) *$/)) {
                    reason = substr(text, RSTART + 1)
                    sub(/\}.*/, "", reason)
                }
                bad = ""
                if (result !~ /^(1-0|0-1|1\/2-1\/2)$/) bad = "no result"
                r = tolower(reason)
                if (r ~ /forfeit|illegal|invalid|false .*claim|crash|disconnect|abort|killed|exit/)
                    bad = "bad termination"
                note = ""
                if (r ~ /on time/) note = "  (a loss on time: allowed, see the header)"
                printf "%s game %d: %s {%s}%s%s\n", name, n, result, reason, note, (bad == "" ? "" : "  <-- " bad)
                started = 0
            }
            /^\[Event / { finish(); started = 1; movetext = ""; result = "?"; next }
            /^\[Result / { result = $2; gsub(/[]"]/, "", result); next }
            /^\[/ { next }
            { movetext = movetext " " $0 }
            END { finish() }
        ' "$pgn")
        echo "$summary" | sed 's/^/   /'
        local count
        count=$(grep -c '^\[Event ' "$pgn")
        [ "$count" = "$games" ] || fail "expected $games games in $pgn, found $count"
        if echo "$summary" | grep -q '<--'; then
            fail "a game ended without a proper result (see above)"
        fi
    fi

    # Debug log and XBoard's own messages.
    if [ ! -s "$debug" ]; then
        fail "no debug log $debug"
    else
        local hits
        hits=$(grep -h -i 'illegal move' "$debug" "$out" | head -n 5)
        [ -z "$hits" ] || fail "illegal moves reported:
$hits"
        hits=$(grep -E '^[0-9]+ <(first |second):.*Error \(' "$debug" | head -n 5)
        [ -z "$hits" ] || fail "the engine reported errors:
$hits"
        hits=$(grep -E '^GameEnds\(' "$debug" | grep -i -E 'forfeit|illegal|invalid|false .*claim' | head -n 5)
        [ -z "$hits" ] || fail "forfeit or illegal-move adjudication:
$hits"
    fi
}

echo "engine: $engine"
echo "xboard: $xboard"
run_match chess
# WAD Chess is an engine-defined variant: the engine answers "variant
# wadchess" with its board size, pieces and start position (setup, piece).
# XBoard cannot play its fast castling, so legality testing is off and
# XBoard follows the engines' moves.
run_match wadchess -variant wadchess -testLegality false
# Wau Chess: XBoard draws the 8x14 frame with the start position's holes;
# it cannot show board moves, so the engines do not choose them there, and
# it does not know where pawns double-step and promote (the main board), so
# legality testing is off.
run_match wauchess -variant wauchess -testLegality false
# Capablanca Chess, a game of the engine's shipped variants file, which
# XBoard knows: legality testing stays on, so XBoard checks every move by
# its own rules.
run_match capablanca -variant capablanca

if [ "$failures" -gt 0 ]; then
    echo "FAILED: $failures check(s); output kept in $work"
    exit 1
fi
rm -rf "$work"
echo "PASSED: chess, WAD Chess, Wau Chess and Capablanca Chess games in xboard"
