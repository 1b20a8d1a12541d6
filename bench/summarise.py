#!/usr/bin/env python3
"""Medians and jfio/fio ratios of whole-process samples written by bench/*.sh.

Input lines: CASE TOOL WALL_S USR_S SYS_S MAXRSS_KB [RUNTIME_S] (one per run). Prints one
table row per case: wall (minus RUNTIME_S when given), CPU (usr+sys) and peak RSS, medians
of the runs, each with its jfio/fio ratio (below 1 means jfio is lower). A case named
"CASE:LABEL" with no fio samples of its own (JFIO_BEFORE= runs of bench/startup.sh and
bench/many-jobs.sh) is compared with CASE's fio samples, taken in the same alternation.
"""
import statistics
import sys
from collections import defaultdict

samples = defaultdict(lambda: defaultdict(list))
order = []
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 6:
        continue
    case, tool = f[0], f[1]
    wall, usr, sysc, rss = float(f[2]), float(f[3]), float(f[4]), float(f[5]) / 1024.0
    runtime = float(f[6]) if len(f) > 6 else 0.0
    if case not in order:
        order.append(case)
    samples[case][tool].append((wall - runtime, usr + sysc, rss))


def med(case, tool, i):
    vals = [s[i] for s in samples[case][tool]]
    if not vals and tool == "fio" and ":" in case:
        vals = [s[i] for s in samples[case.split(":")[0]][tool]]
    return statistics.median(vals) if vals else None


def ratio(a, b):
    return "%.2f" % (a / b) if a is not None and b else "n/a"


def fmt(v, spec):
    return spec % v if v is not None else "n/a"


hdr = ["case", "n", "fio wall s", "jfio wall s", "ratio", "fio CPU s", "jfio CPU s", "ratio",
       "fio RSS MB", "jfio RSS MB", "ratio"]
rows = []
for case in order:
    fio_case = case.split(":")[0] if not samples[case]["fio"] else case
    n = "%d/%d" % (len(samples[fio_case]["fio"]), len(samples[case]["jfio"]))
    r = [case, n]
    for i, spec in ((0, "%.3f"), (1, "%.3f"), (2, "%.0f")):
        a, b = med(case, "fio", i), med(case, "jfio", i)
        r += [fmt(a, spec), fmt(b, spec), ratio(b, a)]
    rows.append(r)
w = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
line = lambda r: "| " + " | ".join(c.rjust(w[i]) if i else c.ljust(w[i]) for i, c in enumerate(r)) + " |"
print(line(hdr))
print("|" + "|".join("-" * (x + 2) for x in w) + "|")
for r in rows:
    print(line(r))
