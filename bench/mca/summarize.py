#!/usr/bin/env python3
"""Summarises llvm-mca reports: cycles/iteration, IPC, Block RThroughput, top resource pressures, dispatch stalls."""
import re, subprocess, sys, os
M = os.environ.get('LLVM_MCA', '/usr/lib/llvm-19/bin/llvm-mca')
def run(f, cpu):
    out = subprocess.run([M, '-mtriple=x86_64-unknown-linux-gnu', f'-mcpu={cpu}', '-iterations=100', '-timeline=false',
                          '-dispatch-stats', f], capture_output=True, text=True).stdout
    g = lambda pat: re.search(pat, out, re.M).group(1)
    it = int(g(r'^Iterations:\s+(\d+)')); cyc = int(g(r'^Total Cycles:\s+(\d+)'))
    ins = int(g(r'^Instructions:\s+(\d+)')); uops = int(g(r'^Total uOps:\s+(\d+)'))
    ipc = g(r'^IPC:\s+([\d.]+)'); rthr = g(r'^Block RThroughput:\s+([\d.]+)')
    names = dict(re.findall(r'^\[(\d+(?:\.\d+)?)\]\s+-\s+(\S+)', out.split('Resources:')[1].split('Resource pressure per iteration')[0], re.M))
    sec = out.split('Resource pressure per iteration:')[1].strip().split('\n')
    hdr = re.findall(r'\[([\d.]+)\]', sec[0]); vals = sec[1].split()
    press = sorted(((float(v), names[h]) for h, v in zip(hdr, vals) if v != '-'), reverse=True)
    stalls = dict((k, int(v)) for k, v in re.findall(r'^(RAT|RCU|SCHEDQ|LQ|SQ)\s+-[^:]+:\s+(\d+)', out, re.M))
    return dict(ins=ins//it, uops=uops/it, cyc=cyc/it, ipc=ipc, rthr=rthr, top=press[:4], stalls=stalls, total=cyc)
if __name__ == '__main__':
    files = sys.argv[1].split(','); cpus = sys.argv[2].split(',')
    for f in files:
        for c in cpus:
            r = run(f, c)
            st = ', '.join(f'{k} {100*v/r["total"]:.0f}%' for k, v in r['stalls'].items() if v and 100*v/r['total'] >= 5) or 'none'
            top = ', '.join(f'{n} {p:.1f}' for p, n in r['top'])
            print(f'{f:26s} {c:15s} insn/it {r["ins"]:4d} uops/it {r["uops"]:6.1f} cyc/it {r["cyc"]:7.2f} IPC {r["ipc"]:5s} RThr {r["rthr"]:6s} | top: {top} | stalls: {st}')
