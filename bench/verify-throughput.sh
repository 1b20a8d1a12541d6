#!/usr/bin/env bash
# Write+verify throughput, fio vs jfio, side by side in one run on a RAM-backed loop device:
# for each checksum, one job writes the device with verify=TYPE and reads it all back (fio's
# do_verify); the figure is bytes written plus bytes verified over the job's runtime. Each tool
# runs every type in turn (alternating, best of N rounds). Prints jfio/fio ratios.
# Usage (root): bench/verify-throughput.sh [fio-binary] [size] [rounds]
#   default /opt/fio-3.42-src/fio, 256m, 3
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fio=${1:-/opt/fio-3.42-src/fio}
size=${2:-256m}
rounds=${3:-3}
jfio="$root/bin/jfio"
back=$(mktemp /dev/shm/verify-bench.XXXXXX)
truncate -s "$size" "$back"
dev=$(losetup -f --show "$back")
work=$(mktemp -d /tmp/verify-bench.XXXXXX)
trap 'losetup -d "$dev"; rm -f "$back"; rm -rf "$work"' EXIT
cd "$work"   # fio leaves its verify state files in the working directory
"$jfio" --version >/dev/null   # builds the jar once, outside the timing

# MiB/s of write+read-back from a terse v3 line: (read KiB + write KiB) over the two phases'
# runtimes (ms) added up: fio writes everything first, then verifies
rate() {
  awk -F';' '/^3;/ { kb = $6 + $47; rt = $9 + $50; if (rt > 0) printf "%.1f", kb / 1024 / (rt / 1000); else print "0" }'
}

printf '%-8s %10s %10s %8s\n' verify fio_MiB/s jfio_MiB/s jfio/fio
for t in crc32c md5 sha256 xxhash; do
  best_f=0; best_j=0
  for r in $(seq "$rounds"); do
    args=(--name=vb --filename="$dev" --size="$size" --bs=64k --rw=write --direct=1 --ioengine=libaio
          --iodepth=8 --verify="$t" --output-format=terse)
    f=$("$fio" "${args[@]}" | rate)
    j=$("$jfio" "${args[@]}" | rate)
    best_f=$(awk -v a="$best_f" -v b="$f" 'BEGIN { print (b > a ? b : a) }')
    best_j=$(awk -v a="$best_j" -v b="$j" 'BEGIN { print (b > a ? b : a) }')
  done
  printf '%-8s %10s %10s %8s\n' "$t" "$best_f" "$best_j" "$(awk -v f="$best_f" -v j="$best_j" 'BEGIN { if (f > 0) printf "%.2f", j / f; else print "-" }')"
done
