# io_uring_cmd lab check for per-I/O priorities and the NVMe write modes, a part of
# .ci/lab-guest.sh (dist's LabGuestIT#uringCmd): on the guest's emulated NVMe namespace
# /dev/ng0n1 it runs with fio 3.42 and jfio:
#   - cmdprio_percentage and cmdprio_bssplit jobs: the guest kernel (6.1) refuses an ioprio on
#     passthrough commands, so both tools' jobs end with err=22 (EINVAL) after a few I/Os
#   - write_mode=zeroes (with deac), uncor and verify, readfua and writefua jobs: the same error,
#     io_bytes and total_ios, and the same error lines (fio's "Device-specific error" and its
#     cq entry status line, byte for byte)
#   - read-backs across the tools: after one tool's pattern write and the other's
#     write_mode=zeroes over it, the first reads back zeroes (verify_pattern=0x00)
#   - verify_mode=compare (NVMe Compare commands in the verify phase): write+verify jobs pass in
#     both tools, each one's Compare of the other's writes (verify_only) passes, and where the data
#     was changed in between (another buffer_pattern over it) both fail alike: err=645 (Compare
#     Failure), the same counts and error lines; a crc32c verify's Compare fails in both, as
#     fio's populate_verify_io_u refills random data with a fresh seed
#   - plain writes and verified reads on a second namespace formatted with 8 bytes of separate
#     metadata and Type 1 protection information (/dev/ng0n2; QEMU nvme-ns ms=8,pi=1) with the
#     default pi_act=1: the same error and counts (the PI options: .ci/labs/nvme-pi.sh)
# Skipped when fio 3.42 is missing.
prepare() {
[ -x "$fio" ] || skip_check "no fio 3.42 at $fio (set JFIO_FIO342)"
cat >"$w/prio.fio" <<'JOBS'
[global]
filename=/dev/ng0n1
ioengine=io_uring_cmd
cmd_type=nvme
rw=randrw
iodepth=4
randrepeat=0
size=4m
stonewall
[perc]
bs=4k
cmdprio_percentage=30
cmdprio_class=1
cmdprio=0
[split]
bssplit=4k/50:8k/50
cmdprio_bssplit=4k/30/1/0:8k/50/2/4
JOBS
cat >"$w/modes.fio" <<'JOBS'
[global]
filename=/dev/ng0n1
ioengine=io_uring_cmd
cmd_type=nvme
bs=4k
size=256k
iodepth=2
stonewall
[zeroes]
rw=write
offset=4m
write_mode=zeroes
[zeroes-deac]
rw=write
offset=5m
write_mode=zeroes
deac=1
[verify]
rw=write
offset=6m
write_mode=verify
[uncor]
rw=write
offset=7m
write_mode=uncor
[readfua]
rw=read
offset=4m
readfua=1
[writefua]
rw=randwrite
offset=8m
writefua=1
JOBS
cat >"$w/pi.fio" <<'JOBS'
[global]
filename=/dev/ng0n2
ioengine=io_uring_cmd
cmd_type=nvme
bs=4k
size=1m
stonewall
[piw]
rw=write
buffer_pattern=0x12345678
[pir]
rw=read
verify=pattern
verify_pattern=0x12345678
JOBS
return 0
}

# step LOG WHAT COMMAND...: COMMAND with its output in LOG.log and its exit status in LOG.rc, said
# as "WHAT exit STATUS" (verify reads the status of the compare steps)
step() {
    log=$1 what=$2
    shift 2
    "$@" >"$log.log" 2>&1
    r=$?
    echo $r >"$log.rc"
    echo "$what exit $r"
}

guest() {
    step f-prio "fio prio.fio" $fio --output-format=normal,json+ --output=f-prio.out prio.fio
    step j-prio "jfio prio.fio" $J --output-format=normal,json+ --output=j-prio.out prio.fio
    for f in modes pi; do
        step f-$f "fio $f.fio" $fio --output-format=json --output=f-$f.json $f.fio
        step j-$f "jfio $f.fio" $J --output-format=json --output=j-$f.json $f.fio
    done
    NG="--filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme --bs=4k --size=512k"
    # fio's pattern, jfio's zeroes over it, fio reads zeroes back; then the other way round
    step f-p "fio pattern" $fio --name=fp $NG --offset=10m --rw=write --buffer_pattern=0xabcdabcd
    step j-z "jfio zeroes" $J --name=jz $NG --offset=10m --rw=write --write_mode=zeroes
    step f-r "fio read-back" $fio --name=fr $NG --offset=10m --rw=read --verify=pattern --verify_pattern=0x00 \
        --output-format=json --output=f-r.json
    step j-p "jfio pattern" $J --name=jp $NG --offset=11m --rw=write --buffer_pattern=0xabcdabcd
    step f-z "fio zeroes" $fio --name=fz $NG --offset=11m --rw=write --write_mode=zeroes
    step j-r "jfio read-back" $J --name=jr $NG --offset=11m --rw=read --verify=pattern --verify_pattern=0x00 \
        --output-format=json --output=j-r.json
    # and the pattern, not zeroes, is what a plain write leaves (the read-back can fail)
    step f-x "fio pattern for a zeroes read-back" $fio --name=fx $NG --offset=12m --rw=write --buffer_pattern=0xabcdabcd
    step j-x "jfio read-back of a pattern as zeroes" $J --name=jx $NG --offset=12m --rw=read --verify=pattern \
        --verify_pattern=0x00 --output-format=json --output=j-x.json
    CMP="$NG --size=256k --rw=write --verify=pattern --verify_pattern=0x5a5a5a5a --verify_mode=compare"
    step f-c "fio compare" $fio --name=c $CMP --offset=16m --iodepth=4 --output-format=json --output=f-c.json
    step j-c "jfio compare" $J --name=c $CMP --offset=17m --iodepth=4 --output-format=json --output=j-c.json
    step f-o "fio compare of jfio's writes" $fio --name=o $CMP --offset=17m --verify_only=1 --output-format=json --output=f-o.json
    step j-o "jfio compare of fio's writes" $J --name=o $CMP --offset=16m --verify_only=1 --output-format=json --output=j-o.json
    step f-w "fio overwrite" $fio --name=fw $NG --size=256k --offset=18m --rw=write --buffer_pattern=0xabcdabcd
    step f-m "fio miscompare" $fio --name=m $CMP --offset=18m --verify_only=1 --output-format=json --output=f-m.json
    step j-m "jfio miscompare" $J --name=m $CMP --offset=18m --verify_only=1 --output-format=json --output=j-m.json
    step f-h "fio crc32c compare" $fio --name=h $NG --size=256k --offset=20m --rw=write --verify=crc32c \
        --verify_mode=compare --output-format=json --output=f-h.json
    step j-h "jfio crc32c compare" $J --name=h $NG --size=256k --offset=21m --rw=write --verify=crc32c \
        --verify_mode=compare --output-format=json --output=j-h.json
}

