#!/usr/bin/env bash
# Instructions per W0 frame for each kernel, counted by callgrind (exact and
# repeatable on one binary, whatever else the machine is doing). A frame's
# count is the difference between two runs of different lengths divided by
# the extra frames, so seeding and start-up cancel out.
#   usage: bench/instructions.sh [kernel ...]     (default: wide scalar)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p cloth-bench --example w0_loop
bin=target/release/examples/w0_loop
count() { # kernel frames
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for k in "${@:-wide scalar}"; do
  for kernel in $k; do
    a=$(count "$kernel" 100)
    b=$(count "$kernel" 300)
    echo "$kernel: $(( (b - a) / 200 )) instructions per frame"
  done
done
