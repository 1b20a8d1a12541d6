# Sourced on the host by .ci/lab-guest.sh and .ci/vsock-lab.sh, after `set -uo pipefail` and with
# lab_name set (lab-guest, vsock-lab): the preconditions every lab shares (the lab script, the jar,
# fio 3.42 unless lab_needs_fio=0, an x86-64 host, root or a lab cache made before, java), then
# the lab's one-time set-up. Sets root, lab, jar, fio, java_bin, lab_java and kver (the guest
# kernel, empty when unknown) and defines skip, which exits 0 with "<lab_name> skipped: <reason>",
# so a machine without the lab skips, not fails. In the guest, .ci/lab-guest-common.sh is the
# prelude every check's guest part shares.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
lab=${NVME_LAB:-$root/../shared/lab/nvme-vm.sh}
jar=$root/dist/target/jfio.jar
fio=${JFIO_FIO342:-/opt/fio-3.42-src/fio}
skip() { echo "$lab_name skipped: $*"; exit 0; }

[ -x "$lab" ] || skip "no NVMe lab script at $lab"
[ -f "$jar" ] || skip "no $jar (run mvn package first)"
[ -x "$fio" ] || [ "${lab_needs_fio:-1}" = 0 ] || skip "no fio 3.42 at $fio (set JFIO_FIO342)"
[ "$(uname -m)" = x86_64 ] || skip "the lab needs an x86-64 host"
[ "$(id -u)" = 0 ] || [ -d /var/cache/nvme-lab ] || skip "first lab run needs root"
java_bin=${JAVA_HOME:+$JAVA_HOME/bin/}java
command -v "$java_bin" >/dev/null 2>&1 || skip "no java on PATH"
if ! setup_out=$("$lab" --setup-only 2>&1); then
    skip "lab setup failed: $(printf '%s\n' "$setup_out" | tail -n 3 | tr '\n' ' ')"
fi
kver=$(ls /var/cache/nvme-lab 2>/dev/null | grep -E '^[0-9].*-amd64$' | head -n 1)

# lab_java: the java command the guest starts jfio with. Under TCG a JVM that unpacks jffi's
# library (a SecureRandom-named temporary file) and loads every class from the jar took 40-80 s
# for a 1 MiB null job at load 25; mapping bin/jfio's class-data archive and loading the jffi
# library it unpacked took 2-4 s. Both are made here on the host for this jar at this path,
# which the guest sees at the same path, so the archive matches its class path.
JFIO_NO_BUILD=1 "$root/bin/jfio" --version >/dev/null 2>&1 || :
lab_java=$java_bin
[ -f "$root/dist/target/jfio-cds.jsa" ] && lab_java+=" -XX:SharedArchiveFile=$root/dist/target/jfio-cds.jsa"
[ -f "$root/dist/target/jffi/libjffi-1.2.so" ] && lab_java+=" -Djffi.boot.library.path=$root/dist/target/jffi"
