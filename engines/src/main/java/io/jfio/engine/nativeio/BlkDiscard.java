package io.jfio.engine.nativeio;

import java.nio.ByteBuffer;

/**
 * A synchronous BLKDISCARD whose 16-byte range argument is allocated once, so a trim on the job's
 * thread allocates nothing. One per engine instance: the range is reused by every call.
 */
public final class BlkDiscard {
    private final ByteBuffer range = RawMemory.allocate(16, 8);
    private final long rangeAddr = RawMemory.address(range);

    /** Discards {@code length} bytes at {@code offset} of the block device; returns length or -errno. */
    public long discard(int fd, long offset, long length) {
        range.putLong(0, offset);
        range.putLong(8, length);
        // libc bound at the first discard, not when an engine is constructed: the registry builds
        // one of each engine to read its name and options, also for a null or --parse-only run.
        int r = Native.libc().ioctl(fd, BlockDevice.BLKDISCARD, rangeAddr);
        return r < 0 ? -Native.errno() : length;
    }
}
