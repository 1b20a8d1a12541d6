package io.jfio.report;

/**
 * fio's io_stat accumulator: min, max, mean and Welford's running sum of squares
 * (spec/output-format.md 4.1), updated per sample without allocation.
 */
public final class StreamStat {
    private long min = -1L; // unsigned 2^64-1 as fio initialises it; meaningful only when samples > 0
    private long max;
    private double mean;
    private double s;
    private long samples;

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
    }

    /** Parallel-variance merge used for latency stats (group_reporting, unified_rw_reporting). */
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
        s = src.s + s + d * d * n1 * n2 / (n1 + n2);
        mean = newMean;
        samples = n1 + n2;
        min = Long.compareUnsigned(src.min, min) < 0 ? src.min : min;
        max = Long.compareUnsigned(src.max, max) > 0 ? src.max : max;
    }

    /** Plain sums, as fio merges bw and iops stats. */
    public void mergeSum(StreamStat src) {
        min += src.min;
        max += src.max;
        mean += src.mean;
        s += src.s;
        samples += src.samples;
    }

    public void copyFrom(StreamStat src) {
        min = src.min;
        max = src.max;
        mean = src.mean;
        s = src.s;
        samples = src.samples;
    }

    /** Restores a stat from reported values (readers). */
    public void set(long min, long max, double mean, double stddev, long samples) {
        this.min = min;
        this.max = max;
        this.mean = mean;
        this.samples = samples;
        this.s = samples > 1 ? stddev * stddev * (samples - 1) : 0;
    }

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

    public double stddev() {
        return samples > 1 ? Math.sqrt(s / (samples - 1)) : 0;
    }

    public long samples() {
        return samples;
    }
}
