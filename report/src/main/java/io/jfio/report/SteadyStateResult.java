package io.jfio.report;

import java.util.Locale;

/**
 * A job's steady-state outcome (fio's ss_* fields of thread_stat): the criterion, whether it was
 * met, its last values and the window of samples, one per check interval.
 *
 * @param name        iops, iops_slope, bw, bw_slope, lat or lat_slope
 * @param percent     the limit is a percentage of the mean
 * @param limit       the threshold as given
 * @param durationSec steadystate_duration in seconds
 * @param attained    the criterion was met (the job stopped on it)
 * @param bufferFull  the window filled at least once
 * @param head        the ring's head index, as fio keeps it
 * @param iops        the IOPS samples, ring order
 * @param bw          the bandwidth samples (bytes/s), ring order
 * @param lat         the clat mean samples (ns), ring order
 */
public record SteadyStateResult(String name, boolean percent, double limit, int durationSec, boolean attained,
                                boolean bufferFull, int head, long[] iops, long[] bw, long[] lat, double slope,
                                double deviation, double criterion) {

    public boolean slopeCriterion() {
        return name.endsWith("_slope");
    }

    public boolean latency() {
        return name.startsWith("lat");
    }

    public boolean iopsCriterion() {
        return name.startsWith("iops");
    }

    /** The window in time order: from the head, or (when full and still running) from the one before it. */
    public long[] ordered(long[] ring) {
        int n = ring.length;
        long[] out = new long[n];
        if (n == 0) {
            return out;
        }
        int j = attained || !bufferFull ? head : (head == 0 ? n - 1 : head - 1);
        for (int l = 0; l < n; l++) {
            out[l] = ring[(j + l) % n];
        }
        return out;
    }

    /** fio's steadystate_*_mean: the integer mean over the whole ring. */
    public static long mean(long[] ring) {
        if (ring.length == 0) {
            return 0;
        }
        long sum = 0;
        for (long v : ring) {
            sum += v;
        }
        return Long.divideUnsigned(sum, ring.length);
    }

    /** The json "ss" value: criterion:limit with six decimals (fio prints the limit as a float). */
    public String criterionSpec() {
        return name + ":" + String.format(Locale.ROOT, "%f", (double) (float) limit) + (percent ? "%" : "");
    }

    /** The json "criterion" value. */
    public String criterionText() {
        return String.format(Locale.ROOT, "%f", (double) (float) criterion) + (percent ? "%" : "");
    }
}
