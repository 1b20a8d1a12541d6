package io.jfio.runner.verify;

/** fio's td->verify_state: the seeds of the random data each verified write carries. */
public interface VerifySeeds {
    /** The next seed, drawn as fio draws io_u->rand_seed. */
    long next();

    /** Starts the sequence again (fio re-seeds before the read-back pass when randrepeat=1). */
    void restart();

    /** The seed of fio's td->trim_state, which draws the writes trim_percentage trims. */
    default long trimSeed() {
        return 0;
    }

    /** randrepeat: fio's clear_io_state re-seeds every generator (trim_state too) before each loop. */
    default boolean reseedsEachLoop() {
        return true;
    }

    /** The offset generator's state (FioRandom.save's layout) for fio's verify state file. */
    default void offsetState(long[] dst) {
    }
}
