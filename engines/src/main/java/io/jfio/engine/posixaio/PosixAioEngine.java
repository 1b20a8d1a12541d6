package io.jfio.engine.posixaio;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.BlkDiscard;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;
import io.jfio.engine.nativeio.RawMemory;

/**
 * fio's posixaio engine on glibc's aio_read/aio_write/aio_fsync (glibc runs them on its own
 * thread pool; jnr-ffi calls them like any libc function). Each unit owns one struct aiocb in a
 * native array allocated at init; completions are found by polling aio_error over the units in
 * flight and waiting in aio_suspend on up to eight of them, as engines/posixaio.c does. Trims
 * are done inline once nothing is queued. There is no commit hook: fio then counts one submit
 * and one completion per queued I/O.
 */
public final class PosixAioEngine implements IoEngine {
    /** glibc x86_64 struct aiocb (aiocb64 is the same on 64-bit). */
    static final int AIOCB_SIZE = 168;
    private static final int OFF_FILDES = 0;
    private static final int OFF_BUF = 16;
    private static final int OFF_NBYTES = 24;
    private static final int OFF_SIGEV_NOTIFY = 32 + 12;
    private static final int OFF_OFFSET = 128;
    private static final int SIGEV_NONE = 1;
    private static final int O_SYNC = 0x101000;
    private static final int EINPROGRESS = 115;
    private static final int ECANCELED = 125;
    private static final int EAGAIN = 11;
    private static final int SUSPEND_ENTRIES = 8;

    private PosixLib aio;
    private final BlkDiscard discard = new BlkDiscard();
    private IoUnit[] byIndex;
    private ByteBuffer aiocbs;
    private long aiocbBase;
    private ByteBuffer suspendList;
    private long suspendAddr;
    private ByteBuffer timespec;
    private long timespecAddr;
    /** Unit indices in flight, in queue order. */
    private int[] inFlight;
    private int inFlightCount;
    private IoUnit[] events;

    @Override
    public String name() {
        return "posixaio";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.NO_COMMIT);
    }

    @Override
    public List<EngineOption> options() {
        return List.of();
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions.none(ctx.engineOptions());
        aio = PosixLib.get();
        byIndex = IoUnit.byIndex(ctx.ioUnits());
        aiocbs = RawMemory.allocate(AIOCB_SIZE * byIndex.length, 64);
        aiocbBase = RawMemory.address(aiocbs);
        suspendList = RawMemory.allocate(8 * SUSPEND_ENTRIES, 8);
        suspendAddr = RawMemory.address(suspendList);
        timespec = RawMemory.allocate(16, 8);
        timespecAddr = RawMemory.address(timespec);
        inFlight = new int[byIndex.length];
        events = new IoUnit[byIndex.length];
    }

    private long aiocb(IoUnit u) {
        return aiocbBase + (long) AIOCB_SIZE * u.index;
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir == IoDirection.TRIM) {
            if (inFlightCount > 0) {
                return QueueStatus.BUSY;
            }
            // fio's do_io_u_trim is BLKDISCARD whatever the file is (ENOTTY on a regular file)
            u.complete(discard.discard(u.file.fd, u.offset, u.length));
            return QueueStatus.COMPLETED;
        }
        int at = AIOCB_SIZE * u.index;
        for (int i = 0; i < AIOCB_SIZE; i += 8) {
            aiocbs.putLong(at + i, 0L);
        }
        aiocbs.putInt(at + OFF_FILDES, u.file.fd);
        aiocbs.putLong(at + OFF_BUF, u.bufferAddress);
        aiocbs.putLong(at + OFF_NBYTES, u.length);
        aiocbs.putLong(at + OFF_OFFSET, u.offset);
        aiocbs.putInt(at + OFF_SIGEV_NOTIFY, SIGEV_NONE);
        long cb = aiocbBase + at;
        int rc = switch (u.ddir) {
            case READ -> aio.aio_read(cb);
            case WRITE -> aio.aio_write(cb);
            default -> aio.aio_fsync(O_SYNC, cb);
        };
        if (rc != 0) {
            int errno = Native.errno();
            if (errno == EAGAIN) {
                return QueueStatus.BUSY;
            }
            u.complete(-errno);
            return QueueStatus.COMPLETED;
        }
        inFlight[inFlightCount++] = u.index;
        return QueueStatus.QUEUED;
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        long start = timeoutNanos >= 0 ? System.nanoTime() : 0;
        int r = 0;
        while (true) {
            int suspended = 0;
            int kept = 0;
            for (int i = 0; i < inFlightCount; i++) {
                IoUnit u = byIndex[inFlight[i]];
                long cb = aiocb(u);
                int err = r < max ? aio.aio_error(cb) : EINPROGRESS;
                if (err == EINPROGRESS) {
                    inFlight[kept++] = u.index;
                    if (suspended < SUSPEND_ENTRIES) {
                        suspendList.putLong(8 * suspended++, cb);
                    }
                    continue;
                }
                if (err == 0) {
                    u.complete(aio.aio_return(cb));
                } else if (err == ECANCELED) {
                    u.complete(0);
                } else {
                    u.complete(-err);
                }
                events[r++] = u;
            }
            inFlightCount = kept;
            if (r >= min || suspended == 0) {
                return r;
            }
            long waitNanos = -1;
            if (timeoutNanos >= 0) {
                waitNanos = timeoutNanos - (System.nanoTime() - start);
                if (waitNanos <= 0) {
                    return r;
                }
                timespec.putLong(0, waitNanos / 1_000_000_000L);
                timespec.putLong(8, waitNanos % 1_000_000_000L);
            }
            int rc = aio.aio_suspend(suspendAddr, suspended, waitNanos < 0 ? 0L : timespecAddr);
            if (rc != 0) {
                int errno = Native.errno();
                if (errno != EAGAIN && errno != Errno.EINTR) {
                    throw new EngineException(errno, "aio_suspend", "aio_suspend: " + Errno.strerror(errno));
                }
            }
        }
    }

    @Override
    public IoUnit event(int i) {
        return events[i];
    }

    @Override
    public void cleanup() {
        // Nothing may stay queued in glibc against buffers the runner frees next.
        if (inFlightCount > 0 && aio != null) {
            for (int i = 0; i < inFlightCount; i++) {
                IoUnit u = byIndex[inFlight[i]];
                aio.aio_cancel(u.file.fd, aiocb(u));
            }
            for (int i = 0; i < inFlightCount; i++) {
                long cb = aiocb(byIndex[inFlight[i]]);
                while (aio.aio_error(cb) == EINPROGRESS) {
                    suspendList.putLong(0, cb);
                    aio.aio_suspend(suspendAddr, 1, 0L);
                }
            }
            inFlightCount = 0;
        }
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("POSIX asynchronous I/O (glibc aio_read/aio_write/aio_fsync)", PosixAioEngine::new);
        }
    }
}
