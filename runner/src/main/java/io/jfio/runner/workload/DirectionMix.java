package io.jfio.runner.workload;

/**
 * The direction of a job's next I/O (io_u.c: get_rw_ddir, set_rwmix_bytes): rw's read / write /
 * trim bits, and for mixed jobs the rwmixread draw with fio's rule for how long to stay in one
 * direction, then rate's say.
 */
final class DirectionMix {
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int TRIM = 2;

    final boolean tdRead;
    final boolean tdWrite;
    final boolean tdTrim;
    final boolean tdRandom;
    final boolean tdRw;
    final boolean trimwrite;
    final boolean randtrimwrite;
    final int[] rwmix = new int[2];

    private final FioRandom mixRand = new FioRandom();
    /** fio's io_issues per direction, kept by the pattern. */
    private final long[] ioIssues;
    private long rwmixIssues;
    private int rwmixDdir = READ;

    /** rw's mode (fio's TD_DDIR_* bits) and rwmixread (rwmixwrite is the same setting). */
    DirectionMix(String rwMode, int mixRead, long[] ioIssues) throws WorkloadException {
        int tdDdir;
        switch (rwMode) {
            case "read": tdDdir = 1; break;
            case "write": tdDdir = 2; break;
            case "trim": tdDdir = 8; break;
            case "randread": tdDdir = 1 | 4; break;
            case "randwrite": tdDdir = 2 | 4; break;
            case "randtrim": tdDdir = 8 | 4; break;
            case "rw": case "readwrite": tdDdir = 3; break;
            case "randrw": tdDdir = 3 | 4; break;
            case "trimwrite": tdDdir = 8 | 2; break;
            case "randtrimwrite": tdDdir = 8 | 4 | 2; break;
            default: throw new WorkloadException("fio: unknown rw mode: " + rwMode);
        }
        tdRead = (tdDdir & 1) != 0;
        tdWrite = (tdDdir & 2) != 0;
        tdRandom = (tdDdir & 4) != 0;
        tdTrim = (tdDdir & 8) != 0;
        tdRw = tdRead && tdWrite;
        trimwrite = tdTrim && tdWrite;
        randtrimwrite = trimwrite && tdRandom;
        rwmix[READ] = mixRead;
        rwmix[WRITE] = 100 - mixRead;
        this.ioIssues = ioIssues;
    }

    /** td_fill_rand_seeds for the mix draw (FIO_RAND_MIX_OFF). */
    void seed(long[] seeds) {
        mixRand.seed(seeds[RandSeeds.SEED_MIX], false);
    }

    /** A new loop, or the end of ramp_time: the current stay in one direction starts over. */
    void resetIssues() {
        rwmixIssues = 0;
    }

    /** get_rw_ddir(): the rwmix draw with fio's rule for how long to stay in one direction, then rate. */
    int next(long nowUsec, Pacer rate) {
        int ddir;
        if (tdRw) {
            if (ioIssues[rwmixDdir] >= rwmixIssues) {
                long v = mixRand.between(1, 100);
                int d = v <= rwmix[READ] ? READ : WRITE;
                if (d != rwmixDdir) {
                    // set_rwmix_bytes(): uses the direction being left and the share of the other one
                    long diff = rwmix[rwmixDdir ^ 1];
                    rwmixIssues = ioIssues[rwmixDdir] * diff / 100;
                }
                rwmixDdir = d;
            }
            ddir = rwmixDdir;
        } else if (tdRead) {
            ddir = READ;
        } else if (tdWrite) {
            ddir = WRITE;
        } else {
            ddir = TRIM;
        }
        if (rate.enabled() && nowUsec != Long.MIN_VALUE) {
            ddir = rate.direction(ddir, nowUsec, tdRw, rwmix);
        }
        rwmixDdir = ddir;
        return ddir;
    }
}
