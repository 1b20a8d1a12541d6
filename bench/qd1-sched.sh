#!/usr/bin/env bash
# Where a QD1 job's I/O waits, fio and jfio side by side on a RAM-backed loop device: for each
# tool, a short window of the scheduler's events (perf) in the middle of its run.
#
#   sudo bench/qd1-sched.sh                      # psync-qd1, installed fio, 2 rounds
#   FIO=/opt/fio-3.42-src/fio ROUNDS=3 RUNTIME=8 sudo -E bench/qd1-sched.sh
#
# Per tool and round it prints the report's IOPS and p50 completion latency, then from the
# sched_switch/sched_wakeup events of the job's thread (fio: its job process):
#   * whom the job wakes, on its own CPU ("same") or the other ("other"): at QD1 psync on a loop
#     device, the loop's kworker, at most once per I/O;
#   * who wakes the job, and from which CPU: the completion's ksoftirqd;
#   * what runs when the job blocks;
# and, for psync jobs, from its pread64 enter/exit events the time in user space between two
# I/Os and the time inside pread64 (p10/p50/p90). An I/O whose kworker runs on the other CPU
# needs that CPU woken and then the job's CPU woken again: on this VM (haltpoll with
# guest_halt_poll_ns=0) an idle vCPU halts, and each wake goes through the host. Under load both
# CPUs are busy and the chain stays on one CPU; on a quiet machine the placement decides the
# latency (docs/performance.md, eighth round). Needs perf and root.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO:-$(command -v fio || true)}
JFIO=${JFIO:-$root/bin/jfio}
JOB=${JOB:-psync-qd1}
ROUNDS=${ROUNDS:-2}
SIZE_MB=${SIZE_MB:-512}
export RUNTIME=${RUNTIME:-5} RAMP=${RAMP:-1}

