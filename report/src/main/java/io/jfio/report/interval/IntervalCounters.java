package io.jfio.report.interval;

import io.jfio.report.LatencyHistogram;

/**
 * One snapshot of a job's (or a reporting group's) cumulative counters: bytes and I/O counts per
 * direction and the slat/clat/lat histograms. Two snapshots subtract into one interval's own
 * counters ({@link #setDifference}); the histograms subtract bucket by bucket, so an interval's
 * percentiles are exact. Allocated once per job; snapshots copy into it without allocating.
 */
public final class IntervalCounters {
    public static final int DIRS = 3;
    /** Latency kinds, in the order of {@link #hist}: submission, completion, total. */
    public static final int SLAT = 0;
    public static final int CLAT = 1;
    public static final int LAT = 2;
    public static final String[] LAT_KEYS = {"slat_ns", "clat_ns", "lat_ns"};

    public final long[] ioBytes = new long[DIRS];
    /** I/Os issued (fio's total_ios, counted when queued). */
    public final long[] totalIos = new long[DIRS];
    /** I/Os completed. */
    public final long[] completedIos = new long[DIRS];
    /** Measured I/O time per direction, microseconds (the report's runtime; the total line's divisor). */
    public final long[] runtimeUs = new long[DIRS];
    /** hist[kind][dir]. */
    public final LatencyHistogram[][] hist = new LatencyHistogram[3][DIRS];
    /** Sum of the latencies recorded (mean x samples), per kind and direction, for interval means. */
    public final double[][] latSum = new double[3][DIRS];
    public final long[][] latSamples = new long[3][DIRS];
    /** Jobs summed into this snapshot (1 for one job). */
    public int jobs = 1;

    public IntervalCounters() {
        for (int k = 0; k < 3; k++) {
            for (int d = 0; d < DIRS; d++) {
                hist[k][d] = new LatencyHistogram();
            }
        }
    }

    public void clear() {
        for (int d = 0; d < DIRS; d++) {
            ioBytes[d] = 0;
            totalIos[d] = 0;
            completedIos[d] = 0;
            runtimeUs[d] = 0;
            for (int k = 0; k < 3; k++) {
                hist[k][d].clear();
                latSum[k][d] = 0;
                latSamples[k][d] = 0;
            }
        }
        jobs = 1;
    }

    public void copyFrom(IntervalCounters o) {
        for (int d = 0; d < DIRS; d++) {
            ioBytes[d] = o.ioBytes[d];
            totalIos[d] = o.totalIos[d];
            completedIos[d] = o.completedIos[d];
            runtimeUs[d] = o.runtimeUs[d];
            for (int k = 0; k < 3; k++) {
                hist[k][d].copyFrom(o.hist[k][d]);
                latSum[k][d] = o.latSum[k][d];
                latSamples[k][d] = o.latSamples[k][d];
            }
        }
        jobs = o.jobs;
    }

    /** Adds another job's counters (a reporting group: histograms sum bucket by bucket). */
    public void add(IntervalCounters o) {
        for (int d = 0; d < DIRS; d++) {
            ioBytes[d] += o.ioBytes[d];
            totalIos[d] += o.totalIos[d];
            completedIos[d] += o.completedIos[d];
            // fio's group runtime is its longest member's
            runtimeUs[d] = Math.max(runtimeUs[d], o.runtimeUs[d]);
            for (int k = 0; k < 3; k++) {
                hist[k][d].merge(o.hist[k][d]);
                latSum[k][d] += o.latSum[k][d];
                latSamples[k][d] += o.latSamples[k][d];
            }
        }
        jobs += o.jobs;
    }

    /** Becomes {@code later - earlier}: one interval's own counters. */
    public void setDifference(IntervalCounters later, IntervalCounters earlier) {
        for (int d = 0; d < DIRS; d++) {
            ioBytes[d] = later.ioBytes[d] - earlier.ioBytes[d];
            totalIos[d] = later.totalIos[d] - earlier.totalIos[d];
            completedIos[d] = later.completedIos[d] - earlier.completedIos[d];
            runtimeUs[d] = later.runtimeUs[d] - earlier.runtimeUs[d];
            for (int k = 0; k < 3; k++) {
                hist[k][d].setDifference(later.hist[k][d], earlier.hist[k][d]);
                latSum[k][d] = later.latSum[k][d] - earlier.latSum[k][d];
                latSamples[k][d] = later.latSamples[k][d] - earlier.latSamples[k][d];
            }
        }
        jobs = later.jobs;
    }
}
