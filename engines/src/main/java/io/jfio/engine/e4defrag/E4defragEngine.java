package io.jfio.engine.e4defrag;

import java.nio.ByteBuffer;
import java.util.List;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoDirection;
import io.jfio.engine.SyncIoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;
import io.jfio.engine.nativeio.RawMemory;

/**
 * fio's e4defrag engine (engines/e4defrag.c): each write moves the block's extents from a donor
 * file into the job's file with ext4's EXT4_IOC_MOVE_EXT, which is what e4defrag(8) does. The
 * donor is preallocated over the whole file at init, or, with inplace=1, allocated per block and
 * truncated again after it. Only writes are accepted (others fail with EINVAL), as in fio.
 */
public final class E4defragEngine implements SyncIoEngine {
    /** _IOWR('f', 15, struct move_extent), 40 bytes. */
    private static final long EXT4_IOC_MOVE_EXT = 0xC028660FL;
    private static final int O_CREAT_WRONLY = 0x40 | 0x1;
    private static final int ST_BLKSIZE = 56;

    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.string("donorname", null, "File used as a block donor"),
        EngineOption.integer("inplace", null, 0, 1, "Alloc and free space inside defrag event"));

    private LibC libc;
    private boolean inplace;
    private int donorFd = -1;
    private long blockSize;
    private ByteBuffer moveExtent;
    private long moveExtentAddr;

    @Override
    public String name() {
        return "e4defrag";
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions eo = parseOptions(ctx);
        String donor = eo.getString("donorname");
        if (donor == null || donor.isEmpty()) {
            throw new EngineException(Errno.EINVAL, "io_queue_init", "'donorname' options required");
        }
        inplace = eo.getLong("inplace") != 0;
        String dir = ctx.directory();
        String path = dir != null ? dir + "/" + donor : donor;
        libc = Native.libc();
        PosixLib posix = PosixLib.get();
        donorFd = libc.open(path, O_CREAT_WRONLY, 0644);
        if (donorFd < 0) {
            int e = Native.errno();
            throw new EngineException(e, "io_queue_init", "Can't open donor file " + path + " err:" + donorFd);
        }
        if (!inplace) {
            long len = ctx.fileSizeHigh() - ctx.startOffset();
            if (libc.fallocate(donorFd, 0, ctx.startOffset(), len) != 0) {
                throw initFailure();
            }
        }
        moveExtent = RawMemory.allocate(256, 8);
        moveExtentAddr = RawMemory.address(moveExtent);
        if (posix.fstat(donorFd, moveExtentAddr) != 0) {
            throw initFailure();
        }
        blockSize = moveExtent.getLong(ST_BLKSIZE);
    }

    private EngineException initFailure() {
        int e = Native.errno();
        libc.close(donorFd);
        donorFd = -1;
        return new EngineException(e, "io_queue_init", null);
    }

    /**
     * fio's e4defrag sets a unit's error inside ->queue without logging it: td_io_queue records
     * it (ioengines.c), so a failed defrag prints no io_u error line.
     */
    @Override
    public String errorFunction(IoUnit unit) {
        return "td_io_queue";
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir != IoDirection.WRITE) {
            // a defrag changes the layout, not the data: only writes, to keep read-only jobs read-only
            u.complete(-Errno.EINVAL);
            return QueueStatus.COMPLETED;
        }
        if (inplace && libc.fallocate(donorFd, 0, u.offset, u.length) != 0) {
            u.complete(-Native.errno());
            return QueueStatus.COMPLETED;
        }
        long origStart = u.offset / blockSize;
        long blocks = (u.offset + u.length + blockSize - 1) / blockSize - origStart;
        moveExtent.putInt(0, 0);
        moveExtent.putInt(4, donorFd);
        moveExtent.putLong(8, origStart);
        moveExtent.putLong(16, origStart);
        moveExtent.putLong(24, blocks);
        moveExtent.putLong(32, 0);
        int rc = libc.ioctl(u.file.fd, EXT4_IOC_MOVE_EXT, moveExtentAddr);
        int errno = rc != 0 ? Native.errno() : 0;
        long moved = Math.min(moveExtent.getLong(32) * blockSize, u.length);
        if (inplace && libc.ftruncate(donorFd, 0) != 0 && errno == 0 && moved == u.length) {
            errno = Native.errno();
        }
        if (errno != 0) {
            u.complete(-errno);
        } else if (moved == 0) {
            u.complete(-Errno.EINVAL); // beyond the end of the file
        } else {
            u.complete(moved); // a short move is a residual, as in fio
        }
        return QueueStatus.COMPLETED;
    }

    @Override
    public void cleanup() {
        if (donorFd >= 0) {
            libc.close(donorFd);
            donorFd = -1;
        }
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("ext4 online defragmentation (EXT4_IOC_MOVE_EXT) of each written block", E4defragEngine::new);
        }
    }
}
