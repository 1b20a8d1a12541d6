package io.jfio.runner.workload;

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
