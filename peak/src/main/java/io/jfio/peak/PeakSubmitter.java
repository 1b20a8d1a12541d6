package io.jfio.peak;

import io.jfio.engine.EngineException;
import io.jfio.engine.aio.AioContext;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.nativeio.RwfFlags;
import io.jfio.engine.uring.CompletionQueue;
import io.jfio.engine.uring.Ring;
import io.jfio.engine.uring.SubmissionQueue;
import io.jfio.engine.uring.Uring;
import io.jfio.engine.uringcmd.Nvme;
import io.jfio.engine.uringcmd.NvmeStatus;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * One t/io_uring submitter thread (spec/engines.md 6.2): its own ring (or aio context, or plain
 * preadv2), buffers and files, and the same submit/reap loop and counters as t/io_uring, so the
 * IOS/call figures mean the same thing. Nothing in the loop allocates; the counters the main
 * thread samples every second are published with opaque stores.
 */
final class PeakSubmitter implements Runnable {
    private static final LibC C = Native.libc();
    private static final VarHandle DONE;
    private static final VarHandle CALLS;
    private static final VarHandle REAPS;
    private static final VarHandle IO_ERRORS;
    private static final int ENODATA = 61;
    private static final int NOP_INJECT_RESULT = 1;
    private static final int NOP_FILE = 2;
    private static final int NOP_FIXED_FILE = 4;
    private static final int NOP_FIXED_BUFFER = 8;
    /** The kernel's limit on registered buffers (IORING_MAX_REG_BUFFERS). */
    private static final int MAX_REGISTERED_BUFFERS = 16384;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            DONE = l.findVarHandle(PeakSubmitter.class, "done", long.class);
            CALLS = l.findVarHandle(PeakSubmitter.class, "calls", long.class);
            REAPS = l.findVarHandle(PeakSubmitter.class, "reaps", long.class);
            IO_ERRORS = l.findVarHandle(PeakSubmitter.class, "ioErrors", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** State every submitter and the main thread share. */
    static final class Shared {
        volatile boolean finish;
        volatile boolean statsRunning;
        private boolean initPrinted;
        /** Counted down by each submitter once its setup finished (or failed). */
        final java.util.concurrent.CountDownLatch ready;

        Shared(int submitters) {
            ready = new java.util.concurrent.CountDownLatch(submitters);
        }

        synchronized void printOnce(String settings, String engine) {
            if (!initPrinted) {
                initPrinted = true;
                PeakMain.out(settings);
                PeakMain.out(engine);
            }
        }
    }

    final int index;
    private final PeakOptions o;
    private final Shared shared;
    final PeakFile[] files = new PeakFile[PeakMain.MAX_FDS];
    int nrFiles;
    String filename;
    int numaNode = -1;
    int tid;
    /** Set by the main thread to stop this submitter. */
    volatile boolean finish;
    final PeakLatency latency;

    @SuppressWarnings("unused") private long done;
    @SuppressWarnings("unused") private long calls;
    @SuppressWarnings("unused") private long reaps;
    @SuppressWarnings("unused") private long ioErrors;

    // Thread-private loop state.
    private int depth;
    private int bs;
    private int inflight;
    private int perFileDepth = Integer.MAX_VALUE;
    private int curFile;
    private long randState;
    private long bufBase;
    private ByteBuffer buffers;
    private ByteBuffer iovecs;
    private long iovecsAddr;
    private long[] clockBatch;
    private int clockIndex;
    private int nrBatch;
    private boolean polled;
    private boolean fixedBufs;
    private boolean registerFiles;
    /** -B1 with more than 16384 slots: one registered buffer, buf_index 0 for every slot. */
    private boolean singleRegisteredBuffer;
    private Ring ring;
    private SubmissionQueue sq;
    private CompletionQueue cq;

    PeakSubmitter(int index, PeakOptions o, Shared shared) {
        this.index = index;
        this.o = o;
        this.shared = shared;
        this.latency = o.stats ? new PeakLatency() : null;
    }

    long done() {
        return (long) DONE.getOpaque(this);
    }

    long calls() {
        return (long) CALLS.getOpaque(this);
    }

    long reaps() {
        return (long) REAPS.getOpaque(this);
    }

    long ioErrors() {
        return (long) IO_ERRORS.getOpaque(this);
    }

    @Override
    public void run() {
        try {
            boolean ok;
            try {
                ok = init();
            } finally {
                shared.ready.countDown();
            }
            if (ok) {
                if (o.sync) {
                    syncLoop();
                } else if (o.aio) {
                    aioLoop();
                } else {
                    uringLoop();
                }
            }
        } catch (RuntimeException | EngineException e) {
            PeakMain.out("submitter " + index + ": " + e.getMessage());
        } finally {
            if (ring != null) {
                drain();
                ring.close();
            }
            shared.finish = true;
        }
    }

    /**
     * Completes what is still in flight before the ring closes. t/io_uring just closes the ring,
     * but on 6.1 kernels tearing down an IOPOLL ring with passthrough commands in flight can poll
     * a freed bio from the ring's exit work (seen in the lab as an oops in bio_poll).
     */
    private void drain() {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (inflight > 0 && System.nanoTime() < deadline) {
            int unsub = sq.unsubmitted();
            int r = ring.enter(unsub, 1, Uring.ENTER_GETEVENTS);
            if (r > 0) {
                sq.consumed(r);
            } else if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
                return;
            }
            int k = cq.ready();
            if (k > 0) {
                cq.advance(k);
                inflight -= k;
            }
        }
    }

