package io.jfio.peak;

import io.jfio.engine.EngineException;
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
import java.nio.ByteBuffer;

/**
 * One t/io_uring submitter thread (fio's t/io_uring.c): its own ring (or aio context, or plain
 * preadv2), buffers and files, and the same submit/reap loop and counters as t/io_uring, so the
 * IOS/call figures mean the same thing. Nothing in the loop allocates; the counters the main
 * thread samples every second are published with opaque stores.
 */
final class PeakSubmitter implements Runnable {
    private static final LibC C = Native.libc();
    private static final int ENODATA = 61;
    private static final int NOP_INJECT_RESULT = 1;
    private static final int NOP_FILE = 2;
    private static final int NOP_FIXED_FILE = 4;
    private static final int NOP_FIXED_BUFFER = 8;

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

    final PeakCounters counters = new PeakCounters();

    // Thread-private loop state (PeakAioLoop shares it).
    int depth;
    int bs;
    int inflight;
    private int perFileDepth = Integer.MAX_VALUE;
    private int curFile;
    private long randState;
    long bufBase;
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
    /**
     * -N1 with one file: every SQE is the same NOP (file 0, no offset, no clock slot), so each
     * slot is written once at set-up and a batch is a tail bump; the CQEs' user_data is always 0.
     */
    private boolean sameNops;
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
        return counters.done();
    }

    long calls() {
        return counters.calls();
    }

    long reaps() {
        return counters.reaps();
    }

    long ioErrors() {
        return counters.ioErrors();
    }

    PeakOptions options() {
        return o;
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
                    PeakAioLoop.run(this);
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

    static int roundupPow2(int n) {
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
            sameNops = o.nop && nrFiles == 1;
            if (sameNops) {
                for (int slot = 0; slot < sq.entries(); slot++) {
                    prepNop(slot, files[0], 0);
                }
            }
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

    /** The ring as t/io_uring sets it up (PeakRingSetup); null when ready, else the lines to print. */
    private String setupRing(int nbuf) throws EngineException {
        PeakRingSetup setup = new PeakRingSetup(o, depth, nbuf, bs, bufBase, iovecsAddr, files, nrFiles);
        ring = setup.ring;
        if (ring != null) {
            sq = ring.sq();
            cq = ring.cq();
        }
        singleRegisteredBuffer = setup.singleRegisteredBuffer;
        return setup.error;
    }

    private long nextRandom() {
        long x = randState;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        randState = x;
        return (x * 0x2545F4914F6CDD1DL) >>> 1;
    }

    long nextOffset(PeakFile f) {
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

    int nextFile() {
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
            prepNop(slot, f, userData);
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

    /** t/io_uring's NOP: it looks up the file (fixed or not) and the buffer, and completes with bs. */
    private void prepNop(int slot, PeakFile f, long userData) {
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
    }

    private int prepMore(int max) {
        if (sameNops) {
            int n = sq.claim(max);
            if (n > 0) {
                files[0].pendingIos += n;
                sq.publish();
            }
            return n;
        }
        int prepped = 0;
        while (prepped < max) {
            // Every SQE but passthrough's is written whole by prep: no zeroing first.
            int slot = o.passthrough ? sq.next() : sq.claim();
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
        if (sameNops) {
            return reapNops(k);
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
                    counters.ioError();
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

    /**
     * {@link #reap()} for {@link #sameNops}: only the results to check. No clock slot rides in
     * their user_data (t/io_uring's NOPs carry none either), so there is nothing to add to -t1's
     * histogram.
     */
    private int reapNops(int k) {
        int expect = bs;
        for (int i = 0; i < k; i++) {
            int res = cq.res(i);
            if (res != expect) {
                if (res == -ENODATA || res == -Errno.EIO) {
                    counters.ioError();
                } else {
                    files[0].pendingIos -= i + 1;
                    cq.advance(i + 1);
                    inflight -= i + 1;
                    unexpected(res);
                    return -1;
                }
            }
        }
        files[0].pendingIos -= k;
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

    void addStat(int clockIdx, int nr) {
        if (!finish && clockIdx != 0) {
            latency.add(System.nanoTime() - clockBatch[clockIdx], nr);
        }
    }

    void stampBatch() {
        clockBatch[clockIndex] = System.nanoTime();
        clockIndex = (clockIndex + 1) & (nrBatch - 1);
    }

    /** The clock slot {@link #stampBatch()} filled last. */
    int lastBatchIndex() {
        return (clockIndex - 1) & (nrBatch - 1);
    }

    private void uringLoop() {
        int prepped = 0;
        long myDone = 0;
        long myCalls = 0;
        long myReaps = 0;
        int batchSubmit = o.batchSubmit;
        int batchComplete = o.batchComplete;
        outer:
        while (!finish) {
            if (prepped == 0 && inflight < depth) {
                prepped = prepMore(Math.min(depth - inflight, batchSubmit));
                if (prepped > 0 && latency != null) {
                    stampBatch();
                }
            }
            inflight += prepped;
            int toSubmit = prepped;
            while (true) {
                int toWait = toSubmit != 0 && inflight + toSubmit <= depth ? 0
                    : Math.min(inflight + toSubmit, batchComplete);
                int ret = ring.enter(toSubmit, toWait, toWait != 0 ? Uring.ENTER_GETEVENTS : 0);
                counters.calls(++myCalls);
                if (ret > 0) {
                    sq.consumed(ret);
                }
                int thisReap = reap();
                if (thisReap < 0) {
                    break outer;
                }
                myReaps += thisReap;
                counters.reaps(myReaps);
                if (ret >= 0) {
                    if (ret == 0) {
                        toSubmit = 0;
                        if (inflight != 0) {
                            continue;
                        }
                        continue outer;
                    } else if (ret < toSubmit) {
                        myDone += ret;
                        counters.done(myDone);
                        prepped -= toSubmit - ret;
                        toSubmit = prepped;
                        continue;
                    }
                    myDone += ret;
                    counters.done(myDone);
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
            counters.calls(++myCalls);
            long off = nextOffset(f);
            long ret = C.preadv2(f.realFd, iovecsAddr, 1, off, flags);
            if (ret < 0) {
                PeakMain.out("preadv2: " + C.strerror(Native.errno()));
                break;
            } else if (ret != bs) {
                break;
            }
            counters.done(++myDone);
            inflight--;
            f.pendingIos--;
            if (latency != null) {
                addStat(clockIndex, 1);
            }
        }
    }
}
