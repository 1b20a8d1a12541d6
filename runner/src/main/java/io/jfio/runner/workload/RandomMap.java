package io.jfio.runner.workload;

/**
 * fio's axmap: one bit per block of a file region, so a random job touches every block exactly
 * once per pass. Level 0 holds the blocks; each higher level has a bit per full word below it,
 * which keeps "next free block" cheap on large devices. No allocation after construction.
 */
final class RandomMap {
    private final long nrBits;
    private final long[][] levels;

    RandomMap(long nrBits) {
        this.nrBits = nrBits;
        int n = 1;
        long words = (nrBits + 63) >>> 6;
        while (words > 1) {
            n++;
            words = (words + 63) >>> 6;
        }
        levels = new long[n][];
        long bits = nrBits;
        for (int i = 0; i < n; i++) {
            long w = Math.max(1, (bits + 63) >>> 6);
            if (w > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("random map too large: " + nrBits + " blocks");
            }
            levels[i] = new long[(int) w];
            bits = w;
        }
    }

    long size() {
        return nrBits;
    }

    void reset() {
        for (long[] l : levels) {
            java.util.Arrays.fill(l, 0);
        }
    }

    boolean isSet(long bit) {
        return (levels[0][(int) (bit >>> 6)] & (1L << bit)) != 0;
    }

    private void setBit(long bit) {
        for (int lvl = 0; lvl < levels.length; lvl++) {
            int w = (int) (bit >>> 6);
            long v = levels[lvl][w] | (1L << bit);
            levels[lvl][w] = v;
            if (v != -1L) {
                return;
            }
            bit = w;
        }
    }

    /**
     * axmap_set_nr(): sets up to {@code nr} bits from {@code bit}, stopping at the first bit
     * already set or the end of the map; returns how many were set.
     */
    long setNr(long bit, long nr) {
        long set = 0;
        while (set < nr && bit < nrBits && !isSet(bit)) {
            setBit(bit);
            bit++;
            set++;
        }
        return set;
    }

    /** axmap_next_free(): first clear bit after {@code bit}, wrapping once to 0; -1 when full. */
    long nextFree(long bit) {
        if (bit >= nrBits) {
            return -1;
        }
        long next = bit + 1;
        if (next == nrBits) {
            next = 0;
        }
        long r = firstFree(next);
        if (r < 0 && next != 0) {
            r = firstFree(0);
        }
        return r;
    }

    /** First clear bit at or after {@code from}, or -1. */
    private long firstFree(long from) {
        long pos = from;
        int lvl = 0;
        // climb while the rest of the current word is full
        while (true) {
            long[] map = levels[lvl];
            int w = (int) (pos >>> 6);
            if (w >= map.length) {
                return -1;
            }
            long free = ~map[w] & (-1L << (pos & 63));
            if (free != 0) {
                pos = ((long) w << 6) + Long.numberOfTrailingZeros(free);
                break;
            }
            if (lvl + 1 == levels.length) {
                return -1;
            }
            pos = (long) w + 1;
            lvl++;
        }
        // descend: at each lower level the word 'pos' has a clear bit
        while (lvl > 0) {
            lvl--;
            if (pos >= levels[lvl].length) {
                return -1; // a padding bit of the upper level: nothing free up to the end
            }
            long free = ~levels[lvl][(int) pos];
            pos = (pos << 6) + Long.numberOfTrailingZeros(free);
        }
        return pos < nrBits ? pos : -1;
    }
}
