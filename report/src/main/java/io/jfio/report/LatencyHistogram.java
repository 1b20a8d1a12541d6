package io.jfio.report;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * fio's log-linear latency histogram ("plat", fio's stat.c): 1856 buckets of
 * nanosecond values, exact below 128 ns, then 64 sub-buckets per power of two (error &lt; 1/128).
 * Recording is a shift and an increment, so it is safe on the I/O hot path; histograms of
 * several threads or jobs merge exactly, bucket by bucket. The 1856 counters (15 KiB) are
 * allocated on the first sample: a job keeps ten of these (slat/clat/lat per direction and
 * sync) and most stay empty (a read-only job, a sync engine's slat), which with numjobs in the
 * hundreds is most of a job's memory.
 */
public final class LatencyHistogram {
    public static final int PLAT_BITS = 6;
    public static final int PLAT_VAL = 1 << PLAT_BITS;
    public static final int PLAT_GROUP_NR = 29;
    public static final int PLAT_NR = PLAT_GROUP_NR * PLAT_VAL;

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /** null while every bucket is zero. */
    private long[] buckets;
    private long count;
    /** Percentiles restored from a plain JSON report (no bins); used when the list matches. */
    private double[] restoredList;
    private long[] restoredValues;

    public static int indexOf(long nanos) {
        if (nanos <= 0) {
            return 0;
        }
        int msb = 63 - Long.numberOfLeadingZeros(nanos);
        if (msb <= PLAT_BITS) {
            return (int) nanos;
        }
        int errorBits = msb - PLAT_BITS;
        int base = (errorBits + 1) << PLAT_BITS;
        int offset = (int) ((nanos >>> errorBits) & (PLAT_VAL - 1));
        return Math.min(base + offset, PLAT_NR - 1);
    }

    /** The bucket's representative value (its midpoint), as fio prints in percentiles and json+ bins. */
    public static long valueOf(int index) {
        if (index < (PLAT_VAL << 1)) {
            return index;
        }
        int errorBits = (index >> PLAT_BITS) - 1;
        long base = 1L << (errorBits + PLAT_BITS);
        int k = index % PLAT_VAL;
        return base + ((2L * k + 1) << errorBits) / 2;
    }

    public void add(long nanos) {
        counters()[indexOf(nanos)]++;
        count++;
    }

    public void addToBucket(int index, long n) {
        counters()[index] += n;
        count += n;
    }

    private long[] counters() {
        long[] b = buckets;
        if (b == null) {
            b = buckets = new long[PLAT_NR];
        }
        return b;
    }

    public void merge(LatencyHistogram other) {
        if (restoredList == null && count == 0 && other.restoredList != null) {
            restoredList = other.restoredList;
            restoredValues = other.restoredValues;
        }
        long[] theirs = other.buckets;
        if (theirs != null) {
            long[] mine = counters();
            for (int i = 0; i < PLAT_NR; i++) {
                mine[i] += theirs[i];
            }
        }
        count += other.count;
    }

    public long bucket(int index) {
        long[] b = buckets;
        return b == null ? 0 : b[index];
    }

    public long count() {
        return count;
    }

    public void clear() {
        if (buckets != null) {
            Arrays.fill(buckets, 0); // kept: a job cleared after ramp_time fills it again
        }
        count = 0;
        restoredList = null;
        restoredValues = null;
    }

    /**
     * fio's percentiles (fio's stat.c): walks the buckets with a running sum and assigns each
     * percentile the representative of the first bucket where {@code sum * 100 >= p * n}, with
     * p taken as its exact binary value (this matches the shipped x86-64 binary).
     *
     * @param sortedList percentiles in ascending order (see {@link ReportOptions#percentiles()})
     * @param n the stat's sample count (fio passes the stat's samples, not the bucket sum)
     * @return bucket representatives in ns, one per percentile
     */
    public long[] percentiles(double[] sortedList, long n) {
        if (restoredList != null && count == 0 && java.util.Arrays.equals(restoredList, sortedList)) {
            return restoredValues.clone();
        }
        long[] out = new long[sortedList.length];
        long[] minCounts = new long[sortedList.length];
        for (int j = 0; j < sortedList.length; j++) {
            minCounts[j] = minCount(sortedList[j], n);
        }
        int j = 0;
        long sum = 0;
        long[] b = buckets == null ? new long[PLAT_NR] : buckets;
        for (int i = 0; i < PLAT_NR && j < sortedList.length; i++) {
            sum += b[i];
            while (j < sortedList.length && sum >= minCounts[j]) {
                out[j++] = valueOf(i);
            }
        }
        // Inconsistent data (fio logs an error): the rest stays at the last bucket's value.
        while (j < sortedList.length) {
            out[j++] = valueOf(PLAT_NR - 1);
        }
        return out;
    }

    /** Restores reported percentiles (readers of plain JSON, which has no bins). */
    public void restorePercentiles(double[] sortedList, long[] values) {
        this.restoredList = sortedList.clone();
        this.restoredValues = values.clone();
    }

    /** Smallest cumulative count s with s &gt;= p * n / 100, p exact (fio's stat.c). */
    static long minCount(double p, long n) {
        if (n == 0 || p <= 0) {
            return 0;
        }
        BigDecimal t = new BigDecimal(p).multiply(BigDecimal.valueOf(n));
        BigDecimal[] qr = t.divideAndRemainder(HUNDRED);
        long q = qr[0].longValueExact();
        return qr[1].signum() == 0 ? q : q + 1;
    }

    /**
     * Becomes a copy of {@code other}'s buckets. Interval snapshots reuse one histogram, so this
     * allocates at most once: when {@code other} has its first sample. A histogram that never had
     * one (its buckets not allocated yet) copies as empty.
     */
    public void copyFrom(LatencyHistogram other) {
        long[] from = other.buckets;
        if (from != null) {
            System.arraycopy(from, 0, counters(), 0, PLAT_NR);
        } else if (buckets != null) {
            Arrays.fill(buckets, 0);
        }
        count = other.count;
        restoredList = null;
        restoredValues = null;
    }

    /**
     * Becomes {@code later - earlier}, bucket by bucket: the I/Os recorded between two snapshots of
     * one histogram, exact because buckets only ever grow. The count is the difference's bucket sum.
     */
    public void setDifference(LatencyHistogram later, LatencyHistogram earlier) {
        long[] l = later.buckets;
        long[] e = earlier.buckets;
        long n = 0;
        if (l == null) { // no sample yet in the later snapshot, so none in the earlier one either
            if (buckets != null) {
                Arrays.fill(buckets, 0);
            }
        } else {
            long[] b = counters();
            for (int i = 0; i < PLAT_NR; i++) {
                long d = l[i] - (e == null ? 0 : e[i]);
                b[i] = d;
                n += d;
            }
        }
        count = n;
        restoredList = null;
        restoredValues = null;
    }
}
