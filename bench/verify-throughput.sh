#!/usr/bin/env bash
# Write+verify throughput, fio vs jfio, side by side in one run on a RAM-backed loop device:
# for each checksum, one job writes the device with verify=TYPE and reads it all back (fio's
# do_verify); the figure is bytes written plus bytes verified over the job's runtime. The tools
# alternate run by run (fio, jfio, fio, jfio...) and each figure is the median of N rounds, so a
# burst of load elsewhere hits both. On a loaded machine the wall-clock rate mostly measures the
# scheduler; the job's own CPU time per GiB moved (fio's usr+sys from getrusage of the job, jfio's
# of its job thread, without the JIT compiler's threads) is the steadier figure and is printed too.
# Prints jfio/fio ratios of both (rate: higher is better for jfio; CPU: fio/jfio, likewise).
# The write and the verify-read phase are also shown apart (MiB/s of each phase's own runtime).
# Usage (root): [TYPES="crc32c md5 ..."] [JFIO_BEFORE=/old/bin/jfio] bench/verify-throughput.sh [fio-binary] [size] [rounds]
#   default /opt/fio-3.42-src/fio, 256m, 5; TYPES=all runs every type fio has (verify=pattern
#   with verify_pattern=0xdeadbeef). JFIO_BEFORE (an older build's bin/jfio, as in bench/vs-fio.sh)
#   adds a TYPE:before row, that build run in the same alternation (fio, jfio, before, fio...).
#   SAMPLES=DIR keeps every round's figures as DIR/TYPE.fio, TYPE.jfio (and TYPE.before), one line
#   per round: MiB/s, CPU-ms/GiB, write MiB/s, read MiB/s, so a median can be checked against its spread.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fio=${1:-/opt/fio-3.42-src/fio}
size=${2:-256m}
rounds=${3:-5}
types=${TYPES:-crc32c md5 sha256 xxhash}
[ "$types" = all ] && types="crc32c crc32 crc64 crc16 crc7 md5 sha1 sha256 sha512 sha3-256 xxhash meta pattern"
jfio="$root/bin/jfio"
before=${JFIO_BEFORE:-}
samples=${SAMPLES:+$(realpath -m "$SAMPLES")}   # before the cd below
back=$(mktemp /dev/shm/verify-bench.XXXXXX)
truncate -s "$size" "$back"
dev=$(losetup -f --show "$back")
work=$(mktemp -d /tmp/verify-bench.XXXXXX)
trap 'losetup -d "$dev"; rm -f "$back"; rm -rf "$work"' EXIT
# tmpfs allocates a page on its first write: fill the backing file once so that the first round's
# write phase (fio's) does not pay for it
dd if=/dev/zero of="$dev" bs=1M count="$(( $(blockdev --getsize64 "$dev") >> 20 ))" oflag=direct status=none
cd "$work"   # fio leaves its verify state files in the working directory
"$jfio" --version >/dev/null   # builds the jar once, outside the timing
[ -z "$before" ] || "$before" --version >/dev/null
echo "jfio: $jfio${before:+, before: $before}; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# "MiB/s CPU-ms/GiB" from a terse v3 line: (read KiB + write KiB) over the two phases' runtimes
# (ms) added up (fio writes everything first, then verifies); usr+sys CPU % of the job times its
# runtime, per GiB moved
# then the write phase's and the verify-read phase's own MiB/s
rate() {
  awk -F';' '/^3;/ { kb = $6 + $47; rt = $9 + $50; cpu = ($88 + $89) / 100 * rt;
                     if (rt > 0 && kb > 0) printf "%.1f %.0f", kb / 1024 / (rt / 1000), cpu / (kb / 1048576); else printf "0 0";
                     w = ($50 > 0) ? $47 / 1024 / ($50 / 1000) : 0; r = ($9 > 0) ? $6 / 1024 / ($9 / 1000) : 0;
                     printf " %.1f %.1f\n", w, r }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

col() { awk -v c="$1" '{ print $c }' "$2" | median; }
ratio() { awk -v f="$1" -v j="$2" 'BEGIN { if (f > 0) printf "%.2f", j / f; else print "-" }'; }
printf '%-8s %10s %10s %8s  %12s %12s %8s  %8s %8s\n' verify fio_MiB/s jfio_MiB/s jfio/fio fio_cpu_ms/G jfio_cpu_ms/G fio/jfio \
  write_j/f read_j/f
row() {  # name, fio's figures file, the jfio build's figures file
  local fr jr fc jc
  fr=$(col 1 "$2"); jr=$(col 1 "$3"); fc=$(col 2 "$2"); jc=$(col 2 "$3")
  printf '%-8s %10s %10s %8s  %12s %12s %8s  %8s %8s\n' "$1" "$fr" "$jr" "$(ratio "$fr" "$jr")" "$fc" "$jc" \
    "$(ratio "$jc" "$fc")" "$(ratio "$(col 3 "$2")" "$(col 3 "$3")")" \
    "$(ratio "$(col 4 "$2")" "$(col 4 "$3")")"
}
for t in $types; do
  extra=()
  [ "$t" = pattern ] && extra=(--verify_pattern=0xdeadbeef)
  : > "$work/f"; : > "$work/j"; : > "$work/b"
  for r in $(seq "$rounds"); do
    args=(--name=vb --filename="$dev" --size="$size" --bs=64k --rw=write --direct=1 --ioengine=libaio
          --iodepth=8 --verify="$t" ${extra[@]+"${extra[@]}"} --output-format=terse)
    "$fio" "${args[@]}" | rate >> "$work/f"
    "$jfio" "${args[@]}" | rate >> "$work/j"
    [ -z "$before" ] || "$before" "${args[@]}" | rate >> "$work/b"
  done
  if [ -n "$samples" ]; then
    mkdir -p "$samples"; cp "$work/f" "$samples/$t.fio"; cp "$work/j" "$samples/$t.jfio"
    [ -z "$before" ] || cp "$work/b" "$samples/$t.before"
  fi
  row "$t" "$work/f" "$work/j"
  [ -z "$before" ] || row "$t:before" "$work/f" "$work/b"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
