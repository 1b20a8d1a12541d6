package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;

/**
 * How long a job runs (fio's FIO_OPT_G_RUNTIME: runtime, time_based, ramp_time, ramp_size, startdelay,
 * loops). Times in microseconds.
 *
 * @param rampSizeBytes ramp_size: the ramp ends once the job (with group_reporting its group) has
 *                      done this many bytes, 0 without
 * @param startDelay startdelay low-high (equal when one value was given)
 * @param timeBased  time_based with a runtime (the parser switches it off without one)
 * @param jobStartClockId job_start_clock_id: the clock_gettime id of the json job_start (0 CLOCK_REALTIME)
 * @param clocksource clocksource= as given, or null. jfio's clock is clock_gettime(CLOCK_MONOTONIC)
 *                    (System.nanoTime): clock_gettime is what it does, cpu (the TSC, fio's default
 *                    where it is invariant) gives the same nanosecond stamps, gettimeofday's stamps
 *                    are whole microseconds
 * @param gtodCpu     gtod_cpu: the CPU of fio's time-keeping thread, -1 when not set
 */
public record RuntimeOptions(long runtimeUs, boolean timeBased, long rampTimeUs, long rampSizeBytes, SizeRange startDelay,
                             boolean startDelaySet, int loops, String clocksource, int jobStartClockId,
                             int gtodCpu) {

    public static RuntimeOptions from(JobSpec spec) {
        long runtime = spec.getLong("runtime");
        long loops = spec.getLong("loops");
        String clock = spec.getString("clocksource");
        return new RuntimeOptions(runtime, spec.getBool("time_based") && runtime != 0, spec.getLong("ramp_time"),
                spec.getLong("ramp_size"),
                spec.getRanges("startdelay")[0], spec.isSet("startdelay"), loops <= 0 ? 1 : (int) loops, clock,
                spec.getInt("job_start_clock_id"), spec.isSet("gtod_cpu") ? spec.getInt("gtod_cpu") : -1);
    }
}