    private static int roundupPow2(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    private boolean init() throws EngineException {
        tid = (int) C.syscall(186, 0, 0, 0, 0, 0); // gettid
        PeakMain.out(PeakFormat.submitter(index, tid, filename, nrFiles, numaNode));
        depth = o.depth;
        bs = o.bs;
        polled = o.polled;
        fixedBufs = o.fixedBufs;
        registerFiles = o.registerFiles;
        randState = 0x9E3779B97F4A7C15L * (tid | 1L);
        int nbuf = roundupPow2(depth);
        long want = ((long) bs * nbuf + 4095) & ~4095L;
        if (want > Integer.MAX_VALUE - 8192L) {
            // One direct buffer holds at most 2 GiB; t/io_uring's message for a failed allocation.
            PeakMain.out("failed alloc");
            return false;
        }
        buffers = RawMemory.allocate((int) want, 4096);
        bufBase = RawMemory.address(buffers);
        iovecs = RawMemory.allocate(((16 * nbuf) + 63) & ~63, 64);
        iovecsAddr = RawMemory.address(iovecs);
        for (int i = 0; i < nbuf; i++) {
            iovecs.putLong(16 * i, bufBase + (long) bs * i);
            iovecs.putLong(16 * i + 8, bs);
        }
        String engine;
        if (o.sync) {
            engine = "Engine=preadv2";
        } else if (o.aio) {
            engine = "Engine=aio";
        } else {
            String err = setupRing(nbuf);
            if (err != null) {
                PeakMain.out(err);
                return false;
            }
            engine = PeakFormat.engineIoUring(sq.entries(), cq.entries());
        }
        shared.printOnce(PeakFormat.settings(polled, fixedBufs, registerFiles, o.buffered, depth), engine);
        if (o.stats) {
            nrBatch = Math.max(2, roundupPow2(depth / o.batchSubmit));
            clockBatch = new long[nrBatch];
            clockIndex = 1;
        }
        if (nrFiles > 0) {
            perFileDepth = (depth + nrFiles - 1) / nrFiles;
        }
        return true;
    }

    /** Ring setup as t/io_uring: fio's flag set, dropping COOP, SINGLE, DEFER, NO_SQARRAY on EINVAL. */
    private String setupRing(int nbuf) throws EngineException {
        int flags = Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN | Uring.SETUP_SINGLE_ISSUER
            | Uring.SETUP_DEFER_TASKRUN | Uring.SETUP_NO_SQARRAY;
        if (polled && !o.nop) {
            flags |= Uring.SETUP_IOPOLL;
        }
        if (o.passthrough) {
            flags |= Uring.SETUP_SQE128 | Uring.SETUP_CQE32;
        }
        if (o.restriction) {
            flags |= Uring.SETUP_R_DISABLED;
        }
        int[] ladder = {Uring.SETUP_COOP_TASKRUN, Uring.SETUP_SINGLE_ISSUER, Uring.SETUP_DEFER_TASKRUN,
            Uring.SETUP_NO_SQARRAY};
        int step = 0;
        while (true) {
            try {
                ring = Ring.setup(depth, flags, depth, -1, 0);
                break;
            } catch (EngineException e) {
                while (e.errno() == Errno.EINVAL && step < ladder.length && (flags & ladder[step]) == 0) {
                    step++;
                }
                if (e.errno() != Errno.EINVAL || step >= ladder.length) {
                    return "io_uring_setup: " + C.strerror(e.errno()) + "\nqueue setup failed: "
                        + C.strerror(e.errno()) + ", 1";
                }
                flags &= ~ladder[step++];
            }
        }
        ring.setEnterExtraFlags(0); // t/io_uring passes no NO_IOWAIT
        sq = ring.sq();
        cq = ring.cq();
        if (o.restriction) {
            int r = registerRestrictions();
            if (r != 0) {
                return "IORING_REGISTER_RESTRICTIONS: " + r + "\nFailed to set restrictions";
            }
        }
        if (fixedBufs) {
            // t/io_uring registers one buffer over all slots; jfio registers one per slot, each
            // exactly bs long, because 6.1-era kernels fail fixed passthrough I/O that does not
            // end at the end of its registered buffer (lab README). Slot i uses buf_index i.
            int r;
            if (nbuf <= MAX_REGISTERED_BUFFERS) {
                r = ring.registerBuffers(iovecsAddr, nbuf);
            } else {
                // More slots than the kernel registers buffers: one buffer over all, as t/io_uring.
                ByteBuffer one = RawMemory.allocate(64, 64);
                one.putLong(0, bufBase);
                one.putLong(8, (long) bs * nbuf);
                r = ring.registerBuffers(RawMemory.address(one), 1);
                singleRegisteredBuffer = true;
            }
            if (r < 0) {
                return "io_uring_register_buffers: " + C.strerror(-r) + "\nqueue setup failed: " + C.strerror(-r) + ", 1";
            }
        }
        if (registerFiles) {
            ByteBuffer fds = RawMemory.allocate(((4 * nrFiles) + 63) & ~63, 64);
            for (int i = 0; i < nrFiles; i++) {
                fds.putInt(4 * i, files[i].realFd);
                files[i].fixedFd = i;
            }
            int r = ring.registerFiles(RawMemory.address(fds), nrFiles);
            if (r < 0) {
                return "io_uring_register_files: " + C.strerror(-r) + "\nqueue setup failed: " + C.strerror(-r) + ", 1";
            }
        }
        if (o.registerRing && PeakMain.registerRingEnabled() && !ring.registerRingFd()) {
            PeakMain.registerRingFailed();
        }
        return null;
    }

    /** -e1: allow only the read-side opcodes and the registrations t/io_uring needs, then enable the ring. */
    private int registerRestrictions() {
        ByteBuffer res = RawMemory.allocate(128, 64);
        int[][] entries = {{1, Uring.OP_NOP}, {1, Uring.OP_READ}, {1, Uring.OP_READV}, {1, Uring.OP_READ_FIXED},
            {0, Uring.REGISTER_BUFFERS}, {0, Uring.REGISTER_ENABLE_RINGS}, {0, Uring.REGISTER_RING_FDS},
            {0, Uring.REGISTER_FILES}};
        for (int i = 0; i < entries.length; i++) {
            res.putShort(16 * i, (short) entries[i][0]);
            res.put(16 * i + 2, (byte) entries[i][1]);
        }
        int r = ring.register(Uring.REGISTER_RESTRICTIONS, RawMemory.address(res), entries.length);
        if (r < 0) {
            return r;
        }
        r = ring.register(Uring.REGISTER_ENABLE_RINGS, 0, 0);
        return r < 0 ? r : 0;
    }

    private long nextRandom() {
        long x = randState;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        randState = x;
        return (x * 0x2545F4914F6CDD1DL) >>> 1;
    }

    private long nextOffset(PeakFile f) {
        if (o.randomIo) {
            return (nextRandom() % f.maxBlocks) * bs;
        }
        long off = f.curOff;
        f.curOff += bs;
        if (f.curOff + bs > f.maxSize) {
            f.curOff = 0;
        }
        return off;
    }

    private int nextFile() {
        int fi = 0;
        if (nrFiles > 1) {
            fi = curFile;
            if (files[fi].pendingIos >= perFileDepth) {
                if (++curFile == nrFiles) {
                    curFile = 0;
                }
                fi = curFile;
            }
        }
        files[fi].pendingIos++;
        return fi;
    }

    private void initIo(int slot) {
        int fi = nextFile();
        PeakFile f = files[fi];
        long userData = fi;
        if (o.nop) {
            int nopFlags = NOP_FILE | NOP_INJECT_RESULT;
            int fd = f.realFd;
            if (registerFiles) {
                fd = f.fixedFd;
                nopFlags |= NOP_FIXED_FILE;
            }
            if (fixedBufs) {
                nopFlags |= NOP_FIXED_BUFFER;
            }
            sq.prep(slot, Uring.OP_NOP, 0, fd, 0, 0, bs, nopFlags, userData);
            return;
        }
        int sqeFlags = registerFiles ? Uring.SQE_FIXED_FILE : 0;
        int fd = registerFiles ? f.fixedFd : f.realFd;
        long off = nextOffset(f);
        if (o.stats && shared.statsRunning) {
            userData |= (long) clockIndex << 32;
        }
        long buf = bufBase + (long) bs * slot;
        if (o.passthrough) {
            sq.putByte(slot, Uring.SQE_OPCODE, Uring.OP_URING_CMD);
            sq.putByte(slot, Uring.SQE_FLAGS, sqeFlags);
            sq.putInt(slot, Uring.SQE_FD, fd);
            sq.putLong(slot, Uring.SQE_USER_DATA, userData);
            int c = Nvme.SQE_CMD;
            long slba = off >>> f.lbaShift;
            sq.putByte(slot, c + Nvme.CMD_OPCODE, Nvme.OPC_READ);
            sq.putInt(slot, c + Nvme.CMD_NSID, f.nsid);
            sq.putInt(slot, c + Nvme.CMD_CDW10, (int) slba);
            sq.putInt(slot, c + Nvme.CMD_CDW11, (int) (slba >>> 32));
            sq.putInt(slot, c + Nvme.CMD_CDW12, (bs >>> f.lbaShift) - 1);
            if (o.vectored) {
                sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO_VEC);
                sq.putLong(slot, c + Nvme.CMD_ADDR, iovecsAddr + 16L * slot);
                sq.putInt(slot, c + Nvme.CMD_DATA_LEN, 1);
            } else {
                sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                sq.putLong(slot, c + Nvme.CMD_ADDR, buf);
                sq.putInt(slot, c + Nvme.CMD_DATA_LEN, bs);
            }
            if (fixedBufs) {
                sq.putInt(slot, Uring.SQE_RW_FLAGS, Nvme.IORING_URING_CMD_FIXED);
                sq.putShort(slot, Uring.SQE_BUF_INDEX, singleRegisteredBuffer ? 0 : slot);
            }
        } else if (fixedBufs) {
            sq.prep(slot, Uring.OP_READ_FIXED, sqeFlags, fd, off, buf, bs, 0, userData);
            sq.putShort(slot, Uring.SQE_BUF_INDEX, singleRegisteredBuffer ? 0 : slot);
        } else if (!o.vectored) {
            sq.prep(slot, Uring.OP_READ, sqeFlags, fd, off, buf, bs, 0, userData);
        } else {
            sq.prep(slot, Uring.OP_READV, sqeFlags, fd, off, iovecsAddr + 16L * slot, 1, 0, userData);
        }
    }

