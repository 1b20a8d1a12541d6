package io.jfio.engine.nativeio;

import java.nio.ByteBuffer;

/**
 * A synchronous BLKDISCARD whose 16-byte range argument is allocated once, so a trim on the job's
 * thread allocates nothing after the first. One per engine instance: the range is reused by every call.
 */
public final class BlkDiscard {
    /**
     * Allocated at the first discard: every sync engine holds a BlkDiscard, and a direct buffer
     * per job (and per engine the registry builds to read names) was measurable in the set-up
     * of a 252-job run that never trims.
     */
    private ByteBuffer range;
    private long rangeAddr;

    /** Discards {@code length} bytes at {@code offset} of the block device; returns length or -errno. */
    public long discard(int fd, long offset, long length) {
        if (range == null) {
            range = RawMemory.allocate(16, 8);
            rangeAddr = RawMemory.address(range);
        }
        range.putLong(0, offset);
        range.putLong(8, length);
        // libc bound at the first discard, not when an engine is constructed: the registry builds
        // one of each engine to read its name and options, also for a null or --parse-only run.
        int r = Native.libc().ioctl(fd, BlockDevice.BLKDISCARD, rangeAddr);
        return r < 0 ? -Native.errno() : length;
    }
}
