# io_uring_cmd end-to-end protection information lab check, a part of .ci/lab-guest.sh (dist's
# LabGuestIT#nvmePi), on the guest's four namespaces formatted with PI (QEMU nvme-ns):
#   ng0n2 ms=8 pi=1          separate metadata, 16-bit guard (CRC16 T10-DIF), PI last
#   ng0n3 ms=8 mset=1 pi=1   extended LBAs (520 bytes: data + PI inline)
#   ng0n4 ms=16 pi=1 pif=2   separate metadata, 64-bit guard (CRC64-NVMe)
#   ng0n5 ms=16 pi=3 pil=1   Type 3, PI first in 16 bytes of metadata
# and runs with fio 3.42 and jfio:
#   - each tool writes a region of every namespace with pi_act=0 (the host computes guard,
#     reference and application tags) and another with pi_act=1 (the controller does), then
#     both tools read all four regions back with pi_act=0 and pi_chk (the device and the host
#     check): no errors, the same counts
#   - a write with verify=crc32c on separate metadata, in both tools
#   - a corrupted guard (a pi_act=0 write without pi_chk leaves zero guards) and a wrong
#     application tag, read by both with the checks on: the same err=, error lines, exit status
#   - what both refuse at open: md_per_io_size too small, a block size that is not whole
#     extended LBAs, verify on extended LBAs with PI
#   - num_range trims (sequential, random, a short tail): the same trims and bytes; fio reads
#     zeroes back where jfio's 16-range trims deallocated its pattern
# Skipped when fio 3.42 is missing.
prepare() {
[ -x "$fio" ] || skip_check "no fio 3.42 at $fio (set JFIO_FIO342)"

# One job section: $1 name, $2 namespace (2-5), $3 rw, $4 region (k: LBA k*2048), $5 pi_act, $6 pi_chk
# (a bare word: GUARD, REFTAG and APPTAG with their first letters G, R, A). Extended LBAs (ng0n3)
# with pi_act=0 move 520 bytes per LBA (bs=4160 = 8 LBAs); with pi_act=1 the controller inserts
# and strips the PI there and the job sees 512-byte LBAs.
job() {
    local chk="" off=$(($4 << 20)) bs=4096 size=256k md=""
    case $6 in *G*) chk=GUARD;; esac
    case $6 in *R*) chk=${chk:+$chk,}REFTAG;; esac
    case $6 in *A*) chk=${chk:+$chk,}APPTAG;; esac
    case $2 in
        2) md=64;;
        3) [ "$5" = 0 ] && { off=$(($4 * 2048 * 520)); bs=4160; size=262080; };;
        *) md=128;;
    esac
    printf '[%s]\nfilename=/dev/ng0n%s\nrw=%s\noffset=%s\nbs=%s\nsize=%s\npi_act=%s\n' "$1" "$2" "$3" "$off" "$bs" "$size" "$5"
    [ -n "$chk" ] && printf 'pi_chk=%s\n' "$chk"
    [ -n "$md" ] && printf 'md_per_io_size=%s\n' "$md"
    return 0
}
head='[global]
ioengine=io_uring_cmd
cmd_type=nvme
iodepth=4
buffer_pattern=0x5a6b7c8d
stonewall'
# Type 3 (ng0n5) has no reference tag to check (the controller refuses REFTAG there: 0x181)
{ echo "$head"; for n in 2 3 4 5; do
    t=GRA; [ $n = 5 ] && t=GA; job w0-n$n $n write 0 0 $t
    t=GR; [ $n = 5 ] && t=G; job w1-n$n $n write 2 1 $t
  done; } >"$w/f-w.fio"
{ echo "$head"; for n in 2 3 4 5; do
    t=GRA; [ $n = 5 ] && t=GA; job w0-n$n $n write 1 0 $t
    t=GR; [ $n = 5 ] && t=G; job w1-n$n $n write 3 1 $t
  done
  # the corrupted region: zero guards under a pattern (jfio's metadata buffers start zeroed and
  # without pi_chk nothing is computed into them)
  job corrupt 2 write 5 0 -; } >"$w/j-w.fio"
{ echo "$head"; for k in 0 1 2 3; do for n in 2 3 4 5; do
    t=GR; [ $k -lt 2 ] && t=GRA; [ $n = 5 ] && t=${t/R/}; job r$k-n$n $n read $k 0 $t
  done; done; } >"$w/r.fio"
# (a filename= in a job section adds to [global]'s in fio 3.42, so each job names its own)
cat >"$w/bad.fio" <<'JOBS'
[global]
ioengine=io_uring_cmd
cmd_type=nvme
bs=4k
md_per_io_size=64
pi_act=0
stonewall
size=64k
[vfy]
filename=/dev/ng0n2
rw=write
offset=4m
size=256k
verify=crc32c
pi_chk=GUARD,REFTAG,APPTAG
[badguard]
filename=/dev/ng0n2
rw=read
offset=5m
pi_chk=GUARD
[badapp]
filename=/dev/ng0n2
rw=read
offset=1m
pi_chk=APPTAG
apptag=0x4321
[small-md]
filename=/dev/ng0n2
rw=read
md_per_io_size=8
[ext-bs]
filename=/dev/ng0n3
rw=read
bs=4096
[ext-verify]
filename=/dev/ng0n3
rw=write
bs=4160
verify=crc32c
JOBS
cat >"$w/trim.fio" <<'JOBS'
[global]
ioengine=io_uring_cmd
cmd_type=nvme
filename=/dev/ng0n1
bs=4k
iodepth=4
stonewall
[seq]
rw=trim
num_range=4
offset=8m
size=1m
[rand]
rw=randtrim
num_range=8
offset=16m
size=1m
[tail]
rw=trim
num_range=3
offset=24m
size=40k
JOBS
return 0
}

