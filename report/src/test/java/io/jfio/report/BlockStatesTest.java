package io.jfio.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The trim block histogram as fio's stat.c means it (fio itself aborts on most jobs with more than
 * one trimmed block: BlockErrorPercentilesIT has the cases it reports): the percentiles go over the
 * touched blocks in trim-count order, unwritten ones left out.
 */
class BlockStatesTest {
    private static final double[] DEFAULT = {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};

    @Test
    void percentilesCountTrimsOfTheTouchedBlocksOnly() {
        BlockStates b = new BlockStates(10, 4096);
        // blocks 0-3 trimmed once, 4-5 twice, 6 three times, 7-9 never
        for (int i = 0; i < 7; i++) {
            b.trimmed(i);
        }
        b.trimmed(4);
        b.trimmed(5);
        b.trimmed(6);
        b.trimmed(6);
        // 7 touched blocks sorted 1,1,1,1,2,2,3: index p*7/100 after the 3 unwritten
        assertArrayEquals(new long[] {1, 1, 2, 3, 0}, b.percentiles(new double[] {10, 50, 60, 99, 100}));
        assertArrayEquals(new long[] {3, 7, 0, 0, 0}, b.counts(DEFAULT));
    }

    @Test
    void normalLinesWrapAtSeventyFiveColumnsAsFio() {
        BlockStates b = new BlockStates(1, 4096);
        b.trimmed(0);
        StringBuilder s = new StringBuilder();
        b.appendNormal(s, DEFAULT);
        assertEquals("  block lifetime percentiles :\n"
                + "   | 1.00th=1, 5.00th=1, 10.00th=1, 20.00th=1, 30.00th=1, 40.00th=1, 50.00th=1,\n"
                + "   | 60.00th=1, 70.00th=1, 80.00th=1, 90.00th=1, 95.00th=1, 99.00th=1,\n"
                + "   | 99.50th=1, 99.90th=1, 99.95th=1, 99.99th=1\n"
                + "        states               : unwritten=0, trimmed=1, written=0, trim failure=0, write failure=0\n",
                s.toString());
    }

    @Test
    void nothingTouchedPrintsNoPercentileAndZeroCounts() {
        BlockStates b = new BlockStates(4, 4096);
        assertNull(b.percentiles(DEFAULT));
        StringBuilder s = new StringBuilder();
        b.appendNormal(s, DEFAULT);
        assertEquals("  block lifetime percentiles :\n   |        states               : unwritten=0, trimmed=0,"
                + " written=0, trim failure=0, write failure=0\n", s.toString());
    }
}
