# Sourced by the bench scripts that run jobs on a file system (bench/many-jobs.sh,
# bench/start-timeline.sh): `. bench/ext4-loop.sh NAME` makes a scratch directory $work, an ext4
# file system on a loop device over a 1.5 GiB file in /dev/shm (RAM-fast), mounted at $work/mnt
# and exported as DIR, and a trap that unmounts it, detaches the device and removes both on any
# exit. Needs root.
work=$(mktemp -d "/tmp/jfio-$1.XXXXXX")
backing=/dev/shm/jfio-$1-$$.img
DEV=
cleanup() {
    set +e
    mountpoint -q "$work/mnt" && umount "$work/mnt"
    [ -n "$DEV" ] && losetup -d "$DEV"
    rm -f "$backing"
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
truncate -s 1536M "$backing"
DEV=$(losetup -f --show "$backing")
mkfs.ext4 -q -F "$DEV"
mkdir -p "$work/mnt"
mount "$DEV" "$work/mnt"
export DIR=$work/mnt
