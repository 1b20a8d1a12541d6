#!/usr/bin/env bash
# net engine protocol=vsock lab check. The host kernel here has no vsock loopback transport
# (CONFIG_VSOCKETS_LOOPBACK is off, so a connect to CID 1 goes to the hypervisor and times out),
# so this boots ONE guest through ../shared/lab/nvme-vm.sh, loads vsock, its virtio transport
# core and vsock_loopback (the lab's initramfs has none of them) and runs, over CID 1:
#   - one job file (a listening reader and a connecting writer) with fio 3.42 and with jfio
#   - jfio listening with fio connecting, and fio listening with jfio connecting
#   - the same pair on netsplice, fio and jfio
# and checks each job's error, io_bytes and total_ios against fio's run of the same jobs.
# Exits 0 with "vsock-lab skipped: <reason>" when the lab, fio 3.42 or the modules are missing.
# The modules come from JFIO_LAB_MODS or are unpacked by .ci/lab-mods.sh into
# /var/cache/jfio-lab-mods/<kver>.
set -uo pipefail
lab_name=vsock-lab
. "$(dirname "$0")/lab-common.sh"
mods=${JFIO_LAB_MODS:-/var/cache/jfio-lab-mods/$kver}
need="vsock vmw_vsock_virtio_transport_common vsock_loopback"
.ci/lab-mods.sh "$kver" "$mods" $need || skip "no vsock modules ($need) for guest kernel ${kver:-?} in $mods"

work=$(mktemp -d "$root/.vsock-lab.XXXXXX")
keep=0
trap '[ $keep = 1 ] && echo "vsock-lab: outputs kept in $work" || rm -rf "$work"' EXIT
# the guest runs a copy, so a rebuild on the host meanwhile cannot change the jar under it
# $1 engine, $2 port: the reader and the writer, each in its own file
jobs() {
    printf '[global]\nioengine=%s\nprotocol=vsock\nport=%s\nbs=4k\nsize=8m\n' "$1" "$2"
}
for e in net netsplice; do
    { jobs $e 8810; printf '[receiver]\nlisten\nrw=read\n[sender]\nhostname=1\nstartdelay=1\nrw=write\n'; } >"$work/$e-pair.fio"
done
for p in 8820 8830; do
    { jobs net $p; printf '[receiver]\nlisten\nrw=read\n'; } >"$work/rcv-$p.fio"
    { jobs net $p; printf '[sender]\nhostname=1\nstartdelay=1\nrw=write\n'; } >"$work/snd-$p.fio"
done
cat >"$work/guest.sh" <<'GUEST'
set -u
w=$1; mods=$2; jar=$3; java=$4; fio=$5
. "$6/lab-guest-common.sh"
lab_insmod "$mods" vsock vmw_vsock_virtio_transport_common vsock_loopback || exit 7
lab_wait /dev/vsock || exit 7
cd "$w"
# $1 the run's output file, then the run: stops it once its sender's connect failed (its
# listener would wait for a connection until its timeout; jfio's, blocked in accept(2), is killed
# 10 s after the TERM) and returns its exit status
watched() {
    local out=$1 p; shift
    "$@" & p=$!
    while kill -0 $p 2>/dev/null; do grep -qs "func=connect" "$out" && { kill $p; break; }; sleep 2; done
    wait $p
}
for e in net netsplice; do
    # each tool's pair connects once, startdelay=1 after its listener's job starts; under a
    # loaded TCG guest the sender may come before the listener's listen(2) and be reset (fio's
    # and jfio's alike): up to 3 tries each, each reported
    for t in 1 2 3; do
        timeout 300 $fio --output-format=json --output=f-$e.json $e-pair.fio >f-$e.log 2>&1; rc=$?
        # (a link-close EPIPE, err=32, exits 1 too: only a failed connect is tried again)
        echo "fio $e pair exit $rc"; grep -qs "func=connect" f-$e.json f-$e.log || break
    done
    for t in 1 2 3; do
        rm -f j-$e.json # a failed try's connect error would stop the next at once
        watched j-$e.json timeout -k 10 300 $J --output-format=json --output=j-$e.json $e-pair.fio >j-$e.log 2>&1; rc=$?
        echo "jfio $e pair exit $rc"; grep -qs "func=connect" j-$e.json j-$e.log || break
    done
