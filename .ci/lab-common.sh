# Sourced by the .ci/*-lab.sh checks, after `set -uo pipefail` and with lab_name set (e.g.
# lab_name=sg-lab): the preconditions every lab check shares (the lab script, the jar, fio 3.42,
# an x86-64 host, root or a lab cache made before, java), then the lab's one-time set-up. Sets
# root, lab, jar, fio, java_bin and kver (the guest kernel, empty when unknown) and defines skip,
# which exits 0 with "<lab_name> skipped: <reason>", so a machine without the lab skips, not fails.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
lab=${NVME_LAB:-$root/../shared/lab/nvme-vm.sh}
jar=$root/dist/target/jfio.jar
fio=${JFIO_FIO342:-/opt/fio-3.42-src/fio}
skip() { echo "$lab_name skipped: $*"; exit 0; }

[ -x "$lab" ] || skip "no NVMe lab script at $lab"
[ -f "$jar" ] || skip "no $jar (run mvn package first)"
[ -x "$fio" ] || skip "no fio 3.42 at $fio (set JFIO_FIO342)"
[ "$(uname -m)" = x86_64 ] || skip "the lab needs an x86-64 host"
[ "$(id -u)" = 0 ] || [ -d /var/cache/nvme-lab ] || skip "first lab run needs root"
java_bin=${JAVA_HOME:+$JAVA_HOME/bin/}java
command -v "$java_bin" >/dev/null 2>&1 || skip "no java on PATH"
if ! setup_out=$("$lab" --setup-only 2>&1); then
    skip "lab setup failed: $(printf '%s\n' "$setup_out" | tail -n 3 | tr '\n' ' ')"
fi
kver=$(ls /var/cache/nvme-lab 2>/dev/null | grep -E '^[0-9].*-amd64$' | head -n 1)
