#!/usr/bin/env bash
# Whole-process start-up and teardown beside fio, alternating runs: the wall and CPU (usr+sys)
# time and peak RSS of (1) a 1 MiB null job and (2) --parse-only of a job file, as /usr/bin/time
# reports them, medians of REPS runs with jfio/fio ratios.
#
#   bench/startup.sh                       # FIO=fio on PATH, 5 repetitions
#   FIO=/opt/fio-3.42-src/fio REPS=5 bench/startup.sh
#   JFIO_BEFORE=/path/to/old/bin/jfio bench/startup.sh   # also rows CASE:before, same alternation
#
# No root needed. bin/jfio is run exactly as a user runs it (its class-data archive included:
# the first, untimed run below builds the jar and the archive if they are missing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO:-$(command -v fio || true)}
JFIO=${JFIO:-$root/bin/jfio}
REPS=${REPS:-5}
PARSE_JOB=${PARSE_JOB:-$root/examples/jobs/ext4-vs-rawbdev-uncached.fio}
[ -n "$FIO" ] && [ -x "$FIO" ] || { echo "startup: no fio binary (set FIO=path)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "startup: needs /usr/bin/time (GNU time)" >&2; exit 1; }
work=$(mktemp -d /tmp/jfio-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
job=$root/bench/jobs/startup-null-1m.fio

JFIO_BEFORE=${JFIO_BEFORE:-}
"$JFIO" "$job" >/dev/null 2>&1 || true   # build + archive outside the measurements
[ -z "$JFIO_BEFORE" ] || "$JFIO_BEFORE" "$job" >/dev/null 2>&1 || true

sample() { # CASE TOOL CMD...
    local c=$1 t=$2
    shift 2
    /usr/bin/time -f "$c $t %e %U %S %M" -o "$work/one" "$@" >/dev/null 2>"$work/err" ||
        { echo "startup: $t failed on $c: $(tail -n 1 "$work/err")" >&2; return 0; }
    cat "$work/one" >>"$work/samples"
}

echo "fio:  $FIO ($("$FIO" --version)); jfio: $JFIO${JFIO_BEFORE:+, before: $JFIO_BEFORE}; $REPS runs each, alternating"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq 1 "$REPS"); do
    sample null-1m fio "$FIO" "$job"
    sample null-1m jfio "$JFIO" "$job"
    sample parse-only fio "$FIO" --parse-only "$PARSE_JOB"
    sample parse-only jfio "$JFIO" --parse-only "$PARSE_JOB"
    if [ -n "$JFIO_BEFORE" ]; then
        sample null-1m:before jfio "$JFIO_BEFORE" "$job"
        sample parse-only:before jfio "$JFIO_BEFORE" --parse-only "$PARSE_JOB"
    fi
    printf '.' >&2
done
echo >&2
python3 "$root/bench/summarise.py" "$work/samples"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
