package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The branch-free latency decade against fio's table (stat.c's 2/4/10/20/50/100/250/500/750/1000). */
class BucketsTest {
    private static final long[] BOUNDS = {2, 4, 10, 20, 50, 100, 250, 500, 750};

    private static int byTable(long v) {
        int i = 0;
        while (i < BOUNDS.length && v >= BOUNDS[i]) {
            i++;
        }
        return i;
    }

    @Test
    void latencyDecadeIsFiosTable() {
        for (long v = -3; v <= 2000; v++) {
            assertEquals(byTable(v), Buckets.latencyDecade(v), "v=" + v);
        }
        for (long v : new long[] {999_999, 1L << 40, Long.MAX_VALUE}) {
            assertEquals(9, Buckets.latencyDecade(v), "v=" + v);
        }
        assertEquals(0, Buckets.latencyDecade(1));
        assertEquals(1, Buckets.latencyDecade(2));
        assertEquals(8, Buckets.latencyDecade(749));
        assertEquals(9, Buckets.latencyDecade(750));
        assertEquals(11, Buckets.latencyMsec(2000));
        assertEquals(10, Buckets.latencyMsec(1999));
        assertEquals(9, Buckets.latencyMsec(999));
    }
}
