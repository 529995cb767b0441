#!/usr/bin/env bash
# Runs an SPRT between the working tree and an earlier commit.
#
#   scripts/sprt.sh BASE_COMMIT GAME [motley match options]
#
# BASE_COMMIT is exported with `git archive` and built in its own target
# directory; the working tree is built as usual. Both binaries are copied
# aside first, so the tree can be rebuilt while the test runs. The match is
# the working tree (engine 1) against the base (engine 2), from the game's
# tuning openings (scripts/openings/tune/GAME.txt, else
# scripts/openings/GAME.txt, or the --openings given), played in pairs.
#
# Defaults, each replaced by the same option given on the command line:
#   --nodes 20000 (no --nodes when --tc or --st is given)
#   --games (twice the openings: fixed-node games of one opening repeat
#   exactly, so a test plays each opening once each way) --concurrency 2
#   --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
#   --max-plies 400 --resign-score 1000 --resign-moves 3
#   --draw-score 10 --draw-moves 8 --draw-after 60
#
# Examples:
#   scripts/sprt.sh HEAD~1 chess
#   scripts/sprt.sh main wadchess --nodes 40000 --sprt elo0=0 elo1=10
#   scripts/sprt.sh v0.1 paritychess --tc 10+0.1 --concurrency 1
#
# Work files (base builds, copies of the binaries, the PGN) go to
# $SPRT_DIR (default: /tmp/motley-sprt), outside the work tree.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
base=$1
game=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=match_common.sh
source "$root/scripts/match_common.sh"
work=${SPRT_DIR:-/tmp/motley-sprt}
mkdir -p "$work"

base_sha=$(git -C "$root" rev-parse --verify "$base^{commit}")
base_bin="$work/base-$base_sha/motley"
if [ ! -x "$base_bin" ]; then
    src="$work/src-$base_sha"
    rm -rf "$src"
    mkdir -p "$src"
    git -C "$root" archive "$base_sha" | tar -x -C "$src"
    echo "building the base $base_sha" >&2
    cargo build --quiet --release --manifest-path "$src/Cargo.toml" \
        --target-dir "$work/target-base" --bin motley
    mkdir -p "$(dirname "$base_bin")"
    cp "$work/target-base/release/motley" "$base_bin"
    rm -rf "$src"
fi

stamp=$(date +%Y%m%d-%H%M%S)-$$
new_bin="$work/new-$stamp/motley"
build_working_tree "$new_bin"

openings="$root/scripts/openings/tune/$game.txt"
[ -f "$openings" ] || openings="$root/scripts/openings/$game.txt"
# An --openings given on the command line replaces them (and sets the
# default number of games).
previous=
for arg in "$@"; do
    if [ "$previous" = --openings ]; then openings=$arg; fi
    previous=$arg
done

# The options given, so that a default is added only when not among them.
given=" $* "
extra=()
case "$given" in
    *" --tc "* | *" --st "*) ;;
    *) default --nodes 20000 ;;
esac
# Fixed-node games from the same opening repeat exactly: one round of the
# openings (each played twice) is the most a test may play.
default --games $((2 * $(count_openings "$openings")))
default --concurrency 2
default --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
for ((i = 0; i < ${#self_play_adjudication[@]}; i += 2)); do
    default "${self_play_adjudication[i]}" "${self_play_adjudication[i + 1]}"
done
default --openings "$openings"
default --pgn "$work/sprt-$stamp.pgn"

echo "new: $(cd "$root" && git describe --always --dirty) ($new_bin)" >&2
echo "base: $base_sha ($base_bin)" >&2
for bin in "$new_bin" "$base_bin"; do
    "$bin" bench 2>&1 | grep -E "^Nodes( searched|/second)" | tr -s ' ' | paste -sd ' ' | sed "s#^#$(basename "$(dirname "$bin")"): #" >&2 || true
done
exec "$new_bin" match --engine1 "$new_bin" --name1 new --engine2 "$base_bin" --name2 base \
    --variant "$game" "${extra[@]}" "$@"
