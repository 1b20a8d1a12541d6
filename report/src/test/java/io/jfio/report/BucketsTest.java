package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The branch-free buckets against fio's tables written out as comparisons (stat.c's loops). */
class BucketsTest {
    private static final long[] DECADE = {2, 4, 10, 20, 50, 100, 250, 500, 750};
    private static final long[] DEPTH = {2, 4, 8, 16, 32, 64};
    private static final long[] CALLS = {1, 5, 9, 17, 33, 65};

    /** The number of thresholds v has reached, the obvious way. */
    private static int passed(long[] thresholds, long v) {
        int i = 0;
        while (i < thresholds.length && v >= thresholds[i]) {
            i++;
        }
        return i;
    }

    private static long[] edges(long[] thresholds) {
        long[] out = new long[thresholds.length * 3 + 6];
        int k = 0;
        for (long t : thresholds) {
            out[k++] = t - 1;
            out[k++] = t;
            out[k++] = t + 1;
        }
        out[k++] = 0;
        out[k++] = -1;
        out[k++] = Long.MAX_VALUE;
        out[k++] = Long.MIN_VALUE + 2;
        out[k++] = Integer.MAX_VALUE;
        out[k] = Integer.MIN_VALUE;
        return out;
    }

    /** {@code bucket} against the table over [from, to] and at each threshold's edges and the extremes. */
    private static void matches(long[] thresholds, long from, long to, java.util.function.LongToIntFunction bucket) {
        for (long v = from; v <= to; v++) {
            assertEquals(passed(thresholds, v), bucket.applyAsInt(v), "v=" + v);
        }
        for (long v : edges(thresholds)) {
            assertEquals(passed(thresholds, v), bucket.applyAsInt(v), "v=" + v);
        }
    }

    @Test
    void latencyDecadeIsFiosTable() {
        matches(DECADE, -100, 5000, Buckets::latencyDecade);
        assertEquals(0, Buckets.latencyDecade(0));
        assertEquals(9, Buckets.latencyDecade(999));
    }

    @Test
    void latencyMsecAddsTheOneAndTwoSecondBuckets() {
        long[] msec = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000};
        matches(msec, -100, 10_000, Buckets::latencyMsec);
        assertEquals(10, Buckets.latencyMsec(1999));
        assertEquals(11, Buckets.latencyMsec(2000));
    }

    @Test
    void depthAndCallsAreFiosMaps() {
        for (int n = -1000; n <= 100_000; n++) {
            assertEquals(passed(DEPTH, n), Buckets.depth(n), "depth=" + n);
            assertEquals(passed(CALLS, n), Buckets.calls(n), "calls=" + n);
        }
        for (long n : edges(CALLS)) {
            int i = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n));
            assertEquals(passed(DEPTH, i), Buckets.depth(i), "depth=" + i);
            assertEquals(passed(CALLS, i), Buckets.calls(i), "calls=" + i);
        }
        assertEquals(6, Buckets.depth(64));
        assertEquals(5, Buckets.depth(63));
        assertEquals(1, Buckets.calls(4));
        assertEquals(2, Buckets.calls(5));
        assertEquals(6, Buckets.calls(65));
    }
}
