# sg (SCSI generic) lab check, a part of .ci/lab-guest.sh (dist's LabGuestIT#sg): adds a
# virtio-scsi controller and a scsi-hd disk to the guest, loads scsi_common, scsi_mod, virtio_scsi,
# sg and sd_mod there (the lab's initramfs has none of them) and, on /dev/sg0, runs:
#   - the same job file (write, read+verify, randrw+fsync, trim) with fio 3.42 and with jfio:
#     identical error, io_bytes and total_ios per job and direction
#   - read-backs across the tools: fio verifies the pattern jfio wrote, jfio the one fio wrote
#   - fio's corpus sg jobs (sg_verify.fio, sg_verify-fail.fio, sg_write_same_ndob.fio, which name
#     /dev/sdb: a symlink to /dev/sg0 in the guest): the same per-job error and counts as fio
#   - the same job file on the disk's block device /dev/sda (SG_IO there in both tools), and jobs
#     at iodepth=8 on /dev/sg0 (fio keeps 8 commands in flight with write/read there, jfio one):
#     identical error, io_bytes and total_ios
# Skipped when fio 3.42, the corpus or the modules are missing. The modules come from
# JFIO_LAB_MODS or are unpacked by .ci/lab-mods.sh into /var/cache/jfio-lab-mods/<kver>.
prepare() {
[ -x "$fio" ] || skip_check "no fio 3.42 at $fio (set JFIO_FIO342)"
local corpus=${JFIO_CORPUS:-$root/../shared/corpus/fio-examples} need="scsi_common scsi_mod virtio_scsi sg sd_mod"
# shellcheck disable=SC2086
.ci/lab-mods.sh "$kver" "$mods" $need || skip_check "no SCSI modules ($need) for guest kernel ${kver:-?} in $mods"
cp "$corpus"/sg_verify.fio "$corpus"/sg_verify-fail.fio "$corpus"/sg_write_same_ndob.fio "$w"/ 2>/dev/null \
    || skip_check "no corpus sg job files in $corpus"
# the disk: sparse, in /dev/shm, removed after the guest (scratch)
local disk
disk=$(mktemp /dev/shm/jfio-lab-guest-sg.XXXXXX)
echo "$disk" >>"$w/scratch"
truncate -s 64M "$disk"
printf '%s\n' -device virtio-scsi-pci,id=scsi0 \
    -drive "file=$disk,if=none,id=sd0,format=raw,discard=unmap" \
    -device scsi-hd,drive=sd0,bus=scsi0.0 >"$w/qemu-args"
cat >"$w/jobs.fio" <<'JOBS'
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
sed 's|^filename=/dev/sg0|filename=/dev/sda|' "$w/jobs.fio" >"$w/jobs-sd.fio"
cat >"$w/depth.fio" <<'JOBS'
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
return 0
}

guest() {
    lab_insmod "$mods" scsi_common scsi_mod virtio_scsi sg sd_mod || return 7
    lab_wait /dev/sg0 /dev/sda || return 7
    ln -sf /dev/sg0 /dev/sdb
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
}

verify() {
PYTHONPATH="$root/.ci" python3 - "$w" <<'PY'
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
}
