package io.jfio.engine.uring;

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
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * fio's io_uring engine over a hand-written {@link Ring}. queue() fills one zeroed SQE per unit
 * (user_data = unit index), commit() publishes the batch and submits it with one io_uring_enter,
 * getEvents() reaps CQEs into a preallocated unit array, entering with GETEVENTS when it must wait
 * (and always when nothing is ready: under DEFER_TASKRUN and IOPOLL completions only appear inside
 * enter). Everything runs on the job thread that called init (SINGLE_ISSUER).
 */
public final class IoUringEngine implements IoEngine {
    private static final LibC C = Native.libc();
    private static final long BLKDISCARD = 0x1277L;
    /** io_uring cmd_op for an asynchronous block discard (_IO(0x12, 0)), spec 1.5. */
    private static final int BLOCK_URING_CMD_DISCARD = 0x1200;
    private static final int ENOTTY = 25;
    /** Whether trims go through URING_CMD discard; off after the first refusal or without URING_CMD. */
    private boolean discardCmd;

    private IoUringOptions opts;
    private Ring ring;
    private SubmissionQueue sq;
    private CompletionQueue cq;
    private Thread owner;
    private int depth;
    private IoUnit[] units;
    private IoUnit[] events;
    private int eventCount;
    /** Queued by queue() but not yet consumed by the kernel. */
    private int queued;
    /** Consumed by the kernel, not yet reaped. */
    private int inFlight;
    private boolean iopoll;
    private boolean sqpoll;
    private boolean vectored;
    private int baseRwFlags;
    private int forceAsyncCounter;
    private static final long POLL_STALL_NANOS = 10_000_000_000L;
    private long stuckSince;
    /** A file polled I/O goes to, for the stall diagnosis. */
    private String pollFile;
    /** One iovec per unit for READV/WRITEV. */
    private ByteBuffer iovecs;
    private long iovecsAddr;
    private ByteBuffer registeredFds;
    private final ByteBuffer discardRange = RawMemory.allocate(16, 8);
    private final long discardRangeAddr = RawMemory.address(discardRange);

    @Override
    public String name() {
        return "io_uring";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.noneOf(EngineFlag.class);
    }

    @Override
    public List<EngineOption> options() {
        return IoUringOptions.OPTIONS;
    }

    /** The ring, for tests and diagnostics (null before init). */
    public Ring ring() {
        return ring;
    }

