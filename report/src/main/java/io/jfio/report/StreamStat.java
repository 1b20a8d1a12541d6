package io.jfio.report;

/**
 * fio's io_stat accumulator: min, max, mean and Welford's running sum of squares
 * (fio's stat.c), updated per sample without allocation.
 *
 * <p>min starts at 2^64-1 like fio's and is only meaningful when samples &gt; 0. Values are
 * unsigned 64-bit in fio; in practice they stay far below 2^63.
 */
public final class StreamStat {
    private long min = -1L;
    private long max;
    private double mean;
    private double s;
    private long samples;
    /** Reported stddev when restored from a report (readers), so it prints back exactly. */
    private double restoredStddev = Double.NaN;

    public void add(long x) {
        if (Long.compareUnsigned(x, max) > 0) {
            max = x;
        }
        if (Long.compareUnsigned(x, min) < 0) {
            min = x;
        }
        double delta = x - mean;
        if (delta != 0) {
            mean += delta / (samples + 1);
            s += delta * (x - mean);
        }
        samples++;
        restoredStddev = Double.NaN;
    }

    /** Parallel-variance merge (fio's stat.c) used for slat/clat/lat/sync stats. */
    public void mergeLatency(StreamStat src) {
        if (src.samples == 0) {
            return;
        }
        if (samples == 0) {
            copyFrom(src);
            return;
        }
        long n1 = samples;
        long n2 = src.samples;
        double d = src.mean - mean;
        double newMean = (src.mean * n2 + mean * n1) / (n1 + n2);
        // Same evaluation order as fio: pow(delta, 2) * (n1 * n2) / (n1 + n2), integer product.
        s = src.s + s + d * d * (double) (n1 * n2) / (double) (n1 + n2);
        mean = newMean;
        samples = n1 + n2;
        min = Long.compareUnsigned(src.min, min) < 0 ? src.min : min;
        max = Long.compareUnsigned(src.max, max) > 0 ? src.max : max;
        restoredStddev = Double.NaN;
    }

    /**
     * Plain sums, as fio merges bw and iops stats (the group's bandwidth is the sum of its
     * members'); members without samples are skipped, the first one with samples is copied.
     */
    public void mergeSum(StreamStat src) {
        if (src.samples == 0) {
            return;
        }
        if (samples == 0) {
            copyFrom(src);
            return;
        }
        min += src.min;
        max += src.max;
        mean += src.mean;
        s += src.s;
        samples += src.samples;
        restoredStddev = Double.NaN;
    }

    public void copyFrom(StreamStat src) {
        min = src.min;
        max = src.max;
        mean = src.mean;
        s = src.s;
        samples = src.samples;
        restoredStddev = src.restoredStddev;
    }

    /** Restores a stat from reported values (readers); the stddev prints back exactly. */
    public void set(long min, long max, double mean, double stddev, long samples) {
        this.min = samples == 0 ? -1L : min;
        this.max = max;
        this.mean = mean;
        this.samples = samples;
        this.s = samples > 1 ? stddev * stddev * (samples - 1) : 0;
        this.restoredStddev = samples > 1 || stddev != 0 ? stddev : Double.NaN;
    }

    public void clear() {
        min = -1L;
        max = 0;
        mean = 0;
        s = 0;
        samples = 0;
        restoredStddev = Double.NaN;
    }

    /** The minimum, 0 when there are no samples (as fio prints it). */
    public long min() {
        return samples == 0 ? 0 : min;
    }

    public long rawMin() {
        return min;
    }

    public long max() {
        return max;
    }

    public double mean() {
        return mean;
    }

    /** Sample standard deviation sqrt(S / (n - 1)), 0 below two samples. */
    public double stddev() {
        if (!Double.isNaN(restoredStddev)) {
            return restoredStddev;
        }
        return samples > 1 ? Math.sqrt(s / (samples - 1)) : 0;
    }

    public long samples() {
        return samples;
    }
}
