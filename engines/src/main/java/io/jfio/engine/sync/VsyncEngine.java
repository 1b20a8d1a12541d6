package io.jfio.engine.sync;

import java.util.List;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Native;

/**
 * fio's vsync: queued units that are contiguous (same file, same direction, each starting where
 * the previous ended) are coalesced into one lseek + readv/writev at commit, up to iodepth
 * iovecs. A unit that does not continue the batch makes queue() return BUSY so the runner
 * commits first. Sync directions run at once when nothing is queued. A trim is batched like a
 * write and written with writev, as fio's vsync does (its commit only tells reads from the rest);
 * in a trim-only job fio's units have no buffer, so that writev fails with EFAULT, and here
 * too. Like fio, the engine is
 * flagged SYNC_IO yet returns QUEUED: the runner must follow the QueueStatus, not the flag.
 * Completions are returned by getEvents(min &gt; 0) after commit.
 */
public final class VsyncEngine extends SyncEngineBase {
    private IoUnit[] queued;
    /** Units of the last commit, kept apart so queueing the next batch can't overwrite them. */
    private IoUnit[] done;
    private int count;
    private int events;
    private long queuedBytes;
    private long lastOffset = -1;
    private IoFile lastFile;
    private IoDirection lastDir;
    private boolean dataBuffers;

    @Override
    public String name() {
        return "vsync";
    }

    @Override
    int iovecCount() {
        return Math.max(1, ctx.iodepth());
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        this.ctx = ctx;
        super.init(ctx);
        queued = new IoUnit[Math.max(1, ctx.iodepth())];
        dataBuffers = ctx.dataBuffers();
        int units = ctx.ioUnits() == null ? 0 : ctx.ioUnits().size();
        done = new IoUnit[Math.max(queued.length, units)];
    }

    private boolean continues(IoUnit u) {
        return !u.ddir.isSync()
            && u.offset == lastOffset && u.file == lastFile && u.ddir == lastDir;
    }

    private void append(IoUnit u) {
        setIovec(count, u);
        if (u.ddir == IoDirection.TRIM && !dataBuffers) {
            Mem.putLong(iovecBase + 16L * count, 0L);
        }
        queued[count++] = u;
        lastOffset = u.offset + u.length;
        lastFile = u.file;
        lastDir = u.ddir;
        queuedBytes += u.length;
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (!continues(u)) {
            if (count > 0) {
                return QueueStatus.BUSY;
            }
            if (u.ddir.isSync()) {
                return super.queue(u);
            }
            queuedBytes = 0;
            append(u);
        } else {
            if (count == queued.length) {
                return QueueStatus.BUSY;
            }
            append(u);
        }
        return QueueStatus.QUEUED;
    }

    @Override
    long transfer(IoUnit u) {
        // not used: data moves in commit()
        throw new IllegalStateException();
    }

    @Override
    public int commit() {
        if (count == 0) {
            return 0;
        }
        int n = count;
        int fd = lastFile.fd;
        long ret = libc.lseek(fd, queued[0].offset, SEEK_SET);
        if (ret >= 0) {
            ret = lastDir == IoDirection.READ ? libc.readv(fd, iovecBase, n) : libc.writev(fd, iovecBase, n);
        }
        if (ret < 0) {
            long err = -Native.errno();
            for (int i = 0; i < n; i++) {
                queued[i].complete(err);
            }
        } else {
            // spread the bytes moved over the units in order; a short transfer leaves residuals
            long left = ret;
            for (int i = 0; i < n; i++) {
                long mine = Math.min(left, queued[i].length);
                queued[i].complete(mine);
                left -= mine;
            }
        }
        System.arraycopy(queued, 0, done, events, n);
        events += n;
        count = 0;
        return n;
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) {
        if (min == 0) {
            return 0;
        }
        int ready = events;
        events = 0;
        return ready;
    }

    @Override
    public IoUnit event(int i) {
        return done[i];
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("lseek + readv/writev, coalescing contiguous I/Os", VsyncEngine::new);
        }
    }
}
