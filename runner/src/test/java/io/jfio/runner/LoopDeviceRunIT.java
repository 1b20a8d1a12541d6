package io.jfio.runner;

import io.jfio.engine.IoDirection;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.SourceFactory;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.MiniPsync;
import io.jfio.runner.support.SequentialSource;
import io.jfio.runner.support.Specs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runner behaviour on real loop devices that does not depend on the workload generator. */
@Timeout(60)
@ExtendWith(LoopDevices.class)
class LoopDeviceRunIT {

    static final class Captured {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run run;
        int rc;
    }

    static Captured run(List<JobSpec> jobs, EngineProvider engines, SourceFactory sources) {
        Captured c = new Captured();
        c.run = new Run(new RunRequest(jobs, Set.of("normal"), 3, null, "never", 0, 0, false),
                new PrintStream(c.out, true), new PrintStream(c.err, true), engines, sources);
        c.rc = c.run.execute();
        return c;
    }

    @Test
    void timeBasedJobRunsForItsRuntime(@Loop(mib = 16) LoopDevice dev) throws Exception {
        JobSpec spec = Specs.job("tb").set("rw", "read").set("filename", dev.device()).set("bs", 4096)
                .set("time_based", 1).set("runtime", "1").build();
        Captured c = run(List.of(spec), s -> new MiniPsync(),
                (s, files) -> new SequentialSource(files, IoDirection.READ, 4096, true));
        assertEquals(0, c.rc, c.err.toString());
        JobStats st = c.run.jobs().get(0).stats();
        long us = st.runtimeMicros[0];
        System.out.printf("time_based runtime=1s: measured %d us (error %+d us)%n", us, us - 1_000_000L);
        // The loop cannot stop before the runtime; how late it stops depends on scheduling, so
        // only a generous bound here (exact in virtual time: VirtualTimeJobTest).
        assertTrue(us >= 1_000_000L && us < 10_000_000L, "runtime " + us + " us");
        assertTrue(st.totalIoU[0] > 0);
        assertTrue(st.bw[0].samples() >= 1, "bw samples taken every 500 ms");
    }

    @Test
    void writingAMountedDeviceIsRefused(@Loop(mib = 32, ext4 = true) LoopDevice dev) throws Exception {
        JobSpec spec = Specs.job("w").set("rw", "write").set("filename", dev.device()).set("bs", 4096)
                .set("size", 1 << 20).build();
        Captured c = run(List.of(spec), s -> new MiniPsync(),
                (s, files) -> new SequentialSource(files, IoDirection.WRITE, 4096, false));
        assertEquals(0, c.rc); // fio's exit status for this refusal (3.33 and 3.42)
        assertTrue(c.err.toString().contains("fio: " + dev.device()
                + " appears mounted, and 'allow_mounted_write' isn't set. Aborting."), c.err.toString());
        assertTrue(c.run.jobs().get(0).stats().totalIoU[1] == 0);
    }

    @Test
    void readingAMountedDeviceIsAllowed(@Loop(mib = 32, ext4 = true) LoopDevice dev) throws Exception {
        JobSpec read = Specs.job("r").set("rw", "read").set("filename", dev.device()).set("bs", 4096)
                .set("size", 1 << 20).build();
        Captured ok = run(List.of(read), s -> new MiniPsync(),
                (s, files) -> new SequentialSource(files, IoDirection.READ, 4096, false));
        assertEquals(0, ok.rc, ok.err.toString());
        assertEquals(256, ok.run.jobs().get(0).stats().totalIoU[0]);
    }

    @Test
    void stopEndsTheRunningJob(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Stopped s = stopDuringTheFirstJob(dev);
        Captured c = s.c();
        assertEquals(0, c.rc, c.err.toString());
        assertTrue(s.stoppedAt() != 0 && s.ms() < 5000, "ended " + s.ms() + " ms after the stop");
        JobStats sa = c.run.jobs().get(0).stats();
        assertTrue(sa.totalIoU[0] > 0 && sa.runtimeMicros[0] > 0, () -> "first job did I/O and has a runtime: ios " + sa.totalIoU[0] + ", runtime "
                + sa.runtimeMicros[0] + " us\n" + c.out + c.err);
        assertTrue(c.out.toString().contains("a: (groupid=0"), c.out.toString());
    }

    @Test
    void stopSkipsThePendingJob(@Loop(mib = 16) LoopDevice dev) throws Exception {
        Captured c = stopDuringTheFirstJob(dev).c();
        assertEquals(0, c.rc, c.err.toString());
        assertEquals(0, c.run.jobs().get(1).stats().totalIoU[0], "stonewalled job never ran");
    }

    /** A stopped run, when the stop came (nanoTime, 0 if never) and how many ms later the run ended. */
    private record Stopped(Captured c, long stoppedAt, long ms) {
    }

    /** Two 30 s jobs, the second stonewalled; the run is stopped once the first has read something. */
    private static Stopped stopDuringTheFirstJob(LoopDevice dev) throws Exception {
        JobSpec a = Specs.job("a").set("rw", "read").set("filename", dev.device()).set("bs", 4096)
                .set("time_based", 1).set("runtime", "30").build(0, 0, 0);
        JobSpec b = Specs.job("b").set("rw", "read").set("filename", dev.device()).set("bs", 4096)
                .set("stonewall", 1).set("time_based", 1).set("runtime", "30").build(1, 1, 0);
        Captured c = new Captured();
        c.run = new Run(new RunRequest(List.of(a, b), Set.of("normal"), 3, null, "never", 0, 0, false),
                new PrintStream(c.out, true), new PrintStream(c.err, true), s -> new MiniPsync(),
                (s, files) -> new SequentialSource(files, IoDirection.READ, 4096, true));
        java.util.concurrent.atomic.AtomicLong stoppedAt = new java.util.concurrent.atomic.AtomicLong();
        Thread stopper = new Thread(() -> {
            // Stop once the first job has read something (a fixed delay misses that on a loaded
            // machine), or after 20 s.
            long give = System.nanoTime() + 20_000_000_000L;
            while (System.nanoTime() < give && !firstJobRead(c.run)) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
            stoppedAt.set(System.nanoTime());
            c.run.stop();
        });
        stopper.start();
        c.rc = c.run.execute();
        long ms = (System.nanoTime() - stoppedAt.get()) / 1_000_000L;
        return new Stopped(c, stoppedAt.get(), ms);
    }

    private static boolean firstJobRead(Run run) {
        try {
            List<io.jfio.runner.job.Job> jobs = run.jobs();
            return jobs != null && !jobs.isEmpty() && jobs.get(0).stats().progress.get(0) > 0;
        } catch (RuntimeException e) {
            return false; // the run is still making its job list
        }
    }
}
