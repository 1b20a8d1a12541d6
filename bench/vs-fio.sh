#!/usr/bin/env bash
# Runs the same job files with fio and jfio, alternately, on a RAM-backed loop device and prints
# one table of medians with jfio/fio ratios (IOPS, p50/p99 completion latency, CPU).
#
#   sudo bench/vs-fio.sh                 # installed fio, 5 repetitions of 5 s (+1 s ramp) each
#   FIO=/opt/fio-3.42/fio REPS=3 RUNTIME=10 sudo -E bench/vs-fio.sh [job ...]
#   JFIO_BEFORE=/path/to/old/bin/jfio sudo -E bench/vs-fio.sh   # also rows JOB:before, same alternation
#
# Jobs are bench/jobs/*.fio (or the names given, without .fio). IOPS ratio > 1 means jfio is
# faster; latency and CPU ratios < 1 mean jfio is lower. CPU is usr+sys of the job thread(s) in
# percent of one CPU, as fio's "cpu" line reports it; CPU/IO is the whole process's usr+sys
# (/usr/bin/time: start-up, ramp and teardown included) over the I/Os the report counts, in
# microseconds, steadier than IOPS on a shared machine; job CPU/IO is the job threads' usr+sys
# (the report's cpu line times the job's runtime) over the same I/Os: the steady-state I/O path
# without the process's start-up, JIT compiler threads and teardown. halts/IO is the vCPUs' entries
# into an idle state other than polling (cpuidle's usage counters, all CPUs, over the whole run)
# per I/O: at QD1 on a loop device a run on a busy machine, where no vCPU goes idle, halts almost
# never; on an idle one a vCPU halts during about half the I/Os (0.4-1.2 per I/O here), and on a
# VM each wake-up from a halt goes through the host. A run's time per I/O follows its halts, for
# fio and jfio alike, so compare tools at equal halts/IO; the per-run lines under the table list
# IOPS@halts/IO of every run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO:-$(command -v fio || true)}
JFIO=${JFIO:-$root/bin/jfio}
JFIO_BEFORE=${JFIO_BEFORE:-}
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-5}
RAMP=${RAMP:-1}
SIZE_MB=${SIZE_MB:-512}

[ -n "$FIO" ] && [ -x "$FIO" ] || { echo "vs-fio: no fio binary (set FIO=path)" >&2; exit 1; }
[ -x "$JFIO" ] || { echo "vs-fio: $JFIO is missing" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "vs-fio: needs root for the loop device" >&2; exit 1; }
command -v python3 >/dev/null || { echo "vs-fio: needs python3 to summarise" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "vs-fio: needs /usr/bin/time (GNU time) for CPU per I/O" >&2; exit 1; }

