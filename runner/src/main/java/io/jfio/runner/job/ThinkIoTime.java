package io.jfio.runner.job;

import io.jfio.jobfile.options.ThinkTimeOptions;

/**
 * thinktime_iotime and thinkcycles (backend.c: handle_thinktime, cycles_spin). With
 * thinktime_iotime the think is due once that much time has passed since the last one (or since
 * the job's epoch); the block count still triggers it only when thinktime_blocks was given.
 * thinkcycles is a busy loop after every read, write or trim, thinktime or not.
 */
final class ThinkIoTime {
    /** What decides the think after an I/O. */
    enum Due { NOW, NOT, BY_BLOCKS }

    private final long iotimeNanos;
    private final boolean blocksSet;
    private final long cycles;
    private long lastThink;

    ThinkIoTime(ThinkTimeOptions t) {
        this.iotimeNanos = t == null ? 0 : t.iotimeUs() * 1000L;
        this.blocksSet = t != null && t.blocksSet();
        this.cycles = t == null ? 0 : t.cycles();
    }

    static final ThinkIoTime NONE = new ThinkIoTime(null);

    /** fio's init_thinktime: the first period counts from the job's epoch. */
    void start(long epochNanos) {
        lastThink = epochNanos;
    }

    Due due(JobClock clock) {
        if (iotimeNanos <= 0) {
            return Due.BY_BLOCKS;
        }
        if (clock.nanoTime() - lastThink >= iotimeNanos) {
            return Due.NOW;
        }
        return blocksSet ? Due.BY_BLOCKS : Due.NOT;
    }

    /** A think ended at {@code nanos}: the next period starts there. */
    void thought(long nanos) {
        lastThink = nanos;
    }

    boolean spins() {
        return cycles > 0;
    }

    /**
     * fio's cycles_spin: {@code thinkcycles} iterations of its nop, which on x86 is the PAUSE
     * instruction (rep;nop), as Thread.onSpinWait is: tens of cycles each, not one.
     */
    void spinCycles() {
        for (long i = 0; i < cycles; i++) {
            Thread.onSpinWait();
        }
    }
}
