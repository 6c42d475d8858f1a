#!/bin/sh
# Reproduces every llvm-mca report in out/ (Debian LLVM 19.1.7's llvm-mca; override with LLVM_MCA=...).
M=${LLVM_MCA:-/usr/lib/llvm-19/bin/llvm-mca}
cd "$(dirname "$0")" && mkdir -p out
BLOCKS="gather1 gather1_maskreset phaseA_w0 phaseA_w0_bench phaseA_w0_scalar phaseA_w0_staged_x phaseA_w0_staged_all phaseA_w1 phaseA_w1_scalar phaseB phaseB_scalar phaseB_staged phaseA_w0_packed phaseB_packed phaseA_w0_pairs"
for f in $BLOCKS; do
  for c in znver2 znver3 znver4 znver5 sapphirerapids graniterapids icelake-server; do
    $M -mtriple=x86_64-unknown-linux-gnu -mcpu=$c -iterations=100 -timeline=false "$f.s" > "out/$f.$c.txt" 2>&1
  done
done
# Sapphire/Granite Rapids with the vxorps zero idioms rewritten (see spr_zi/*.s headers).
for f in spr_zi/*.s; do
  b=$(basename "$f" .s)
  for c in sapphirerapids graniterapids; do
    $M -mtriple=x86_64-unknown-linux-gnu -mcpu=$c -iterations=100 -timeline=false "$f" > "out/zi_$b.$c.txt" 2>&1
  done
done
# One-line summaries (adds -dispatch-stats for the stall breakdown).
python3 summarize.py $(for f in $BLOCKS; do printf '%s.s,' $f; done | sed 's/,$//') znver2,znver3,znver4,znver5,sapphirerapids,graniterapids,icelake-server > summary.txt
python3 summarize.py $(ls spr_zi/*.s | tr '\n' ',' | sed 's/,$//') sapphirerapids,graniterapids > summary_spr_zi.txt