    public boolean vectored() {
        return vectored;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        opts = IoUringOptions.parse(ctx.engineOptions());
        owner = Thread.currentThread();
        List<IoUnit> list = ctx.ioUnits();
        int maxIndex = 0;
        for (IoUnit u : list) {
            maxIndex = Math.max(maxIndex, u.index);
        }
        units = new IoUnit[maxIndex + 1];
        for (IoUnit u : list) {
            units[u.index] = u;
        }
        depth = Integer.highestOneBit(Math.max(1, Math.max(ctx.iodepth(), list.size())) * 2 - 1);
        events = new IoUnit[depth];

        int flags = Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN | Uring.SETUP_SINGLE_ISSUER;
        if (opts.deferTaskrun) {
            flags |= Uring.SETUP_DEFER_TASKRUN;
        }
        if (opts.hipri) {
            flags |= Uring.SETUP_IOPOLL;
        }
        if (opts.sqthreadPoll) {
            flags |= Uring.SETUP_SQPOLL;
            // DEFER_TASKRUN and SQPOLL are exclusive (EINVAL); fio drops DEFER via its retry ladder.
            flags &= ~Uring.SETUP_DEFER_TASKRUN;
            if (opts.sqthreadPollCpu >= 0) {
                flags |= Uring.SETUP_SQ_AFF;
            }
        }
        ring = Ring.setupWithFallback(depth, flags, depth, opts.sqthreadPollCpu, 0);
        sq = ring.sq();
        cq = ring.cq();
        // As fio after 3.42: a registered ring fd spares the kernel an fd lookup on every enter.
        ring.registerRingFd();
        iopoll = ring.hasFlag(Uring.SETUP_IOPOLL);
        sqpoll = ring.hasFlag(Uring.SETUP_SQPOLL);
        try {
            boolean[] ops = ring.probe();
            discardCmd = ops != null && ops[Uring.OP_URING_CMD] && !iopoll;
            if (opts.nonvectored < 0) {
                vectored = ops == null || !(ops[Uring.OP_READ] && ops[Uring.OP_WRITE]);
            } else {
                vectored = opts.nonvectored == 0;
            }
            iovecs = RawMemory.allocate(16 * units.length, 64);
            iovecsAddr = RawMemory.address(iovecs);
            if (opts.fixedbufs) {
                ByteBuffer reg = RawMemory.allocate(16 * units.length, 64);
                for (IoUnit u : list) {
                    reg.putLong(16 * u.index, u.bufferAddress);
                    reg.putLong(16 * u.index + 8, u.bufferCapacity);
                }
                int r = ring.registerBuffers(RawMemory.address(reg), units.length);
                if (r < 0) {
                    throw new EngineException(-r, "io_uring_register", "io_uring: fixedbufs: registering "
                        + units.length + " buffers failed: " + Errno.describe(-r)
                        + (r == -Errno.ENOMEM ? " (locked-memory limit too low? see ulimit -l)" : ""));
                }
            }
            if (opts.registerfiles) {
                int n = Math.max(1, ctx.files().size());
                registeredFds = RawMemory.allocate(4 * n, 8);
                for (int i = 0; i < n; i++) {
                    registeredFds.putInt(4 * i, -1);
                }
                int r = ring.registerFiles(RawMemory.address(registeredFds), n);
                if (r < 0) {
                    throw new EngineException(-r, "io_uring_register", "io_uring: registerfiles: registering "
                        + n + " file slots failed: " + Errno.describe(-r));
                }
            }
        } catch (EngineException e) {
            ring.close();
            ring = null;
            throw e;
        }
        int rw = 0;
        if (opts.uncached != 0 && !ctx.direct()) {
            rw |= Uring.RWF_DONTCACHE;
        }
        if (opts.nowait) {
            rw |= Uring.RWF_NOWAIT;
        }
        baseRwFlags = rw;
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        if (opts != null && opts.hipri) {
            String why = BlockQueue.whyNoPolling(file.path);
            if (why != null) {
                throw new EngineException(Errno.EOPNOTSUPP, "io_uring", "io_uring: hipri: " + why);
            }
            pollFile = file.path;
        }
        GenericFileOps.open(file, openFlags);
        int fd = file.fd;
        if (opts != null && opts.registerfiles && ring != null) {
            int slot = file.index;
            int r = ring.updateFile(slot, fd);
            if (r < 0) {
                C.close(fd);
                file.fd = -1;
                throw new EngineException(-r, "io_uring_register", "io_uring: registerfiles: registering "
                    + file.path + " in slot " + slot + " failed: " + Errno.describe(-r));
            }
            file.engineSlot = slot;
        }
    }

    @Override
    public void closeFile(IoFile file) throws EngineException {
        if (file.fd < 0) {
            return;
        }
        if (file.engineSlot >= 0 && ring != null) {
            ring.updateFile(file.engineSlot, -1);
            file.engineSlot = -1;
        }
        GenericFileOps.close(file);
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (queued + inFlight >= depth) {
            return QueueStatus.BUSY;
        }
        IoDirection d = u.ddir;
        if (d == IoDirection.TRIM) {
            return trim(u);
        }
        if (iopoll && (d == IoDirection.SYNC || d == IoDirection.DATASYNC)) {
            // FSYNC on an IOPOLL ring fails with EINVAL (spec 4.11): do it synchronously instead.
            int r = d == IoDirection.SYNC ? C.fsync(u.file.fd) : C.fdatasync(u.file.fd);
            u.complete(r < 0 ? -Native.errno() : 0);
            return QueueStatus.COMPLETED;
        }
        int slot = sq.next();
        if (slot < 0) {
            return QueueStatus.BUSY;
        }
        IoFile f = u.file;
        int sqeFlags = 0;
        int fd = f.fd;
        if (f.engineSlot >= 0) {
            sqeFlags = Uring.SQE_FIXED_FILE;
            fd = f.engineSlot;
        }
        if (opts.forceAsync > 0 && ++forceAsyncCounter >= opts.forceAsync) {
            forceAsyncCounter = 0;
            sqeFlags |= Uring.SQE_ASYNC;
        }
        switch (d) {
            case READ, WRITE -> {
                boolean read = d == IoDirection.READ;
                int rw = baseRwFlags | u.rwFlags;
                if (opts.fixedbufs) {
                    sq.prep(slot, read ? Uring.OP_READ_FIXED : Uring.OP_WRITE_FIXED, sqeFlags, fd, u.offset,
                        u.bufferAddress, u.length, rw, u.index);
                    sq.putShort(slot, Uring.SQE_BUF_INDEX, u.index);
                } else if (vectored) {
                    int io = 16 * u.index;
                    iovecs.putLong(io, u.bufferAddress);
                    iovecs.putLong(io + 8, u.length);
                    sq.prep(slot, read ? Uring.OP_READV : Uring.OP_WRITEV, sqeFlags, fd, u.offset,
                        iovecsAddr + io, 1, rw, u.index);
                } else {
                    sq.prep(slot, read ? Uring.OP_READ : Uring.OP_WRITE, sqeFlags, fd, u.offset,
                        u.bufferAddress, u.length, rw, u.index);
                }
            }
            case SYNC -> sq.prep(slot, Uring.OP_FSYNC, sqeFlags, fd, 0, 0, 0, 0, u.index);
            case DATASYNC -> sq.prep(slot, Uring.OP_FSYNC, sqeFlags, fd, 0, 0, 0, Uring.FSYNC_DATASYNC, u.index);
            case SYNC_FILE_RANGE -> sq.prep(slot, Uring.OP_SYNC_FILE_RANGE, sqeFlags, fd, u.offset, 0, u.length,
                u.rwFlags != 0 ? u.rwFlags : SYNC_FILE_RANGE_WRITE, u.index);
            default -> throw new IllegalStateException("io_uring: unexpected ddir " + d);
        }
        queued++;
        return QueueStatus.QUEUED;
    }

