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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A launched job holds before its first step until released, as fio's created threads wait for
 * the batch to start: the scheduler creates every thread of a batch first, so that no thread is
 * born while hundreds of others already run (numjobs in the hundreds took tens of seconds).
 */
@Timeout(60)
class JobStartGateTest {
    @Test
    void launchedJobWaitsForRelease() throws Exception {
        List<JobSpec> specs = Jobs.parse("[j]\nioengine=null\nrw=read\nbs=4k\nsize=1m\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Job job = new Job(specs.get(0), new Job.Context(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true), false, false, Run.defaultEngines(), PatternSource.FACTORY,
                new VirtualClock(1_000L)));
        job.launch();
        Thread.sleep(300); // a 1 MiB null job finishes in well under this once it may run
        assertFalse(job.isFinished(), "the job ran before release");
        assertEquals(0, job.startNanos(), "the job started before release");
        job.release();
        job.awaitFinished();
        assertEquals(0, job.stats().error, err.toString());
        assertEquals(1L << 20, job.stats().ioBytes[0]);
        assertTrue(job.startNanos() != 0);
    }
}