if [ $# -gt 0 ]; then
    jobs=("$@")
else
    jobs=(null-qd1 null-qd32 psync-qd1 libaio-qd32 io_uring-qd32 io_uring-qd32-fixed-b8 libaio-32x64)
fi

work=$(mktemp -d /tmp/jfio-vs-fio.XXXXXX)
backing=/dev/shm/jfio-vs-fio-$$.img
DEV=
cleanup() {
    if [ -n "$DEV" ]; then losetup -d "$DEV" 2>/dev/null || true; fi
    rm -f "$backing"
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# Sum of the idle entries of every CPU, POLL (a busy loop, no halt) left out; nothing without cpuidle.
halts() {
    local n=0 d v
    for d in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state[0-9]*; do
        [ -r "$d/usage" ] || continue
        [ "$(cat "$d/name")" = POLL ] && continue
        read -r v <"$d/usage"
        n=$((n + v))
    done
    echo "$n"
}

# Real pages behind the device (reading tmpfs holes would measure the zero page).
dd if=/dev/zero of="$backing" bs=1M count="$SIZE_MB" status=none
DEV=$(losetup -f --show --direct-io=on "$backing" 2>/dev/null || losetup -f --show "$backing")
export DEV RUNTIME RAMP

# Build jfio's jar once, outside the measurements.
"$JFIO" --version >/dev/null 2>&1 || true
[ -z "$JFIO_BEFORE" ] || "$JFIO_BEFORE" --version >/dev/null 2>&1 || true
tools=(fio jfio)
[ -z "$JFIO_BEFORE" ] || tools+=(before)

echo "fio:  $FIO ($("$FIO" --version))"
echo "jfio: $JFIO${JFIO_BEFORE:+, before: $JFIO_BEFORE}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews every number)"
echo "device: $DEV over $backing (${SIZE_MB} MiB), $REPS x ${RUNTIME}s (+${RAMP}s ramp) per tool and job, $(nproc) CPUs, kernel $(uname -r)"
for job in "${jobs[@]}"; do
    f=$root/bench/jobs/$job.fio
    [ -f "$f" ] || { echo "vs-fio: no job file $f" >&2; exit 1; }
    for rep in $(seq 1 "$REPS"); do
        for tool in "${tools[@]}"; do
            bin=$FIO
            [ $tool = jfio ] && bin=$JFIO
            [ $tool = before ] && bin=$JFIO_BEFORE
            out=$work/$job.$tool.$rep.json
            h0=$(halts)
            if ! /usr/bin/time -f "%U %S" -o "$work/$job.$tool.$rep.time" "$bin" --output-format=json --output="$out" "$f" >"$work/$job.$tool.$rep.log" 2>&1; then
                echo "vs-fio: $tool failed on $job (rep $rep): $(tail -n 1 "$work/$job.$tool.$rep.log")" >&2
                rm -f "$out"
            fi
            echo "$h0 $(halts)" >"$work/$job.$tool.$rep.halts"
        done
        printf '.' >&2
    done
done
echo >&2

python3 - "$work" "${jobs[@]}" <<'PY'
import json, statistics, sys, os, glob
work, jobs = sys.argv[1], sys.argv[2:]

def load(path):
    try:
        with open(path) as fh:
            text = fh.read()
        doc = json.loads(text[text.index('{'):])  # tolerate lines before the JSON
        j = doc["jobs"][0]
        d = j["read"] if j["read"]["io_bytes"] > 0 else j["write"]
        pct = d.get("clat_ns", {}).get("percentile", {})
        r = {"iops": d["iops"], "p50": pct.get("50.000000"), "p99": pct.get("99.000000"),
             "cpu": j["usr_cpu"] + j["sys_cpu"], "cpuio": None, "jobio": None, "halts": None}
        ios = d.get("total_ios", 0)
        if ios:
            r["jobio"] = r["cpu"] / 100.0 * j["job_runtime"] * 1e6 / ios  # ns per I/O
        with open(path[:-len(".json")] + ".time") as fh:
            u, s = fh.read().split()[-2:]
        if ios:
            r["cpuio"] = (float(u) + float(s)) * 1e9 / ios  # ns per I/O
        try:
            with open(path[:-len(".json")] + ".halts") as fh:
                h0, h1 = (int(x) for x in fh.read().split())
            if ios and h1 > 0:
                r["halts"] = (h1 - h0) / ios
        except (OSError, ValueError):
            pass
        return r
    except Exception:
        return None

def med(runs, key):
    vals = [r[key] for r in runs if r and r.get(key) is not None]
    return statistics.median(vals) if vals else None

def fmt(v, unit=""):
    if v is None:
        return "n/a"
    if unit == "us":
        return "%.2f" % (v / 1000.0)
    if unit == "%":
        return "%.1f" % v
    if unit == "ns":
        return "%.3f" % (v / 1000.0)
    return "%.0f" % v

def hfmt(v):
    return "n/a" if v is None else "%.2f" % v

def ratio(a, b):
    return "%.2f" % (a / b) if a is not None and b not in (None, 0) else "n/a"

rows = []
hdr = ["job", "fio IOPS", "jfio IOPS", "ratio", "fio p50us", "jfio p50us", "ratio",
       "fio p99us", "jfio p99us", "ratio", "fio cpu%", "jfio cpu%", "ratio",
       "fio CPU/IO us", "jfio CPU/IO us", "ratio", "fio job CPU/IO us", "jfio job CPU/IO us", "ratio",
       "fio halts/IO", "jfio halts/IO"]
keys = ("iops", "p50", "p99", "cpu", "cpuio", "jobio", "halts")
per_run = []
for job in jobs:
    m = {}
    for tool in ("fio", "jfio", "before"):
        runs = [load(p) for p in sorted(glob.glob(os.path.join(work, "%s.%s.*.json" % (job, tool))))]
        runs = [r for r in runs if r]
        m[tool] = {k: med(runs, k) for k in keys} if runs else None
        if runs:
            per_run.append("%s %s: %s" % (job, tool, " ".join(
                "%.0f@%s" % (r["iops"], "n/a" if r["halts"] is None else "%.2f" % r["halts"]) for r in runs)))
    f = m["fio"] or {k: None for k in keys}
    for tool, name in (("jfio", job), ("before", job + ":before")):
        j = m[tool]
        if j is None:
            continue
        rows.append([name, fmt(f["iops"]), fmt(j["iops"]), ratio(j["iops"], f["iops"]),
                     fmt(f["p50"], "us"), fmt(j["p50"], "us"), ratio(j["p50"], f["p50"]),
                     fmt(f["p99"], "us"), fmt(j["p99"], "us"), ratio(j["p99"], f["p99"]),
                     fmt(f["cpu"], "%"), fmt(j["cpu"], "%"), ratio(j["cpu"], f["cpu"]),
                     fmt(f["cpuio"], "ns"), fmt(j["cpuio"], "ns"), ratio(j["cpuio"], f["cpuio"]),
                     fmt(f["jobio"], "ns"), fmt(j["jobio"], "ns"), ratio(j["jobio"], f["jobio"]),
                     hfmt(f["halts"]), hfmt(j["halts"])])
w = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
line = lambda r: "| " + " | ".join(c.rjust(w[i]) if i else c.ljust(w[i]) for i, c in enumerate(r)) + " |"
print(line(hdr))
print("|" + "|".join(("-" * (w[i] + 2)) for i in range(len(hdr))) + "|")
for r in rows:
    print(line(r))
print("per run, IOPS@halts/IO:")
for l in per_run:
    print("  " + l)
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