    /** sync_file_range flags used when the runner passes none in {@link IoUnit#rwFlags}. */
    static final int SYNC_FILE_RANGE_WRITE = 2;

    private QueueStatus trim(IoUnit u) {
        IoFile f = u.file;
        if (discardCmd && f.type == IoFile.Type.BLOCK) {
            // As fio 3.42: an asynchronous block discard (URING_CMD, 6.12+); the first refusal
            // turns it off and that trim is redone with the ioctl when its CQE is reaped.
            int slot = sq.next();
            if (slot < 0) {
                return QueueStatus.BUSY;
            }
            int sqeFlags = 0;
            int fd = f.fd;
            if (f.engineSlot >= 0) {
                sqeFlags = Uring.SQE_FIXED_FILE;
                fd = f.engineSlot;
            }
            sq.prep(slot, Uring.OP_URING_CMD, sqeFlags, fd, 0, u.offset, 0, 0, u.index);
            sq.putInt(slot, Uring.SQE_CMD_OP, BLOCK_URING_CMD_DISCARD);
            sq.putLong(slot, Uring.SQE_ADDR3, u.length);
            queued++;
            return QueueStatus.QUEUED;
        }
        if (queued > 0) {
            return QueueStatus.BUSY; // fio: synchronous trims only with nothing queued
        }
        u.complete(syncDiscard(u));
        return QueueStatus.COMPLETED;
    }

    private long syncDiscard(IoUnit u) {
        discardRange.putLong(0, u.offset);
        discardRange.putLong(8, u.length);
        int r = C.ioctl(u.file.fd, BLKDISCARD, discardRangeAddr);
        return r < 0 ? -Native.errno() : u.length;
    }

    /** A reaped discard: 0 means done; a refusal of the command itself falls back to the ioctl. */
    private long discardResult(IoUnit u, int res) {
        if (res == 0) {
            return u.length;
        }
        if (res == -Errno.EOPNOTSUPP || res == -Errno.EINVAL || res == -ENOTTY) {
            discardCmd = false;
            return syncDiscard(u);
        }
        return res;
    }

    private void checkOwner() throws EngineException {
        if (Thread.currentThread() != owner) {
            throw new EngineException(Errno.EEXIST, "io_uring_enter", "io_uring: ring created on thread "
                + owner.getName() + " used from " + Thread.currentThread().getName()
                + " (SINGLE_ISSUER rings belong to their creating thread)");
        }
    }

