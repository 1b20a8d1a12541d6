package io.jfio.runner.stats;

import io.jfio.engine.nativeio.ResourceUsage;

/**
 * CPU accounting of the calling thread, as fio's thread mode takes it: getrusage(RUSAGE_THREAD)
 * gives user/system time with microsecond resolution, faults and context switches. One instance
 * per job thread; {@link #begin} at job start, {@link #end} at exit (on the same thread).
 */
public final class ThreadCpu {
    private final ResourceUsage usage = new ResourceUsage();
    /** RUSAGE_THREAD samples the calling thread: only the thread that began may restart. */
    private Thread owner;
    private long usr;
    private long sys;
    private long minf;
    private long majf;
    private long ctx;

    public void begin() {
        Thread t = Thread.currentThread();
        if (owner != null && owner != t) {
            return;
        }
        owner = t;
        if (usage.sampleThread()) {
            usr = usage.userMicros;
            sys = usage.systemMicros;
            minf = usage.minorFaults;
            majf = usage.majorFaults;
            ctx = usage.contextSwitches;
        }
    }

    /** Writes the deltas since {@link #begin} into the job's stats and frees the sample buffer. */
    public void end(JobStats stats) {
        try {
            if (!usage.sampleThread()) {
                return;
            }
            stats.usrMillis = (usage.userMicros - usr) / 1000;
            stats.sysMillis = (usage.systemMicros - sys) / 1000;
            stats.minorFaults = usage.minorFaults - minf;
            stats.majorFaults = usage.majorFaults - majf;
            stats.ctxSwitches = usage.contextSwitches - ctx;
        } finally {
            usage.close();
        }
    }
}
