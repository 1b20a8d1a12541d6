package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RateSamplerTest {
    @Test
    void samplesEachWindowOnlyForDirectionsThatProgressed() {
        RateSampler bw = new RateSampler(500, true);
        bw.start(0, new long[] {0, 0, 0});
        assertEquals(300, bw.check(200, new long[] {1 << 20, 0, 0}));
        assertEquals(500, bw.check(499, new long[] {1 << 20, 0, 0})); // within the 1 ms slack
        assertEquals(1, bw.stats(0).samples());
        assertEquals((1L << 20) * 1000 / 499 / 1024, bw.stats(0).min());
        assertEquals(0, bw.stats(1).samples());
        bw.check(1010, new long[] {3 << 20, 1 << 20, 0});
        assertEquals(2, bw.stats(0).samples());
        assertEquals((2L << 20) * 1000 / 511 / 1024, bw.stats(0).max());
        assertEquals(1, bw.stats(1).samples());
        JobResult j = new JobResult();
        bw.copyTo(j);
        assertEquals(2, j.dir(0).bw.samples());
        assertEquals(0, j.dir(0).iops.samples());

        RateSampler iops = new RateSampler(500, false);
        iops.start(0, new long[3]);
        iops.check(500, new long[] {1000, 0, 0});
        assertEquals(2000, iops.stats(0).mean(), 0);
    }
}
