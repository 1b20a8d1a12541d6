#!/usr/bin/env bash
# Where a many-thread run's wall time beyond its runtime goes, for fio and jfio alike: kernel
# tracepoints (perf, CLOCK_MONOTONIC) of the seed workload, seconds from the tool's exec to its
# first and last thread creation, its first data I/O (preadv2/pwritev2), its last one and its
# exit_group, medians of REPS alternating runs. jfio's first thread is the JVM's own (GC, JIT);
# fio's its helper thread; the job threads come last in both. No change to either tool; the tracepoints cost
# both the same.
#
#   sudo FIO=/opt/fio-3.42-src/fio bench/start-timeline.sh
#   JFIO_BEFORE=/path/to/old/bin/jfio ...   also rows before (that launcher), same alternation
#
# Needs root and perf. RUNTIME (default 2 s) and REPS (default 5) as the other scripts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO:-$(command -v fio || true)}
JFIO=${JFIO:-$root/bin/jfio}
JFIO_BEFORE=${JFIO_BEFORE:-}
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-2}
[ -n "$FIO" ] && [ -x "$FIO" ] || { echo "start-timeline: no fio binary (set FIO=path)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "start-timeline: needs root (loop device, mount, perf)" >&2; exit 1; }
command -v perf >/dev/null || { echo "start-timeline: needs perf (linux-perf)" >&2; exit 1; }

. "$root/bench/ext4-loop.sh" start-timeline   # $work, ext4 at $DIR, cleaned up on exit
export RUNTIME
job=$root/bench/jobs/seed-252.fio
RUNTIME=1 "$FIO" --output=/dev/null "$job" >/dev/null 2>&1   # lay the files out once
"$JFIO" --parse-only "$job" >/dev/null 2>&1 || true           # build outside the runs
[ -z "$JFIO_BEFORE" ] || "$JFIO_BEFORE" --parse-only "$job" >/dev/null 2>&1 || true

sample() { # TOOL BINARY
    perf record -q -k CLOCK_MONOTONIC -a -o "$work/perf.data" \
        -e sched:sched_process_exec -e sched:sched_process_fork \
        -e syscalls:sys_enter_preadv2 -e syscalls:sys_enter_pwritev2 -e syscalls:sys_enter_exit_group \
        -- /bin/sh -c 'exec "$@"' sh "$2" --output-format=terse "$job" >/dev/null 2>"$work/err" ||
        { echo "start-timeline: $1 failed: $(tail -n 1 "$work/err")" >&2; return 0; }
    perf script -i "$work/perf.data" -F comm,pid,time,event >"$work/events" 2>/dev/null || true
    python3 -c '
import sys
tool = sys.argv[1]
ev = []
for line in sys.stdin:
    p = line.split()
    for i, x in enumerate(p):
        # "COMM PID TIME: EVENT:" (the comm may hold spaces)
        if x.endswith(":") and x[:-1].replace(".", "").isdigit() and i > 0:
            ev.append((float(x[:-1]), p[i + 1].rstrip(":"), int(p[i - 1]), " ".join(p[:i - 1])))
            break
ev.sort()
# the tool'"'"'s exec by the sh perf started (perf may enable its events only after its own child'"'"'s exec)
execs = [e for e in ev if e[1].endswith("sched_process_exec") and e[3] != "sh"]
if not execs:
    sys.exit(0)
t0, pid = execs[0][0], execs[0][2]  # fio itself, or jfio'"'"'s launcher that execs the JVM in the same pid
mine = [e for e in ev if e[2] == pid]
forks = [e[0] - t0 for e in mine if e[1].endswith("sched_process_fork")]
io = [e[0] - t0 for e in mine if e[1].endswith(("preadv2", "pwritev2"))]
ex = [e[0] - t0 for e in mine if e[1].endswith("exit_group")]
if forks and io and ex:
    print(tool, forks[0], forks[-1], io[0], io[-1], ex[-1])
' "$1" <"$work/events" >>"$work/samples"
}

echo "fio:  $FIO ($("$FIO" --version)); jfio: $JFIO${JFIO_BEFORE:+, before: $JFIO_BEFORE}; $REPS runs each, alternating, runtime=${RUNTIME}s"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq 1 "$REPS"); do
    sample fio "$FIO"
    sample jfio "$JFIO"
    [ -z "$JFIO_BEFORE" ] || sample before "$JFIO_BEFORE"
    printf '.' >&2
done
echo >&2
python3 - "$work/samples" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    t, *v = line.split()
    rows.setdefault(t, []).append([float(x) for x in v])
cols = ["first thread", "last thread", "first I/O", "last I/O", "exit", "last I/O - first I/O", "exit - last I/O"]
print("| tool | n | " + " | ".join(cols) + " |")
print("|---" * (len(cols) + 2) + "|")
for t in ("fio", "jfio", "before"):
    if t not in rows:
        continue
    r = rows[t]
    med = [statistics.median(x[i] for x in r) for i in range(5)]
    med += [statistics.median(x[3] - x[2] for x in r), statistics.median(x[4] - x[3] for x in r)]
    print("| %s | %d | " % (t, len(r)) + " | ".join("%.3f" % m for m in med) + " |")
print("(seconds after the first exec: fio's, or jfio's launcher script's)")
EOF
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
