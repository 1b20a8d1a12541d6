package io.jfio.engine.asynctest;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.testing.TestContext;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Drives an engine the way fio's job loop does (queue up to a batch, commit, reap), without the
 * runner: one file, sequential offsets wrapping inside the file, optional data pattern written and
 * verified per offset. Allocation-free inside {@link #run} once constructed.
 */
public final class JobDriver extends TestContext {

    private final List<IoUnit> units = new ArrayList<>();
    private final ByteBuffer region;
    private final ByteBuffer[] views;
    private final IoUnit[] free;
    private int freeCount;

    public JobDriver(int iodepth, int bs, boolean direct, Map<String, String> options, IoFile... files) {
        super(null, iodepth);
        this.direct = direct;
        engineOptions.putAll(options);
        this.files.addAll(List.of(files));
        region = RawMemory.allocate(iodepth * bs, 4096);
        long base = RawMemory.address(region);
        views = new ByteBuffer[iodepth];
        free = new IoUnit[iodepth];
        for (int i = 0; i < iodepth; i++) {
            IoUnit u = new IoUnit(i, base + (long) i * bs, bs);
            units.add(u);
            views[i] = RawMemory.wrap(u.bufferAddress, bs);
        }
    }

    /** Makes the engine, inits it and opens the file(s) with O_RDWR (+O_DIRECT when direct). */
    public static JobDriver open(IoEngine engine, int iodepth, int bs, boolean direct, Map<String, String> options,
                                 IoFile... files) throws EngineException {
        JobDriver d = new JobDriver(iodepth, bs, direct, options, files);
        engine.init(d);
        try {
            for (IoFile f : files) {
                engine.openFile(f, OpenFlags.O_RDWR | (direct ? OpenFlags.O_DIRECT : 0));
            }
        } catch (EngineException e) {
            engine.cleanup();
            throw e;
        }
        return d;
    }

    public static void close(IoEngine engine, IoFile... files) throws EngineException {
        try {
            for (IoFile f : files) {
                engine.closeFile(f);
            }
        } finally {
            engine.cleanup();
        }
    }

    /** What {@link #run} saw. */
    public static final class Result {
        public long ios;
        public long bytes;
        public long errors;
        public int firstErrno;
        public long verifyFailures;
        public long syncs;
    }

    private final Result result = new Result();

    private static long word(long offset, int i, long seed) {
        long x = (offset + 8L * i) * 0x9E3779B97F4A7C15L ^ seed;
        return x ^ (x >>> 29);
    }

    /**
     * Runs {@code count} I/Os of {@code ddir} at sequential offsets in [0, span) of the first file,
     * {@code batch} per commit. With {@code seed != 0} writes carry a pattern and reads verify it.
     * Every {@code syncEvery}-th I/O (0 = never) is followed by an fsync (odd) or fdatasync (even).
     */
    public Result run(IoEngine e, IoDirection ddir, long count, long span, int batch, long seed, int syncEvery)
        throws EngineException {
        Result r = result;
        r.ios = r.bytes = r.errors = r.verifyFailures = r.syncs = 0;
        r.firstErrno = 0;
        IoFile f = files.get(0);
        freeCount = 0;
        for (IoUnit u : units) {
            free[freeCount++] = u;
        }
        long issued = 0;
        long done = 0;
        int outstanding = 0;
        long syncsIssued = 0;
        while (done < count || outstanding > 0) {
            int inBatch = 0;
            while (done + outstanding < count && freeCount > 0 && inBatch < batch) {
                IoUnit u = free[--freeCount];
                u.file = f;
                u.rwFlags = 0;
                boolean sync = syncEvery > 0 && issued > 0 && issued % syncEvery == 0 && syncsIssued < issued / syncEvery;
                if (sync) {
                    u.ddir = (syncsIssued & 1) == 0 ? IoDirection.SYNC : IoDirection.DATASYNC;
                    u.offset = 0;
                    u.length = 0;
                } else {
                    u.ddir = ddir;
                    u.offset = (issued * u.bufferCapacity) % span;
                    u.length = u.bufferCapacity;
                    if (ddir == IoDirection.WRITE && seed != 0) {
                        ByteBuffer v = views[u.index];
                        for (int i = 0; i < u.length / 8; i++) {
                            v.putLong(8 * i, word(u.offset, i, seed));
                        }
                    }
                }
                u.result = Long.MIN_VALUE;
                QueueStatus st = e.queue(u);
                if (st == QueueStatus.BUSY) {
                    free[freeCount++] = u;
                    break;
                }
                if (sync) {
                    syncsIssued++;
                } else {
                    issued++;
                }
                if (st == QueueStatus.COMPLETED) {
                    complete(u, seed);
                    if (!sync) {
                        done++;
                    }
                } else {
                    outstanding++;
                    inBatch++;
                }
            }
            e.commit();
            if (outstanding == 0) {
                continue;
            }
            // Like fio: block for completions only when the queue is full or nothing is left to issue.
            boolean mustWait = freeCount == 0 || done + outstanding >= count;
            int n = e.getEvents(mustWait ? 1 : 0, outstanding, mustWait ? -1 : 0);
            for (int i = 0; i < n; i++) {
                IoUnit u = e.event(i);
                boolean sync = u.ddir.isSync();
                complete(u, seed);
                outstanding--;
                if (!sync) {
                    done++;
                }
            }
        }
        return r;
    }

    private void complete(IoUnit u, long seed) {
        Result r = result;
        if (u.ddir.isSync()) {
            r.syncs++;
            if (u.result != 0) {
                r.errors++;
                if (r.firstErrno == 0) {
                    r.firstErrno = u.errno();
                }
            }
        } else {
            r.ios++;
            if (u.result != u.length) {
                r.errors++;
                if (r.firstErrno == 0) {
                    r.firstErrno = u.result < 0 ? u.errno() : -1;
                }
            } else {
                r.bytes += u.length;
                if (u.ddir == IoDirection.READ && seed != 0) {
                    ByteBuffer v = views[u.index];
                    for (int i = 0; i < u.length / 8; i++) {
                        if (v.getLong(8 * i) != word(u.offset, i, seed)) {
                            r.verifyFailures++;
                            break;
                        }
                    }
                }
            }
        }
        free[freeCount++] = u;
    }

    // The buffers are this driver's own (freed with it), not an IoBuffers the test must close.

    @Override
    public List<IoUnit> ioUnits() {
        return units;
    }

    @Override
    public long bufferRegionAddress() {
        return RawMemory.address(region);
    }

    @Override
    public long bufferRegionLength() {
        return region.capacity();
    }
}
