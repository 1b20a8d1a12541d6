#!/usr/bin/env bash
# Guest kernel modules for the lab scripts: ensures DIR holds MOD.ko for every MOD named, unpacking
# the missing ones from the guest kernel's Debian package, linux-image-KVER (apt-get download +
# dpkg-deb -x, never installed). Prints nothing; exits 1 when a module is still missing.
# Usage: lab-mods.sh KVER DIR MOD...
set -uo pipefail
kver=$1 dir=$2
shift 2
have() { for m in "$@"; do [ -f "$dir/$m.ko" ] || return 1; done; }
have "$@" && exit 0
[ -n "$kver" ] && command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || exit 1
t=$(mktemp -d /tmp/jfio-lab-mods.XXXXXX)
trap 'rm -rf "$t"' EXIT
(cd "$t" && apt-get download "linux-image-$kver" >/dev/null 2>&1 && dpkg-deb -x ./*.deb x) || exit 1
mkdir -p "$dir"
for m in "$@"; do
    f=$(find "$t/x" -name "$m.ko*" | head -n 1)
    case $f in *.xz) xz -dc "$f" >"$dir/$m.ko" ;; ?*) cp "$f" "$dir/$m.ko" ;; esac
done
have "$@"