[ -n "$FIO" ] && [ -x "$FIO" ] || { echo "qd1-sched: no fio binary (set FIO=path)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "qd1-sched: needs root (loop device, perf tracepoints)" >&2; exit 1; }
command -v perf >/dev/null || { echo "qd1-sched: needs perf" >&2; exit 1; }
f=$root/bench/jobs/$JOB.fio
[ -f "$f" ] || { echo "qd1-sched: no job file $f" >&2; exit 1; }

work=$(mktemp -d /tmp/jfio-qd1-sched.XXXXXX)
backing=/dev/shm/jfio-qd1-sched-$$.img
DEV=
tracefs=
cleanup() {
    if [ -n "$DEV" ]; then losetup -d "$DEV" 2>/dev/null || true; fi
    if [ -n "$tracefs" ]; then umount "$tracefs" 2>/dev/null || true; fi
    rm -f "$backing"
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# perf finds the tracepoints through a tracefs mount; mount one of our own when there is none
if ! grep -q ' tracefs ' /proc/mounts; then
    tracefs=$work/tracefs
    mkdir -p "$tracefs"
    mount -t tracefs nodev "$tracefs"
fi

dd if=/dev/zero of="$backing" bs=1M count="$SIZE_MB" status=none
DEV=$(losetup -f --show --direct-io=on "$backing" 2>/dev/null || losetup -f --show "$backing")
export DEV
"$JFIO" --version >/dev/null 2>&1 || true

echo "fio: $FIO ($("$FIO" --version)); jfio: $JFIO; job: $JOB; device: $DEV"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$ROUNDS"); do
    for tool in fio jfio; do
        bin=$FIO
        [ $tool = jfio ] && bin=$JFIO
        "$bin" --output-format=json --output="$work/$tool.json" "$f" >"$work/$tool.log" 2>&1 &
        runner=$!
        sleep $((RAMP + 2))
        if [ $tool = fio ]; then
            # the job process: the newest fio process that has the device open
            tid=$(for p in $(pgrep -x fio || true); do
                if ls -l /proc/"$p"/fd 2>/dev/null | grep -q " $DEV\$"; then echo "$p"; fi
            done | sort -n | tail -1)
        else
            jpid=$(pgrep -f "io.jfio.runner.cli.Main.*$JOB" | head -1 || true)
            tid=$( (grep -l "^jfio-${JOB:0:10}" /proc/"$jpid"/task/*/comm 2>/dev/null || true) | head -1 | cut -d/ -f5)
        fi
        if [ -n "$tid" ]; then
            perf record -q -t "$tid" -e raw_syscalls:sys_enter -e raw_syscalls:sys_exit -o "$work/$tool.sys" -- sleep 0.3 >/dev/null 2>&1 || true
            perf record -q -a -e sched:sched_switch -e sched:sched_wakeup -o "$work/$tool.sched" -- sleep 0.4 >/dev/null 2>&1 || true
        fi
        wait $runner || true
        python3 - "$work/$tool.json" "$tool" "$round" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import json, sys
path, tool, rnd, load = sys.argv[1:5]
try:
    text = open(path).read()
    j = json.loads(text[text.index('{'):])["jobs"][0]
    d = j["read"] if j["read"]["io_bytes"] > 0 else j["write"]
    print("%s round %s (load %s): IOPS %.0f, p50 %.2f us" % (tool, rnd, load, d["iops"],
          d["clat_ns"]["percentile"]["50.000000"] / 1000.0))
except Exception as e:
    print("%s round %s: no report (%s)" % (tool, rnd, e))
PY
        if [ -n "$tid" ] && [ -s "$work/$tool.sched" ]; then
            perf script -i "$work/$tool.sched" -F comm,tid,cpu,time,event,trace 2>/dev/null | python3 -c '
import sys, re, collections
tid = sys.argv[1]
wakes, woken, out = collections.Counter(), collections.Counter(), collections.Counter()
name = lambda s: re.sub(r"\d+", "N", s)
for line in sys.stdin:
    m = re.match(r"\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+[\d.]+:\s+(\S+):\s+(.*)", line)
    if not m:
        continue
    comm, t, cpu, ev, rest = m.groups()
    if ev.startswith("sched:sched_wakeup"):
        w = re.search(r"comm=(.*?) pid=(\d+) prio=\d+ target_cpu=(\d+)", rest)
        if not w:
            continue
        where = "same" if int(w.group(3)) == int(cpu) else "other"
        if t == tid:
            wakes[where + " " + name(w.group(1))] += 1
        if w.group(2) == tid:
            woken[where + " " + name(comm)] += 1
    elif ev.startswith("sched:sched_switch"):
        s = re.search(r"prev_pid=(\d+) .*?==> next_comm=(.*?) next_pid=", rest)
        if s and s.group(1) == tid:
            out[name(s.group(2))] += 1
fmt = lambda c: ", ".join("%s %d" % kv for kv in c.most_common(3))
print("  job wakes: " + fmt(wakes))
print("  job woken by: " + fmt(woken))
print("  blocked job gives its CPU to: " + fmt(out))
' "$tid"
        fi
        if [ -n "$tid" ] && [ -s "$work/$tool.sys" ]; then
            perf script --ns -i "$work/$tool.sys" 2>/dev/null | python3 -c '
import sys, re
ent = ext = None
gaps, durs = [], []
for line in sys.stdin:
    m = re.search(r"\s([\d.]+):\s+raw_syscalls:sys_(enter|exit):\s+NR (\d+)", line)
    if not m or int(m.group(3)) != 17:  # pread64
        continue
    t = float(m.group(1))
    if m.group(2) == "enter":
        if ext is not None:
            gaps.append(t - ext)
        ent = t
    else:
        if ent is not None:
            durs.append(t - ent)
        ext = t
q = lambda v: "/".join("%.2f" % (sorted(v)[int(len(v) * p)] * 1e6) for p in (0.1, 0.5, 0.9)) if v else "n/a"
print("  pread64: %d, user time between two p10/p50/p90 %s us, inside pread64 %s us" % (len(durs), q(gaps), q(durs)))
'
        fi
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
