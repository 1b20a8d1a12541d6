package io.jfio.jobfile.options;

import io.jfio.jobfile.BsSplitEntry;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;

import java.util.Arrays;
import java.util.List;

/**
 * Block sizes (fio's bs, ba, bsrange, bssplit, bs_unaligned, bs_is_seq_rand), per direction
 * read, write, trim.
 *
 * @param bsRange  per direction, or null when bsrange was not given (0-0)
 * @param bsSplit  one list per direction (null for a direction without entries), or null
 */
public record BlockSizeOptions(long[] bs, long[] ba, SizeRange[] bsRange, List<BsSplitEntry>[] bsSplit,
                               boolean bsUnaligned, boolean bsIsSeqRand, long[] minBs, long[] maxBs) {

    public static BlockSizeOptions from(JobSpec spec) {
        SizeRange[] r = spec.getRanges("bsrange");
        SizeRange[] range = null;
        if (r.length > 0 && r[0] != null && r[0].high() != 0) {
            range = new SizeRange[3];
            for (int i = 0; i < 3; i++) {
                range[i] = r[Math.min(i, r.length - 1)];
            }
        }
        List<BsSplitEntry>[] split = spec.value("bssplit") instanceof List<?>[] ? spec.getBsSplit() : null;
        long[] bs = spec.getPerDirection("bs");
        // min_bs/max_bs: the parser's fix-ups for a run (absent with --parse-only): bs then
        long[] minBs = spec.has("min_bs") ? spec.getPerDirection("min_bs") : bs.clone();
        long[] maxBs = spec.has("max_bs") ? spec.getPerDirection("max_bs") : bs.clone();
        return new BlockSizeOptions(bs, spec.getPerDirection("ba"), range, split,
                spec.getBool("bs_unaligned"), spec.getBool("bs_is_seq_rand"), minBs, maxBs);
    }

    /** The entries of a direction's bssplit, or null when it has none (it then uses bs / bsrange). */
    public List<BsSplitEntry> split(int ddir) {
        if (bsSplit == null || bsSplit.length == 0) {
            return null;
        }
        List<BsSplitEntry> l = bsSplit[Math.min(ddir, bsSplit.length - 1)];
        return l == null || l.isEmpty() ? null : l;
    }

    /** Smallest block size of a direction: its bssplit, else its bsrange, else bs. */
    public long min(int ddir) {
        List<BsSplitEntry> s = split(ddir);
        if (s != null) {
            return s.stream().mapToLong(BsSplitEntry::blockSize).min().orElse(bs[ddir]);
        }
        return bsRange != null ? Math.min(bsRange[ddir].low(), bsRange[ddir].high()) : bs[ddir];
    }

    /** Largest block size of a direction (see {@link #min}). */
    public long max(int ddir) {
        List<BsSplitEntry> s = split(ddir);
        if (s != null) {
            return s.stream().mapToLong(BsSplitEntry::blockSize).max().orElse(bs[ddir]);
        }
        return bsRange != null ? Math.max(bsRange[ddir].low(), bsRange[ddir].high()) : bs[ddir];
    }

    /** Every block size the job may issue, ascending and distinct: bs, bsrange ends, bssplit entries. */
    public int[] allSizes() {
        // plain arrays: a TreeSet and a stream here were ~40 us interpreted, run by every job at its start
        long[] v = new long[16];
        int n = 0;
        for (int d = 0; d < 3; d++) {
            v = add(v, n++, bs[d]);
            if (bsRange != null) {
                v = add(v, n++, bsRange[d].low());
                v = add(v, n++, bsRange[d].high());
            }
            List<BsSplitEntry> s = split(d);
            if (s != null) {
                for (BsSplitEntry e : s) {
                    v = add(v, n++, e.blockSize());
                }
            }
        }
        Arrays.sort(v, 0, n);
        int[] out = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (v[i] != 0 && (i == 0 || v[i] != v[i - 1])) {
                out[m++] = (int) v[i];
            }
        }
        return Arrays.copyOf(out, m);
    }

    private static long[] add(long[] v, int at, long size) {
        long[] a = at < v.length ? v : Arrays.copyOf(v, v.length * 2);
        a[at] = size;
        return a;
    }
}
