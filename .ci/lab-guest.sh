#!/usr/bin/env bash
# The lab guest: boots ONE QEMU guest through ../shared/lab/nvme-vm.sh and runs in it, one after
# another, the lab checks named on the command line (default: all of them, in the order of
# `checks` below). Under TCG a boot, and each JVM start in the guest, costs seconds to tens of
# seconds on the loaded 2-CPU CI machine: one guest for all the checks pays the boot once.
# Each check is a part, .ci/labs/NAME.sh, that defines three functions (sourced in a subshell, so
# a part's variables and exits stay its own):
#   prepare  host, before the boot, with $w the check's own work directory: writes its job files
#            there; `skip_check REASON` skips the check; qemu arguments it needs (one per line)
#            go to $w/qemu-args
#   guest    in the guest, with cwd $w, after .ci/lab-guest-common.sh (J, JVM, bb, lab_insmod,
#            lab_wait), with jar, java, fio and mods set: the runs; its output lands in
#            $w/guest.out and its exit status in $w/guest.rc
#   verify   host, after the guest: compares the outputs, exits 0 when the check passed
# The guest's NVMe devices are the same whatever runs, so each check names them alike:
#   n1  512-byte LBAs, 1 GiB (the lab's own namespace)
#   n2  8 bytes of separate metadata, Type 1 PI, 16-bit guard       (ms=8,pi=1)
#   n3  extended LBAs: 520 bytes, the PI inline                     (ms=8,mset=1,pi=1)
#   n4  16 bytes of separate metadata, 64-bit guard (CRC64-NVMe)    (ms=16,pi=1,pif=2)
#   n5  Type 3, the PI first in 16 bytes of metadata                (ms=16,pi=3,pil=1)
#   n6  4096-byte LBAs, 64 MiB
# (n2-n5 16 MiB each; all sparse in /dev/shm, deleted afterwards). Checks share n1 and n2: each
# writes every region before it reads it back, so the one that ran before cannot change its result.
# Prints each check's output with its name in front ("NAME | ..."), then one verdict line a check,
# "lab-guest: NAME passed", "lab-guest: NAME FAILED: WHY" or "lab-guest: NAME skipped: REASON",
# and where the time went ("lab-guest: timing: ..."). Prints "lab-guest skipped: REASON" and
# exits 0 when no guest can start here. Exits 1 when a check failed.
set -uo pipefail
checks=(lab-stage uring-cmd nvme-pi sg mtd)
lab_name=lab-guest
lab_needs_fio=0
t_start=$EPOCHREALTIME
if ! command -v qemu-system-x86_64 >/dev/null 2>&1 && ! command -v apt-get >/dev/null 2>&1; then
    echo "lab-guest skipped: qemu-system-x86_64 is missing and cannot be installed (no apt-get)"; exit 0
