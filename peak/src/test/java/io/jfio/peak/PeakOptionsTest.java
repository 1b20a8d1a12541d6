package io.jfio.peak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PeakOptionsTest {

    @Test
    void readsEveryOptionGluedOrSeparateBeforeTheFiles() throws Exception {
        PeakOptions o = PeakOptions.parse(new String[] {"-d32", "-s", "8", "-c8", "-b4096", "-B1", "-F1", "-O1",
            "-r5", "-p0", "-u1", "--", "/dev/ng0n1"});
        assertEquals(32, o.depth);
        assertEquals(8, o.batchSubmit);
        assertEquals(8, o.batchComplete);
        assertEquals(4096, o.bs);
        assertTrue(o.fixedBufs);
        assertTrue(o.registerFiles);
        assertFalse(o.buffered);
        assertEquals(5, o.runtime);
        assertFalse(o.polled);
        assertTrue(o.passthrough);
        assertEquals(List.of("/dev/ng0n1"), o.files);
    }

    private static PeakOptions odd() throws Exception {
        return PeakOptions.parse(new String[] {"-d4", "-s0", "-c100", "-B7", "-Oabc", "f"});
    }

    @Test
    void booleansAreAtoiNonZero() throws Exception {
        PeakOptions o = odd();
        assertTrue(o.fixedBufs);
        assertTrue(o.buffered, "-O with a non-number is atoi 0: buffered");
        assertEquals(List.of("f"), o.files);
    }

    @Test
    void aZeroSubmitBatchBecomesOne() throws Exception {
        assertEquals(1, odd().batchSubmit, "-s0 becomes 1");
    }

    @Test
    void theCompleteBatchIsClampedToTheDepth() throws Exception {
        PeakOptions o = odd();
        assertEquals(4, o.batchComplete, "clamped to depth");
    }

    @Test
    void usageExits() {
        assertEquals(1, assertThrows(PeakOptions.UsageExit.class, () -> PeakOptions.parse(new String[0])).status);
        assertEquals(0, assertThrows(PeakOptions.UsageExit.class, () -> PeakOptions.parse(new String[] {"-h"})).status);
        assertEquals(0, assertThrows(PeakOptions.UsageExit.class, () -> PeakOptions.parse(new String[] {"-Dx"})).status);
        assertEquals(0, assertThrows(PeakOptions.UsageExit.class, () -> PeakOptions.parse(new String[] {"-z1"})).status);
        PeakOptions.UsageExit n0 = assertThrows(PeakOptions.UsageExit.class, () -> PeakOptions.parse(new String[] {"-n0"}));
        assertEquals(1, n0.status);
        assertEquals("Threads must be non-zero", n0.message);
    }

    @Test
    void usageShowsCurrentValues() throws Exception {
        PeakOptions o = new PeakOptions();
        o.polled = false;
        o.fixedBufs = false;
        o.runtime = 3;
        String u = o.usage("jfio-peak");
        assertTrue(u.startsWith("jfio-peak [options] -- [filenames]\n -d <int>  : IO Depth, default 128\n"), u);
        assertTrue(u.contains(" -p <bool> : Polled IO, default 0\n"), u);
        assertTrue(u.contains(" -B <bool> : Fixed buffers, default 0\n"), u);
        assertTrue(u.contains(" -r <int>  : Runtime in seconds, default 3\n"), u);
        assertTrue(u.contains(" -X <bool> : Use registered ring 1\n"), u);
        assertTrue(u.endsWith(" -H <path> : Use hugetlbfs file for IO buffers\n"), u);
    }

    @Test
    void formatsLikeTIoUring() {
        assertEquals("IOPS=69696, BW=272MiB/s, IOS/call=32/32", PeakFormat.interval(69696, 4096, false, 69696 * 1L, 69696, 2178));
        assertEquals("IOPS=12.10M, IOS/call=31/31", PeakFormat.interval(12_100_000, 4096, true, 12_100_000, 12_100_000, 390_000));
        assertEquals("IOPS=1.31M, BW=5.12GiB/s, IOS/call=-1/-1", PeakFormat.interval(1_310_000, 4096, false, 0, 0, 0));
        assertEquals("IOPS=289.78K, BW=141MiB/s, IOS/call=1/1", PeakFormat.interval(289_780, 512, false, 5, 5, 5));
        assertEquals("Maximum IOPS=100000", PeakFormat.maximum(100_000));
        assertEquals("polled=1, fixedbufs=1, register_files=1, buffered=1, QD=64",
                PeakFormat.settings(true, true, true, true, 64));
        assertEquals("Engine=io_uring, sq_ring=32, cq_ring=32", PeakFormat.engineIoUring(32, 32));
    }

    @Test
    void latencyBucketsRoundTrip() {
        assertEquals(0, PeakLatency.valueToIndex(0));
        assertEquals(100, PeakLatency.valueToIndex(100));
        for (long v : new long[] {1000, 12345, 1_000_000, 987_654_321}) {
            long back = PeakLatency.indexToValue(PeakLatency.valueToIndex(v));
            assertTrue(Math.abs(back - v) <= v / 32, v + " -> " + back);
        }
        PeakLatency l = new PeakLatency();
        l.add(5000, 99);
        l.add(200_000, 1);
        String p = l.percentiles();
        assertTrue(p.startsWith("    percentiles (usec):\n     |  1.0000th=[    6],"), p);
        assertTrue(p.endsWith(" 99.9900th=[  200]\n"), p);
        for (String line : p.split("\n")) {
            assertTrue(line.length() <= 80, line);
        }
    }
}
