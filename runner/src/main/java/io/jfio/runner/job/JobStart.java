package io.jfio.runner.job;

import io.jfio.engine.nativeio.PosixClock;

/**
 * fio's json {@code job_start} (time.c's set_epoch_time, at the job's epoch and again where
 * reset_all_stats moves it: the end of the ramp, latency_target's final run): milliseconds of
 * clock_gettime on job_start_clock_id. fio reads the log_alternate_epoch_clock_id clock first into
 * the same timespec, and reuses that reading when the two ids are equal or when the kernel refuses
 * job_start_clock_id (an unknown id then reports that clock's time).
 */
final class JobStart {
    private JobStart() {
    }

    static long millis(int jobStartClockId, int logEpochClockId) {
        long alternate = PosixClock.millis(logEpochClockId);
        if (jobStartClockId == logEpochClockId) {
            return alternate;
        }
        long t = PosixClock.millis(jobStartClockId);
        return t != Long.MIN_VALUE ? t : alternate;
    }
}
