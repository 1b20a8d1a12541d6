# The NVMe lab stage, a part of .ci/lab-guest.sh (dist's LabGuestIT#labStage): every NVMe check of
# jfio's own, with the jar `mvn verify` built, needing no fio:
#   - LabCheck: data written via io_uring_cmd on /dev/ng0n1 reads back intact via io_uring on
#     /dev/nvme0n1 and the other way round (also on /dev/ng0n6, the 4096-byte-LBA namespace);
#     short io_uring_cmd jobs with fixedbufs, registerfiles, hipri (proven on the poll hctx),
#     sqthread_poll, vectored, FUA; NVMe status naming; bs/LBA refusal
#   - jfio-peak -u1 on /dev/ng0n1 and -u0 on /dev/nvme0n1 (plus polled and fixed-buffer variants):
#     every output line well-formed
#   - jfio job runs with ioengine=io_uring_cmd (fixedbufs, registerfiles, hipri, sqthread_poll): err=0
#   - a buffer_pattern write through /dev/ng0n1 reads back as the pattern through /dev/nvme0n1
# The checks are made in the guest: its exit status is the verdict.

prepare() {
    # What the buffer_pattern job must leave on the namespace, made here: a python3 start in the
    # guest took 48 s under TCG at load 25, a cmp there a fraction of a second.
    python3 -c '
import sys
unit = (b"jfio\xde\xad\xbe\xef\xfe\xff\xff\xff" * 410)[:4096]
sys.stdout.buffer.write(unit * 256)' >"$w/pattern.expect"
}

guest() {
    local fail=0
    echo "guest: $(uname -r), poll_queues=$(cat /sys/module/nvme/parameters/poll_queues), io_poll=$(cat /sys/block/nvme0n1/queue/io_poll)"
    if [ -c /dev/ng0n6 ]; then
        $JVM -cp "$jar" io.jfio.peak.LabCheck /dev/ng0n1 /dev/nvme0n1 /dev/ng0n6 /dev/nvme0n6 || fail=1
    else
        echo "FAIL: no /dev/ng0n6 (the 4096-byte-LBA namespace)"; fail=1
        $JVM -cp "$jar" io.jfio.peak.LabCheck /dev/ng0n1 /dev/nvme0n1 || fail=1
    fi

    # The peak tool's lines, each checked against t/io_uring's format.
    peak() {
        local name=$1; shift
        local log bad n_iops
        log=$($JVM -cp "$jar" io.jfio.peak.PeakMain "$@" 2>&1)
        bad=$(printf '%s\n' "$log" | grep -Ev \
            -e '^submitter=[0-9]+, tid=[0-9]+, file=/dev/[a-z0-9]+, nfiles=[0-9]+, node=-?[0-9]+$' \
            -e '^polled=[01], fixedbufs=[01], register_files=[01], buffered=[01], QD=[0-9]+$' \
            -e '^Engine=io_uring, sq_ring=[0-9]+, cq_ring=[0-9]+$' \
            -e '^IOPS=([0-9]+|[0-9]+\.[0-9]{2}[KM]), BW=([0-9]+MiB/s|[0-9]+\.[0-9]{2}GiB/s), IOS/call=-?[0-9]+/-?[0-9]+$' \
            -e '^Exiting on timeout$' \
            -e '^Maximum IOPS=([0-9]+|[0-9]+\.[0-9]{2}[KM])$')
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
    peak "-u1 /dev/ng0n6 (4096-byte LBAs)" -u1 -p1 -B1 -F1 -O0 -d16 -s4 -c4 -b4096 -r3 /dev/ng0n6
    local msg rc
    msg=$($JVM -cp "$jar" io.jfio.peak.PeakMain -u1 -O0 -b512 -r1 /dev/ng0n6 2>&1); rc=$?
    if [ $rc = 1 ] && [ "$msg" = "$(printf 'error: bs:512 should be a multiple logical_block_size:4096\nfailed getting size of device/file')" ]; then
        echo "ok: jfio-peak -u1 -b512 on 4096-byte LBAs refused like t/io_uring"
    else
        echo "FAIL: jfio-peak -u1 -b512 on /dev/ng0n6 (exit $rc):"; printf '%s\n' "$msg" | sed 's/^/    | /'; fail=1
    fi

    # The same engine through the runner, as a user runs it. Several jobs share one JVM (a JVM
    # start under TCG costs far more than a 2 MiB job): each named job must report err=0.
    jfio_jobs() {
        local names=$1; shift
        local log n
        log=$($JVM -cp "$jar" io.jfio.runner.cli.Main "$@" 2>&1)
        for n in $names; do
            if printf '%s\n' "$log" | grep -qE "^$n: \(groupid=[0-9]+, jobs=1\): err= 0"; then
                echo "ok: jfio job $n: $(printf '%s\n' "$log" | awk -v n="$n" '/^[^ ].*\(groupid=/ {on = index($0, n ": ") == 1} on && /^ +(read|write): IOPS=/ {sub(/^ +/, ""); printf "%s ", $0}')"
            else
                echo "FAIL: jfio job $n:"; fail=1
                printf '%s\n' "$log" | sed 's/^/    | /'
            fi
        done
    }
    # The last job, pat, writes a buffer_pattern through io_uring_cmd on /dev/ng0n1 (each 4k write
    # starts it again); it must read back as that pattern through the block device /dev/nvme0n1,
    # with O_DIRECT.
    local common="--filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme --bs=4k --size=2m --iodepth=8 --stonewall"
    # shellcheck disable=SC2086
    jfio_jobs "fixedbufs registerfiles hipri sqpoll pat" \
        --name=fixedbufs $common --rw=randwrite --fixedbufs=1 \
        --name=registerfiles $common --rw=randread --registerfiles=1 \
        --name=hipri $common --rw=randread --hipri=1 \
        --name=sqpoll $common --rw=randrw --sqthread_poll=1 \
        --name=pat --filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme --stonewall \
        --bs=4k --size=1m --offset=32m --iodepth=4 --rw=write '--buffer_pattern="jfio"0xdeadbeef-2'
    if dd if=/dev/nvme0n1 bs=4k skip=8192 count=256 iflag=direct 2>/dev/null | cmp -s - pattern.expect; then
        echo "ok: buffer_pattern written via /dev/ng0n1 reads back via /dev/nvme0n1"
    else
        echo "FAIL: buffer_pattern written via /dev/ng0n1 does not read back via /dev/nvme0n1"; fail=1
    fi
    return $fail
}

verify() {
    return 0
}
