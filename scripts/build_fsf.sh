#!/usr/bin/env bash
# Build a Fairy-Stockfish UCI engine that can play wadchess and paritychess.
#
# The Debian package fairy-stockfish (11.1) predates custom pieces, so it cannot
# load scripts/fsf-variants.ini. The pyffish source distribution on PyPI carries
# the complete engine source; this script downloads it with pip and compiles
# the engine with the same options pyffish itself uses (large boards, all
# variants, no embedded network), so the engine and the pyffish module share
# one move generator.
#
# Usage:  scripts/build_fsf.sh            # prints the path of the binary
#         FSF_DIR=/some/dir scripts/build_fsf.sh
# The binary is cached in $FSF_DIR (default ~/.cache/motley-fsf); delete it to
# rebuild. Needs g++ (C++17) and pip.
set -euo pipefail

PYFFISH_VERSION="${PYFFISH_VERSION:-0.0.90}"
FSF_DIR="${FSF_DIR:-$HOME/.cache/motley-fsf}"
BIN="$FSF_DIR/fairy-stockfish-largeboard-$PYFFISH_VERSION"

if [ -x "$BIN" ]; then
    echo "$BIN"
    exit 0
fi

if ! command -v g++ >/dev/null 2>&1; then
    echo "build_fsf.sh: g++ is missing (apt-get install -y g++)" >&2
    exit 1
fi

mkdir -p "$FSF_DIR"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m pip download --quiet --no-deps --no-binary :all: \
    -d "$work" "pyffish==$PYFFISH_VERSION" >&2
tar -xzf "$work"/pyffish-"$PYFFISH_VERSION".tar.gz -C "$work"
src="$work/pyffish-$PYFFISH_VERSION/src"

cpu_flags=()
if grep -qw popcnt /proc/cpuinfo 2>/dev/null; then
    cpu_flags+=(-DUSE_POPCNT -msse4.1 -msse4.2 -mpopcnt)
fi

sources=()
for f in "$src"/*.cpp "$src"/syzygy/*.cpp "$src"/nnue/*.cpp "$src"/nnue/features/*.cpp; do
    case "$(basename "$f")" in
        pyffish.cpp|ffishjs.cpp) ;;   # language bindings, not part of the engine
        *) sources+=("$f") ;;
    esac
done

echo "build_fsf.sh: compiling Fairy-Stockfish from pyffish $PYFFISH_VERSION ..." >&2
g++ -std=c++17 -O3 -flto=auto -DNDEBUG -DIS_64BIT \
    -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF \
    "${cpu_flags[@]}" -Wno-date-time \
    "${sources[@]}" -pthread -o "$BIN.tmp"
mv "$BIN.tmp" "$BIN"
echo "$BIN"
