#!/usr/bin/env bash
# Perft speeds of motley, Fairy-Stockfish and Stockfish side by side on
# this machine, single thread, in one run (see docs/reference-speeds.md
# for the numbers last measured).
#
#   - Fairy-Stockfish (Debian package 11.1): chess start position, perft 6
#   - Stockfish (Debian package 15.1):       chess start position, perft 6
#   - Fairy-Stockfish built from the pyffish 0.0.90 source (scripts/build_fsf.sh;
#     the Debian build has no custom pieces): wadchess and paritychess start
#     positions with castling off (scripts/fsf-variants.ini), perft 5, and
#     chess perft 6 for comparison with the Debian build; and Capablanca
#     Chess (its built-in game, motley's from the shipped variants file),
#     start position with castling, perft 6.
#
# Usage: scripts/reference_speeds.sh [runs]   (default 3 runs each; the best
# and the median are printed). Installs the Debian packages if missing (needs
# root) and builds the engine once (cached, see build_fsf.sh). Run it on an
# otherwise idle machine: the numbers are wall-clock times of one thread.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUNS="${1:-3}"

FSF_DEB=/usr/games/fairy-stockfish
SF_DEB=/usr/games/stockfish
if [ ! -x "$FSF_DEB" ] || [ ! -x "$SF_DEB" ]; then
    echo "installing the Debian packages fairy-stockfish and stockfish ..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fairy-stockfish stockfish >&2
fi
FSF_LB="$(bash "$HERE/build_fsf.sh")"
INI="$HERE/fsf-variants.ini"
(cd "$HERE/.." && cargo build --release --quiet)
MOTLEY="$HERE/../target/release/motley"

python3 - "$RUNS" "$FSF_DEB" "$SF_DEB" "$FSF_LB" "$INI" "$MOTLEY" <<'EOF'
import statistics
import subprocess
import sys
import time

runs = int(sys.argv[1])
fsf_deb, sf_deb, fsf_lb, ini, motley = sys.argv[2:7]
WAD_NO_CASTLING = "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w - - 0 1"
PARITY_NO_CASTLING = "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w - - 0 1"


def version(engine):
    p = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True)
    for line in p.stdout.splitlines():
        if line.startswith("id name"):
            return line[len("id name "):]
    return "?"


def perft(engine, depth, variant=None, fen=None):
    """Time `go perft depth` after the engine is ready (start-up excluded)."""
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    send("uci")
    send("setoption name Threads value 1")
    if variant:
        if engine != motley:
            send("setoption name VariantPath value " + ini)
        send("setoption name UCI_Variant value " + variant)
    send("position " + ("fen " + fen if fen else "startpos"))
    send("isready")
    while p.stdout.readline().strip() != "readyok":
        pass
    t = time.perf_counter()
    send("go perft %d" % depth)
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit("engine %s exited" % engine)
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":")[1])
            break
    dt = time.perf_counter() - t
    send("quit")
    p.wait()
    return nodes, dt


cases = [
    ("motley", motley, None, 6, 119060324, None),
    ("motley", motley, "wadchess", 5, 24133094, WAD_NO_CASTLING),
    ("motley", motley, "paritychess", 5, 102952107, PARITY_NO_CASTLING),
    ("motley", motley, "capablanca", 6, 1015802437),
    ("Fairy-Stockfish (Debian)", fsf_deb, None, 6, 119060324),
    ("Stockfish (Debian)", sf_deb, None, 6, 119060324),
    ("Fairy-Stockfish (pyffish source)", fsf_lb, None, 6, 119060324),
    ("Fairy-Stockfish (pyffish source)", fsf_lb, "wadchess", 5, 24133094),
    ("Fairy-Stockfish (pyffish source)", fsf_lb, "paritychess", 5, 102952107),
    ("Fairy-Stockfish (pyffish source)", fsf_lb, "capablanca", 6, 1015802437),
]
print("%-34s %-26s %-12s %5s %12s %8s %8s %12s %12s" % (
    "engine", "version", "game", "depth", "nodes", "best s", "median s",
    "best nps", "median nps"))
for name, engine, variant, depth, expected, *fen in cases:
    times = []
    for _ in range(runs):
        nodes, dt = perft(engine, depth, variant, fen[0] if fen else None)
        if nodes != expected:
            raise SystemExit("%s %s perft %d: %d nodes, expected %d"
                             % (name, variant or "chess", depth, nodes, expected))
        times.append(dt)
    best, med = min(times), statistics.median(times)
    print("%-34s %-26s %-12s %5d %12d %8.2f %8.2f %12.0f %12.0f" % (
        name, version(engine), variant or "chess", depth, nodes, best, med,
        nodes / best, nodes / med), flush=True)
EOF
