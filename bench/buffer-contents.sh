#!/usr/bin/env bash
# Buffer contents, fio vs jfio, from one run: for each buffer option value, the zlib compress
# ratio (compressed/original, level 6) and the fraction of distinct 4 KiB blocks of the data each
# tool wrote. Usage: bench/buffer-contents.sh [fio-binary] [size]  (default /opt/fio-3.42-src/fio, 4m)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fio=${1:-/opt/fio-3.42-src/fio}
size=${2:-4m}
jfio="$root/bin/jfio"
dir=$(mktemp -d /dev/shm/data-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT

cases=(
  "default|"
  "zero_buffers|zero_buffers=1"
  "refill_buffers|refill_buffers=1"
  "scramble_buffers=0|scramble_buffers=0"
  "buffer_pattern=0xdeadbeef|buffer_pattern=0xdeadbeef"
  "buffer_pattern=\"abc\"-1024|buffer_pattern=\"abc\"-1024"
  "compress=0|buffer_compress_percentage=0"
  "compress=25|buffer_compress_percentage=25"
  "compress=50|buffer_compress_percentage=50"
  "compress=75|buffer_compress_percentage=75"
  "compress=100|buffer_compress_percentage=100"
  "compress=50,chunk=4k|buffer_compress_percentage=50 buffer_compress_chunk=4k"
  "compress=25,chunk=64k|buffer_compress_percentage=25 buffer_compress_chunk=64k"
  "compress=60+pattern|buffer_compress_percentage=60 buffer_pattern=0xab"
  "dedupe=0|dedupe_percentage=0"
  "dedupe=50|dedupe_percentage=50"
  "dedupe=90|dedupe_percentage=90"
  "dedupe=50,compress=50|dedupe_percentage=50 buffer_compress_percentage=50"
  "dedupe=50,working_set|dedupe_percentage=50 dedupe_mode=working_set"
  "dedupe=90,working_set,ws=5|dedupe_percentage=90 dedupe_mode=working_set dedupe_working_set_percentage=5"
  "dedupe=50,working_set,ws=20|dedupe_percentage=50 dedupe_mode=working_set dedupe_working_set_percentage=20"
  "dedupe_global,2 jobs|dedupe_percentage=50 dedupe_mode=working_set dedupe_global=1 numjobs=2"
)

measure() {
  python3 - "$@" <<'PY'
import sys, zlib, glob
data = b"".join(open(f, "rb").read() for f in sorted(sys.argv[1:]))
blocks = [data[i:i+4096] for i in range(0, len(data), 4096)]
print("%.3f %.3f" % (len(zlib.compress(data, 6)) / len(data), len(set(blocks)) / len(blocks)))
PY
}

tools="fio jfio"; [ "${ONLY_FIO:-0}" = 1 ] && tools=fio
printf '%-34s %12s %12s %12s %12s\n' case fio-zlib jfio-zlib fio-distinct jfio-distinct
for c in "${cases[@]}"; do
  name=${c%%|*}; opts=${c#*|}
  jfio_z=- jfio_d=-
  for tool in $tools; do
    rm -f "$dir"/$tool.*
    job="$dir/$tool.fio"
    { echo "[data]"; echo "rw=write"; echo "bs=64k"; echo "size=$size"; echo "ioengine=psync";
      echo "filename_format=$dir/$tool.\$jobnum"; for o in $opts; do echo "$o"; done; } > "$job"
    if [ $tool = fio ]; then "$fio" --output=/dev/null "$job"; else "$jfio" --output=/dev/null "$job"; fi
    read -r z d < <(measure "$dir"/$tool.[0-9]*)
    eval "${tool}_z=$z ${tool}_d=$d"
  done
  printf '%-34s %12s %12s %12s %12s\n' "$name" "$fio_z" "$jfio_z" "$fio_d" "$jfio_d"
done
