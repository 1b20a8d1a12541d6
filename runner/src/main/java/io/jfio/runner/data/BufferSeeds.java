package io.jfio.runner.data;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.BufferOptions;
import io.jfio.jobfile.options.RandomOptions;
import io.jfio.jobfile.options.ThreadOptions;

import java.security.SecureRandom;

/**
 * The seeds of a job's buffer generators, as fio's setup_random_seeds derives them: from randseed
 * and the job's thread number (slot i of job n is randseed * 0x9e370001^(4+i) * n + i), or from the
 * system's entropy when randrepeat=0 and no randseed is given.
 *
 * @param buf       FIO_RAND_BUF_OFF: buf_state, which draws every buffer's contents
 * @param dedupe    FIO_DEDUPE_OFF: the per-buffer dedupe decision (always 32-bit)
 * @param wsIndex   FIO_RAND_DEDUPE_WORKING_SET_IX: which working-set page a dedupe buffer repeats
 * @param use64     random_generator=tausworthe64
 * @param jobIndex  0-based position of the job in run order (fio's thread_number - 1)
 * @param peerBuf   every job's buf seed, by position, for dedupe_global's working set (which draws
 *                  its pages from them); null for any other job: computing them for every job made
 *                  a run's set-up quadratic in its job count (252 x 252 seeds for the seed workload)
 */
public record BufferSeeds(long buf, long dedupe, long wsIndex, boolean use64, int jobIndex, long[] peerBuf) {
    static final int SLOT_BUF = 9;
    static final int SLOT_DEDUPE = 14;
    static final int SLOT_WS_INDEX = 20;
    private static final long MULT = 0x9e370001L;

    /** Seeds of the job at {@code spec.index()} among {@code jobCount} jobs (all assumed to share its randseed). */
    public static BufferSeeds of(JobSpec spec, int jobCount) {
        ThreadOptions o = ThreadOptions.of(spec);
        RandomOptions ro = o.random();
        BufferOptions bo = o.buffer();
        boolean peersRead = bo.dedupeGlobal() && bo.dedupePercentage() != 0
                && bo.dedupeMode() == BufferOptions.DedupeMode.WORKING_SET;
        boolean seedSet = ro.randseedSet();
        long randSeed = ro.randseed();
        boolean repeat = ro.randrepeat();
        boolean use64 = "tausworthe64".equals(ro.randomGenerator());
        int index = spec.index();
        int count = Math.max(jobCount, index + 1);
        if (!repeat && !seedSet) {
            SecureRandom r = new SecureRandom();
            long[] peers = null;
            long buf;
            if (peersRead) {
                peers = new long[count];
                for (int i = 0; i < count; i++) {
                    peers[i] = r.nextLong();
                }
                buf = peers[index];
            } else {
                buf = r.nextLong();
            }
            return new BufferSeeds(buf, r.nextLong(), r.nextLong(), use64, index, peers);
        }
        long[] peers = null;
        if (peersRead) {
            peers = new long[count];
            for (int i = 0; i < count; i++) {
                peers[i] = seed(randSeed, i + 1, SLOT_BUF);
            }
        }
        return new BufferSeeds(seed(randSeed, index + 1, SLOT_BUF), seed(randSeed, index + 1, SLOT_DEDUPE),
                seed(randSeed, index + 1, SLOT_WS_INDEX), use64, index, peers);
    }

    /** fio's rand_seeds[slot] of thread {@code threadNumber} (1-based). */
    static long seed(long randSeed, long threadNumber, int slot) {
        long s = randSeed;
        for (int i = 0; i < 4 + slot; i++) {
            s *= MULT;
        }
        return s * threadNumber + slot;
    }
}