    private int prepMore(int max) {
        int prepped = 0;
        while (prepped < max) {
            int slot = sq.next();
            if (slot < 0) {
                break;
            }
            initIo(slot);
            prepped++;
        }
        if (prepped > 0) {
            sq.publish();
        }
        return prepped;
    }

    /** Reaps every ready CQE; -1 when one had an unexpected result (the thread then stops). */
    private int reap() {
        int k = cq.ready();
        if (k == 0) {
            return 0;
        }
        int lastIdx = -1;
        int statNr = 0;
        boolean pt = o.passthrough;
        int expect = pt ? 0 : bs;
        for (int i = 0; i < k; i++) {
            long ud = cq.userData(i);
            files[(int) ud].pendingIos--;
            int res = cq.res(i);
            if (res != expect) {
                if (!pt && (res == -ENODATA || res == -Errno.EIO)) {
                    IO_ERRORS.setOpaque(this, (long) IO_ERRORS.getOpaque(this) + 1);
                } else {
                    cq.advance(i + 1);
                    inflight -= i + 1;
                    unexpected(res);
                    return -1;
                }
            }
            if (latency != null) {
                int ci = (int) (ud >>> 32);
                if (lastIdx != ci) {
                    if (lastIdx != -1) {
                        addStat(lastIdx, statNr);
                        statNr = 0;
                    }
                    lastIdx = ci;
                }
                statNr++;
            }
        }
        if (statNr != 0) {
            addStat(lastIdx, statNr);
        }
        cq.advance(k);
        inflight -= k;
        return k;
    }

