package io.jfio.runner.support;

import io.jfio.runner.job.JobClock;

/**
 * A job clock in virtual time: a wait moves the time on by exactly what was asked, and every
 * clock read costs {@code readCostNanos}, so an I/O that takes k timestamps takes k times that.
 * The job thread alone reads and moves it: what a job does in virtual time does not depend on how
 * the machine schedules the thread, and runtime, ramp_time, rate and thinktime can be checked to
 * the microsecond.
 */
public final class VirtualClock implements JobClock {
    /** Where virtual time starts: far from 0 and from overflow. */
    public static final long ORIGIN = 1L << 40;

    private final long readCostNanos;
    private final long spinStepNanos;
    private volatile long now = ORIGIN;
    private volatile long parkedNanos;
    private volatile long spunNanos;

    public VirtualClock(long readCostNanos) {
        this(readCostNanos, 1_000L);
    }

    public VirtualClock(long readCostNanos, long spinStepNanos) {
        if (readCostNanos <= 0 && spinStepNanos <= 0) {
            throw new IllegalArgumentException("time must move on");
        }
        this.readCostNanos = readCostNanos;
        this.spinStepNanos = spinStepNanos;
    }

    @Override
    public long nanoTime() {
        long t = now;
        now = t + readCostNanos;
        return t;
    }

    @Override
    public void park(long nanos) {
        if (nanos > 0) {
            now += nanos;
            parkedNanos += nanos;
        }
    }

    @Override
    public void spin() {
        now += spinStepNanos;
        spunNanos += spinStepNanos;
    }

    /** Virtual nanoseconds since {@link #ORIGIN}. */
    public long elapsedNanos() {
        return now - ORIGIN;
    }

    /** Virtual time spent parked (startdelay, rate waits, thinktime sleeps). */
    public long parkedNanos() {
        return parkedNanos;
    }

    /** Virtual time spent in busy waits (thinktime_spin). */
    public long spunNanos() {
        return spunNanos;
    }
}
