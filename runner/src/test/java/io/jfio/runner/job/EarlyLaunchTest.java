package io.jfio.runner.job;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.Run;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.VirtualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job threads of a one-batch run are made on a side thread during the set-up, held until
 * the scheduler releases them, and the scheduler's launch then makes no second thread; runs
 * whose jobs start in several batches (stonewall, wait_for) or that have few jobs are created
 * as before.
 */
@Timeout(60)
class EarlyLaunchTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private List<Job> jobs(String text) throws Exception {
        List<Job> jobs = new ArrayList<>();
        for (JobSpec spec : Jobs.parse(text)) {
            jobs.add(new Job(spec, new Job.Context(new PrintStream(new ByteArrayOutputStream(), true),
                    new PrintStream(err, true), false, false, Run.defaultEngines(), PatternSource.FACTORY,
                    new VirtualClock(1_000L))));
        }
        return jobs;
    }

    private static Set<String> liveThreadNames() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .collect(Collectors.toSet());
    }

    @Test
    void threadsMadeEarlyAndHeldUntilReleased() throws Exception {
        List<Job> jobs = jobs("[early]\nioengine=null\nrw=read\nbs=4k\nsize=1m\nnumjobs=12\n");
        EarlyLaunch early = EarlyLaunch.start(jobs);
        assertNotNull(early, "a 12-job run with one batch is created early");
        early.await();
        Set<String> names = liveThreadNames();
        for (Job j : jobs) {
            assertTrue(names.contains("jfio-" + j.spec().name() + "-" + j.spec().index()), "no thread for job "
                    + j.spec().index() + " after await: " + names);
            assertEquals(0, j.stats().ioBytes[0], "a job did I/O before it was released");
        }
        for (Job j : jobs) {
            j.launch(); // the scheduler's launch: no second thread (Thread.start twice would throw)
            j.release();
        }
        for (Job j : jobs) {
            j.awaitFinished();
            assertEquals(1L << 20, j.stats().ioBytes[0], err.toString());
        }
    }

    @Test
    void severalBatchesOrFewJobsAreCreatedAsBefore() throws Exception {
        assertNull(EarlyLaunch.start(jobs("[a]\nioengine=null\nsize=1m\nnumjobs=7\n")), "7 jobs");
        assertNull(EarlyLaunch.start(jobs("[a]\nioengine=null\nsize=1m\nnumjobs=8\n[b]\nioengine=null\nsize=1m\nstonewall\n")),
                "stonewall");
        assertNull(EarlyLaunch.start(jobs("[a]\nioengine=null\nsize=1m\nnumjobs=8\n[b]\nioengine=null\nsize=1m\nwait_for=a\n")),
                "wait_for");
    }
}