    private void unexpected(int res) {
        PeakMain.out("io: unexpected ret=" + res);
        if (o.passthrough) {
            if (res > 0) {
                PeakMain.out("io: NVMe " + NvmeStatus.describe(res));
            } else if (polled && res == -Errno.EINVAL) {
                PeakMain.out("passthrough doesn't support polled IO");
            }
        } else if (polled && res == -Errno.EOPNOTSUPP) {
            PeakMain.out("Your filesystem/driver/kernel doesn't support polled IO");
        }
    }

    private void addStat(int clockIdx, int nr) {
        if (!finish && clockIdx != 0) {
            latency.add(System.nanoTime() - clockBatch[clockIdx], nr);
        }
    }

    private void stampBatch() {
        clockBatch[clockIndex] = System.nanoTime();
        clockIndex = (clockIndex + 1) & (nrBatch - 1);
    }

    private void uringLoop() {
        int prepped = 0;
        long myDone = 0;
        long myCalls = 0;
        long myReaps = 0;
        outer:
        while (!finish) {
            if (prepped == 0 && inflight < depth) {
                prepped = prepMore(Math.min(depth - inflight, o.batchSubmit));
                if (prepped > 0 && latency != null) {
                    stampBatch();
                }
            }
            inflight += prepped;
            int toSubmit = prepped;
            while (true) {
                int toWait = toSubmit != 0 && inflight + toSubmit <= depth ? 0
                    : Math.min(inflight + toSubmit, o.batchComplete);
                int ret = ring.enter(toSubmit, toWait, toWait != 0 ? Uring.ENTER_GETEVENTS : 0);
                CALLS.setOpaque(this, ++myCalls);
                if (ret > 0) {
                    sq.consumed(ret);
                }
                int thisReap = reap();
                if (thisReap < 0) {
                    break outer;
                }
                myReaps += thisReap;
                REAPS.setOpaque(this, myReaps);
                if (ret >= 0) {
                    if (ret == 0) {
                        toSubmit = 0;
                        if (inflight != 0) {
                            continue;
                        }
                        continue outer;
                    } else if (ret < toSubmit) {
                        myDone += ret;
                        DONE.setOpaque(this, myDone);
                        prepped -= toSubmit - ret;
                        toSubmit = prepped;
                        continue;
                    }
                    myDone += ret;
                    DONE.setOpaque(this, myDone);
                    prepped = 0;
                    continue outer;
                }
                if (ret == -Errno.EAGAIN) {
                    if (finish) {
                        break outer;
                    }
                    if (thisReap == 0) {
                        toSubmit = 0;
                    }
                    continue;
                }
                PeakMain.out("io_submit: " + C.strerror(-ret));
                break outer;
            }
        }
    }

