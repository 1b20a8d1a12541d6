package io.jfio.report;

/**
 * fio's bw / iops sampling (fio's stat.c): every window (bw_avg_time / iops_avg_time, default
 * 500 ms) each direction that progressed gets one sample, {@code delta * 1000 / spent}
 * (divided by 1024 more for bandwidth in KiB/s); directions without progress get none.
 *
 * <p>Meant for the runner's helper thread: it owns its stats (so the worker's recorders stay
 * single-threaded) and is folded into the job's {@link DirectionStats} at report time with
 * {@link #copyTo}. The counters passed in are cumulative completed bytes (or I/Os) per
 * direction, e.g. read from the worker through a volatile/atomic field.
 */
public final class RateSampler {
    /** fio tolerates a window this much short (LOG_MSEC_SLACK on Linux). */
    private static final long SLACK_MS = 1;

    private final long windowMs;
    private final boolean kib;
    private final long[] last = new long[DirectionStats.COUNT];
    private final StreamStat[] stats = {new StreamStat(), new StreamStat(), new StreamStat()};
    private long lastTimeMs;

    /**
     * @param windowMs bw_avg_time or iops_avg_time
     * @param bandwidth true: samples are KiB/s from byte counters; false: IOPS from I/O counters
     */
    public RateSampler(long windowMs, boolean bandwidth) {
        this.windowMs = windowMs;
        this.kib = bandwidth;
    }

    /** Starts the first window (job start, or the end of ramp_time with counters reset). */
    public void start(long nowMs, long[] counters) {
        lastTimeMs = nowMs;
        System.arraycopy(counters, 0, last, 0, DirectionStats.COUNT);
    }

    /**
     * Takes the samples due at {@code nowMs}; returns the ms until the next check is due.
     * Call it while the job is running (fio 3.37+ also once more as the job finishes).
     */
    public long check(long nowMs, long[] counters) {
        long spent = nowMs - lastTimeMs;
        if (spent < windowMs && windowMs - spent > SLACK_MS) {
            return windowMs - spent;
        }
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            long delta = counters[d] - last[d];
            if (delta == 0) {
                continue;
            }
            long rate = 0;
            if (spent != 0) {
                rate = kib ? delta * 1000 / spent / 1024 : delta * 1000 / spent;
            }
            stats[d].add(rate);
            last[d] = counters[d];
        }
        lastTimeMs = nowMs;
        return spent <= windowMs ? windowMs : windowMs - (1 + spent - windowMs);
    }

    public StreamStat stats(int ddir) {
        return stats[ddir];
    }

    /** Puts the samples into the job's bw (or iops) stats. */
    public void copyTo(JobResult job) {
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            (kib ? job.dir(d).bw : job.dir(d).iops).copyFrom(stats[d]);
        }
    }
}
