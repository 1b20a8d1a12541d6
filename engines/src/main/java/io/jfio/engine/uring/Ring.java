package io.jfio.engine.uring;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;

import java.nio.ByteBuffer;

/**
 * One io_uring instance without liburing: io_uring_setup, the mmap'ed SQ/CQ rings and SQE array
 * (one mapping for both rings when the kernel has IORING_FEAT_SINGLE_MMAP), io_uring_enter and
 * io_uring_register. SQE size (64/128) and CQE size (16/32) follow the SQE128/CQE32 setup flags,
 * so the same class serves io_uring, io_uring_cmd and the peak tool.
 *
 * <p>Hot-path calls ({@link #enter}, {@link #register}) return -errno instead of throwing and
 * allocate nothing. With SINGLE_ISSUER/DEFER_TASKRUN the ring belongs to the creating thread:
 * {@link #ownerThread()} is that thread.
 */
public final class Ring implements AutoCloseable {
    private static final LibC C = Native.libc();
    private static final int PROT_RW = 3;
    private static final int MAP_SHARED_POPULATE = 0x1 | 0x8000;

    private final int fd;
    private final int flags;
    private final int features;
    private final int sqeSize;
    private final int cqeSize;
    private final long sqRingAddr;
    private final long sqRingLen;
    private final long cqRingAddr;
    private final long cqRingLen;
    private final long sqesAddr;
    private final long sqesLen;
    private final SubmissionQueue sq;
    private final CompletionQueue cq;
    private final Thread owner;
    /** ENTER_NO_IOWAIT when the kernel offers it (fio 3.42 does the same). */
    private int enterExtraFlags;
    /** io_uring_getevents_arg (24 B) + __kernel_timespec (16 B), reused for timed waits. */
    private final ByteBuffer waitArg = RawMemory.allocate(64, 64);
    private final long waitArgAddr = RawMemory.address(waitArg);
    private boolean closed;
    /** fd passed to io_uring_enter: the ring fd, or its registered index after {@link #registerRingFd()}. */
    private int enterFd;
    private boolean ringFdRegistered;

    private Ring(int fd, ByteBuffer params, int flags) throws EngineException {
        this.fd = fd;
        this.enterFd = fd;
        this.flags = flags;
        this.owner = Thread.currentThread();
        this.features = params.getInt(20);
        this.sqeSize = (flags & Uring.SETUP_SQE128) != 0 ? 128 : 64;
        this.cqeSize = (flags & Uring.SETUP_CQE32) != 0 ? 32 : 16;
        int sqEntries = params.getInt(0);
        int cqEntries = params.getInt(4);
        int sqArray = params.getInt(40 + 24);
        int cqCqes = params.getInt(80 + 20);
        // With NO_SQARRAY sq_off.array is 0: the header alone is enough.
        long sqLen = sqArray > 0 ? sqArray + 4L * sqEntries : 64;
        long cqLen = cqCqes + (long) cqEntries * cqeSize;
        boolean single = (features & Uring.FEAT_SINGLE_MMAP) != 0;
        long sqAddr = 0;
        long cqAddr = 0;
        long sqesA = 0;
        try {
            if (single) {
                sqLen = Math.max(sqLen, cqLen);
                cqLen = sqLen;
            }
            sqAddr = map(sqLen, Uring.OFF_SQ_RING, "SQ ring");
            cqAddr = single ? sqAddr : map(cqLen, Uring.OFF_CQ_RING, "CQ ring");
            sqesA = map((long) sqEntries * sqeSize, Uring.OFF_SQES, "SQEs");
        } catch (EngineException e) {
            if (sqAddr != 0) {
                C.munmap(sqAddr, sqLen);
            }
            if (cqAddr != 0 && cqAddr != sqAddr) {
                C.munmap(cqAddr, cqLen);
            }
            C.close(fd);
            throw e;
        }
        this.sqRingAddr = sqAddr;
        this.sqRingLen = sqLen;
        this.cqRingAddr = cqAddr;
        this.cqRingLen = cqLen;
        this.sqesAddr = sqesA;
        this.sqesLen = (long) sqEntries * sqeSize;
        ByteBuffer sqRing = RawMemory.wrap(sqAddr, (int) sqLen);
        ByteBuffer cqRing = single ? sqRing : RawMemory.wrap(cqAddr, (int) cqLen);
        int s = 40;
        this.sq = new SubmissionQueue(sqRing, params.getInt(s), params.getInt(s + 4), params.getInt(s + 8),
            params.getInt(s + 12), params.getInt(s + 16), params.getInt(s + 20), sqArray,
            RawMemory.wrap(sqesA, (int) sqesLen), sqesA, sqeSize);
        int c = 80;
        this.cq = new CompletionQueue(cqRing, params.getInt(c), params.getInt(c + 4), params.getInt(c + 8),
            params.getInt(c + 12), params.getInt(c + 16), cqCqes, cqeSize);
        if ((features & Uring.FEAT_NO_IOWAIT) != 0) {
            enterExtraFlags = Uring.ENTER_NO_IOWAIT;
        }
    }

