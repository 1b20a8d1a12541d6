#!/usr/bin/env bash
# IOPS of fio and jfio on the null engine with every per-I/O log (log_avg_msec=0: bw, iops, lat,
# clat, slat, plus clat_hist), alternately, and the jfio/fio ratio of the medians (> 1: jfio faster).
#
#   bench/logs-vs-fio.sh                       # installed fio, 3 repetitions of 3 s each
#   FIO=/opt/fio-3.42-src/fio REPS=5 RUNTIME=5 bench/logs-vs-fio.sh
#
# The logs go to a scratch directory in /dev/shm (RAM), so the figure is the cost of logging
# itself, not of a disk. No root needed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO:-$(command -v fio || true)}
JFIO=${JFIO:-$root/bin/jfio}
REPS=${REPS:-3}
RUNTIME=${RUNTIME:-3}
DEPTH=${DEPTH:-1}

[ -n "$FIO" ] && [ -x "$FIO" ] || { echo "logs-vs-fio: no fio binary (set FIO=path)" >&2; exit 1; }
[ -x "$JFIO" ] || { echo "logs-vs-fio: $JFIO is missing" >&2; exit 1; }
work=$(mktemp -d /dev/shm/logs-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM

cat > "$work/job.fio" <<JOB
[null-logs]
ioengine=null
rw=randread
bs=4k
size=1g
norandommap
iodepth=$DEPTH
time_based
runtime=$RUNTIME
write_bw_log=$work/l
write_lat_log=$work/l
write_iops_log=$work/l
write_hist_log=$work/l
log_hist_msec=1000
log_avg_msec=0
JOB

iops() { # tool -> IOPS of the run (from the JSON), logs removed afterwards
    "$1" --output-format=json "$work/job.fio" 2>/dev/null \
        | python3 -c 'import json,sys; print(int(json.load(sys.stdin)["jobs"][0]["read"]["iops"]))'
    rm -f "$work"/l_*.log
}

fio_runs=(); jfio_runs=()
for ((i = 0; i < REPS; i++)); do
    fio_runs+=("$(iops "$FIO")")
    jfio_runs+=("$(iops "$JFIO")")
done
python3 - "${fio_runs[*]}" "${jfio_runs[*]}" <<'PY'
import statistics, sys
f = [int(x) for x in sys.argv[1].split()]
j = [int(x) for x in sys.argv[2].split()]
mf, mj = statistics.median(f), statistics.median(j)
print(f"null engine, every per-I/O log, runs: fio {f} jfio {j}")
print(f"median IOPS: fio {mf:.0f}  jfio {mj:.0f}  jfio/fio {mj / mf:.2f}")
PY
