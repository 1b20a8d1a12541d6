package io.jfio.engine.sync;

import java.util.List;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.SyncIoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.AlignedBuffer;
import io.jfio.engine.nativeio.BlkDiscard;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;

/**
 * What fio's sync-family engines share: generic open/close, the sync directions (fsync,
 * fdatasync, sync_file_range), trim, and fio's result rule (a short count is a residual, -1 is
 * the errno). Subclasses only move data. Native scratch memory (iovecs, the discard range) is
 * allocated once, so queue() allocates nothing.
 */
abstract class SyncEngineBase implements SyncIoEngine {
    static final int SEEK_SET = 0;
    /** SYNC_FILE_RANGE_WAIT_BEFORE | WRITE | WAIT_AFTER: fio's default for sync_file_range=. */
    private static final int SFR_DEFAULT = 0x7;

    protected LibC libc;
    protected EngineContext ctx;
    protected EngineOptions options;
    /** iovec array, 16 bytes per entry, {@link #iovecCount()} entries. */
    protected AlignedBuffer iovecs;
    protected long iovecBase;
    private final BlkDiscard discard = new BlkDiscard();

    @Override
    public List<EngineOption> options() {
        return List.of();
    }

    /** How many iovecs the engine needs (vsync: iodepth). */
    int iovecCount() {
        return 1;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        this.ctx = ctx;
        this.options = parseOptions(ctx);
        this.libc = Native.libc();
        this.iovecs = AlignedBuffer.allocate(16L * Math.max(1, iovecCount()), 64);
        this.iovecBase = iovecs.address();
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        long ret;
        switch (u.ddir) {
            case READ:
            case WRITE:
                ret = transfer(u);
                break;
            case SYNC:
                ret = libc.fsync(u.file.fd);
                break;
            case DATASYNC:
                ret = libc.fdatasync(u.file.fd);
                break;
            case SYNC_FILE_RANGE:
                // nothing written since the last sync: fio's do_sync_file_range makes no call (a length
                // of 0 would sync to the end of the file)
                ret = u.length == 0 && u.rwFlags != 0 ? 0
                        : libc.sync_file_range(u.file.fd, u.offset, u.length, u.rwFlags != 0 ? u.rwFlags : SFR_DEFAULT);
                break;
            case TRIM:
                // fio's do_io_u_trim is BLKDISCARD whatever the file is: ENOTTY on a regular file
                u.complete(discard.discard(u.file.fd, u.offset, u.length));
                return QueueStatus.COMPLETED;
            default:
                ret = -1;
        }
        end(u, ret);
        return QueueStatus.COMPLETED;
    }

    /** The data transfer of one READ/WRITE unit: bytes moved or -1 (errno set). */
    abstract long transfer(IoUnit u);

    /** Records a syscall-style return: data directions keep bytes moved, syncs report their length. */
    final void end(IoUnit u, long ret) {
        if (ret < 0) {
            u.complete(-Native.errno());
        } else if (u.ddir.isSync()) {
            u.complete(u.length);
        } else if (u.ddir == io.jfio.engine.IoDirection.TRIM) {
            u.complete(u.length);
        } else {
            u.complete(ret);
        }
    }

    /** Points iovec {@code i} at the unit's buffer. */
    final long setIovec(int i, IoUnit u) {
        long iov = iovecBase + 16L * i;
        Mem.putLong(iov, u.bufferAddress);
        Mem.putLong(iov + 8, u.length);
        return iov;
    }

    /** A file is its descriptor to these engines (sync seeks the first time it meets one). */
    @Override
    public boolean sharesOpenFiles() {
        return true;
    }

    @Override
    public void cleanup() {
        if (iovecs != null) {
            iovecs.close();
            iovecs = null;
        }
    }
}
