#!/usr/bin/env bash
# Time to reach a fixed depth with 1 and with 2 search threads, on the
# bench-like positions of each game, side by side in one run.
#
#   scripts/smp_speed.sh [DEPTH] [THREADS]      (defaults: 14, 2)
#
# Prints one line per position and the total wall time per thread count.
# Lazy SMP is not deterministic: repeat the run to see the spread.
set -euo pipefail
cd "$(dirname "$0")/.."
depth="${1:-14}"
threads="${2:-2}"
cargo build --release --quiet
bin=target/release/motley

positions=(
  "chess|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "chess|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "chess|r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10"
  "wadchess|rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1"
  "paritychess|rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1"
)

for t in 1 "$threads"; do
  total=0
  for entry in "${positions[@]}"; do
    variant="${entry%%|*}"
    fen="${entry#*|}"
    start=$(date +%s%N)
    "$bin" analyse --variant "$variant" --fen "$fen" --depth "$depth" --threads "$t" --hash 64 > /dev/null
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    total=$(( total + ms ))
    printf '%-12s threads %-2s depth %s: %6d ms\n' "$variant" "$t" "$depth" "$ms"
  done
  printf 'threads %s: total %d ms\n\n' "$t" "$total"
done
