package io.jfio.engine.nativeio;

/** open(2) flags of x86-64 Linux (spec/engines.md 1.3), and how fio composes them for a job. */
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
     * The flags fio's generic open uses for a job's file: read-write (created if missing, for
     * regular files only) when the job writes, read-only otherwise, plus O_DIRECT for direct=1
     * and the job's O_SYNC/O_DSYNC.
     *
     * @param extra O_SYNC / O_DSYNC from sync=, or 0
     */
    public static int forJob(boolean writes, boolean direct, boolean regularFile, int extra) {
        int flags = writes ? O_RDWR : O_RDONLY;
        if (writes && regularFile) {
            flags |= O_CREAT;
        }
        if (direct) {
            flags |= O_DIRECT;
        }
        return flags | extra | O_CLOEXEC;
    }
}
