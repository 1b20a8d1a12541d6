package io.jfio.runner.workload;

import io.jfio.jobfile.BsSplitEntry;
import io.jfio.jobfile.SizeRange;
import io.jfio.jobfile.options.BlockSizeOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's get_next_buflen (io_u.c): the size of a job's next I/O in one direction, from bs (fixed),
 * bsrange (uniform between the ends) or bssplit (weighted list), aligned to the minimum unless
 * bs_unaligned, never past the room left in the file. The arrays are the job's settings, one
 * entry per direction (read, write, trim); the generators are seeded with the job's seeds.
 */
final class BlockSizes {
    private static final int READ = 0;
    private static final int WRITE = 1;

    private final long[] min;
    private final long[] max;
    private final long[][] split;
    private final long[][] splitPerc;
    private final FioRandom[] rand;
    private final boolean unaligned;
    /** bs_is_seq_rand: the read sizes serve sequential I/O and the write sizes random I/O. */
    private final boolean seqRand;

    BlockSizes(long[] min, long[] max, long[][] split, long[][] splitPerc, FioRandom[] rand, boolean unaligned,
               boolean seqRand) {
        this.min = min;
        this.max = max;
        this.split = split;
        this.splitPerc = splitPerc;
        this.rand = rand;
        this.unaligned = unaligned;
        this.seqRand = seqRand;
    }

    /**
     * fixup_options for block sizes: min and max default to bs, bsrange sets them, a bssplit's
     * smallest and largest entries set them; the bssplit tables, sorted by percentage, go to
     * {@code splitBs} / {@code splitPerc}.
     */
    static void fixup(BlockSizeOptions o, String jobName, long[] minBs, long[] maxBs, long[][] splitBs,
                      long[][] splitPerc) throws WorkloadException {
        long[] bs = o.bs();
        SizeRange[] range = o.bsRange();
        List<BsSplitEntry>[] split = o.bsSplit();
        for (int d = 0; d < 3; d++) {
            minBs[d] = bs[d];
            maxBs[d] = bs[d];
            if (range != null && range[d] != null && range[d].high() != 0) {
                minBs[d] = Math.min(range[d].low(), range[d].high());
                maxBs[d] = Math.max(range[d].low(), range[d].high());
            }
            List<BsSplitEntry> s = split == null || split.length == 0 ? null : split[Math.min(d, split.length - 1)];
            if (s != null && !s.isEmpty()) {
                List<BsSplitEntry> sorted = new ArrayList<>(s);
                // fio sorts the entries by percentage for its lookup
                sorted.sort((a, b) -> Integer.compare(a.percent(), b.percent()));
                splitBs[d] = new long[sorted.size()];
                splitPerc[d] = new long[sorted.size()];
                long mn = Long.MAX_VALUE;
                long mx = 0;
                for (int i = 0; i < sorted.size(); i++) {
                    splitBs[d][i] = sorted.get(i).blockSize();
                    splitPerc[d][i] = sorted.get(i).percent();
                    mn = Math.min(mn, splitBs[d][i]);
                    mx = Math.max(mx, splitBs[d][i]);
                }
                minBs[d] = mn;
                maxBs[d] = mx;
            }
            if (minBs[d] <= 0) {
                throw new WorkloadException(jobName + ": block size must be positive");
            }
        }
    }

    /** The next size for {@code ddir} of at most {@code room} bytes, or 0 when none fits. */
    long next(int ddir, boolean random, long room) {
        int d = seqRand ? (random ? WRITE : READ) : ddir;
        long minbs = min[d];
        long maxbs = max[d];
        if (minbs == maxbs) {
            return minbs;
        }
        if (minbs > room) {
            return 0;
        }
        FioRandom rnd = rand[d];
        long frandMax = rnd.is64() ? -1L : 0xFFFFFFFFL;
        long[] sbs = split[d];
        long[] sperc = splitPerc[d];
        long buflen = 0;
        for (int guard = 0; guard < 1_000_000; guard++) {
            long r = rnd.next();
            if (sbs == null) {
                buflen = minbs + FioRandom.doubleToUnsigned((double) maxbs * (FioRandom.unsignedToDouble(r) / rnd.maxPlusOne()));
            } else {
                long perc = 0;
                for (int i = 0; i < sbs.length; i++) {
                    if (sperc[i] == 0) {
                        continue;
                    }
                    buflen = sbs[i];
                    perc += sperc[i];
                    if (Long.compareUnsigned(Long.divideUnsigned(r, perc), Long.divideUnsigned(frandMax, 100)) <= 0
                        && buflen <= room) {
                        break;
                    }
                }
            }
            if (!unaligned) {
                if ((minbs & (minbs - 1)) == 0) {
                    buflen &= ~(minbs - 1);
                } else {
                    buflen -= buflen % minbs;
                }
            }
            if (buflen > maxbs) {
                buflen = maxbs;
            }
            if (buflen <= room && buflen > 0) {
                return buflen;
            }
        }
        return 0;
    }
}