    @Override
    public int commit() throws EngineException {
        checkOwner();
        int n = sq.publish();
        if (n == 0) {
            return 0;
        }
        if (sqpoll) {
            if (sq.needsWakeup()) {
                int r = ring.enter(0, 0, Uring.ENTER_SQ_WAKEUP);
                if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN) {
                    throw enterFailed(r);
                }
            }
            sq.consumed(n);
            inFlight += n;
            queued -= n;
            return n;
        }
        int submitted = 0;
        while (sq.unsubmitted() > 0) {
            int r = ring.enter(sq.unsubmitted(), 0, Uring.ENTER_GETEVENTS);
            if (r < 0) {
                if (r == -Errno.EINTR) {
                    continue;
                }
                if (r == -Errno.EAGAIN || r == -Errno.EBUSY) {
                    break; // kernel short of resources: getEvents reaps and resubmits the rest
                }
                throw enterFailed(r);
            }
            if (r == 0) {
                break;
            }
            sq.consumed(r);
            inFlight += r;
            queued -= r;
            submitted += r;
        }
        return submitted;
    }

    private EngineException enterFailed(int r) {
        return new EngineException(-r, "io_uring_enter", "io_uring: io_uring_enter failed: " + Errno.describe(-r));
    }

    private int reap(int max) {
        int k = cq.ready();
        if (k > max - eventCount) {
            k = max - eventCount;
        }
        for (int i = 0; i < k; i++) {
            IoUnit u = units[(int) cq.userData(i)];
            int res = cq.res(i);
            u.complete(u.ddir == IoDirection.TRIM ? discardResult(u, res) : res);
            events[eventCount++] = u;
        }
        if (k > 0) {
            cq.advance(k);
            inFlight -= k;
        }
        return k;
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        checkOwner();
        eventCount = 0;
        if (max > events.length) {
            max = events.length;
        }
        if (min > max) {
            min = max;
        }
        reap(max);
        stuckSince = 0;
        boolean timedOut = false;
        while (!timedOut && (eventCount < min || (eventCount == 0 && inFlight > 0 && min == 0))) {
            if (sqpoll) {
                if (eventCount >= min) {
                    break;
                }
                // The SQ thread completes I/O; waiting with GETEVENTS is still allowed.
            }
            int unsub = sqpoll ? 0 : sq.publish();
            if (inFlight + unsub == 0) {
                break; // nothing could ever complete
            }
            int want = Math.max(0, min - eventCount);
            int r = timeoutNanos >= 0 && want > 0 && (ring.features() & Uring.FEAT_EXT_ARG) != 0
                ? ring.enterTimeout(unsub, want, 0, timeoutNanos)
                : ring.enter(unsub, want, Uring.ENTER_GETEVENTS);
            if (r >= 0) {
                if (r > 0) {
                    sq.consumed(r);
                    inFlight += r;
                    queued -= r;
                }
            } else if (r == -Errno.ETIME) {
                timedOut = true;
            } else if (r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
                throw enterFailed(r);
            }
            int got = reap(max);
            if (min == 0) {
                break; // one look inside the kernel is all a non-blocking reap owes
            }
            if (iopoll) {
                // Polled rings never sleep: bound the spin so a device or kernel that never
                // completes polled I/O (spec 4.14) ends the job with a diagnosis instead of a hang.
                if (got > 0) {
                    stuckSince = 0;
                } else if (stuckSince == 0) {
                    stuckSince = System.nanoTime();
                } else if (System.nanoTime() - stuckSince > POLL_STALL_NANOS) {
                    throw new EngineException(Errno.ETIME, "io_uring_enter", "io_uring: hipri: no completion for "
                        + POLL_STALL_NANOS / 1_000_000_000L + " s with " + inFlight + " I/Os in flight; "
                        + pollDiagnosis() + (ring.hasFlag(Uring.SETUP_DEFER_TASKRUN) ? "; try defer_taskrun=0" : ""));
                }
            }
        }
        return eventCount;
    }

    @Override
    public String errorHint(int errno) {
        if (errno == Errno.EOPNOTSUPP && (baseRwFlags & io.jfio.engine.nativeio.RwfFlags.RWF_DONTCACHE) != 0) {
            return io.jfio.engine.nativeio.RwfFlags.DONTCACHE_HINT;
        }
        if (errno == Errno.EAGAIN && (baseRwFlags & io.jfio.engine.nativeio.RwfFlags.RWF_NOWAIT) != 0) {
            return "nowait=1: the kernel refused to block (EAGAIN); fio suggests ignore_error=EAGAIN";
        }
        return null;
    }

    private String pollDiagnosis() {
        String pq;
        try {
            pq = java.nio.file.Files.readString(java.nio.file.Path.of("/sys/module/nvme/parameters/poll_queues")).trim();
        } catch (java.io.IOException | RuntimeException e) {
            pq = "n/a";
        }
        String why = pollFile == null ? null : BlockQueue.whyNoPolling(pollFile);
        return "/sys/module/nvme/parameters/poll_queues=" + pq + (why == null ? "" : "; " + why);
    }

    @Override
    public IoUnit event(int i) {
        return events[i];
    }

    @Override
    public void cleanup() {
        if (ring != null) {
            ring.close(); // closing the fd also drops registered buffers and files
            ring = null;
        }
    }
}
