#!/usr/bin/env bash
# jfio-peak beside fio's t/io_uring with NOPs (-N1: no device, the tools' own per-I/O cost: the
# SQ/CQ loop, the clock, the accounting), alternating runs, median of REPS "Maximum IOPS".
#
#   T_IO_URING=/opt/fio-3.42-src/t/io_uring REPS=5 bench/peak-nop.sh [extra flags]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
T=${T_IO_URING:-/opt/fio-3.42-src/t/io_uring}
PEAK=${PEAK:-$root/bin/jfio-peak}
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-5}
[ -x "$T" ] || { echo "peak-nop: no t/io_uring at $T (set T_IO_URING)" >&2; exit 1; }
file=$(mktemp /dev/shm/jfio-peak-nop.XXXXXX)
trap 'rm -f "$file"' EXIT INT TERM
truncate -s 64M "$file"
flags=(-N1 -d32 -s8 -c8 -r"$RUNTIME" "$@")
"$PEAK" -N1 -r1 "$file" >/dev/null 2>&1 || true   # build outside the runs
echo "t/io_uring: $T; jfio-peak: $PEAK; flags: ${flags[*]}; $REPS runs each, alternating"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
max() { sed -n 's/^Maximum IOPS=\([0-9.]*\)\([KM]\?\).*/\1 \2/p' | awk '{m=$2=="M"?1e6:($2=="K"?1e3:1); print $1*m}'; }
t=(); p=()
for rep in $(seq 1 "$REPS"); do
    t+=("$("$T" "${flags[@]}" "$file" 2>&1 | max)")
    p+=("$("$PEAK" "${flags[@]}" "$file" 2>&1 | max)")
    printf '.' >&2
done
echo >&2
python3 - "${t[*]}" "${p[*]}" <<'PY'
import statistics, sys
t = [float(x) for x in sys.argv[1].split()]
p = [float(x) for x in sys.argv[2].split()]
mt, mp = statistics.median(t), statistics.median(p)
print("| case | t/io_uring Maximum IOPS | jfio-peak Maximum IOPS | jfio/fio |")
print("|---|---|---|---|")
print("| NOPs -N1 -d32 -s8 -c8 (median of %d/%d) | %.2fM | %.2fM | %.2f |" % (len(t), len(p), mt / 1e6, mp / 1e6, mp / mt))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
