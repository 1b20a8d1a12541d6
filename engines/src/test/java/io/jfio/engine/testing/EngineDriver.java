package io.jfio.engine.testing;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.testsupport.Allocation;

/**
 * A minimal submit/complete loop for engine tests (the runner has the real one): queues units
 * until the engine is busy or all units are in flight, commits, reaps. Allocation-free, so the
 * null-engine allocation test can drive a million I/Os through it.
 */
public final class EngineDriver {
    /** What each I/O should be; called with the unit to fill in (ddir, file, offset, length). */
    public interface Planner {
        /** Fills the unit for I/O number {@code seq}. */
        void plan(long seq, IoUnit unit);
    }

    /** Called for every completed unit. */
    public interface Completion {
        void completed(IoUnit unit);
    }

    private final IoEngine engine;
    private final IoUnit[] free;
    private int freeCount;
    private int inFlight;
    public long completed;
    public long errors;
    public int firstErrno;

    public EngineDriver(IoEngine engine, java.util.List<IoUnit> units) {
        this.engine = engine;
        this.free = units.toArray(new IoUnit[0]);
        this.freeCount = free.length;
    }

    /**
     * The heap bytes this thread allocates while the engine does {@code count} I/Os here, after
     * {@code warmup} I/Os through a driver of their own (the JIT settles first). This driver's
     * counters then hold the measured I/Os'.
     */
    public long allocatedOver(long warmup, long count, int depth, Planner planner) throws EngineException {
        new EngineDriver(engine, java.util.List.of(free)).run(warmup, depth, planner, null);
        long before = Allocation.threadBytes();
        run(count, depth, planner, null);
        return Allocation.threadBytes() - before;
    }

    /**
     * The allocation tests' check: {@link #allocatedOver} on a driver of the buffers' units, at
     * most {@code bound} bytes for the {@code count} I/Os (printed with {@code what} naming them).
     * Returns the driver, whose counters hold the measured I/Os'.
     */
    public static EngineDriver assertAllocatesAtMost(long bound, IoEngine engine, java.util.List<IoUnit> units,
            long warmup, long count, int depth, Planner planner, String what) throws EngineException {
        EngineDriver d = new EngineDriver(engine, units);
        long allocated = d.allocatedOver(warmup, count, depth, planner);
        System.out.printf("%s: %,d I/Os allocated %d bytes%n", what, count, allocated);
        org.junit.jupiter.api.Assertions.assertTrue(allocated <= bound,
            () -> what + ": " + allocated + " bytes allocated for " + count + " I/Os");
        return d;
    }

    /** Plans 4 KiB I/Os over the first 1 MiB of {@code file}, block after block, each in the direction {@code ddir} gives it. */
    public static Planner cycling(IoFile file, java.util.function.LongFunction<IoDirection> ddir) {
        return (seq, u) -> {
            u.ddir = ddir.apply(seq);
            u.file = file;
            u.offset = (seq & 255) * 4096L;
            u.length = 4096;
        };
    }

    /** Issues {@code count} I/Os at the given depth and waits for all of them. */
    public void run(long count, int depth, Planner planner, Completion done) throws EngineException {
        long issued = 0;
        IoUnit pending = null;
        while (completed < count) {
            boolean busy = false;
            while ((pending != null || issued < count) && inFlight < depth && !busy) {
                IoUnit u = pending;
                if (u == null) {
                    u = free[--freeCount];
                    planner.plan(issued++, u);
                }
                pending = null;
                QueueStatus st = engine.queue(u);
                if (st == QueueStatus.COMPLETED) {
                    finish(u, done);
                } else if (st == QueueStatus.QUEUED) {
                    inFlight++;
                } else {
                    pending = u;
                    busy = true;
                }
            }
            engine.commit();
            if (inFlight > 0) {
                int n = engine.getEvents(1, inFlight, -1);
                for (int i = 0; i < n; i++) {
                    inFlight--;
                    finish(engine.event(i), done);
                }
            }
        }
    }

    private void finish(IoUnit u, Completion done) {
        completed++;
        if (u.failed()) {
            if (errors++ == 0) {
                firstErrno = u.errno();
            }
        }
        if (done != null) {
            done.completed(u);
        }
        free[freeCount++] = u;
    }

    /** Plans a sequential pass over {@code file} in {@code bs} blocks. */
    public static Planner sequential(IoFile file, IoDirection ddir, int bs) {
        return (seq, u) -> {
            u.ddir = ddir;
            u.file = file;
            u.offset = seq * bs;
            u.length = bs;
        };
    }
}