    private long map(long len, long offset, String what) throws EngineException {
        long a = C.mmap(0L, len, PROT_RW, MAP_SHARED_POPULATE, fd, offset);
        if (a == -1L) {
            int e = Native.errno();
            throw new EngineException(e, "mmap", "io_uring: mmap of the " + what + " failed: " + Errno.describe(e));
        }
        return a;
    }

    /**
     * io_uring_setup once with exactly these flags.
     *
     * @param entries      SQ entries (rounded up to a power of two by the kernel)
     * @param flags        IORING_SETUP_* ({@link Uring})
     * @param cqEntries    CQ entries, used only with SETUP_CQSIZE
     * @param sqThreadCpu  CPU for the SQPOLL thread (with SETUP_SQ_AFF), else ignored
     * @param sqThreadIdle SQPOLL idle time in ms before the kernel thread sleeps (0 = kernel default)
     */
    public static Ring setup(int entries, int flags, int cqEntries, int sqThreadCpu, int sqThreadIdle)
        throws EngineException {
        ByteBuffer params = RawMemory.allocate(120, 8);
        params.putInt(4, cqEntries);
        params.putInt(8, flags);
        params.putInt(12, Math.max(sqThreadCpu, 0));
        params.putInt(16, sqThreadIdle);
        long r = C.syscall(Uring.SYS_SETUP, entries, RawMemory.address(params), 0, 0, 0);
        if (r < 0) {
            int e = Native.errno();
            throw new EngineException(e, "io_uring_setup", "io_uring_setup(" + entries + ", "
                + Uring.setupFlagNames(flags) + ") failed: " + Errno.describe(e));
        }
        return new Ring((int) r, params, flags);
    }

    /**
     * Setup as fio does: try the flags; on EINVAL drop SINGLE_ISSUER+DEFER_TASKRUN, then
     * COOP_TASKRUN (with TASKRUN_FLAG), then CQSIZE, until the kernel accepts.
     */
    public static Ring setupWithFallback(int entries, int flags, int cqEntries, int sqThreadCpu, int sqThreadIdle)
        throws EngineException {
        int[] drops = {0, Uring.SETUP_SINGLE_ISSUER | Uring.SETUP_DEFER_TASKRUN,
            Uring.SETUP_COOP_TASKRUN | Uring.SETUP_TASKRUN_FLAG, Uring.SETUP_CQSIZE};
        int f = flags;
        EngineException last = null;
        for (int drop : drops) {
            if (drop != 0) {
                if ((f & drop) == 0) {
                    continue;
                }
                f &= ~drop;
            }
            try {
                return setup(entries, f, cqEntries, sqThreadCpu, sqThreadIdle);
            } catch (EngineException e) {
                if (e.errno() != Errno.EINVAL) {
                    throw e;
                }
                last = e;
            }
        }
        throw last;
    }

    public int fd() {
        return fd;
    }

    /** The setup flags the kernel accepted (after any fallback). */
    public int flags() {
        return flags;
    }

    public boolean hasFlag(int setupFlag) {
        return (flags & setupFlag) != 0;
    }

    public int features() {
        return features;
    }

    public int sqeSize() {
        return sqeSize;
    }

    public int cqeSize() {
        return cqeSize;
    }

    public SubmissionQueue sq() {
        return sq;
    }

    public CompletionQueue cq() {
        return cq;
    }

    public Thread ownerThread() {
        return owner;
    }

    /** Extra enter flags added to every enter (ENTER_NO_IOWAIT when supported); settable to 0. */
    public void setEnterExtraFlags(int f) {
        this.enterExtraFlags = f;
    }

    /**
     * io_uring_enter(fd, toSubmit, minComplete, flags, NULL, 0). Returns SQEs consumed, or -errno.
     * Bound with six parameters: with argp NULL and no EXT_ARG the kernel never reads argsz, and
     * jnr's seven-parameter path costs ~110 ns more.
     */
    public int enter(int toSubmit, int minComplete, int enterFlags) {
        long r = C.syscall(Uring.SYS_ENTER, enterFd, toSubmit, minComplete, enterFlags | enterExtraFlags, 0L);
        return r < 0 ? -Native.errno() : (int) r;
    }

