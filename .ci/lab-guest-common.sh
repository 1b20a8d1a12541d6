# Sourced inside a lab guest (after `set -u`, with jar, java and, where a check uses it, mods
# set): what every check's guest part shares. bb is the lab's busybox (its insmod loads a module
# the initramfs lacks); JVM starts a short-lived JVM the way every check does: under TCG C1 alone
# starts faster and the checks are tiny; J runs jfio's main class from the jar.
bb=/var/cache/nvme-lab/busybox
JVM="$java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Djnr.ffi.x86asm.enabled=false"
J="$JVM -jar $jar"
# lab_insmod DIR MOD...: loads DIR/MOD.ko for each MOD, in order; 7 when one fails
lab_insmod() {
    local dir=$1 m
    shift
    for m; do $bb insmod "$dir/$m.ko" || { echo "insmod $dir/$m.ko failed"; return 7; }; done
}
# lab_wait PATH...: waits up to 10 s for each device node, says which one is missing (7)
lab_wait() {
    local p i
    for p; do
        i=0; while [ ! -e "$p" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
        [ -e "$p" ] || { echo "no $p after loading the modules"; return 7; }
    done
}
# With lab_jfio_cp set (the directory .ci/lab-guest.sh compiled .ci/LabJfio.java into), J is
# lab_jfio: the check's jfio runs share one JVM (LabJfio), started at the first run in the
# check's directory and ended by lab_jfio_stop. Each run gets its arguments, its cwd's relative
# paths, its stdout and stderr (the caller's redirections: LabJfio opens this shell's
# /proc/PID/fd/1 and 2) and its exit status as from a JVM of its own.
# Its FIFOs are in the guest's /dev/shm: the 9p shares refuse mkfifo (ENXIO).
lab_jfio_pid=
lab_jfio_dir=
lab_jfio() {
    local d=$lab_jfio_dir rc=
    if [ -z "$lab_jfio_pid" ]; then
        d=$(mktemp -d /dev/shm/lab-jfio.XXXXXX) && mkfifo "$d/req" "$d/resp" || return 1
        lab_jfio_dir=$d
        $JVM -cp "$jar:$lab_jfio_cp" LabJfio "$d" </dev/null >"$d/jvm.log" 2>&1 &
        lab_jfio_pid=$!
        # read-write opens of the FIFOs never block, and keep them open between runs
        exec 8<>"$d/req" 9<>"$d/resp"
    fi
    printf '%s\0' "/proc/$BASHPID/fd/1" "/proc/$BASHPID/fd/2" "$@" >"$d/args"
    echo run >&8
    # a JVM that died answers nothing: the run fails, not the guest hangs
    while ! read -r -t 5 rc <&9; do
        kill -0 "$lab_jfio_pid" 2>/dev/null || { echo "lab_jfio: the JVM ended:" >&2; cat "$d/jvm.log" >&2; return 1; }
    done
    return "$rc"
}
lab_jfio_stop() {
    [ -n "$lab_jfio_pid" ] || return 0
    echo quit >&8
    wait "$lab_jfio_pid"
    exec 8>&- 9<&-
    # what the JVM itself said (nothing, unless it broke), for the check's output
    [ -s "$lab_jfio_dir/jvm.log" ] && sed 's/^/lab_jfio: /' "$lab_jfio_dir/jvm.log"
    rm -rf "$lab_jfio_dir"
    lab_jfio_pid=
}
if [ -n "${lab_jfio_cp:-}" ]; then J=lab_jfio; fi
