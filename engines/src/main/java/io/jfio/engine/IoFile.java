package io.jfio.engine;

/**
 * One file a job does I/O to (fio's fio_file). Owned by the runner; engines open and close it
 * and may keep a per-file slot (e.g. the index of a registered file).
 */
public final class IoFile {
    public enum Type { REGULAR, BLOCK, CHAR, PIPE }

    public final String path;
    /** Position of the file in its job's file list. */
    public final int index;
    public Type type = Type.REGULAR;
    /** File descriptor while open, else -1. */
    public int fd = -1;
    /** Size of the file or device in bytes (BLKGETSIZE64 for block devices). */
    public long realSize;
    /** Region of the file this job uses: [fileOffset, fileOffset + ioSize). */
    public long fileOffset;
    public long ioSize;
    /** Engine-private slot, e.g. the registered-file index for io_uring; -1 when unused. */
    public int engineSlot = -1;

    public IoFile(String path, int index) {
        this.path = path;
        this.index = index;
    }

    public boolean isOpen() {
        return fd >= 0;
    }

    @Override
    public String toString() {
        return path;
    }
}
