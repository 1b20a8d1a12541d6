package io.jfio.report;

import java.util.Arrays;

/**
 * A small bucketed count with fio's percentage rule (fio's stat.c): {@code count * 100 / total}
 * with a floor for non-zero counts (0.1 for depth distributions, 0.01 for latency buckets).
 *
 * <p>The runner fills counts; readers of fio reports (which only carry percentages) restore the
 * printed percentages instead, and those are then reported unchanged.
 */
public final class Distribution {
    private final long[] counts;
    private final double floor;
    private double[] restored;

    public Distribution(int buckets, double floor) {
        this.counts = new long[buckets];
        this.floor = floor;
    }

    public int size() {
        return counts.length;
    }

    public void add(int bucket, long n) {
        counts[bucket] += n;
    }

    /** Adds a whole count array (bucket i += counts[i]), e.g. a runner's primitive map. */
    public void addAll(long[] bucketCounts) {
        for (int i = 0; i < counts.length && i < bucketCounts.length; i++) {
            counts[i] += bucketCounts[i];
        }
    }

    public long count(int bucket) {
        return counts[bucket];
    }

    public long sum() {
        long s = 0;
        for (long c : counts) {
            s += c;
        }
        return s;
    }

    public void merge(Distribution other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        if (restored == null && other.restored != null) {
            restored = other.restored.clone();
        }
    }

    /** Restores reported percentages (readers); they take precedence over counts. */
    public void restore(double[] percents) {
        this.restored = percents.clone();
    }

    public boolean isRestored() {
        return restored != null;
    }

    /** The percentage fio prints for a bucket, given the denominator fio uses for this table. */
    public double percent(int bucket, long total) {
        if (restored != null) {
            return restored[bucket];
        }
        if (total == 0) {
            return 0.0;
        }
        double p = (double) counts[bucket] / (double) total;
        p *= 100.0;
        if (p < floor && counts[bucket] != 0) {
            p = floor;
        }
        return p;
    }

    public void clear() {
        Arrays.fill(counts, 0);
        restored = null;
    }
}
