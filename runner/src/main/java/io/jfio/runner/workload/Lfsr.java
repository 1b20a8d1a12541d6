package io.jfio.runner.workload;

/**
 * fio's random_generator=lfsr: a maximal-length Galois LFSR over the smallest width that covers
 * the block count, which yields every block number exactly once per cycle without a map.
 * Same taps, seeding and first-step quirk as fio's lib/lfsr.c, so the sequence matches fio's.
 */
final class Lfsr {
    /** Tap positions per register width (index = width in bits), as published for maximal LFSRs. */
    private static final int[][] TAPS = {
        {}, {}, {},
        {3, 2}, {4, 3}, {5, 3}, {6, 5}, {7, 6}, {8, 6, 5, 4}, {9, 5}, {10, 7}, {11, 9},
        {12, 6, 4, 1}, {13, 4, 3, 1}, {14, 5, 3, 1}, {15, 14}, {16, 15, 13, 4}, {17, 14},
        {18, 11}, {19, 6, 2, 1}, {20, 17}, {21, 19}, {22, 21}, {23, 18}, {24, 23, 22, 17},
        {25, 22}, {26, 6, 2, 1}, {27, 5, 2, 1}, {28, 25}, {29, 27}, {30, 6, 4, 1}, {31, 28},
        {32, 31, 29, 1}, {33, 20}, {34, 27, 2, 1}, {35, 33}, {36, 25}, {37, 5, 4, 3, 2, 1},
        {38, 6, 5, 1}, {39, 35}, {40, 38, 21, 19}, {41, 38}, {42, 41, 20, 19},
        {43, 42, 38, 37}, {44, 43, 18, 17}, {45, 44, 42, 41}, {46, 45, 26, 25}, {47, 42},
        {48, 47, 21, 20}, {49, 40}, {50, 49, 24, 23}, {51, 50, 36, 35}, {52, 49},
        {53, 52, 38, 37}, {54, 53, 18, 17}, {55, 31}, {56, 55, 35, 34}, {57, 50}, {58, 39},
        {59, 58, 38, 37}, {60, 59}, {61, 60, 46, 45}, {62, 61, 6, 5}, {63, 62},
    };

    private final long xormask;
    private final long cachedBit;
    private final long maxVal;
    private long lastVal;
    private long numVals;
    private long cycleLength;

    private Lfsr(long xormask, long cachedBit, long maxVal) {
        this.xormask = xormask;
        this.cachedBit = cachedBit;
        this.maxVal = maxVal;
    }

    /** lfsr_init(nums, seed, spin=0); null when fio would fail ("failed initializing LFSR"). */
    static Lfsr create(long nums, long seed) {
        int width = -1;
        for (int i = 3; i < 64; i++) {
            if ((1L << i) > nums) {
                width = i;
                break;
            }
        }
        if (width < 0 || nums <= 0) {
            return null;
        }
        int[] taps = TAPS[width];
        long mask = 0;
        for (int t : taps) {
            mask |= 1L << (t - 1);
        }
        Lfsr l = new Lfsr(mask, 1L << (taps[0] - 1), nums - 1);
        return l.reset(seed) ? l : null;
    }

    /** lfsr_reset(); false for the illegal all-ones state. */
    boolean reset(long seed) {
        long bitmask = (cachedBit << 1) - 1;
        numVals = 0;
        lastVal = seed & bitmask;
        // prepare_spin(0) leaves a cycle length of 1, which makes the very first step a double step
        cycleLength = 1;
        return lastVal != bitmask;
    }

    private void step() {
        lastVal = ((lastVal >>> 1) | cachedBit) ^ (((lastVal & 1L) - 1L) & xormask);
    }

    /** lfsr_next(): the next value in [0, nums), or -1 when the cycle is exhausted. */
    long next() {
        if (Long.compareUnsigned(numVals++, maxVal) > 0) {
            return -1;
        }
        do {
            if (cycleLength != 0 && --cycleLength == 0) {
                step();
                step();
            } else {
                step();
            }
        } while (Long.compareUnsigned(lastVal, maxVal) > 0);
        return lastVal;
    }
}
