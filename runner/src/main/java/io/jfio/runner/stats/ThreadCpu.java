package io.jfio.runner.stats;

import io.jfio.engine.nativeio.Native;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * CPU accounting of the calling thread, as fio takes it (spec/output-format.md 3.2):
 * getrusage(RUSAGE_THREAD) gives user/system time with microsecond resolution, faults and
 * context switches. One instance per job thread; {@link #begin} at job start, {@link #end} at exit.
 */
public final class ThreadCpu {
    private static final int RUSAGE_THREAD = 1;
    private static final int RUSAGE_SIZE = 144;

    private final Pointer buf = Memory.allocateDirect(Native.runtime(), RUSAGE_SIZE, true);
    private final long[] start = new long[5];

    public void begin() {
        read(start);
    }

    /** Writes the deltas since {@link #begin} into the job's stats. */
    public void end(JobStats stats) {
        long[] now = new long[5];
        read(now);
        stats.usrMillis = (now[0] - start[0]) / 1000;
        stats.sysMillis = (now[1] - start[1]) / 1000;
        stats.minorFaults = now[2] - start[2];
        stats.majorFaults = now[3] - start[3];
        stats.ctxSwitches = now[4] - start[4];
    }

    /** usr us, sys us, minflt, majflt, nvcsw+nivcsw. */
    private void read(long[] out) {
        if (Native.libc().getrusage(RUSAGE_THREAD, buf.address()) != 0) {
            java.util.Arrays.fill(out, 0);
            return;
        }
        out[0] = buf.getLong(0) * 1_000_000L + buf.getLong(8);
        out[1] = buf.getLong(16) * 1_000_000L + buf.getLong(24);
        // ru_maxrss at 32, then ixrss, idrss, isrss, minflt (64), majflt (72), nswap, inblock,
        // oublock, msgsnd, msgrcv, nsignals, nvcsw (128), nivcsw (136).
        out[2] = buf.getLong(64);
        out[3] = buf.getLong(72);
        out[4] = buf.getLong(128) + buf.getLong(136);
    }
}
