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
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The jobs of a batch wait for each other after their set-up and before their first I/O, so
 * that the last job's set-up does not run between the first jobs' I/O; a job that ends before
 * its I/O (here a set-up error) or is stopped does not keep the others waiting. The lines here
 * have an hour's patience: a job that were never counted out would hang the test into its timeout.
 */
@Timeout(60)
class StartLineTest {
    private static final long HOUR = 3_600_000_000_000L;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Job job(String text) throws Exception {
        List<JobSpec> specs = Jobs.parse(text);
        return new Job(specs.get(0), new Job.Context(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true), false, false, Run.defaultEngines(), PatternSource.FACTORY,
                new VirtualClock(1_000L)));
    }

    private Job nullJob() throws Exception {
        return job("[j]\nioengine=null\nrw=read\nbs=4k\nsize=1m\n");
    }

    @Test
    void firstJobWaitsForTheLastOfItsBatch() throws Exception {
        StartLine line = new StartLine(2, HOUR);
        Job a = nullJob();
        Job b = nullJob();
        a.launch();
        b.launch();
        a.release(line);
        Thread.sleep(300); // a 1 MiB null job finishes in well under this once it may do I/O
        assertFalse(a.isFinished(), "the job did its I/O before the rest of its batch was set up");
        assertEquals(0, a.stats().ioBytes[0]);
        b.release(line);
        a.awaitFinished();
        b.awaitFinished();
        assertEquals(1L << 20, a.stats().ioBytes[0], err.toString());
        assertEquals(1L << 20, b.stats().ioBytes[0], err.toString());
    }

    @Test
    void aJobThatFailsInSetUpLeavesTheLine() throws Exception {
        StartLine line = new StartLine(2, HOUR);
        Job good = nullJob();
        Job bad = job("[j]\nioengine=psync\nrw=read\nbs=4k\nsize=1m\nfilename=/nonexistent-w4perf/dir/file\n");
        good.launch();
        bad.launch();
        good.release(line);
        bad.release(line);
        bad.awaitFinished();
        good.awaitFinished();
        assertNotEquals(0, bad.stats().error, "the job on a missing directory ran");
        assertEquals(1L << 20, good.stats().ioBytes[0], err.toString());
    }

    @Test
    void aStoppedJobDoesNotWaitForItsBatch() throws Exception {
        StartLine line = new StartLine(2, HOUR);
        Job a = nullJob();
        a.launch();
        a.release(line);
        Thread.sleep(100);
        a.state().terminate();
        a.awaitFinished(); // the second job of the line never comes
        assertEquals(0, a.stats().error, err.toString());
    }

    /**
     * A large batch, some of it leaving: the opener's unparks and the tree of wake-ups between
     * the arrivals (each woken job wakes two more) let every arrival through, none before the last
     * job counted in or out.
     */
    @Test
    void aLargeBatchPassesTogether() throws Exception {
        int jobs = 100;
        StartLine line = new StartLine(jobs, HOUR);
        java.util.concurrent.atomic.AtomicInteger counted = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger early = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch passed = new java.util.concurrent.CountDownLatch(jobs - jobs / 10);
        List<Thread> threads = new java.util.ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            boolean leaves = i % 10 == 7;
            Thread t = new Thread(() -> {
                if (leaves) {
                    counted.incrementAndGet();
                    line.leave();
                    return;
                }
                counted.incrementAndGet();
                line.arrive(new JobState());
                if (counted.get() < jobs) {
                    early.incrementAndGet();
                }
                passed.countDown();
            });
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        passed.await();
        assertEquals(0, early.get(), "jobs passed the line before the whole batch counted in");
    }
}
