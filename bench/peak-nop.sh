#!/usr/bin/env bash
# jfio-peak beside fio's t/io_uring with NOPs (-N1: no device, the tools' own per-I/O cost: the
# SQ/CQ loop, the clock, the accounting), alternating runs, median of REPS "Maximum IOPS", and
# CPU per I/O: the whole process's usr+sys (/usr/bin/time; JVM start-up and JIT included) over the
# I/Os of its per-second "IOPS=" lines, steadier than IOPS on a shared machine.
#
#   T_IO_URING=/opt/fio-3.42-src/t/io_uring REPS=5 bench/peak-nop.sh [extra flags]
#   PEAK_BEFORE=/path/to/old/bin/jfio-peak ...   also a row for that launcher, same alternation
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
T=${T_IO_URING:-/opt/fio-3.42-src/t/io_uring}
PEAK=${PEAK:-$root/bin/jfio-peak}
PEAK_BEFORE=${PEAK_BEFORE:-}
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-5}
[ -x "$T" ] || { echo "peak-nop: no t/io_uring at $T (set T_IO_URING)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "peak-nop: needs /usr/bin/time (GNU time) for CPU per I/O" >&2; exit 1; }
file=$(mktemp /dev/shm/jfio-peak-nop.XXXXXX)
work=$(mktemp -d /tmp/jfio-peak-nop.XXXXXX)
trap 'rm -f "$file"; rm -rf "$work"' EXIT INT TERM
truncate -s 64M "$file"
flags=(-N1 -d32 -s8 -c8 -r"$RUNTIME" "$@")
"$PEAK" -N1 -r1 "$file" >/dev/null 2>&1 || true   # build outside the runs
[ -z "$PEAK_BEFORE" ] || "$PEAK_BEFORE" -N1 -r1 "$file" >/dev/null 2>&1 || true
echo "t/io_uring: $T; jfio-peak: $PEAK${PEAK_BEFORE:+, before: $PEAK_BEFORE}; flags: ${flags[*]}; $REPS runs each, alternating"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq 1 "$REPS"); do
    /usr/bin/time -f "%U %S" -o "$work/t.$rep.time" "$T" "${flags[@]}" "$file" >"$work/t.$rep.out" 2>&1 || true
    /usr/bin/time -f "%U %S" -o "$work/p.$rep.time" "$PEAK" "${flags[@]}" "$file" >"$work/p.$rep.out" 2>&1 || true
    if [ -n "$PEAK_BEFORE" ]; then
        /usr/bin/time -f "%U %S" -o "$work/b.$rep.time" "$PEAK_BEFORE" "${flags[@]}" "$file" >"$work/b.$rep.out" 2>&1 || true
    fi
    printf '.' >&2
done
echo >&2
python3 - "$work" "$REPS" "${PEAK_BEFORE:+b}" <<'PY'
import os, re, statistics, sys
work, reps = sys.argv[1], int(sys.argv[2])
tools = ("t", "p") + (("b",) if sys.argv[3] else ())
scale = {"": 1, "K": 1e3, "M": 1e6}

def run(tool, rep):
    path = "%s/%s.%d.out" % (work, tool, rep)
    if not os.path.exists(path):
        return None
    text = open(path).read()
    m = re.search(r"^Maximum IOPS=([0-9.]+)([KM]?)", text, re.M)
    if not m:
        return None
    total = sum(float(v) * scale[u] for v, u in re.findall(r"^IOPS=([0-9.]+)([KM]?),", text, re.M))
    u, s = open("%s/%s.%d.time" % (work, tool, rep)).read().split()[-2:]
    cpuio = (float(u) + float(s)) * 1e9 / total if total else None
    return float(m.group(1)) * scale[m.group(2)], cpuio

res = {t: [r for r in (run(t, i) for i in range(1, reps + 1)) if r] for t in tools}
def med(tool, i):
    v = [r[i] for r in res[tool] if r[i] is not None]
    return statistics.median(v) if v else float("nan")
mt, ct = med("t", 0), med("t", 1)
print("| case | t/io_uring Maximum IOPS | jfio-peak Maximum IOPS | jfio/fio | t/io_uring CPU/IO ns | jfio-peak CPU/IO ns | jfio/fio |")
print("|---|---|---|---|---|---|---|")
for tool, label in (("p", ""), ("b", ":before")):
    if tool not in tools:
        continue
    mp, cp = med(tool, 0), med(tool, 1)
    print("| NOPs -N1 -d32 -s8 -c8%s (median of %d/%d) | %.2fM | %.2fM | %.2f | %.1f | %.1f | %.2f |"
          % (label, len(res["t"]), len(res[tool]), mt / 1e6, mp / 1e6, mp / mt, ct, cp, cp / ct))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
