#!/usr/bin/env bash
# mtd engine lab check. The host has no MTD subsystem, so this boots ONE guest through
# ../shared/lab/nvme-vm.sh, loads mtd and mtdram (a 4 MiB RAM-backed MTD device, /dev/mtd0;
# the lab's initramfs has neither module) and runs:
#   - fio's example mtd.fio (trim, write, trimwrite x4) and a job file of writes, verified reads,
#     a sequential mix, writes across erase blocks, a trim that is not one erase block (EINVAL, as
#     fio's) and writes with fsync with fio 3.42 and with jfio: the same error, io_bytes and total_ios per job
#     and direction, and the same fio: pid= error lines (pids aside)
#   - read-backs across the tools: jfio verifies the pattern fio wrote, and fio jfio's
# Exits 0 with "mtd-lab skipped: <reason>" when the lab, fio 3.42 or the modules are missing.
# The modules come from JFIO_LAB_MODS or are unpacked by .ci/lab-mods.sh into
# /var/cache/jfio-lab-mods/<kver>.
set -uo pipefail
lab_name=mtd-lab
. "$(dirname "$0")/lab-common.sh"
corpus=${JFIO_CORPUS:-$root/../shared/corpus/fio-examples}
mods=${JFIO_LAB_MODS:-/var/cache/jfio-lab-mods/$kver}
.ci/lab-mods.sh "$kver" "$mods" mtd mtdram || skip "no MTD modules (mtd mtdram) for guest kernel ${kver:-?} in $mods"

work=$(mktemp -d "$root/.mtd-lab.XXXXXX")
keep=0
trap '[ $keep = 1 ] && echo "mtd-lab: outputs kept in $work" || rm -rf "$work"' EXIT
cp "$corpus/mtd.fio" "$work/" 2>/dev/null || skip "no corpus mtd.fio in $corpus"
cat >"$work/jobs.fio" <<'JOBS'
[global]
filename=/dev/mtd0
ioengine=mtd
stonewall
[erase]
rw=trim
bs=16k
size=1m
[w]
rw=write
bs=4k
size=1m
buffer_pattern=0x5a5a1234
[rv]
rw=read
bs=4k
size=1m
verify=pattern
verify_pattern=0x5a5a1234
[rw]
rw=rw
bs=8k
offset=1m
size=1m
[splitbs]
rw=write
bs=24k
offset=2m
size=384k
[badtrim]
rw=trim
bs=4k
offset=3m
size=64k
[fsync]
rw=write
bs=4k
offset=3m
size=64k
fsync=4
JOBS
cat >"$work/guest.sh" <<'GUEST'
set -u
w=$1; mods=$2; jar=$3; java=$4; fio=$5
bb=/var/cache/nvme-lab/busybox
mtdram() {
    $bb insmod "$mods/mtdram.ko" "$@" || exit 7
    i=0; while [ ! -c /dev/mtd0 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
    [ -c /dev/mtd0 ] || { echo "no /dev/mtd0 after loading the modules"; exit 7; }
}
$bb insmod "$mods/mtd.ko" || exit 7
J="$java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Djnr.ffi.x86asm.enabled=false -jar $jar"
cd "$w"
# mtdram's default geometry (4 MiB, 128 KiB erase blocks): mtd.fio's 16 KiB trims fail with EINVAL.
# (With 16 KiB erase blocks its trims succeed and fio 3.42 aborts on an assertion in its
# block_error_percentiles code, stat.c's block_state_category, so there is nothing to compare.)
mtdram
$fio --output-format=json --output=f-mtd.json mtd.fio >f-mtd.log 2>&1; echo "fio mtd.fio exit $?"
$J --output-format=json --output=j-mtd.json mtd.fio >j-mtd.log 2>&1; echo "jfio mtd.fio exit $?"
$bb rmmod mtdram || exit 7
mtdram total_size=4096 erase_size=16
$fio --output-format=json --output=f-jobs.json jobs.fio >f-jobs.log 2>&1; echo "fio jobs.fio exit $?"
$J --output-format=json --output=j-jobs.json jobs.fio >j-jobs.log 2>&1; echo "jfio jobs.fio exit $?"
$fio --name=fw --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=write \
    --buffer_pattern=0x0badf00d >f-w.log 2>&1; echo "fio write exit $?"
$J --name=jr --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=read \
    --verify=pattern --verify_pattern=0x0badf00d --output-format=json --output=j-r.json >j-r.log 2>&1
echo "jfio read-back exit $?"
$J --name=jw --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=write \
    --buffer_pattern=0x600dcafe >j-w.log 2>&1; echo "jfio write exit $?"
$fio --name=fr --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=read \
    --verify=pattern --verify_pattern=0x600dcafe --output-format=json --output=f-r.json >f-r.log 2>&1
echo "fio read-back exit $?"
GUEST
echo "mtd-lab: booting the guest (TCG; a minute or two)"
"$lab" --timeout "${JFIO_LAB_TIMEOUT:-1200}" --null-disk \
    -- bash "$work/guest.sh" "$work" "$mods" "$jar" "$lab_java" "$fio"
rc=$?
[ $rc = 0 ] || { echo "mtd-lab: FAILED: guest exit $rc"; keep=1; exit 1; }
PYTHONPATH="$root/.ci" python3 - "$work" <<'PY'
from lab_figures import Lab
lab = Lab()
rwt = ("read", "write", "trim")
for f in ("mtd", "jobs"):
    lab.same_jobs(f + ".fio", lab.jobs("j-%s.json" % f), lab.jobs("f-%s.json" % f), rwt, width=9)
    # error lines land in the --output file before the JSON (and in the log): pids aside
    def errs(n):
        return sorted(lab.lines(("fio: pid=", "fio: io_u error", "libmtd:"), n + ".json", n + ".log"))
    lab.same_lines(f + ".fio error lines", errs("j-" + f), errs("f-" + f), require=False)
# not two tools failing alike: fio failed the misaligned trim only, and mtd.fio's trims
ok = [j["jobname"] for j in lab.jobs("f-jobs.json") if j["error"] != 0] == ["badtrim"]
ok &= [j["error"] for j in lab.jobs("f-mtd.json")] == [22, 0, 22]
lab.check(ok, "fio failed exactly jobs.fio's badtrim and mtd.fio's trim and trimwrite")
for n in ("j-r.json", "f-r.json"):
    for j in lab.jobs(n):
        lab.check(j["error"] == 0 and j["read"]["io_bytes"] == 512 << 10, "%s read-back of the other's pattern: error %d, %d bytes"
                  % ("jfio" if n.startswith("j") else "fio", j["error"], j["read"]["io_bytes"]))
lab.exit()
PY
rc=$?
[ $rc = 0 ] && echo "mtd-lab: passed" || { echo "mtd-lab: FAILED"; keep=1; }
exit $rc
