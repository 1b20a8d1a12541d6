package io.jfio.engine.uring;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.GenericFileOps;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.RawMemory;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * What the io_uring and io_uring_cmd engines share: the ring's setup with fio's fallback ladder,
 * registered buffers and file slots, the owner-thread check, and the commit/reap loop. Subclasses
 * fill SQEs in queue() and turn a CQE's res into the unit's result in {@link #complete}.
 *
 * <p>The ring belongs to the job thread that ran init (SINGLE_ISSUER). Nothing here allocates
 * after init: units and events are preallocated arrays indexed by unit index.
 */
public abstract class RingEngine implements IoEngine {
    /** A polled ring never sleeps, so a ring that stops completing would spin forever without a bound. */
    private static final long POLL_STALL_NANOS = 10_000_000_000L;

    protected Ring ring;
    protected SubmissionQueue sq;
    /** Units by index (user_data and buf_index carry the index); null where the index space has a hole. */
    protected IoUnit[] units;
    private CompletionQueue cq;
    private Thread owner;
    private int depth;
    private IoUnit[] events;
    private int eventCount;
    /** Queued by queue() but not yet consumed by the kernel. */
    private int queued;
    /** Consumed by the kernel, not yet reaped. */
    private int inFlight;
    private boolean iopoll;
    private boolean sqpoll;
    private int forceAsync;
    private int forceAsyncCounter;
    /** One iovec per unit, for vectored commands. */
    private ByteBuffer iovecs;
    private long iovecsAddr;
    /** The file table registered at init; null when registerfiles is off. */
    private ByteBuffer registeredFds;

    /** The ring, for tests and diagnostics (null before init and after cleanup). */
    public Ring ring() {
        return ring;
    }

    /**
     * Indexes the job's units, sizes the ring to the job's depth (rounded up to a power of two, CQ
     * the same size), sets it up with fio's EINVAL fallback ladder and registers buffers and file
     * slots as the options ask. A failed registration closes the ring again.
     */
    protected final void setupRing(EngineContext ctx, int setupFlags, RingOptions opts) throws EngineException {
        owner = Thread.currentThread();
        forceAsync = opts.forceAsync;
        List<IoUnit> list = ctx.ioUnits();
        units = IoUnit.byIndex(list);
        depth = Integer.highestOneBit(Math.max(1, Math.max(ctx.iodepth(), list.size())) * 2 - 1);
        events = new IoUnit[depth];
        ring = Ring.setupWithFallback(depth, setupFlags, depth, opts.sqthreadPollCpu, 0);
        sq = ring.sq();
        cq = ring.cq();
        iopoll = ring.hasFlag(Uring.SETUP_IOPOLL);
        sqpoll = ring.hasFlag(Uring.SETUP_SQPOLL);
        iovecs = RawMemory.allocate(16 * units.length, 64);
        iovecsAddr = RawMemory.address(iovecs);
        try {
            if (opts.fixedbufs) {
                registerBuffers();
            }
            if (opts.registerfiles) {
                registerFileSlots(ctx.files().size());
            }
        } catch (EngineException e) {
            cleanup();
            throw e;
        }
    }

    protected final boolean iopoll() {
        return iopoll;
    }

    /**
     * One registered buffer per unit (buf_index = unit index), each its unit's whole capacity. A
     * hole in the index space gets a 1-byte piece of the first buffer so the indexes stay aligned.
     */
    private void registerBuffers() throws EngineException {
        ByteBuffer reg = RawMemory.allocate(16 * units.length, 64);
        IoUnit first = null;
        for (int i = 0; first == null; i++) {
            first = units[i];
        }
        for (int i = 0; i < units.length; i++) {
            IoUnit u = units[i];
            reg.putLong(16 * i, u != null ? u.bufferAddress : first.bufferAddress);
            reg.putLong(16 * i + 8, u != null ? u.bufferCapacity : 1);
        }
        int r = ring.registerBuffers(RawMemory.address(reg), units.length);
        if (r < 0) {
            throw new EngineException(-r, "io_uring_register", name() + ": fixedbufs: registering "
                + units.length + " buffers failed: " + Errno.describe(-r)
                + (r == -Errno.ENOMEM ? " (locked-memory limit too low? see ulimit -l)" : ""));
        }
    }

    /** Registers one empty file slot per job file; {@link #registerFile} fills a slot at open. */
    private void registerFileSlots(int files) throws EngineException {
        int n = Math.max(1, files);
        registeredFds = RawMemory.allocate(4 * n, 64);
        for (int i = 0; i < n; i++) {
            registeredFds.putInt(4 * i, -1);
        }
        int r = ring.registerFiles(RawMemory.address(registeredFds), n);
        if (r < 0) {
            throw new EngineException(-r, "io_uring_register", name() + ": registerfiles: registering "
                + n + " file slots failed: " + Errno.describe(-r));
        }
    }

    /**
     * With registerfiles, puts an open fd in the file's slot (slot = file index); SQEs then use
     * IOSQE_FIXED_FILE. Without, nothing to do.
     */
    protected final void registerFile(IoFile file, int fd) throws EngineException {
        if (registeredFds == null || ring == null) {
            return;
        }
        int slot = file.index;
        int r = ring.updateFile(slot, fd);
        if (r < 0) {
            throw new EngineException(-r, "io_uring_register", name() + ": registerfiles: registering "
                + file.path + " in slot " + slot + " failed: " + Errno.describe(-r));
        }
        file.engineSlot = slot;
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

    /** Whether the job already has as many I/Os queued and in flight as the ring holds. */
    protected final boolean full() {
        return queued + inFlight >= depth;
    }

    /** Counts an SQE queue() has filled; commit() publishes it. */
    protected final void queued() {
        queued++;
    }

    /** Whether queue() has SQEs commit() has not handed to the kernel yet. */
    protected final boolean hasQueued() {
        return queued > 0;
    }

    /** IOSQE_FIXED_FILE when the file sits in a registered slot. */
    protected static int fileFlags(IoFile f) {
        return f.engineSlot >= 0 ? Uring.SQE_FIXED_FILE : 0;
    }

    /** The SQE's fd field: the registered slot, or the plain fd. */
    protected static int sqeFd(IoFile f) {
        return f.engineSlot >= 0 ? f.engineSlot : f.fd;
    }

    /** IOSQE_ASYNC on every force_async-th call, as fio counts it. */
    protected final int forceAsyncFlag() {
        if (forceAsync > 0 && ++forceAsyncCounter >= forceAsync) {
            forceAsyncCounter = 0;
            return Uring.SQE_ASYNC;
        }
        return 0;
    }

    /** Points the unit's iovec at its buffer and I/O length; returns the iovec's address. */
    protected final long iovec(IoUnit u) {
        int io = 16 * u.index;
        iovecs.putLong(io, u.bufferAddress);
        iovecs.putLong(io + 8, u.length);
        return iovecsAddr + io;
    }

    /** Turns a reaped CQE's res into the unit's result ({@link IoUnit#complete}). */
    protected abstract void complete(IoUnit u, int res);

    /** What the job should check when a polled ring stops completing. */
    protected String pollStallDiagnosis() {
        return BlockQueue.nvmePollQueuesLine();
    }

    private void checkOwner() throws EngineException {
        if (Thread.currentThread() != owner) {
            throw new EngineException(Errno.EEXIST, "io_uring_enter", name() + ": ring created on thread "
                + owner.getName() + " used from " + Thread.currentThread().getName()
                + " (SINGLE_ISSUER rings belong to their creating thread)");
        }
    }

    /** fio's fio_ioring_queued: the SQEs the kernel took get one issue time, read after enter. */
    private void submitted(int n) {
        long now = System.nanoTime();
        for (int i = 0; i < n; i++) {
            IoUnit u = units[(int) sq.unsubmittedUserData(i)];
            if (u != null) {
                u.issueTimeNanos = now;
            }
        }
        sq.consumed(n);
        inFlight += n;
        queued -= n;
    }

    @Override
    public int commit() throws EngineException {
        checkOwner();
        int n = sq.publish();
        if (n == 0) {
            return 0;
        }
        if (sqpoll) {
            // The SQ thread takes whatever is published; it needs a syscall only when it went to sleep.
            if (sq.needsWakeup()) {
                int r = ring.enter(0, 0, Uring.ENTER_SQ_WAKEUP);
                if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN) {
                    throw enterFailed(r);
                }
            }
            submitted(n);
            return n;
        }
        int total = 0;
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
            submitted(r);
            total += r;
        }
        return total;
    }

    private EngineException enterFailed(int r) {
        return new EngineException(-r, "io_uring_enter", name() + ": io_uring_enter failed: " + Errno.describe(-r));
    }

    private int reap(int max) {
        int k = cq.ready();
        if (k > max - eventCount) {
            k = max - eventCount;
        }
        for (int i = 0; i < k; i++) {
            IoUnit u = units[(int) cq.userData(i)];
            complete(u, cq.res(i));
            events[eventCount++] = u;
        }
        if (k > 0) {
            cq.advance(k);
            inFlight -= k;
        }
        return k;
    }

    /**
     * Reaps what is ready, then enters with GETEVENTS until {@code min} completions arrived. A
     * reap that finds nothing still enters once (min_complete 0): under DEFER_TASKRUN and IOPOLL
     * completions only appear inside enter. Under SQPOLL the kernel thread posts completions
     * itself, so a non-blocking reap does not enter (as fio).
     */
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
        long stuckSince = 0;
        boolean timedOut = false;
        while (!timedOut && (eventCount < min || (eventCount == 0 && inFlight > 0 && min == 0 && !sqpoll))) {
            int unsub = sqpoll ? 0 : sq.publish();
            if (inFlight + unsub == 0) {
                break; // nothing could ever complete
            }
            int want = Math.max(0, min - eventCount);
            int r = timeoutNanos >= 0 && want > 0 && (ring.features() & Uring.FEAT_EXT_ARG) != 0
                ? ring.enterTimeout(unsub, want, 0, timeoutNanos)
                : ring.enter(unsub, want, Uring.ENTER_GETEVENTS);
            if (r > 0) {
                submitted(r);
            } else if (r == -Errno.ETIME) {
                timedOut = true;
            } else if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
                throw enterFailed(r);
            }
            int got = reap(max);
            if (min == 0) {
                break; // one look inside the kernel is all a non-blocking reap owes
            }
            if (iopoll) {
                // Bound the spin so a device or kernel that never completes polled I/O
                // ends the job with a diagnosis instead of a hang.
                if (got > 0) {
                    stuckSince = 0;
                } else if (stuckSince == 0) {
                    stuckSince = System.nanoTime();
                } else if (System.nanoTime() - stuckSince > POLL_STALL_NANOS) {
                    throw new EngineException(Errno.ETIME, "io_uring_enter", name() + ": hipri: no completion for "
                        + POLL_STALL_NANOS / 1_000_000_000L + " s with " + inFlight + " I/Os in flight; "
                        + pollStallDiagnosis());
                }
            }
        }
        return eventCount;
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
