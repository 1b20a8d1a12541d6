package io.jfio.runner.job;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.Run;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.VirtualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

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
        List<JobSpec> specs = Jobs.parse("[j]\nioengine=null\nrw=read\nbs=4k\nsize=1g\n" + options);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Job job = new Job(specs.get(0), new Job.Context(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true), false, false, Run.defaultEngines(), PatternSource.FACTORY,
                new VirtualClock(READ_COST)));
        job.start();
        job.awaitFinished();
        assertEquals(0, job.stats().error, err.toString());
        return job;
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
