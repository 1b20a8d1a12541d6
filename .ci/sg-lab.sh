#!/usr/bin/env bash
# sg (SCSI generic) lab check: boots ONE guest through ../shared/lab/nvme-vm.sh with a
# virtio-scsi controller and a scsi-hd disk, loads scsi_common, scsi_mod, virtio_scsi, sg and
# sd_mod (the lab's initramfs has none of them) and, on /dev/sg0, runs:
#   - the same job file (write, read+verify, randrw+fsync, trim) with fio 3.42 and with jfio:
#     identical error, io_bytes and total_ios per job and direction
#   - read-backs across the tools: fio verifies the pattern jfio wrote, jfio the one fio wrote
#   - fio's corpus sg jobs (sg_verify.fio, sg_verify-fail.fio, sg_write_same_ndob.fio, which name
#     /dev/sdb: a symlink to /dev/sg0 in the guest): the same per-job error and counts as fio
#   - the same job file on the disk's block device /dev/sda (SG_IO there in both tools), and jobs
#     at iodepth=8 on /dev/sg0 (fio keeps 8 commands in flight with write/read there, jfio one):
#     identical error, io_bytes and total_ios
# Exits 0 with "sg-lab skipped: <reason>" when the lab, fio 3.42 or the modules are missing.
# The modules come from JFIO_SG_MODS (a directory with the four .ko files) or are unpacked from
# the guest kernel's package, linux-image-<kver>, into /var/cache/jfio-sg-mods.
set -uo pipefail
lab_name=sg-lab
. "$(dirname "$0")/lab-common.sh"
corpus=${JFIO_CORPUS:-$root/../shared/corpus/fio-examples}
mods=${JFIO_SG_MODS:-/var/cache/jfio-sg-mods/$kver}
need="scsi_common scsi_mod virtio_scsi sg sd_mod"
have_mods() { for m in $need; do [ -f "$mods/$m.ko" ] || return 1; done; }
if ! have_mods && [ -z "${JFIO_SG_MODS:-}" ] && [ -n "$kver" ] && command -v apt-get >/dev/null; then
    t=$(mktemp -d /tmp/jfio-sg-mods.XXXXXX)
    if (cd "$t" && apt-get download "linux-image-$kver" >/dev/null 2>&1 && dpkg-deb -x ./*.deb x); then
        mkdir -p "$mods"
        for m in $need; do
            f=$(find "$t/x" -name "$m.ko*" | head -n 1)
            case $f in *.xz) xz -dc "$f" >"$mods/$m.ko" ;; ?*) cp "$f" "$mods/$m.ko" ;; esac
        done
    fi
    rm -rf "$t"
fi
have_mods || skip "no SCSI modules ($need) for guest kernel ${kver:-?} in $mods"

work=$(mktemp -d "$root/.sg-lab.XXXXXX")
disk=$(mktemp /dev/shm/jfio-sg-lab.XXXXXX)
keep=0
trap 'rm -f "$disk"; [ $keep = 1 ] && echo "sg-lab: outputs kept in $work" || rm -rf "$work"' EXIT
# the guest runs a copy, so a rebuild on the host meanwhile cannot change the jar under it
truncate -s 64M "$disk"
cp "$corpus"/sg_verify.fio "$corpus"/sg_verify-fail.fio "$corpus"/sg_write_same_ndob.fio "$work"/ 2>/dev/null \
    || skip "no corpus sg job files in $corpus"
cat >"$work/jobs.fio" <<'JOBS'
[global]
filename=/dev/sg0
ioengine=sg
bs=4k
size=1m
stonewall
[w]
rw=write
offset=0
buffer_pattern=0x5a5a1234
[rv]
rw=read
offset=0
verify=pattern
verify_pattern=0x5a5a1234
[rw]
rw=randrw
offset=1m
fsync=4
[t]
rw=trim
offset=2m
JOBS
sed 's|^filename=/dev/sg0|filename=/dev/sda|' "$work/jobs.fio" >"$work/jobs-sd.fio"
cat >"$work/depth.fio" <<'JOBS'
[global]
filename=/dev/sg0
ioengine=sg
iodepth=8
size=1m
stonewall
[dw]
rw=randwrite
bs=8k
offset=4m
[drw]
rw=randrw
bs=4k
offset=5m
[dt]
rw=trim
bs=4k
offset=6m
JOBS
cat >"$work/guest.sh" <<'GUEST'
set -u
w=$1; mods=$2; jar=$3; java=$4; fio=$5
bb=/var/cache/nvme-lab/busybox
for m in scsi_common scsi_mod virtio_scsi sg sd_mod; do $bb insmod "$mods/$m.ko" || exit 7; done
i=0; while { [ ! -c /dev/sg0 ] || [ ! -b /dev/sda ]; } && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
[ -c /dev/sg0 ] || { echo "no /dev/sg0 after loading the modules"; exit 7; }
[ -b /dev/sda ] || { echo "no /dev/sda after loading the modules"; exit 7; }
ln -sf /dev/sg0 /dev/sdb
J="$java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Djnr.ffi.x86asm.enabled=false -jar $jar"
cd "$w"
# jfio writes the pattern at 0 (its jobs file); fio's run of the same file then reads it back verified.
$J --output-format=json --output=j-jobs.json jobs.fio >j-jobs.log 2>&1; echo "jfio jobs.fio exit $?"
$fio --output-format=json --output=f-jobs.json jobs.fio >f-jobs.log 2>&1; echo "fio jobs.fio exit $?"
# fio writes another pattern at 3m, jfio reads it back verified.
$fio --name=fw --filename=/dev/sg0 --ioengine=sg --bs=4k --size=1m --offset=3m --rw=randwrite \
    --buffer_pattern=0x0badf00d >f-w.log 2>&1; echo "fio write exit $?"
$J --name=jr --filename=/dev/sg0 --ioengine=sg --bs=4k --size=1m --offset=3m --rw=read \
    --verify=pattern --verify_pattern=0x0badf00d --output-format=json --output=j-r.json >j-r.log 2>&1
echo "jfio read-back exit $?"
for f in sg_verify sg_verify-fail sg_write_same_ndob; do
    $fio --output-format=json --output=f-$f.json $f.fio >f-$f.log 2>&1; echo "fio $f exit $?"
done
$J --output-format=json --output=j-corpus.json sg_verify.fio sg_verify-fail.fio sg_write_same_ndob.fio \
    >j-corpus.log 2>&1; echo "jfio corpus exit $?"
for f in jobs-sd depth; do
    $fio --output-format=json --output=f-$f.json $f.fio >f-$f.log 2>&1; echo "fio $f.fio exit $?"
    $J --output-format=json --output=j-$f.json $f.fio >j-$f.log 2>&1; echo "jfio $f.fio exit $?"
done
GUEST
echo "sg-lab: booting the guest (TCG; a few minutes)"
"$lab" --timeout "${JFIO_LAB_TIMEOUT:-1500}" \
    --qemu-arg=-device --qemu-arg=virtio-scsi-pci,id=scsi0 \
    --qemu-arg=-drive --qemu-arg="file=$disk,if=none,id=sd0,format=raw,discard=unmap" \
    --qemu-arg=-device --qemu-arg=scsi-hd,drive=sd0,bus=scsi0.0 \
    -- bash "$work/guest.sh" "$work" "$mods" "$jar" "$lab_java" "$fio"
rc=$?
[ $rc = 0 ] || { echo "sg-lab: FAILED: guest exit $rc"; keep=1; exit 1; }
PYTHONPATH="$root/.ci" python3 - "$work" <<'PY'
from lab_figures import Lab
lab = Lab()
rwt = ("read", "write", "trim")
lab.same_jobs("jobs.fio", lab.jobs("j-jobs.json"), lab.jobs("f-jobs.json"), rwt)
lab.same_jobs("jobs-sd.fio", lab.jobs("j-jobs-sd.json"), lab.jobs("f-jobs-sd.json"), rwt)
lab.same_jobs("depth.fio", lab.jobs("j-depth.json"), lab.jobs("f-depth.json"), rwt)
lab.same_jobs("corpus", lab.jobs("j-corpus.json"),
              lab.jobs("f-sg_verify.json", "f-sg_verify-fail.json", "f-sg_write_same_ndob.json"), rwt)
# at iodepth=8 on /dev/sg0 jfio keeps several commands in flight, as fio (write/read there)
for tool, n in (("jfio", "j-depth.json"), ("fio", "f-depth.json")):
    for j in lab.jobs(n)[:2]:
        lv = j["iodepth_level"]
        deep = sum(v for k, v in lv.items() if k not in ("1",))
        lab.check(deep > 0, "%s %s at iodepth=8: %.1f%% of the time above depth 1" % (tool, j["jobname"], deep))
for j in lab.jobs("j-r.json"):
    lab.check(j["error"] == 0 and j["read"]["io_bytes"] == 1 << 20,
              "jfio read-back of fio's pattern: error %d, %d bytes" % (j["error"], j["read"]["io_bytes"]))
# fio's error lines for the failing corpus jobs (io_u error + the sg details: sense bytes, CDB).
pre = ("fio: io_u error", "fio: SG ")
lab.same_lines("sg error-detail", lab.lines(pre, "j-corpus.log"),
               lab.lines(pre, "f-sg_verify.log", "f-sg_verify-fail.log", "f-sg_write_same_ndob.log"))
lab.exit()
PY
rc=$?
[ $rc = 0 ] && echo "sg-lab: passed" || { echo "sg-lab: FAILED"; keep=1; }
exit $rc
