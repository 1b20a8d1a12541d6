package io.jfio.engine.aio;

import io.jfio.engine.Cmdprio;
import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.GenericFileOps;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.BlkDiscard;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.nativeio.RwfFlags;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * fio's libaio engine with raw syscalls. queue() only fills the unit's iocb (one fixed iocb per
 * unit, aio_data = unit index) and appends its address to the pending list; commit() hands the
 * whole list to io_submit, coping with partial acceptance and EAGAIN as fio does; getEvents() reaps
 * with io_getevents, or from the user-mapped ring with {@code userspace_reap}.
 */
public final class LibaioEngine implements IoEngine {
    static final int IOCB_SIZE = 64;
    static final int IOCB_CMD_PREAD = 0;
    static final int IOCB_CMD_PWRITE = 1;
    static final int IOCB_CMD_FSYNC = 2;
    static final int IOCB_CMD_PREADV = 7;
    static final int IOCB_CMD_PWRITEV = 8;
    /** aio_flags: aio_reqprio holds the I/O's priority (Linux 5.0+). */
    static final int IOCB_FLAG_IOPRIO = 1 << 1;
    private static final long STALL_NANOS = 30_000_000_000L;

    private LibaioOptions opts;
    private Cmdprio cmdprio;
    private AioContext aio;
    private int depth;
    private IoUnit[] units;
    private ByteBuffer iocbs;
    private long iocbsAddr;
    private ByteBuffer iovecs;
    private long iovecsAddr;
    private ByteBuffer pending;
    private long pendingAddr;
    private int pendingCount;
    private int inFlight;
    private ByteBuffer eventBuf;
    private long eventBufAddr;
    private IoUnit[] events;
    private int eventCount;
    private int baseRwFlags;
    private final BlkDiscard discard = new BlkDiscard();

    /** io_submit calls that took less than the whole batch (partial or EAGAIN/ENOMEM). */
    private long shortSubmits;

    public long shortSubmits() {
        return shortSubmits;
    }

    /** io_setup size; 0 = the job's depth (as fio). */
    private final int contextEvents;

    public LibaioEngine() {
        this(0);
    }

    /**
     * With a context smaller than the depth (tests only): io_submit then accepts part of a batch
     * or says EAGAIN, which exercises the resubmission path.
     */
    public LibaioEngine(int contextEvents) {
        this.contextEvents = contextEvents;
    }