verify() {
PYTHONPATH="$root/.ci" python3 - "$w" <<'PY'
from lab_figures import Lab
lab = Lab()
# Per-I/O priorities: the 6.1 guest kernel refuses an ioprio on IORING_OP_URING_CMD with EINVAL.
# fio 3.42 stores each unit's priority in the wrong 64-byte half of the 128-byte SQEs, so its job
# fails once a stray value reaches some unit's ioprio field; jfio's fails at its first prioritised
# command. Both: err=22 with only a few I/Os done, and jfio says why.
for tool, js in (("jfio", lab.jobs("j-prio.out")), ("fio", lab.jobs("f-prio.out"))):
    for j in js:
        done = sum(j[d]["io_bytes"] for d in ("read", "write"))
        lab.check(j["error"] == 22 and done < 4 << 20, "%s %s: err=%d after %d bytes" % (tool, j["jobname"], j["error"], done))
lab.check("refuses an ioprio on passthrough commands" in lab.text("j-prio.out") + lab.text("j-prio.log"),
          "jfio's hint for the EINVAL")
lab.same_jobs("modes.fio", lab.jobs("j-modes.json"), lab.jobs("f-modes.json"), width=11)
# the io_u error line ("Device-specific error") and fio's errdetails line, byte for byte
def errlines(*names):
    return sorted(set(lab.lines(("fio: io_u error", "fio: pid=", "fio: io_uring_cmd:"), *names)))
lab.same_lines("modes.fio error lines", errlines("j-modes.json", "j-modes.log"), errlines("f-modes.json", "f-modes.log"))
lab.same_jobs("pi.fio", lab.jobs("j-pi.json"), lab.jobs("f-pi.json"), width=4)
lab.check(len(lab.jobs("j-pi.json")) == 2, "pi.fio: two jobs each")
for n, who in (("f-r.json", "fio read-back of jfio's zeroes"), ("j-r.json", "jfio read-back of fio's zeroes")):
    j = lab.jobs(n)[0]
    lab.check(j["error"] == 0 and j["read"]["io_bytes"] == 512 << 10, "%s: error %d, %d bytes" % (who, j["error"], j["read"]["io_bytes"]))
j = lab.jobs("j-x.json")[0]
lab.check(j["error"] != 0, "reading a pattern back as zeroes fails (error %d)" % j["error"])
# verify_mode=compare: the same err, io_bytes and total_ios, and fio's error lines byte for byte
for a, b, what in (("j-c.json", "f-c.json", "write+compare"), ("j-o.json", "f-o.json", "compare of the other's writes"),
                   ("j-m.json", "f-m.json", "compare of changed data"), ("j-h.json", "f-h.json", "crc32c compare")):
    lab.same_jobs(what, lab.jobs(a), lab.jobs(b), width=4)
for n, e in (("f-c.json", 0), ("j-c.json", 0), ("f-o.json", 0), ("j-o.json", 0), ("f-m.json", 645), ("j-m.json", 645),
             ("f-h.json", 645), ("j-h.json", 645)):
    j = lab.jobs(n)[0]
    lab.check(j["error"] == e, "%s: err=%d (want %d)" % (n, j["error"], e))
for n in ("c", "o", "m", "h"):
    rc = {t: lab.text("%s-%s.rc" % (t, n)).strip() for t in "fj"}
    lab.check(rc["f"] == rc["j"] == ("0" if n in "co" else "1"), "%s: exit status jfio %s fio %s" % (n, rc["j"], rc["f"]))
lab.same_lines("compare of changed data: error lines", errlines("j-m.json", "j-m.log"), errlines("f-m.json", "f-m.log"))
lab.check(any("sc=0x85" in l for l in errlines("j-m.json", "j-m.log")), "jfio names the Compare Failure status")
lab.exit()
PY
}
