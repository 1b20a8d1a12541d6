#!/usr/bin/env bash
# Write+verify throughput, fio vs jfio, side by side in one run on a RAM-backed loop device:
# for each checksum, one job writes the device with verify=TYPE and reads it all back (fio's
# do_verify); the figure is bytes written plus bytes verified over the job's runtime. The tools
# alternate run by run (fio, jfio, fio, jfio...) and each figure is the median of N rounds, so a
# burst of load elsewhere hits both. On a loaded machine the wall-clock rate mostly measures the
# scheduler; the job's own CPU time per GiB moved (fio's usr+sys from getrusage of the job, jfio's
# of its job thread, without the JIT compiler's threads) is the steadier figure and is printed too.
# Prints jfio/fio ratios of both (rate: higher is better for jfio; CPU: fio/jfio, likewise).
# Usage (root): bench/verify-throughput.sh [fio-binary] [size] [rounds]
#   default /opt/fio-3.42-src/fio, 256m, 5
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fio=${1:-/opt/fio-3.42-src/fio}
size=${2:-256m}
rounds=${3:-5}
jfio="$root/bin/jfio"
back=$(mktemp /dev/shm/verify-bench.XXXXXX)
truncate -s "$size" "$back"
dev=$(losetup -f --show "$back")
work=$(mktemp -d /tmp/verify-bench.XXXXXX)
trap 'losetup -d "$dev"; rm -f "$back"; rm -rf "$work"' EXIT
cd "$work"   # fio leaves its verify state files in the working directory
"$jfio" --version >/dev/null   # builds the jar once, outside the timing

# "MiB/s CPU-ms/GiB" from a terse v3 line: (read KiB + write KiB) over the two phases' runtimes
# (ms) added up (fio writes everything first, then verifies); usr+sys CPU % of the job times its
# runtime, per GiB moved
rate() {
  awk -F';' '/^3;/ { kb = $6 + $47; rt = $9 + $50; cpu = ($88 + $89) / 100 * rt;
                     if (rt > 0 && kb > 0) printf "%.1f %.0f\n", kb / 1024 / (rt / 1000), cpu / (kb / 1048576); else print "0 0" }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-8s %10s %10s %8s  %12s %12s %8s\n' verify fio_MiB/s jfio_MiB/s jfio/fio fio_cpu_ms/G jfio_cpu_ms/G fio/jfio
for t in crc32c md5 sha256 xxhash; do
  : > "$work/f"; : > "$work/j"
  for r in $(seq "$rounds"); do
    args=(--name=vb --filename="$dev" --size="$size" --bs=64k --rw=write --direct=1 --ioengine=libaio
          --iodepth=8 --verify="$t" --output-format=terse)
    "$fio" "${args[@]}" | rate >> "$work/f"
    "$jfio" "${args[@]}" | rate >> "$work/j"
  done
  fr=$(awk '{ print $1 }' "$work/f" | median); jr=$(awk '{ print $1 }' "$work/j" | median)
  fc=$(awk '{ print $2 }' "$work/f" | median); jc=$(awk '{ print $2 }' "$work/j" | median)
  printf '%-8s %10s %10s %8s  %12s %12s %8s\n' "$t" "$fr" "$jr" \
    "$(awk -v f="$fr" -v j="$jr" 'BEGIN { if (f > 0) printf "%.2f", j / f; else print "-" }')" "$fc" "$jc" \
    "$(awk -v f="$fc" -v j="$jc" 'BEGIN { if (j > 0) printf "%.2f", f / j; else print "-" }')"
done
