#!/usr/bin/env bash
# NVMe lab stage (called by .ci/run after `mvn verify`): boots ONE emulated-NVMe guest through
# ../shared/lab/nvme-vm.sh and runs every NVMe check inside it with the jar `mvn verify` built:
#   - LabCheck: data written via io_uring_cmd on /dev/ng0n1 reads back intact via io_uring on
#     /dev/nvme0n1 and the other way round (also on /dev/ng0n2, a 4096-byte-LBA namespace); short io_uring_cmd jobs with fixedbufs, registerfiles,
#     hipri (proven on the poll hctx), sqthread_poll, vectored, FUA; NVMe status naming; bs/LBA refusal
#   - jfio-peak -u1 on /dev/ng0n1 and -u0 on /dev/nvme0n1 (plus polled and fixed-buffer variants):
#     every output line well-formed
#   - jfio job runs with ioengine=io_uring_cmd (fixedbufs, registerfiles, hipri, sqthread_poll): err=0
#   - a buffer_pattern write through /dev/ng0n1 reads back as the pattern through /dev/nvme0n1
# Exits 0 with "skipped: <reason>" when the lab cannot start here. Budget: well under 10 minutes.
set -uo pipefail
lab_name=lab-stage
lab_needs_fio=0
if ! command -v qemu-system-x86_64 >/dev/null 2>&1 && ! command -v apt-get >/dev/null 2>&1; then
    echo "lab-stage skipped: qemu-system-x86_64 is missing and cannot be installed (no apt-get)"; exit 0
fi
. "$(dirname "$0")/lab-common.sh"
start=$(date +%s)

# What runs in the guest: one bash script, so the guest boots once.
guest=$(mktemp "$root/.lab-guest.XXXXXX.sh")
out=$(mktemp /tmp/jfio-lab-out.XXXXXX)
# A second namespace with 4096-byte LBAs (the first has 512): sparse, deleted afterwards.
ns2=$(mktemp /dev/shm/jfio-lab-ns2.XXXXXX)
trap 'rm -f "$guest" "$out" "$ns2"' EXIT
truncate -s 64M "$ns2"
cat >"$guest" <<'GUEST'
set -u
jar=$1
java=$2
fail=0
# Short-lived JVMs under TCG: C1 only starts faster, and the checks are tiny.
J="$java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Djnr.ffi.x86asm.enabled=false -cp $jar"
echo "guest: $(uname -r), poll_queues=$(cat /sys/module/nvme/parameters/poll_queues), io_poll=$(cat /sys/block/nvme0n1/queue/io_poll)"
if [ -c /dev/ng0n2 ]; then
    $J io.jfio.peak.LabCheck /dev/ng0n1 /dev/nvme0n1 /dev/ng0n2 /dev/nvme0n2 || fail=1
else
    echo "FAIL: no /dev/ng0n2 (the 4096-byte-LBA namespace)"; fail=1
    $J io.jfio.peak.LabCheck /dev/ng0n1 /dev/nvme0n1 || fail=1
fi

# The peak tool's lines, each checked against t/io_uring's format.
peak() {
    local name=$1; shift
    local log
    log=$($J io.jfio.peak.PeakMain "$@" 2>&1)
    local bad
    bad=$(printf '%s\n' "$log" | grep -Ev \
        -e '^submitter=[0-9]+, tid=[0-9]+, file=/dev/[a-z0-9]+, nfiles=[0-9]+, node=-?[0-9]+$' \
        -e '^polled=[01], fixedbufs=[01], register_files=[01], buffered=[01], QD=[0-9]+$' \
        -e '^Engine=io_uring, sq_ring=[0-9]+, cq_ring=[0-9]+$' \
        -e '^IOPS=([0-9]+|[0-9]+\.[0-9]{2}[KM]), BW=([0-9]+MiB/s|[0-9]+\.[0-9]{2}GiB/s), IOS/call=-?[0-9]+/-?[0-9]+$' \
        -e '^Exiting on timeout$' \
        -e '^Maximum IOPS=([0-9]+|[0-9]+\.[0-9]{2}[KM])$')
    local n_iops
    n_iops=$(printf '%s\n' "$log" | grep -c '^IOPS=')
    if [ -n "$bad" ] || [ "$n_iops" -lt 1 ] || ! printf '%s\n' "$log" | grep -q '^Maximum IOPS=' \
        || printf '%s\n' "$log" | grep -q '^Maximum IOPS=0$'; then
        echo "FAIL: jfio-peak $name: malformed or missing lines:"
        printf '%s\n' "$log" | sed 's/^/    | /'
        fail=1
    else
        echo "ok: jfio-peak $name: $(printf '%s\n' "$log" | grep '^Maximum IOPS=')"
        printf '%s\n' "$log" | sed 's/^/    | /'
    fi
}
peak "-u1 /dev/ng0n1" -u1 -p0 -B0 -F1 -O0 -d32 -s8 -c8 -b4096 -r3 /dev/ng0n1
peak "-u1 -p1 -B1 /dev/ng0n1 (polled, fixed)" -u1 -p1 -B1 -F1 -O0 -d32 -s8 -c8 -b4096 -r3 /dev/ng0n1
peak "-u0 /dev/nvme0n1" -u0 -p0 -B1 -F1 -O1 -d32 -s8 -c8 -b4096 -r3 /dev/nvme0n1
peak "-u0 -p1 /dev/nvme0n1 (polled)" -u0 -p1 -B1 -F1 -O1 -d32 -s8 -c8 -b4096 -r3 /dev/nvme0n1
peak "-u1 /dev/ng0n2 (4096-byte LBAs)" -u1 -p1 -B1 -F1 -O0 -d16 -s4 -c4 -b4096 -r3 /dev/ng0n2
msg=$($J io.jfio.peak.PeakMain -u1 -O0 -b512 -r1 /dev/ng0n2 2>&1); rc=$?
if [ $rc = 1 ] && [ "$msg" = "$(printf 'error: bs:512 should be a multiple logical_block_size:4096\nfailed getting size of device/file')" ]; then
    echo "ok: jfio-peak -u1 -b512 on 4096-byte LBAs refused like t/io_uring"