guest() {
    ls /dev/ng0n* | tr '\n' ' '; echo
    $fio --output-format=json --output=f-w.json f-w.fio >f-w.log 2>&1; echo "fio writes exit $?"
    $J --output-format=json --output=j-w.json j-w.fio >j-w.log 2>&1; echo "jfio writes exit $?"
    $fio --output-format=json --output=f-r.json r.fio >f-r.log 2>&1; echo "fio reads exit $?"
    $J --output-format=json --output=j-r.json r.fio >j-r.log 2>&1; echo "jfio reads exit $?"
    $fio --output-format=json --output=f-bad.json bad.fio >f-bad.log 2>&1; echo "fio bad exit $?" | tee f-bad.rc
    $J --output-format=json --output=j-bad.json bad.fio >j-bad.log 2>&1; echo "jfio bad exit $?" | tee j-bad.rc
    $fio --output-format=json --output=f-trim.json trim.fio >f-trim.log 2>&1; echo "fio trim exit $?"
    $J --output-format=json --output=j-trim.json trim.fio >j-trim.log 2>&1; echo "jfio trim exit $?"
    # jfio's multi-range trims deallocate fio's pattern: fio reads zeroes back
    NG="--filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme --bs=4k --offset=32m --size=512k"
    $fio --name=fp $NG --rw=write --buffer_pattern=0xabcdabcd >f-p.log 2>&1; echo "fio pattern exit $?"
    $J --name=jt $NG --rw=randtrim --num_range=16 >j-t.log 2>&1; echo "jfio trims exit $?"
    $fio --name=fr $NG --rw=read --verify=pattern --verify_pattern=0x00 --output-format=json \
        --output=f-z.json >f-z.log 2>&1; echo "fio read-back exit $?"
}

verify() {
PYTHONPATH="$root/.ci" python3 - "$w" <<'PY'
from lab_figures import Lab
lab = Lab()
fw, jw = lab.jobs("f-w.json"), lab.jobs("j-w.json")
lab.same_jobs("writes", jw[:-1], fw)
lab.check([j["jobname"] for j in fw if j["error"] == 0 and j["write"]["total_ios"] in (63, 64)] == [j["jobname"] for j in fw],
          "fio wrote every region without error")
lab.check(jw[-1]["error"] == 0, "jfio wrote the corrupt region (error %d)" % jw[-1]["error"])
fr, jr = lab.jobs("f-r.json"), lab.jobs("j-r.json")
lab.same_jobs("reads", jr, fr)
for tool, js in (("jfio", jr), ("fio", fr)):
    bad = [j["jobname"] for j in js if j["error"] != 0 or j["read"]["total_ios"] not in (63, 64)]
    lab.check(bad == [], "%s read back both tools' PI (pi_act=0 and 1 writes) with pi_act=0 checks%s"
              % (tool, "; failed: %s" % bad if bad else ""))
mine, theirs = lab.jobs("j-bad.json"), lab.jobs("f-bad.json")
lab.same_jobs("bad.fio", mine, theirs)
lab.check([j["error"] for j in theirs] == [0, 642, 643, 22, 22, 22],
          "fio: verify passes, guard and app tag checks fail (0x282, 0x283), three jobs refused at open: %s"
          % [j["error"] for j in theirs])
lab.check(lab.text("j-bad.rc").split()[-1] == lab.text("f-bad.rc").split()[-1],
          "exit status of bad.fio: jfio %s fio %s" % (lab.text("j-bad.rc").split()[-1], lab.text("f-bad.rc").split()[-1]))
import re
pre = ("fio: io_u error", "fio: io_uring_cmd:", "/dev/ng", "Did you mean", "fio: pid=")
# fio names the one function of its open checks with each check's own line; jfio with the first's
def site(l):
    return re.sub(r"engines/io_uring.c:\d+, func=fio_ioring_cmd_open_file", "engines/io_uring.c:N, func=fio_ioring_cmd_open_file", l)
def errs(tool):
    return sorted(set(lab.lines(pre, tool + "-bad.json", tool + "-bad.log", norm=site)))
lab.same_lines("bad.fio error lines", errs("j"), errs("f"))
lab.check("Did you mean to use a block size of 4160?" in lab.text("j-bad.log") + lab.text("j-bad.json"),
          "jfio suggests fio's block size")
rwt = ("read", "write", "trim")
lab.same_jobs("trim.fio (num_range)", lab.jobs("j-trim.json"), lab.jobs("f-trim.json"), rwt)
lab.check([(j["trim"]["io_bytes"], j["trim"]["total_ios"]) for j in lab.jobs("f-trim.json")][:3]
          == [(1 << 20, 64), (1 << 20, 32), (40 << 10, 4)],
          "fio: num_range ranges per trim (64, 32 and 4 trims)")
j = lab.jobs("f-z.json")[0]
lab.check(j["error"] == 0 and j["read"]["io_bytes"] == 512 << 10,
          "fio reads zeroes where jfio's 16-range trims deallocated its pattern (error %d)" % j["error"])
lab.exit()
PY
}
