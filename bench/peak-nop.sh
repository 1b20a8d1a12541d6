#!/usr/bin/env bash
# jfio-peak beside fio's t/io_uring with NOPs (-N1: no device, the tools' own per-I/O cost: the
# SQ/CQ loop, the clock, the accounting), alternating runs, median of REPS "Maximum IOPS", and
# CPU per I/O: the whole process's usr+sys (/usr/bin/time; JVM start-up and JIT included) over the
# I/Os of its per-second "IOPS=" lines, steadier than IOPS on a shared machine.
#
#   T_IO_URING=/opt/fio-3.42-src/t/io_uring REPS=5 bench/peak-nop.sh [extra flags]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
T=${T_IO_URING:-/opt/fio-3.42-src/t/io_uring}
PEAK=${PEAK:-$root/bin/jfio-peak}
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
echo "t/io_uring: $T; jfio-peak: $PEAK; flags: ${flags[*]}; $REPS runs each, alternating"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq 1 "$REPS"); do
    /usr/bin/time -f "%U %S" -o "$work/t.$rep.time" "$T" "${flags[@]}" "$file" >"$work/t.$rep.out" 2>&1 || true
    /usr/bin/time -f "%U %S" -o "$work/p.$rep.time" "$PEAK" "${flags[@]}" "$file" >"$work/p.$rep.out" 2>&1 || true
    printf '.' >&2
done
echo >&2
python3 - "$work" "$REPS" <<'PY'
import re, statistics, sys
work, reps = sys.argv[1], int(sys.argv[2])
scale = {"": 1, "K": 1e3, "M": 1e6}

def run(tool, rep):
    text = open("%s/%s.%d.out" % (work, tool, rep)).read()
    m = re.search(r"^Maximum IOPS=([0-9.]+)([KM]?)", text, re.M)
    if not m:
        return None
    total = sum(float(v) * scale[u] for v, u in re.findall(r"^IOPS=([0-9.]+)([KM]?),", text, re.M))
    u, s = open("%s/%s.%d.time" % (work, tool, rep)).read().split()[-2:]
    cpuio = (float(u) + float(s)) * 1e9 / total if total else None
    return float(m.group(1)) * scale[m.group(2)], cpuio

res = {t: [r for r in (run(t, i) for i in range(1, reps + 1)) if r] for t in ("t", "p")}
def med(tool, i):
    v = [r[i] for r in res[tool] if r[i] is not None]
    return statistics.median(v) if v else float("nan")
mt, mp = med("t", 0), med("p", 0)
ct, cp = med("t", 1), med("p", 1)
print("| case | t/io_uring Maximum IOPS | jfio-peak Maximum IOPS | jfio/fio | t/io_uring CPU/IO ns | jfio-peak CPU/IO ns | jfio/fio |")
print("|---|---|---|---|---|---|---|")
print("| NOPs -N1 -d32 -s8 -c8 (median of %d/%d) | %.2fM | %.2fM | %.2f | %.1f | %.1f | %.2f |"
      % (len(res["t"]), len(res["p"]), mt / 1e6, mp / 1e6, mp / mt, ct, cp, cp / ct))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
