package io.jfio.peak;

import io.jfio.engine.EngineException;
import io.jfio.engine.aio.AioContext;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;
import java.nio.ByteBuffer;

/**
 * t/io_uring's -a1 loop (submitter_aio_fn): one io_submit per batch of up to -s iocbs, then
 * io_getevents until -c completions are back, on the submitter's buffers, files and counters.
 */
final class PeakAioLoop {
    private static final LibC C = Native.libc();
    private static final int ENODATA = 61;

    private PeakAioLoop() {
    }

    static void run(PeakSubmitter s) throws EngineException {
        PeakOptions o = s.options();
        PeakCounters counters = s.counters;
        int depth = s.depth;
        int bs = s.bs;
        int n = PeakSubmitter.roundupPow2(depth);
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
            while (!s.finish) {
                if (prepped == 0 && s.inflight < depth) {
                    int toPrep = Math.min(depth - s.inflight, o.batchSubmit);
                    for (int i = 0; i < toPrep; i++) {
                        int fi = s.nextFile();
                        PeakFile f = s.files[fi];
                        int b = 64 * i;
                        for (int z = 0; z < 64; z += 8) {
                            iocbs.putLong(b + z, 0L);
                        }
                        iocbs.putLong(b, fi);                      // aio_data
                        iocbs.putShort(b + 16, (short) 0);          // IOCB_CMD_PREAD
                        iocbs.putInt(b + 20, f.realFd);
                        iocbs.putLong(b + 24, s.bufBase + (long) bs * i);
                        iocbs.putLong(b + 32, bs);
                        iocbs.putLong(b + 40, s.nextOffset(f));
                    }
                    prepped = toPrep;
                    if (prepped > 0 && s.latency != null) {
                        s.stampBatch();
                    }
                }
                s.inflight += prepped;
                int toSubmit = prepped;
                int toWait = toSubmit != 0 && s.inflight + toSubmit <= depth ? 0
                    : Math.min(s.inflight + toSubmit, o.batchComplete);
                int ret = ctx.submit(ptrsAddr, toSubmit);
                counters.calls(++myCalls);
                if (ret < 0) {
                    PeakMain.out("io_submit: " + C.strerror(-ret));
                    break;
                } else if (ret != toSubmit) {
                    PeakMain.out("submitted " + ret + ", wanted " + toSubmit);
                    break;
                }
                prepped = 0;
                while (toWait > 0) {
                    counters.calls(++myCalls);
                    int r = ctx.getEvents(toWait, toWait, eventsAddr, -1);
                    if (r < 0) {
                        PeakMain.out("io_getevents: " + C.strerror(-r));
                        s.finish = true;
                        break;
                    } else if (r != toWait) {
                        PeakMain.out("r=" + r + ", wait=" + toWait);
                        s.finish = true;
                        break;
                    }
                    for (int i = 0; i < r; i++) {
                        int fi = (int) events.getLong(32 * i);
                        s.files[fi].pendingIos--;
                        long res = events.getLong(32 * i + 16);
                        if (res != bs) {
                            if (res == -ENODATA || res == -Errno.EIO) {
                                counters.ioError();
                            } else {
                                PeakMain.out("io: unexpected ret=" + res);
                                s.finish = true;
                            }
                        }
                    }
                    if (s.latency != null && r > 0) {
                        s.addStat(s.lastBatchIndex(), r);
                    }
                    s.inflight -= r;
                    myDone += r;
                    myReaps += r;
                    counters.done(myDone);
                    counters.reaps(myReaps);
                    toWait -= r;
                }
            }
        }
    }
}
