package io.jfio.runner.job;

import io.jfio.engine.IoUnit;

/**
 * Where a job's I/Os come from and how they are paced (the workload's IoPattern and
 * Pacer behind one seam). Called on the job thread only; nothing here may allocate.
 * Times are microseconds since the job's epoch.
 */
public interface IoSource {
    /** Fills ddir, file, offset and length of a free unit; false when the job has no more I/O. */
    boolean next(IoUnit unit, long nowUsec);

    /** Opens and closes the files as the workload reaches them (openfiles below nrfiles). */
    default void fileOpener(io.jfio.runner.workload.FileOpener opener) {
    }

    /** zonemode=zbd's zone state, whose resets stand for the job's trims; null without zones. */
    default io.jfio.runner.zbd.ZbdJob zbd() {
        return null;
    }

    /** What opens and closes the files as the workload reaches them; null when all stay open. */
    default io.jfio.runner.workload.FileOpener fileOpener() {
        return null;
    }

    /** The last next() found no I/O only because the file it chose waits to be opened (fio's -EBUSY). */
    default boolean filesBusy() {
        return false;
    }

    /** A read-back of a written block: its file is opened again if the workload closed it. */
    default void reopen(io.jfio.engine.IoFile file) {
    }

    /** Tells the pattern whether the engine queues I/O (async) or completes it inline (sync). */
    default void engineQueues(boolean queues) {
    }

    /** Pass over the files (1 = first); the runner drains in-flight I/O when it changes. */
    default int pass() {
        return 1;
    }

    /**
     * True when {@link #next} needs the current time or {@link #rateWaitUsec}/{@link #checkMinRate}
     * can answer anything (a rate option is set). When false the loop skips those calls and reads
     * the clock only at fio's timestamp points (fio's stat.c).
     */
    default boolean paced() {
        return true;
    }

    /** True when the job has a thinktime ({@link #thinkDue} can answer true). */
    default boolean thinks() {
        return true;
    }

    /** How long to wait before issuing the unit the last {@link #next} filled (rate pacing). */
    default long rateWaitUsec() {
        return 0;
    }

    /** True when thinktime is due after the I/O counts given (issued / completed, all directions). */
    default boolean thinkDue(long issuedIos, long completedIos) {
        return false;
    }

    default long thinkSpinUsec(long runtimeLeftUsec) {
        return 0;
    }

    default long thinkSleepUsec(long spunUsec, long runtimeLeftUsec) {
        return 0;
    }

    default void thinkDone(int ddir, long totalUsec, long issuedIos, long completedIos) {
    }

    /** fio's check_min_rate: null when fine, else the message (the job then fails). */
    default String checkMinRate(int ddir, long bytesDone, long blocksDone, long sinceStartMs, long nowMs) {
        return null;
    }

    /** fio's verify_state: the seed of the next verified write's data. */
    default long nextVerifySeed() {
        return 0;
    }

    /**
     * The loop issued an I/O of its own (verify_backlog read, trim_backlog trim): number_ios counts
     * it, and a pass's issued bytes count its {@code bytes} (0 for do_verify's reads).
     */
    default void otherIssued(long bytes) {
    }

    /**
     * Before {@link #next}: whether trim verification has picked writes not trimmed yet (fio's
     * do_io loops on while its trim_list is not empty, whatever number_ios and the size say).
     */
    default void trimsPending(boolean pending) {
    }

    /**
     * The pass has issued its amount (fio's do_io loop condition or its bytes_issued break would
     * end the loop before the next get_io_u), so no backlog read or trim is taken now.
     */
    default boolean amountReached() {
        return false;
    }

    /** experimental_verify: the job's offset sequence starts again for the read-back. */
    default void replayForVerify() {
    }

    /** experimental_verify with loops above 1: each pass ends the loop, to be verified before the next. */
    default void iterations() {
    }

    /** After an iteration's read-back: true when keep_running starts another (see IoPattern#nextIteration). */
    default boolean nextIteration() {
        return false;
    }

    /** The seed of fio's trim_state (trim_percentage's draw); 0 without a workload. */
    default long trimSeed() {
        return 0;
    }

    /** Starts the verify seeds again (the read-back pass draws the same sequence). */
    default void restartVerifySeeds() {
    }

    /** fio's td->offset_state as FioRandom.save stores it (for the verify state file). */
    default void offsetState(long[] dst) {
    }

    /** End of ramp_time: pacing restarts from the new epoch. */
    default void resetEpoch() {
    }

    /** zonemode=zbd: the zones this job reset; 0 without zbd. */
    default long zoneResets() {
        return 0;
    }

    /** zonemode=zbd: the errno of the I/O zbd_adjust_block refused with td_verror (0: none), named by {@link #zoneErrorFunction}. */
    default int zoneErrno() {
        return 0;
    }

    default String zoneErrorFunction() {
        return null;
    }
}
