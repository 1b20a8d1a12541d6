package io.jfio.report;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An empty histogram holds no bucket array (a job keeps ten, most never sampled; eager arrays
 * were 148 KiB a job): measured with ThreadMXBean allocated bytes, and an empty histogram reads,
 * merges and reports percentiles exactly as one with zeroed buckets.
 */
class LatencyHistogramMemoryTest {
    private static long allocated() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                && mx.isThreadAllocatedMemorySupported()) {
            return mx.getThreadAllocatedBytes(Thread.currentThread().getId());
        }
        return -1;
    }

    @Test
    void emptyHistogramsAllocateNoBuckets() {
        Assumptions.assumeTrue(allocated() >= 0, "the JVM cannot count thread allocation");
        LatencyHistogram[] keep = new LatencyHistogram[1000];
        long before = allocated();
        for (int i = 0; i < keep.length; i++) {
            keep[i] = new LatencyHistogram();
        }
        long bytes = allocated() - before;
        // 1000 eager arrays are 14.8 MB; the objects alone are well under 100 bytes each.
        assertTrue(bytes < 200_000, bytes + " bytes for 1000 empty histograms");
        assertEquals(1000, keep.length);
    }

    @Test
    void emptyHistogramBehavesAsZeroBuckets() {
        LatencyHistogram empty = new LatencyHistogram();
        LatencyHistogram used = new LatencyHistogram();
        used.add(5_000);
        used.add(70_000);
        double[] pcts = {1, 50, 99.99};
        assertEquals(0, empty.bucket(LatencyHistogram.indexOf(5_000)));
        assertArrayEquals(new long[] {LatencyHistogram.valueOf(LatencyHistogram.PLAT_NR - 1),
                LatencyHistogram.valueOf(LatencyHistogram.PLAT_NR - 1),
                LatencyHistogram.valueOf(LatencyHistogram.PLAT_NR - 1)}, empty.percentiles(pcts, 1));
        LatencyHistogram merged = new LatencyHistogram();
        merged.merge(empty);
        assertEquals(0, merged.count());
        merged.merge(used);
        merged.merge(empty);
        assertEquals(2, merged.count());
        assertArrayEquals(used.percentiles(pcts, 2), merged.percentiles(pcts, 2));
        empty.clear();
        assertEquals(0, empty.count());
    }

    @Test
    void intervalSnapshotsWorkOnHistogramsWithoutSamples() {
        // interval snapshots copy and subtract histograms that may not have had a sample yet
        LatencyHistogram live = new LatencyHistogram();
        LatencyHistogram earlier = new LatencyHistogram();
        LatencyHistogram later = new LatencyHistogram();
        LatencyHistogram delta = new LatencyHistogram();
        earlier.copyFrom(live);
        later.copyFrom(live);
        delta.setDifference(later, earlier);
        assertEquals(0, earlier.count());
        assertEquals(0, delta.count());
        live.add(5_000);
        live.add(70_000);
        later.copyFrom(live);
        delta.setDifference(later, earlier);
        assertEquals(2, delta.count());
        assertEquals(1, delta.bucket(LatencyHistogram.indexOf(70_000)));
        earlier.copyFrom(later);
        live.add(70_000);
        later.copyFrom(live);
        delta.setDifference(later, earlier);
        assertEquals(1, delta.count());
        assertEquals(0, delta.bucket(LatencyHistogram.indexOf(5_000)));
        delta.copyFrom(new LatencyHistogram());
        assertEquals(0, delta.bucket(LatencyHistogram.indexOf(70_000)));
    }
}
