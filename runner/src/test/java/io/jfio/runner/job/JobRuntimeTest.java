package io.jfio.runner.job;

import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * json job_runtime counts from fio's td->epoch, which the end of ramp_time moves: fio 3.42 reports
 * 600 for runtime=600ms ramp_time=400ms (jfio used to report the thread's whole life, 1025+).
 * In virtual time, so the figure is exact on a loaded machine.
 */
@Timeout(60)
class JobRuntimeTest {
    private static final long READ_COST = 10_000L;

    private static Job run(String options) throws InterruptedException {
        return Jobs.runVirtual("[j]\nioengine=null\nrw=read\nbs=4k\nsize=1g\n" + options, READ_COST);
    }

    @Test
    void jobRuntimeExcludesRampTimeAsFio() throws Exception {
        long ms = run("time_based\nruntime=600ms\nramp_time=400ms\n").stats().totalRunTimeMillis;
        assertTrue(ms >= 600 && ms <= 601, "job_runtime " + ms + " ms (fio: 600)");
    }

    @Test
    void jobRuntimeWithoutRampIsTheRuntime() throws Exception {
        long ms = run("time_based\nruntime=1\n").stats().totalRunTimeMillis;
        assertTrue(ms >= 1000 && ms <= 1001, "job_runtime " + ms + " ms (fio: 1000)");
    }
}