fi
. "$(dirname "$0")/lab-common.sh"
[ $# -gt 0 ] && checks=("$@")
for c in "${checks[@]}"; do
    [ -f "$root/.ci/labs/$c.sh" ] || { echo "lab-guest: no check $c (.ci/labs/$c.sh)"; exit 2; }
done
mods=${JFIO_LAB_MODS:-/var/cache/jfio-lab-mods/$kver}

work=$(mktemp -d "$root/.lab-guest.XXXXXX")
nsfiles=()
keep=0
# (a part's own scratch files, a disk image say, are named in its $w/scratch)
trap 'cat "$work"/*/scratch 2>/dev/null | xargs -r rm -f; rm -f "${nsfiles[@]}"; [ $keep = 1 ] && echo "lab-guest: outputs kept in $work" || rm -rf "$work"' EXIT
qargs=()
n=2
for fmt in ms=8,pi=1 ms=8,mset=1,pi=1 ms=16,pi=1,pif=2 ms=16,pi=3,pil=1 \
        logical_block_size=4096,physical_block_size=4096; do
    f=$(mktemp /dev/shm/jfio-lab-guest-ns$n.XXXXXX)
    nsfiles+=("$f")
    truncate -s 16M "$f"
    [ $n = 6 ] && truncate -s 64M "$f"
    qargs+=(--qemu-arg=-drive --qemu-arg="file=$f,if=none,id=ns$n,format=raw"
            --qemu-arg=-device --qemu-arg="nvme-ns,drive=ns$n,bus=nvme0,nsid=$n,$fmt")
    n=$((n + 1))
done

# Each check's prepare; the ones left run in the guest.
run=()
for c in "${checks[@]}"; do
    w=$work/$c
    mkdir -p "$w"
    (
        skip_check() { echo "$*" >"$w/skipped"; exit 0; }
        . "$root/.ci/labs/$c.sh"
        prepare
    ) || echo "prepare failed (exit $?)" >"$w/prepare-failed"
    if [ -f "$w/skipped" ] || [ -f "$w/prepare-failed" ]; then
        continue
    fi
    run+=("$c")
    if [ -f "$w/qemu-args" ]; then
        while IFS= read -r a; do qargs+=("--qemu-arg=$a"); done <"$w/qemu-args"
    fi
done

# One JVM per check for its jfio runs (.ci/LabJfio.java, lab_jfio): compiled here, where javac
# takes seconds; without javac each run starts its own JVM.
jfio_cp=
javac_bin=${JAVA_HOME:+$JAVA_HOME/bin/}javac
if "$javac_bin" -d "$work/cls" -cp "$jar" "$root/.ci/LabJfio.java" 2>"$work/javac.log"; then
    jfio_cp=$work/cls
else
    echo "lab-guest: no one-JVM jfio runs (javac: $(tail -n 1 "$work/javac.log")): a JVM a run"
fi
cat >"$work/guest.sh" <<'GUEST'
set -u
ci=$1; work=$2; jar=$3; java=$4; fio=$5; mods=$6; lab_jfio_cp=$7
shift 7
. "$ci/lab-guest-common.sh"
echo "lab-guest: in the guest ($(uname -r)) at $EPOCHREALTIME"
for c; do
    echo "$c start $EPOCHREALTIME" >>"$work/timing"
    (cd "$work/$c" && w=$work/$c && . "$ci/labs/$c.sh" && trap lab_jfio_stop EXIT && guest) >"$work/$c/guest.out" 2>&1
    rc=$?
    echo $rc >"$work/$c/guest.rc"
    echo "$c end $EPOCHREALTIME" >>"$work/timing"
    echo "lab-guest: $c ran in the guest (exit $rc)"
done
GUEST
t_boot=$EPOCHREALTIME
grc=none
if [ ${#run[@]} -gt 0 ]; then
    echo "lab-guest: booting one guest for ${run[*]} (TCG: minutes)"
    # The guest timeout only catches a hung guest: TCG on a loaded shared 2-CPU machine can take
    # several times its idle time (JFIO_LAB_TIMEOUT seconds).
    "$lab" --poll-queues 2 --timeout "${JFIO_LAB_TIMEOUT:-3000}" "${qargs[@]}" \
        -- bash "$work/guest.sh" "$root/.ci" "$work" "$jar" "$lab_java" "$fio" "$mods" "$jfio_cp" "${run[@]}"
    grc=$?
fi
t_guest=$EPOCHREALTIME

failed=0
timing=()
for c in "${checks[@]}"; do
    w=$work/$c
    if [ -f "$w/skipped" ]; then
        echo "lab-guest: $c skipped: $(cat "$w/skipped")"
        continue
    fi
    if [ -f "$w/prepare-failed" ]; then
        echo "lab-guest: $c FAILED: $(cat "$w/prepare-failed")"; failed=1; keep=1
        continue
    fi
    [ -f "$w/guest.out" ] && sed "s/^/$c | /" "$w/guest.out"
    if [ ! -f "$w/guest.rc" ]; then
        echo "lab-guest: $c FAILED: it did not run in the guest (the guest exited $grc)"; failed=1; keep=1
        continue
    fi
    t0=$EPOCHREALTIME
    # shellcheck disable=SC2016
    vout=$( (. "$root/.ci/labs/$c.sh" && verify) 2>&1); vrc=$?
    [ -n "$vout" ] && printf '%s\n' "$vout" | sed "s/^/$c | /"
    timing+=("$c verify $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }')s")
    grc_c=$(cat "$w/guest.rc")
    if [ "$grc_c" != 0 ]; then
        echo "lab-guest: $c FAILED: its guest part exited $grc_c ($(grep -c '^FAIL' "$w/guest.out") failed check(s) there)"
        failed=1; keep=1
    elif [ $vrc != 0 ]; then
        echo "lab-guest: $c FAILED: $(printf '%s\n' "$vout" | grep -c '^FAIL') failed check(s)"; failed=1; keep=1
    else
        echo "lab-guest: $c passed"
    fi
done
# Where the time went: the boot is the launch to the first check's start (guest clock: QEMU's RTC
# is the host's), the power-off the last check's end to the launcher's exit.
if [ -f "$work/timing" ]; then
    awk -v s="$t_start" -v b="$t_boot" -v g="$t_guest" -v extra="${timing[*]:-}" '
        { t[$1 " " $2] = $3; if (!first) first = $3; last = $3; if ($2 == "start") order[++n] = $1 }
        END {
            printf "lab-guest: timing: host set-up %.0fs, boot %.0fs", b - s, first - b
            for (i = 1; i <= n; i++) printf ", %s %.0fs", order[i], t[order[i] " end"] - t[order[i] " start"]
            printf ", power-off %.0fs", g - last
            if (extra != "") printf ", %s", extra
            printf "\n"
        }' "$work/timing"
fi
echo "lab-guest: total $(awk -v a="$t_start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }')s, load $(cut -d' ' -f1-3 /proc/loadavg)"
exit $failed
