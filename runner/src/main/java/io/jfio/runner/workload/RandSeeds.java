package io.jfio.runner.workload;

import io.jfio.jobfile.FioDebug;
import io.jfio.jobfile.options.RandomOptions;

/**
 * A job's random seeds and the generators seeded from them, as fio's td->rand_seeds and the
 * frand states of thread_data (init.c: setup_random_seeds, td_fill_rand_seeds). The seeds depend
 * on randseed and the job's thread number only, so a job's draws match fio's for the same
 * layout.
 */
final class RandSeeds {
    // fio's FIO_RAND_*_OFF seed slots
    static final int SEED_BS = 0;
    static final int SEED_VERIFY = 3;
    static final int SEED_MIX = 4;
    static final int SEED_FILE = 5;
    static final int SEED_BLOCK = 6;
    static final int SEED_TRIM = 8;
    static final int SEED_SEQ_RAND_READ = 10;
    static final int SEED_POISSON = 15;
    static final int SEED_ZONE = 16;
    static final int SEED_POISSON2 = 17;
    static final int SEED_POISSON3 = 18;
    static final int SEED_SPRANDOM = 22;
    static final int NR_SEEDS = 23;

    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int TRIM = 2;

    final long[] seeds = new long[NR_SEEDS];
    /** randrepeat in effect: a new loop starts the generators over. */
    final boolean repeatable;

    final FioRandom[] bsRand = new FioRandom[3];
    final FioRandom fileRand = new FioRandom();
    final FioRandom offsetRand = new FioRandom();
    final FioRandom[] seqRand = new FioRandom[3];
    final FioRandom zoneRand = new FioRandom();
    /** fio's verify_state: seeds for the data of verified writes (FIO_RAND_VER_OFF). */
    final FioRandom verifyRand = new FioRandom();

    RandSeeds(RandomOptions ro, long threadNumber, boolean fio333Random) {
        boolean seedSet = ro.randseedSet() || ro.randseed() != 0x89;
        repeatable = ro.randrepeat() && !seedSet;
        long randSeed = ro.randseed();
        if (!ro.randrepeat() && !seedSet) {
            randSeed = System.nanoTime() ^ 0x5DEECE66DL; // fio takes OS entropy here
        }
        long seed = randSeed;
        for (int i = 0; i < 4; i++) {
            seed *= 0x9e370001L;
        }
        for (int i = 0; i < NR_SEEDS; i++) {
            seeds[i] = seed * threadNumber + i;
            seed *= 0x9e370001L;
        }
        // randrepeat as given, before fio's fix-up "randseed turns randrepeat off" (which the
        // parser applies already); fio 3.33 looked at it before that fix-up
        boolean repeatAsGiven = seedSet && !ro.randrepeatSet() || ro.randrepeat();
        if (fio333Random && repeatAsGiven) {
            // fio 3.33 seeded the offsets of a repeatable job from a fixed constant and the thread
            // number, and did so before randseed switched randrepeat off, so randseed did not count
            seeds[SEED_BLOCK] = 0xb1899bedL * threadNumber;
        }
        for (int d = 0; d < 3; d++) {
            bsRand[d] = new FioRandom();
            seqRand[d] = new FioRandom();
        }
        if (FioDebug.on(FioDebug.Type.RANDOM)) {
            debugSeeds(!ro.randrepeat() && !seedSet);
        }
    }

    /** --debug=random: the seeds, as fio's setup_random_seeds prints them. */
    private void debugSeeds(boolean systemRng) {
        if (systemRng) {
            FioDebug.line(FioDebug.Type.RANDOM, "using system RNG for random seeds");
        }
        FioDebug.line(FioDebug.Type.RANDOM, "FIO_RAND_NR_OFFS=" + NR_SEEDS);
        for (int i = 0; i < NR_SEEDS; i++) {
            FioDebug.line(FioDebug.Type.RANDOM, "rand_seeds[" + i + "]=" + Long.toUnsignedString(seeds[i]));
        }
    }

    /** td_fill_rand_seeds: (re)seeds these generators (the mix draw is seeded by {@link DirectionMix}). */
    void fill(boolean verify, boolean trimwrite, boolean randomFileService, boolean use64) {
        long readSeed = seeds[SEED_BS];
        long writeSeed = seeds[SEED_BS + 1];
        long trimSeed = seeds[SEED_BS + 2];
        if (verify) {
            // reads that verify must draw the same block sizes the writes drew
            writeSeed = readSeed;
        }
        if (trimwrite) {
            trimSeed = writeSeed;
        }
        bsRand[READ].seed(readSeed, use64);
        bsRand[WRITE].seed(writeSeed, use64);
        bsRand[TRIM].seed(trimSeed, use64);
        if (randomFileService) {
            fileRand.seed(seeds[SEED_FILE], use64);
        }
        zoneRand.seed(seeds[SEED_ZONE], false);
        verifyRand.seed(seeds[SEED_VERIFY], use64);
        offsetRand.seed(seeds[SEED_BLOCK], use64);
        for (int d = 0; d < 3; d++) {
            seqRand[d].seed(seeds[SEED_SEQ_RAND_READ], false);
        }
    }

    /** fio's sprandom_state: 32-bit, from its own slot (FIO_RAND_SPRANDOM_OFF). */
    void seedSpRandom(FioRandom r) {
        r.seed(seeds[SEED_SPRANDOM], false);
    }

    /**
     * The seed of the next verified block as fio draws io_u->rand_seed from verify_state: two
     * draws multiplied (fio does so wherever a long is wider than an int).
     */
    long nextVerifySeed() {
        long a = verifyRand.next();
        return a * verifyRand.next();
    }

    /** Re-seeds verify_state, as fio's td_fill_rand_seeds does before the read-back pass. */
    void restartVerify(boolean use64) {
        verifyRand.seed(seeds[SEED_VERIFY], use64);
    }
}