    private void aioLoop() throws EngineException {
        int n = roundupPow2(depth);
        try (AioContext ctx = AioContext.setup(n)) {
            ByteBuffer iocbs = RawMemory.allocate(64 * depth + 64, 64);
            ByteBuffer ptrs = RawMemory.allocate(((8 * depth) + 63) & ~63, 64);
            ByteBuffer events = RawMemory.allocate(32 * depth + 64, 64);
            long iocbsAddr = RawMemory.address(iocbs);
            long ptrsAddr = RawMemory.address(ptrs);
            long eventsAddr = RawMemory.address(events);
            for (int i = 0; i < depth; i++) {
                ptrs.putLong(8 * i, iocbsAddr + 64L * i);
            }
            long myDone = 0;
            long myCalls = 0;
            long myReaps = 0;
            int prepped = 0;
            while (!finish) {
                if (prepped == 0 && inflight < depth) {
                    int toPrep = Math.min(depth - inflight, o.batchSubmit);
                    for (int i = 0; i < toPrep; i++) {
                        int fi = nextFile();
                        PeakFile f = files[fi];
                        int b = 64 * i;
                        for (int z = 0; z < 64; z += 8) {
                            iocbs.putLong(b + z, 0L);
                        }
                        iocbs.putLong(b, fi);                      // aio_data
                        iocbs.putShort(b + 16, (short) 0);          // IOCB_CMD_PREAD
                        iocbs.putInt(b + 20, f.realFd);
                        iocbs.putLong(b + 24, bufBase + (long) bs * i);
                        iocbs.putLong(b + 32, bs);
                        iocbs.putLong(b + 40, nextOffset(f));
                    }
                    prepped = toPrep;
                    if (prepped > 0 && latency != null) {
                        stampBatch();
                    }
                }
                inflight += prepped;
                int toSubmit = prepped;
                int toWait = toSubmit != 0 && inflight + toSubmit <= depth ? 0
                    : Math.min(inflight + toSubmit, o.batchComplete);
                int ret = ctx.submit(ptrsAddr, toSubmit);
                CALLS.setOpaque(this, ++myCalls);
                if (ret < 0) {
                    PeakMain.out("io_submit: " + C.strerror(-ret));
                    break;
                } else if (ret != toSubmit) {
                    PeakMain.out("submitted " + ret + ", wanted " + toSubmit);
                    break;
                }
                prepped = 0;
                while (toWait > 0) {
                    CALLS.setOpaque(this, ++myCalls);
                    int r = ctx.getEvents(toWait, toWait, eventsAddr, -1);
                    if (r < 0) {
                        PeakMain.out("io_getevents: " + C.strerror(-r));
                        finish = true;
                        break;
                    } else if (r != toWait) {
                        PeakMain.out("r=" + r + ", wait=" + toWait);
                        finish = true;
                        break;
                    }
                    for (int i = 0; i < r; i++) {
                        int fi = (int) events.getLong(32 * i);
                        files[fi].pendingIos--;
                        long res = events.getLong(32 * i + 16);
                        if (res != bs) {
                            if (res == -ENODATA || res == -Errno.EIO) {
                                IO_ERRORS.setOpaque(this, (long) IO_ERRORS.getOpaque(this) + 1);
                            } else {
                                PeakMain.out("io: unexpected ret=" + res);
                                finish = true;
                            }
                        }
                    }
                    if (latency != null && r > 0) {
                        addStat((clockIndex - 1) & (nrBatch - 1), r);
                    }
                    inflight -= r;
                    myDone += r;
                    myReaps += r;
                    DONE.setOpaque(this, myDone);
                    REAPS.setOpaque(this, myReaps);
                    toWait -= r;
                }
            }
        }
    }

    private void syncLoop() {
        long myDone = 0;
        long myCalls = 0;
        int flags = polled ? RwfFlags.RWF_HIPRI : 0;
        while (!finish) {
            int fi = nextFile();
            PeakFile f = files[fi];
            if (latency != null) {
                clockBatch[clockIndex] = System.nanoTime();
            }
            inflight++;
            CALLS.setOpaque(this, ++myCalls);
            long off = nextOffset(f);
            long ret = C.preadv2(f.realFd, iovecsAddr, 1, off, flags);
            if (ret < 0) {
                PeakMain.out("preadv2: " + C.strerror(Native.errno()));
                break;
            } else if (ret != bs) {
                break;
            }
            DONE.setOpaque(this, ++myDone);
            inflight--;
            f.pendingIos--;
            if (latency != null) {
                addStat(clockIndex, 1);
            }
        }
    }
}