else
    echo "FAIL: jfio-peak -u1 -b512 on /dev/ng0n2 (exit $rc):"; printf '%s\n' "$msg" | sed 's/^/    | /'; fail=1
fi

# The same engine through the runner, as a user runs it. Several jobs share one JVM (a JVM
# start under TCG costs far more than a 2 MiB job): each named job must report err=0.
jfio_jobs() {
    local names=$1; shift
    local log n
    log=$($J io.jfio.runner.cli.Main "$@" 2>&1)
    for n in $names; do
        if printf '%s\n' "$log" | grep -qE "^$n: \(groupid=[0-9]+, jobs=1\): err= 0"; then
            echo "ok: jfio job $n: $(printf '%s\n' "$log" | awk -v n="$n" '/^[^ ].*\(groupid=/ {on = index($0, n ": ") == 1} on && /^ +(read|write): IOPS=/ {sub(/^ +/, ""); printf "%s ", $0}')"
        else
            echo "FAIL: jfio job $n:"; fail=1
            printf '%s\n' "$log" | sed 's/^/    | /'
        fi
    done
}
common="--filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme --bs=4k --size=2m --iodepth=8 --stonewall"
jfio_jobs "fixedbufs registerfiles hipri sqpoll" \
    --name=fixedbufs $common --rw=randwrite --fixedbufs=1 \
    --name=registerfiles $common --rw=randread --registerfiles=1 \
    --name=hipri $common --rw=randread --hipri=1 \
    --name=sqpoll $common --rw=randrw --sqthread_poll=1

# buffer_pattern written through io_uring_cmd on /dev/ng0n1 reads back as that pattern (each 4k
# write starts it again) through the block device /dev/nvme0n1, with O_DIRECT.
jfio_jobs pat --name=pat --filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme \
    --bs=4k --size=1m --offset=32m --iodepth=4 --rw=write '--buffer_pattern="jfio"0xdeadbeef-2'
if dd if=/dev/nvme0n1 bs=4k skip=8192 count=256 iflag=direct 2>/dev/null | python3 -c '
import sys
b = sys.stdin.buffer.read()
unit = (b"jfio\xde\xad\xbe\xef\xfe\xff\xff\xff" * 410)[:4096]
sys.exit(0 if len(b) == 1 << 20 and b == unit * 256 else 1)'; then
    echo "ok: buffer_pattern written via /dev/ng0n1 reads back via /dev/nvme0n1"
else
    echo "FAIL: buffer_pattern written via /dev/ng0n1 does not read back via /dev/nvme0n1"; fail=1
fi
exit $fail
GUEST

echo "lab-stage: booting the NVMe guest (TCG; about 1 minute)"
# Poll queues so hipri/-p1 really poll; tiny disk: jobs touch a few MiB.
# The guest timeout only catches a hung guest: TCG on a loaded shared 2-CPU machine can take
# several times its idle 5 minutes (JFIO_LAB_TIMEOUT seconds, default 1500).
"$lab" --poll-queues 2 --disk-size 256M --timeout "${JFIO_LAB_TIMEOUT:-1500}" \
    --qemu-arg=-drive --qemu-arg="file=$ns2,if=none,id=ns2,format=raw" \
    --qemu-arg=-device --qemu-arg=nvme-ns,drive=ns2,bus=nvme0,nsid=2,logical_block_size=4096,physical_block_size=4096 \
    -- bash "$guest" "$jar" "$lab_java" 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
elapsed=$(( $(date +%s) - start ))
case $rc in
    0) echo "lab-stage: passed in ${elapsed}s" ;;
    124) echo "lab-stage: FAILED: guest timed out after ${elapsed}s" ;;
    125) echo "lab-stage: FAILED: the guest did not run the checks (exit 125)" ;;
    3) skip "lab setup failed (exit 3)" ;;
    *) echo "lab-stage: FAILED (exit $rc) after ${elapsed}s: $(grep -c '^FAIL' "$out") failed check(s)" ;;
esac
exit $rc
