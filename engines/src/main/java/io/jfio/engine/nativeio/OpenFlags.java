package io.jfio.engine.nativeio;

/** open(2) flags of x86-64 Linux (asm-generic/fcntl.h), and how fio composes them for a job. */
public final class OpenFlags {
    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_RDWR = 2;
    public static final int O_CREAT = 0x40;
    public static final int O_TRUNC = 0x200;
    public static final int O_APPEND = 0x400;
    public static final int O_NONBLOCK = 0x800;
    public static final int O_DSYNC = 0x1000;
    public static final int O_DIRECT = 0x4000;
    public static final int O_NOATIME = 0x40000;
    public static final int O_CLOEXEC = 0x80000;
    public static final int O_SYNC = 0x101000;

    private OpenFlags() {
    }

    /**
     * The flags fio's generic_open_file (filesetup.c) uses for a job's file: read-write when the
     * job writes (created if missing when {@code create}), read-only otherwise, plus O_DIRECT for
     * direct=1 and the job's O_SYNC/O_DSYNC.
     *
     * @param create O_CREAT for a writing job: a regular file with allow_file_create=1
     * @param extra  O_SYNC / O_DSYNC from sync=, or 0
     */
    public static int forJob(boolean writes, boolean direct, boolean create, int extra) {
        int flags = writes ? O_RDWR : O_RDONLY;
        if (writes && create) {
            flags |= O_CREAT;
        }
        if (direct) {
            flags |= O_DIRECT;
        }
        return flags | extra | O_CLOEXEC;
    }
}
