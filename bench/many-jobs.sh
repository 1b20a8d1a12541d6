#!/usr/bin/env bash
# Many jobs beside fio, alternating runs, medians of REPS: whole-process wall minus the job's
# runtime (start-up, thread creation, file layout, teardown), CPU (usr+sys) and peak RSS.
#   seed-252        the seed workload (jobs/seed-252.fio) on ext4 on a RAM-backed loop device,
#                   files laid out once before the runs
#   seed-252-fresh  the same with the files deleted before every run (each run lays them out)
#   null-1000       numjobs=1000 threads of the null engine (jobs/null-1000.fio)
#
#   sudo FIO=/opt/fio-3.42-src/fio bench/many-jobs.sh [case ...]
#   JFIO_BEFORE=/path/to/old/bin/jfio ...   also rows CASE:before (that launcher), same alternation
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO:-$(command -v fio || true)}
JFIO=${JFIO:-$root/bin/jfio}
REPS=${REPS:-5}
RUNTIME=${RUNTIME:-5}
[ -n "$FIO" ] && [ -x "$FIO" ] || { echo "many-jobs: no fio binary (set FIO=path)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "many-jobs: needs root (loop device, mount)" >&2; exit 1; }
if [ $# -gt 0 ]; then cases=("$@"); else cases=(seed-252 seed-252-fresh null-1000); fi

. "$root/bench/ext4-loop.sh" many-jobs   # $work, ext4 at $DIR, cleaned up on exit
export RUNTIME

"$JFIO" --parse-only "$root/bench/jobs/null-1000.fio" >/dev/null 2>&1 || true   # build outside the runs

JFIO_BEFORE=${JFIO_BEFORE:-}
sample() { # CASE TOOL JOBFILE   (TOOL fio, jfio or before)
    local c=$1 t=$2 bin=$FIO
    [ "$t" = jfio ] && bin=$JFIO
    [ "$t" = before ] && { bin=$JFIO_BEFORE; c=$c:before; t=jfio; }
    case $c in seed-252-fresh*) rm -f "$DIR"/seed.*; sync ;; esac
    /usr/bin/time -f "$c $t %e %U %S %M $RUNTIME" -o "$work/one" "$bin" --output-format=terse "$3" \
        >"$work/out" 2>"$work/err" || { echo "many-jobs: $t failed on $c: $(tail -n 1 "$work/err")" >&2; return 0; }
    cat "$work/one" >>"$work/samples"
}

echo "fio:  $FIO ($("$FIO" --version)); jfio: $JFIO${JFIO_BEFORE:+, before: $JFIO_BEFORE}; $REPS runs each, alternating, runtime=${RUNTIME}s"
echo "device: $DEV (ext4 over $backing), $(nproc) CPUs, kernel $(uname -r)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for c in "${cases[@]}"; do
    case $c in
    seed-252 | seed-252-fresh) job=$root/bench/jobs/seed-252.fio ;;
    null-1000) job=$root/bench/jobs/null-1000.fio ;;
    *) echo "many-jobs: unknown case $c" >&2; exit 1 ;;
    esac
    [ "$c" = seed-252 ] && RUNTIME=1 "$FIO" --output=/dev/null "$job" >/dev/null 2>&1   # lay the files out once
    tools=(fio jfio)
    [ -z "$JFIO_BEFORE" ] || tools+=(before)
    n=${#tools[@]}
    for rep in $(seq 1 "$REPS"); do
        # the order turns each repetition: a run follows the previous one's writeback and page
        # cache, and no tool should always follow the same one
        for k in $(seq 0 $((n - 1))); do
            sample "$c" "${tools[$(((rep + k) % n))]}" "$job"
        done
        printf '.' >&2
    done
done
echo >&2
[ -z "${SAMPLES:-}" ] || cp "$work/samples" "$SAMPLES"   # SAMPLES=file keeps every run's line
python3 "$root/bench/summarise.py" "$work/samples"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
