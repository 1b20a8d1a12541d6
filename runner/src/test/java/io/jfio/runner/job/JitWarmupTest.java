package io.jfio.runner.job;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.Run;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.VirtualClock;
import io.jfio.runner.workload.RwMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The JIT warm-up's hidden job: it runs the job's engine and verify type against a scratch file
 * in /dev/shm, writes and verifies every block without error, leaves nothing behind (no scratch
 * file, no verify state file) and prints nothing; short jobs, read-only runs and virtual clocks
 * get none.
 */
@Timeout(120)
class JitWarmupTest {
    private static Job.Context context(ByteArrayOutputStream out, ByteArrayOutputStream err, boolean readOnly,
                                       JobClock clock) {
        return new Job.Context(new PrintStream(out, true), new PrintStream(err, true), true, readOnly,
                Run.defaultEngines(), PatternSource.FACTORY, clock);
    }

    private static List<String> leftovers() throws IOException {
        try (Stream<Path> s = Stream.concat(Files.list(Path.of("/dev/shm")), Files.list(Path.of("")))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("jfio-warmup") && n.contains(Long.toString(ProcessHandle.current().pid()))
                            || n.contains("jfio-warmup-") && n.endsWith(".state"))
                    .toList();
        }
    }

    @Test
    void hiddenJobWritesAndVerifiesWithTheJobsEngineAndType() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/dev/shm")), "no /dev/shm on this machine");
        for (String type : List.of("crc32c", "pattern", "null")) {
            String extra = type.equals("pattern") ? "verify_pattern=0x1234abcd\n" : "";
            JobSpec spec = Jobs.parse("[j]\nioengine=psync\nrw=randwrite\nbs=64k\nsize=512m\nverify=" + type + "\n"
                    + extra).get(0);
            ThreadOptions opts = ThreadOptions.of(spec);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Job.Context ctx = context(out, err, false, JobClock.SYSTEM);
            assertTrue(JitWarmup.wanted(opts, ctx), type);
            Job hidden = JitWarmup.run(spec, opts, RwMode.of(opts.io().rw()), ctx, 0, JitWarmup.IOS);
            assertNotNull(hidden, type + ": the warm-up job did not start");
            assertEquals(0, hidden.stats().error, type + ": the warm-up job failed");
            long written = hidden.stats().ioBytes[1];
            assertTrue(written > 0, type + ": nothing written");
            assertEquals((long) JitWarmup.IOS * 512, written, type);
            // no runtime cap here (the run's warm-up has one): every write read back, verified (error 0)
            assertEquals(written, hidden.stats().ioBytes[0], type + ": not every write verified");
            assertEquals("", out.toString() + err.toString(), type + ": the warm-up printed");
            assertEquals(List.of(), leftovers(), type);
        }
    }

    @Test
    void onlyLongVerifyJobsOnFileEnginesOnTheRealClockAreWarmed() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        Job.Context real = context(sink, sink, false, JobClock.SYSTEM);
        String big = "[j]\nioengine=libaio\nrw=write\nbs=64k\nsize=256m\n";
        assertTrue(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(big + "verify=crc32c\n").get(0)), real));
        assertFalse(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(big).get(0)), real), "no verify");
        assertTrue(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(big + "verify=null\n").get(0)), real), "verify=null");
        assertFalse(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(big + "verify=crc32c\ndo_verify=0\n").get(0)), real),
                "no read-back");
        assertFalse(JitWarmup.wanted(ThreadOptions.of(
                Jobs.parse("[j]\nioengine=libaio\nrw=write\nbs=64k\nsize=16m\nverify=crc32c\n").get(0)), real),
                "256 writes");
        assertFalse(JitWarmup.wanted(ThreadOptions.of(
                Jobs.parse("[j]\nioengine=null\nrw=write\nbs=64k\nsize=1g\nverify=crc32c\n").get(0)), real), "null");
        assertFalse(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(big + "verify=crc32c\n").get(0)),
                context(sink, sink, true, JobClock.SYSTEM)), "--readonly");
        assertFalse(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(big + "verify=crc32c\n").get(0)),
                context(sink, sink, false, new VirtualClock(1000))), "virtual clock");
        assertTrue(JitWarmup.wanted(ThreadOptions.of(Jobs.parse(
                "[j]\nioengine=io_uring\nrw=randwrite\nbs=4k\nsize=16m\ntime_based=1\nruntime=1\nverify=md5\n").get(0)),
                real), "time_based");
    }

    @Test
    void compileQueueListingIsReadAsHotSpotPrintsIt() {
        assertTrue(JitWarmup.compiling("Current compiles: \nC2 CompilerThread0   592       4       a.B::c (250 bytes)\n\n"
                + "C1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n"));
        assertTrue(JitWarmup.compiling("Current compiles: \n\nC1 compile queue:\n 657       3       a.B::c (100 bytes)\n"
                + "\nC2 compile queue:\nEmpty\n"));
        assertFalse(JitWarmup.compiling("Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n"));
    }
}
