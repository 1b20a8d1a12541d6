package io.jfio.runner.job;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * json job_start's clocks (fio's set_epoch_time): clock_gettime on job_start_clock_id, and
 * log_alternate_epoch_clock_id's reading when the kernel refuses the id. Each reading is checked
 * between two reads of the Java clock that is the same kernel clock, so no window is assumed.
 */
class JobStartTest {
    @Test
    void realtimeAndMonotonicAreTheKernelsClocks() {
        long before = System.currentTimeMillis();
        long real = JobStart.millis(0, 0);
        long after = System.currentTimeMillis();
        assertTrue(real >= before && real <= after, before + " <= " + real + " <= " + after);
        // HotSpot's System.nanoTime is clock_gettime(CLOCK_MONOTONIC) on Linux
        long b = System.nanoTime() / 1_000_000L;
        long mono = JobStart.millis(1, 0);
        long a = System.nanoTime() / 1_000_000L;
        assertTrue(mono >= b && mono <= a, b + " <= " + mono + " <= " + a);
    }

    @Test
    void bootTimeIsNeverBehindMonotonic() {
        long mono = JobStart.millis(1, 0);
        long boot = JobStart.millis(7, 0);
        assertTrue(boot >= mono, "CLOCK_BOOTTIME " + boot + " counts suspend time on top of CLOCK_MONOTONIC " + mono);
    }

    @Test
    void anIdTheKernelRefusesReportsTheLogEpochClock() {
        long b = System.nanoTime() / 1_000_000L;
        long t = JobStart.millis(99, 1);
        long a = System.nanoTime() / 1_000_000L;
        assertTrue(t >= b && t <= a, "fio reuses the CLOCK_MONOTONIC reading: " + b + " <= " + t + " <= " + a);
        long before = System.currentTimeMillis();
        assertTrue(JobStart.millis(99, 0) >= before);
    }
}