    @Override
    public String name() {
        return "libaio";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.SETS_ISSUE_TIME, EngineFlag.ATOMIC_WRITES);
    }

    @Override
    public List<EngineOption> options() {
        return LibaioOptions.OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        opts = LibaioOptions.parse(ctx.engineOptions());
        cmdprio = Cmdprio.from(ctx.engineOptions(), ctx.jobName(), ctx.reads(), ctx.writes(), ctx.ioprio(),
            ctx.randomSeed());
        List<IoUnit> list = ctx.ioUnits();
        units = IoUnit.byIndex(list);
        depth = Math.max(1, Math.max(ctx.iodepth(), list.size()));
        iocbs = RawMemory.allocate(IOCB_SIZE * units.length, 64);
        iocbsAddr = RawMemory.address(iocbs);
        iovecs = RawMemory.allocate(16 * units.length, 64);
        iovecsAddr = RawMemory.address(iovecs);
        pending = RawMemory.allocate(8 * depth, 64);
        pendingAddr = RawMemory.address(pending);
        eventBuf = RawMemory.allocate(AioContext.EVENT_SIZE * depth, 64);
        eventBufAddr = RawMemory.address(eventBuf);
        events = new IoUnit[depth];
        baseRwFlags = RwfFlags.forJob(opts.uncached, opts.nowait, ctx.direct());
        aio = AioContext.setup(contextEvents > 0 ? contextEvents : depth);
    }

    @Override
    public int[] clatPrios(int ddir) {
        return cmdprio.clatPrios(ddir);
    }

    /** The iocb the unit with this index was last queued in (for tests): 64 bytes. */
    ByteBuffer iocb(int index) {
        return iocbs.slice(IOCB_SIZE * index, IOCB_SIZE).order(iocbs.order());
    }

    /** The AIO context (for tests), null before init. */
    public AioContext context() {
        return aio;
    }

    @Override
    public void closeFile(IoFile file) throws EngineException {
        if (file.fd < 0) {
            return;
        }
        GenericFileOps.close(file);
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (pendingCount + inFlight >= depth) {
            return QueueStatus.BUSY;
        }
        IoDirection d = u.ddir;
        if (d == IoDirection.TRIM) {
            if (pendingCount > 0) {
                return QueueStatus.BUSY; // fio: synchronous trims only with nothing queued
            }
            u.complete(discard.discard(u.file.fd, u.offset, u.length));
            return QueueStatus.COMPLETED;
        }
        long b = iocbsAddr + (long) IOCB_SIZE * u.index;
        int op;
        long buf = u.bufferAddress;
        long nbytes = u.length;
        int rw = 0;
        int prio = -1;
        switch (d) {
            case READ, WRITE -> {
                boolean read = d == IoDirection.READ;
                rw = baseRwFlags | u.rwFlags;
                if (cmdprio.active()) {
                    prio = cmdprio.choose(u);
                }
                if (opts.vectored) {
                    long v = iovecsAddr + 16L * u.index;
                    RawMemory.putLong(v, u.bufferAddress);
                    RawMemory.putLong(v + 8, u.length);
                    op = read ? IOCB_CMD_PREADV : IOCB_CMD_PWRITEV;
                    buf = v;
                    nbytes = 1;
                } else {
                    op = read ? IOCB_CMD_PREAD : IOCB_CMD_PWRITE;
                }
            }
            // fio uses FSYNC for fsync, fdatasync and sync_file_range alike.
            case SYNC, DATASYNC, SYNC_FILE_RANGE -> {
                op = IOCB_CMD_FSYNC;
                buf = 0;
                nbytes = 0;
            }
            default -> throw new IllegalStateException("libaio: unexpected ddir " + d);
        }
        // The whole iocb in eight stores through its address (the kernel reads it at io_submit).
        long reqprio = prio >= 0 ? prio & 0xffffL : 0L;
        RawMemory.putLong(b, u.index);                                        // aio_data
        RawMemory.putLong(b + 8, (long) rw << 32);                            // aio_key 0, aio_rw_flags
        RawMemory.putLong(b + 16, (op & 0xffffL) | reqprio << 16 | (long) u.file.fd << 32); // opcode, reqprio, fildes
        RawMemory.putLong(b + 24, buf);                                       // aio_buf
        RawMemory.putLong(b + 32, nbytes);                                    // aio_nbytes
        RawMemory.putLong(b + 40, op == IOCB_CMD_FSYNC ? 0 : u.offset);       // aio_offset
        RawMemory.putLong(b + 48, 0L);                                        // aio_reserved2
        RawMemory.putLong(b + 56, prio >= 0 ? IOCB_FLAG_IOPRIO : 0L);         // aio_flags, aio_resfd 0
        RawMemory.putLong(pendingAddr + 8L * pendingCount++, b);
        return QueueStatus.QUEUED;
    }

    /** fio's libaio_queued: the units io_submit took get one issue time, read after the call. */
    private void stampIssued(int from, int n) {
        long now = System.nanoTime();
        for (int i = from; i < from + n; i++) {
            long iocb = RawMemory.getLong(pendingAddr + 8L * i);
            units[(int) RawMemory.getLong(iocb)].issueTimeNanos = now; // aio_data
        }
    }

    @Override
    public int commit() throws EngineException {
        int idx = 0;
        long stallStart = 0;
        while (idx < pendingCount) {
            int r = aio.submit(pendingAddr + 8L * idx, pendingCount - idx);
            if (r < pendingCount - idx) {
                shortSubmits++;
            }
            if (r > 0) {
                stampIssued(idx, r);
                idx += r;
                inFlight += r;
                stallStart = 0;
                continue;
            }
            if (r == -Errno.EINTR) {
                continue;
            }
            if (r == 0 || r == -Errno.EAGAIN || r == -Errno.ENOMEM) {
                if (inFlight > 0) {
                    break; // reap first, the rest goes with the next commit
                }
                long now = System.nanoTime();
                if (stallStart == 0) {
                    stallStart = now;
                } else if (now - stallStart > STALL_NANOS) {
                    throw new EngineException(-r, "io_submit", "libaio: aio appears to be stalled, giving up");
                }
                LockSupport.parkNanos(1000);
                continue;
            }
            // io_submit refused the first iocb (EINVAL, EBADF, EOPNOTSUPP for an RWF flag the
            // file does not support, ...): as fio's libaio commit, the commit fails with that
            // errno and the job stops (fio: "func=io commit"), no io_u error for the unit.
            throw new EngineException(-r, "io commit", null);
        }
        if (idx > 0) {
            for (int i = idx; i < pendingCount; i++) {
                RawMemory.putLong(pendingAddr + 8L * (i - idx), RawMemory.getLong(pendingAddr + 8L * i));
            }
            pendingCount -= idx;
        }
        return idx;
    }

    private void convert(int n) {
        for (int i = 0; i < n; i++) {
            long e = eventBufAddr + (long) AioContext.EVENT_SIZE * i;
            IoUnit u = units[(int) RawMemory.getLong(e)];   // data
            u.complete(RawMemory.getLong(e + 16));           // res
            events[eventCount++] = u;
        }
        inFlight -= n;
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        eventCount = 0;
        if (max > events.length) {
            max = events.length;
        }
        if (min > max) {
            min = max;
        }
        boolean first = true;
        while (eventCount < max && (first || eventCount < min)) {
            first = false;
            if (inFlight == 0) {
                if (pendingCount > 0) {
                    commit();
                }
                if (inFlight == 0) {
                    break; // nothing in the kernel: waiting would never end
                }
            }
            int want = Math.max(0, min - eventCount);
            int n;
            if (opts.userspaceReap && want == 0 && aio.userReapable()) {
                n = aio.reapUser(eventBuf, max - eventCount);
            } else {
                n = aio.getEvents(want, max - eventCount, eventBufAddr, timeoutNanos);
            }
            if (n < 0) {
                if (n == -Errno.EINTR) {
                    first = eventCount == 0;
                    continue;
                }
                if (n == -Errno.EAGAIN) {
                    commit();
                    LockSupport.parkNanos(10_000);
                    continue;
                }
                throw new EngineException(-n, "io_getevents", "libaio: io_getevents failed: " + Errno.describe(-n));
            }
            convert(n);
            if (n == 0 && timeoutNanos >= 0) {
                break; // timed out
            }
        }
        return eventCount;
    }

    @Override
    public String errorHint(int errno) {
        return RwfFlags.errorHint(errno, baseRwFlags);
    }

    @Override
    public IoUnit event(int i) {
        return events[i];
    }

    /** A file is its descriptor to this engine (its io_context is the instance's own). */
    @Override
    public boolean sharesOpenFiles() {
        return true;
    }

    @Override
    public void cleanup() {
        if (aio != null) {
            aio.close();
            aio = null;
        }
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("Linux native asynchronous I/O (raw syscalls, no libaio.so)", LibaioEngine::new);
        }
    }
}
