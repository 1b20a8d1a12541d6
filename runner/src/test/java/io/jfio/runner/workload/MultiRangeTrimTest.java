package io.jfio.runner.workload;

import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.RawMemory;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * num_range above 1: a trim unit carries up to that many ranges, each the offset and block size
 * a single trim would have had, in its buffer as (start, length) pairs (fio's
 * fill_multi_range_io_u), so the job issues a num_range-th of the trims with the same bytes.
 */
class MultiRangeTrimTest {
    private static final int UNIT = 4096;

    /** Every trim unit of the job: {offset, length, ranges..., start0, len0, start1, len1, ...}. */
    private static List<long[]> trims(String options, long size) throws WorkloadException {
        return trims(options, 0, size, size);
    }

    /** As the lab's namespace: a region of {@code size} bytes at 28 MiB of a larger device. */
    private static List<long[]> trims(String options, long offset, long size, long realSize) throws WorkloadException {
        io.jfio.engine.IoFile f = TestJobs.file("f", 0, offset, size);
        f.realSize = realSize;
        IoPattern p = IoPattern.create(TestJobs.job(0, options), List.of(f));
        ByteBuffer buf = RawMemory.allocate(UNIT, 64);
        IoUnit u = new IoUnit(0, RawMemory.address(buf), UNIT);
        List<long[]> out = new ArrayList<>();
        while (p.next(u)) {
            long[] t = new long[3 + 2 * u.numRanges];
            t[0] = u.offset;
            t[1] = u.length;
            t[2] = u.numRanges;
            for (int i = 0; i < 2 * u.numRanges; i++) {
                t[3 + i] = buf.getLong(8 * i);
            }
            out.add(t);
        }
        return out;
    }

    @Test
    void sequentialTrimsCarryConsecutiveRangesUpToTheEnd() throws Exception {
        List<long[]> t = trims("rw=trim bs=4k num_range=4", 72 << 10);
        assertEquals(5, t.size(), "18 blocks in trims of 4 ranges");
        for (int i = 0; i < 4; i++) {
            long[] x = t.get(i);
            assertEquals(16384, x[1]);
            assertEquals(4, x[2]);
            for (int r = 0; r < 4; r++) {
                assertEquals((4L * i + r) * 4096, x[3 + 2 * r], "range " + r + " of trim " + i);
                assertEquals(4096, x[4 + 2 * r]);
            }
            assertEquals(x[3 + 6], x[0], "the unit's offset is its last range's, as fio leaves it");
        }
        long[] last = t.get(4);
        assertEquals(2, last[2], "the last trim has the two ranges left");
        assertEquals(8192, last[1]);
    }

    @Test
    void randomTrimsCoverEveryBlockOnce() throws Exception {
        List<long[]> t = trims("rw=randtrim bs=4k num_range=8", 1 << 20);
        assertEquals(32, t.size());
        boolean[] seen = new boolean[256];
        for (long[] x : t) {
            assertEquals(8, x[2]);
            for (int r = 0; r < 8; r++) {
                int b = (int) (x[3 + 2 * r] / 4096);
                assertTrue(!seen[b], "block " + b + " twice");
                seen[b] = true;
            }
        }
    }

    /**
     * With mixed block sizes a range keeps its whole length where the random map already holds
     * part of it, as fio's (it ignores mark_random_map's result there), so the trims' bytes exceed
     * the region's: the ranges, in order, are those fio 3.42 filled for the same job on the lab's
     * NVMe namespace (recorded from its --debug=io fill lines), 22 trims of 1085440 bytes.
     */
    @Test
    void rangesKeepTheirLengthOverBlocksAlreadyDone() throws Exception {
        List<long[]> t = trims("rw=randtrim bsrange=4k-16k num_range=5 offset=28m", 28 << 20, 1 << 20, 1L << 30);
        long bytes = t.stream().mapToLong(x -> x[1]).sum();
        List<String> ranges = new ArrayList<>();
        for (long[] x : t) {
            long sum = 0;
            for (int r = 0; r < x[2]; r++) {
                sum += x[4 + 2 * r];
                ranges.add(x[3 + 2 * r] + " " + x[4 + 2 * r]);
            }
            assertEquals(x[1], sum);
        }
        List<String> fio = new ArrayList<>();
        try (java.io.InputStream in = getClass().getResourceAsStream("/numrange/fio-3.42-randtrim-bsrange-num_range5.txt")) {
            for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII).split("\n")) {
                if (!l.startsWith("#") && !l.isBlank()) {
                    fio.add(l.trim());
                }
            }
        }
        assertEquals(fio, ranges, "the ranges fio 3.42 filled");
        assertEquals(22, t.size());
        assertEquals(1085440, bytes);
    }

    @Test
    void oneRangeIsAPlainTrim() throws Exception {
        List<long[]> t = trims("rw=trim bs=4k num_range=1", 64 << 10);
        assertEquals(16, t.size());
        assertEquals(0, t.get(3)[2]);
        assertEquals(3 * 4096, t.get(3)[0]);
    }
}