done
# $1 a listener's output, $2 its pid: returns once the listener says it waits for a connection
# (printed after its listen(2)), 1 if it ended first. No poll count: the listener's own timeout
# bounds the wait (under TCG one grep-and-sleep round took 1.3 s at load 5)
listening() {
    while ! grep -qs "waiting for connection" "$1"; do kill -0 "$2" 2>/dev/null || return 1; sleep 0.5; done
}
# jfio listens, fio connects: the sender retries while its connect finds no listener yet (a
# vsock connect to a port nobody listens on is reset; a JVM under TCG takes seconds to listen)
timeout 300 $J --output-format=json --output=x1-rcv.json rcv-8820.fio >x1-rcv.log 2>&1 &
rcv=$!
i=0
while :; do
    timeout 300 $fio --output-format=json --output=x1-snd.json snd-8820.fio >x1-snd.log 2>&1; rc=$?
    grep -qs "func=connect" x1-snd.json x1-snd.log || break
    i=$((i+1)); [ $i -ge 120 ] && break
    sleep 1
done
echo "fio sender exit $rc after $i refused connects"
wait $rcv; echo "jfio receiver exit $?"
# fio listens, jfio connects. fio's report goes to stdout here, not --output: fio 3.42 holds the
# lines it logs in its buffered --output file until it exits, so "waiting for connection" shows
# on stdout only (a wait for it in the --output file polled in vain while the listener's timeout
# ran out, and a vsock connect to a port nobody listens on is reset: ECONNRESET, not ECONNREFUSED)
timeout 300 $fio --output-format=json rcv-8830.fio >x2-rcv.json 2>x2-rcv.log &
rcv=$!
if listening x2-rcv.json $rcv; then
    timeout 300 $J --output-format=json --output=x2-snd.json snd-8830.fio >x2-snd.log 2>&1; echo "jfio sender exit $?"
else
    echo "fio receiver ended before it said it waits for a connection"
fi
# a sender that failed leaves fio waiting for a connection until its timeout: stop it (the check fails)
grep -qs "func=connect" x2-snd.json x2-snd.log && kill $rcv 2>/dev/null
wait $rcv; echo "fio receiver exit $?"
GUEST
echo "vsock-lab: booting the guest (TCG; a minute or two)"
"$lab" --timeout "${JFIO_LAB_TIMEOUT:-1200}" --null-disk \
    -- bash "$work/guest.sh" "$work" "$mods" "$jar" "$lab_java" "$fio" "$root/.ci"
rc=$?
[ $rc = 0 ] || { echo "vsock-lab: FAILED: guest exit $rc"; keep=1; exit 1; }
PYTHONPATH="$root/.ci" python3 - "$work" <<'PY'
from lab_figures import Lab
lab = Lab()
runs = [("net pair", lab.jobs("j-net.json"), lab.jobs("f-net.json")),
        ("netsplice pair", lab.jobs("j-netsplice.json"), lab.jobs("f-netsplice.json")),
        ("jfio listens, fio connects", lab.jobs("x1-rcv.json", "x1-snd.json"), lab.jobs("f-net.json")),
        ("fio listens, jfio connects", lab.jobs("x2-rcv.json", "x2-snd.json"), lab.jobs("f-net.json"))]
for what, mine, theirs in runs:
    for a, b in zip(mine, theirs):
        # a sender whose link-close message meets a receiver that already closed gets EPIPE
        # (vsock reports the peer's shutdown at once); fio records it as err=32, jfio ignores
        # failures at close, and which side closes first is a race: counts compared, and an
        # error only where it is not that one
        ok = lab.key(a)[1:] == lab.key(b)[1:] and a["jobname"] == b["jobname"]
        ok &= all(j["error"] in (0, 32) for j in (a, b))
        lab.check(ok, "%-28s %-8s jfio %s fio %s" % (what, a["jobname"], lab.key(a), lab.key(b)))
    lab.check(len(mine) == len(theirs), "%s: %d jobs, fio %d" % (what, len(mine), len(theirs)))
# the pair moved what it was asked to, so equality above is not two failures agreeing
for j in lab.jobs("f-net.json"):
    d = "read" if j["jobname"] == "receiver" else "write"
    lab.check(j["error"] in (0, 32) and j[d]["io_bytes"] == 8 << 20, "fio %s moved %d bytes" % (j["jobname"], j[d]["io_bytes"]))
lab.exit()
PY
rc=$?
[ $rc = 0 ] && echo "vsock-lab: passed" || { echo "vsock-lab: FAILED"; keep=1; }
exit $rc
