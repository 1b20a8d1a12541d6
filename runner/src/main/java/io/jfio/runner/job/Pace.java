package io.jfio.runner.job;

import io.jfio.engine.IoUnit;

/**
 * Rate limiting and think time around each I/O (the workload's RateLimiter behind this seam).
 * Both calls are on the job thread and may sleep; neither may allocate.
 */
public interface Pace {
    Pace NONE = new Pace() {
    };

    /** Called with a prepared unit just before it is issued; may sleep until it is allowed. */
    default void beforeIssue(IoUnit unit, long nowNanos) {
    }

    /** Called after an I/O of {@code ddir} was issued and reaped as needed (fio's thinktime point). */
    default void afterIo(int ddir, long bytes, long nowNanos) {
    }

    /** True when rate_min / rate_iops_min was not met (the job then fails as fio's check_min_rate). */
    default boolean belowMinimum(long nowNanos) {
        return false;
    }
}
