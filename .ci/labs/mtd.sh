# mtd engine lab check, a part of .ci/lab-guest.sh (dist's LabGuestIT#mtd). The host has no MTD
# subsystem, so the guest loads mtd and mtdram (a 4 MiB RAM-backed MTD device, /dev/mtd0; the
# lab's initramfs has neither module) and runs:
#   - fio's example mtd.fio (trim, write, trimwrite x4) and a job file of writes, verified reads,
#     a sequential mix, writes across erase blocks, a trim that is not one erase block (EINVAL, as
#     fio's) and writes with fsync with fio 3.42 and with jfio: the same error, io_bytes and total_ios per job
#     and direction, and the same fio: pid= error lines (pids aside)
#   - read-backs across the tools: jfio verifies the pattern fio wrote, and fio jfio's
# Skipped when fio 3.42, the corpus or the modules are missing.
# The modules come from JFIO_LAB_MODS or are unpacked by .ci/lab-mods.sh into
# /var/cache/jfio-lab-mods/<kver>.
prepare() {
[ -x "$fio" ] || skip_check "no fio 3.42 at $fio (set JFIO_FIO342)"
local corpus=${JFIO_CORPUS:-$root/../shared/corpus/fio-examples}
.ci/lab-mods.sh "$kver" "$mods" mtd mtdram || skip_check "no MTD modules (mtd mtdram) for guest kernel ${kver:-?} in $mods"
cp "$corpus/mtd.fio" "$w/" 2>/dev/null || skip_check "no corpus mtd.fio in $corpus"
cat >"$w/jobs.fio" <<'JOBS'
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
return 0
}

guest() {
    mtdram() {
        $bb insmod "$mods/mtdram.ko" "$@" || exit 7
        lab_wait /dev/mtd0 || exit 7
    }
    lab_insmod "$mods" mtd || return 7
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
    # jfio's read-back of fio's pattern, then its own pattern over it: one JVM start, not two
    $J --output-format=json --output=j-r.json \
        --name=jr --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=read \
        --verify=pattern --verify_pattern=0x0badf00d \
        --name=jw --stonewall --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=write \
        --buffer_pattern=0x600dcafe >j-r.log 2>&1
    echo "jfio read-back and write exit $?"
    $fio --name=fr --filename=/dev/mtd0 --ioengine=mtd --bs=4k --size=512k --offset=2m --rw=read \
        --verify=pattern --verify_pattern=0x600dcafe --output-format=json --output=f-r.json >f-r.log 2>&1
    echo "fio read-back exit $?"
}

verify() {
PYTHONPATH="$root/.ci" python3 - "$w" <<'PY'
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
for n, name, tool in (("j-r.json", "jr", "jfio"), ("f-r.json", "fr", "fio")):
    js = [j for j in lab.jobs(n) if j["jobname"] == name]
    lab.check(len(js) == 1 and js[0]["error"] == 0 and js[0]["read"]["io_bytes"] == 512 << 10,
              "%s read-back of the other's pattern: %s" % (tool, ["error %d, %d bytes" % (j["error"], j["read"]["io_bytes"]) for j in js]))
j = [j for j in lab.jobs("j-r.json") if j["jobname"] == "jw"]
lab.check(len(j) == 1 and j[0]["error"] == 0 and j[0]["write"]["io_bytes"] == 512 << 10, "jfio wrote its pattern for fio's read-back")
lab.exit()
PY
}