    /**
     * Enter with GETEVENTS and a timeout (EXT_ARG, needs FEAT_EXT_ARG): returns consumed SQEs,
     * or -errno; -ETIME when the timeout passed with fewer than minComplete completions.
     */
    public int enterTimeout(int toSubmit, int minComplete, int enterFlags, long timeoutNanos) {
        waitArg.putLong(0, 0L);
        waitArg.putInt(8, 0);
        waitArg.putInt(12, 0);
        waitArg.putLong(16, waitArgAddr + 32);
        waitArg.putLong(32, timeoutNanos / 1_000_000_000L);
        waitArg.putLong(40, timeoutNanos % 1_000_000_000L);
        long r = C.syscall(Uring.SYS_ENTER, enterFd, toSubmit, minComplete,
            enterFlags | enterExtraFlags | Uring.ENTER_GETEVENTS | Uring.ENTER_EXT_ARG, waitArgAddr, 24);
        return r < 0 ? -Native.errno() : (int) r;
    }

    /** io_uring_register; returns the result (≥ 0) or -errno. */
    public int register(int opcode, long arg, int nrArgs) {
        long r = C.syscall(Uring.SYS_REGISTER, fd, opcode, arg, nrArgs, 0);
        return r < 0 ? -Native.errno() : (int) r;
    }

    /** REGISTER_BUFFERS over {@code n} iovecs at {@code iovecs}; -errno on failure. */
    public int registerBuffers(long iovecs, int n) {
        return register(Uring.REGISTER_BUFFERS, iovecs, n);
    }

    /** REGISTER_FILES with {@code n} s32 fds at {@code fds} (-1 = empty slot). */
    public int registerFiles(long fds, int n) {
        return register(Uring.REGISTER_FILES, fds, n);
    }

    /**
     * REGISTER_FILES_UPDATE: puts {@code fd} (or -1 to clear) into registered slot {@code slot}.
     * Allocates a small argument block; call outside the I/O path (file open/close).
     */
    public int updateFile(int slot, int newFd) {
        ByteBuffer b = RawMemory.allocate(24, 8);
        b.putInt(16, newFd);
        b.putInt(0, slot);
        b.putLong(8, RawMemory.address(b) + 16);
        return register(Uring.REGISTER_FILES_UPDATE, RawMemory.address(b), 1);
    }

    /**
     * REGISTER_RING_FDS (5.18+): later enters pass the registered index with ENTER_REGISTERED_RING,
     * which saves the kernel an fd lookup per call. Registration is per thread: call it on the
     * thread that enters. Returns false (and changes nothing) when the kernel refuses.
     */
    public boolean registerRingFd() {
        ByteBuffer up = RawMemory.allocate(64, 64);
        up.putInt(0, -1); // offset: kernel picks the index
        up.putLong(8, fd);
        int r = register(Uring.REGISTER_RING_FDS, RawMemory.address(up), 1);
        if (r != 1) {
            return false;
        }
        enterFd = up.getInt(0);
        enterExtraFlags |= Uring.ENTER_REGISTERED_RING;
        ringFdRegistered = true;
        return true;
    }

    /**
     * REGISTER_PROBE: which opcodes the kernel supports, indexed by opcode (256 entries), or
     * null when the kernel has no probe (before 5.6).
     */
    public boolean[] probe() {
        ByteBuffer p = RawMemory.allocate(16 + 8 * 256, 8);
        int r = register(Uring.REGISTER_PROBE, RawMemory.address(p), 256);
        if (r < 0) {
            return null;
        }
        boolean[] ops = new boolean[256];
        int len = p.get(1) & 0xff;
        for (int k = 0; k < len; k++) {
            ops[k] = (p.getShort(16 + 8 * k + 2) & 1) != 0;
        }
        return ops;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (ringFdRegistered) {
            ByteBuffer up = RawMemory.allocate(64, 64);
            up.putInt(0, enterFd);
            register(Uring.UNREGISTER_RING_FDS, RawMemory.address(up), 1);
        }
        C.munmap(sqesAddr, sqesLen);
        if (cqRingAddr != sqRingAddr) {
            C.munmap(cqRingAddr, cqRingLen);
        }
        C.munmap(sqRingAddr, sqRingLen);
        C.close(fd);
    }

    @Override
    public String toString() {
        return "io_uring fd " + fd + " sq " + sq.entries() + " cq " + cq.entries() + " flags "
            + Uring.setupFlagNames(flags);
    }
}
