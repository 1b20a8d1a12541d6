package io.jfio.report;

import java.util.Arrays;

/**
 * fio's trim block states (block_error_percentiles; stat.c's calc_block_percentiles and
 * show_block_infos, io_u.c's trim_block_info): one entry per trim-sized block of the job's file,
 * its state and how many times it was trimmed, kept as fio's 32-bit block_info (the state above
 * bit 29). The report gives the trim count at each percentile of the blocks that were touched and
 * the count of blocks in each state.
 */
public final class BlockStates {
    public static final int UNINIT = 0;
    public static final int TRIMMED = 1;
    public static final int WRITTEN = 2;
    public static final int TRIM_FAILURE = 3;
    public static final int WRITE_FAILURE = 4;
    /** fio's block_state_names, in state order. */
    static final String[] NAMES = {"unwritten", "trimmed", "written", "trim failure", "write failure"};
    /** fio's MAX_NR_BLOCK_INFOS. */
    public static final int MAX_BLOCKS = 8192;
    private static final int SHIFT = 29;
    private static final int TRIMS = (1 << SHIFT) - 1;

    private final int[] infos;
    private final long blockSize;

    /** {@code blocks} blocks of {@code blockSize} bytes (the job's trim block size), all unwritten. */
    public BlockStates(int blocks, long blockSize) {
        infos = new int[blocks];
        this.blockSize = blockSize;
    }

    public long blockSize() {
        return blockSize;
    }

    public int blocks() {
        return infos.length;
    }

    /** A trim of the block completed (in the measured phase): trimmed once more, unless it failed before. */
    public void trimmed(int block) {
        int i = infos[block];
        if (state(i) < TRIM_FAILURE) {
            infos[block] = (TRIMMED << SHIFT) | ((i + 1) & TRIMS);
        }
    }

    /** fio's name of a state (the json "states" keys). */
    public static String stateName(int state) {
        return NAMES[state];
    }

    static int state(int info) {
        return info >>> SHIFT;
    }

    static int trims(int info) {
        return info & TRIMS;
    }

    private static int category(int state) {
        return state == UNINIT ? 0 : state <= WRITTEN ? 1 : 2;
    }

    /** The blocks in fio's order: unwritten first, then by failure category, trim count and state. */
    private int[] sorted() {
        Integer[] boxed = new Integer[infos.length];
        for (int i = 0; i < infos.length; i++) {
            boxed[i] = infos[i];
        }
        Arrays.sort(boxed, (a, b) -> {
            int c = Integer.compare(category(state(a)), category(state(b)));
            if (c == 0) {
                c = Integer.compare(trims(a), trims(b));
            }
            return c != 0 ? c : Integer.compare(state(a), state(b));
        });
        int[] out = new int[infos.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    private int untouched(int[] sorted) {
        int n = 0;
        while (n < sorted.length && state(sorted[n]) == UNINIT) {
            n++;
        }
        return n;
    }

    /**
     * The trim count at each percentile (sorted ascending) of the touched blocks, or null when no
     * block was touched or the list is empty (fio then prints no percentile and its state counts
     * stay unset: zero). A percentile of 100 looks one past the last block, which is 0 as in fio.
     */
    public long[] percentiles(double[] sortedList) {
        int[] s = sorted();
        int skip = untouched(s);
        if (sortedList.length == 0 || skip == s.length) {
            return null;
        }
        long[] out = new long[sortedList.length];
        for (int i = 0; i < out.length; i++) {
            int idx = (int) (sortedList[i] * (s.length - skip) / 100) + skip;
            out[i] = idx < s.length ? trims(s[idx]) : 0;
        }
        return out;
    }

    /** Blocks per state (fio's block_state_counts), all zero when {@link #percentiles} is null. */
    public long[] counts(double[] sortedList) {
        long[] c = new long[NAMES.length];
        if (percentiles(sortedList) != null) {
            for (int i : infos) {
                c[state(i)]++;
            }
        }
        return c;
    }

    /** fio's show_block_infos: the normal report's two (or more) lines. */
    public void appendNormal(StringBuilder b, double[] sortedList) {
        long[] p = percentiles(sortedList);
        b.append("  block lifetime percentiles :\n   |");
        int pos = 0;
        for (int i = 0; p != null && i < p.length; i++) {
            String s = " " + CFormat.fixed(sortedList[i], 3, 2) + "th=" + p[i] + (i == p.length - 1 ? '\n' : ',');
            if (pos + s.length() > 75) {
                pos = 0;
                b.append("\n   |");
            }
            b.append(s);
            pos += s.length();
        }
        long[] c = counts(sortedList);
        b.append("        states               :");
        for (int i = 0; i < NAMES.length; i++) {
            b.append(' ').append(NAMES[i]).append('=').append(c[i]).append(i == NAMES.length - 1 ? '\n' : ',');
        }
    }
}
