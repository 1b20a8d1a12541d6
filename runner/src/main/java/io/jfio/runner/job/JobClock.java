package io.jfio.runner.job;

/**
 * The monotonic clock and the waits of one job: every time the job loop reads (start, issue and
 * completion stamps, runtime, ramp_time, rate and thinktime) and every wait it makes (startdelay,
 * rate pacing, thinktime sleeps and spins) goes through here. Production runs use {@link #SYSTEM}
 * only, so each call site sees a single implementation and the JIT inlines it to the bare
 * System.nanoTime / LockSupport.parkNanos call; tests drive a job in virtual time instead.
 */
public interface JobClock {
    /** The real clock: System.nanoTime and LockSupport.parkNanos. */
    JobClock SYSTEM = new SystemClock();

    /** Monotonic nanoseconds, as System.nanoTime. */
    long nanoTime();

    /** Parks the calling thread for up to {@code nanos} (it may return early, as parkNanos may). */
    void park(long nanos);

    /** One step of a busy wait (thinktime_spin). */
    void spin();
}
