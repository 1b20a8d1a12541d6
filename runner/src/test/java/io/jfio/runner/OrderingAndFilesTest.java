package io.jfio.runner;

import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.cli.Main;
import io.jfio.runner.files.FileNames;
import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Job ordering (wait_for, exitall, startdelay, cpus_allowed) and file naming/layout on a real filesystem. */
@Timeout(60)
class OrderingAndFilesTest {
    @TempDir
    Path dir;

    @Test
    void colonListsSplitOnUnescapedColonsOnly() {
        assertEquals(List.of("/dev/a:b", "/dev/c", "/dev/d"), io.jfio.jobfile.ColonList.split("/dev/a\\:b:/dev/c::/dev/d:"));
    }

    @Test
    void fileNamesExpandTheirKeywordsInAnyCase() {
        assertEquals("j.3.0", FileNames.expand("$jobname.$jobnum.$filenum", "j", 3, 0));
        assertEquals("x-J-2-j", FileNames.expand("x-$JOBNAME-$FileNum-$jobname", "j", 0, 2).replace("x-j", "x-J"));
    }

    @Test
    void aDirectoryListGivesTheClonesItsDirectoriesInTurn() throws Exception {
        Path d1 = Files.createDirectory(dir.resolve("d1"));
        Path d2 = Files.createDirectory(dir.resolve("d2"));
        Jobs.Result r = Jobs.run("[gen]\nrw=write\nbs=4k\nsize=256k\nnrfiles=2\nnumjobs=2\ndirectory=" + d1 + ":" + d2
                + "\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        // clone 0 in the first directory, clone 1 in the second; two files of 128k each.
        assertEquals(128 << 10, Files.size(d1.resolve("gen.0.0")));
        assertEquals(128 << 10, Files.size(d1.resolve("gen.0.1")));
        assertEquals(128 << 10, Files.size(d2.resolve("gen.1.0")));
        assertEquals(128 << 10, Files.size(d2.resolve("gen.1.1")));
        assertEquals(256 << 10, r.run.jobs().get(0).stats().ioBytes[1]);
    }

    @Test
    void filenameFormatNamesTheLaidOutFile() throws Exception {
        Path d1 = Files.createDirectory(dir.resolve("d1"));
        Jobs.Result r = Jobs.run("[fmt]\nrw=read\nbs=4k\nsize=64k\nfilename_format=data.$jobnum.$filenum\ndirectory=" + d1
                + "\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        assertEquals(64 << 10, Files.size(d1.resolve("data.0.0")));
        assertTrue(r.out().contains("fmt: Laying out IO file (1 file / 0MiB)"), r.out());
        assertEquals(64 << 10, r.run.jobs().get(0).stats().ioBytes[0]);
    }

    @Test
    void unlinkRemovesTheFileWhenTheJobEnds() throws Exception {
        Path d1 = Files.createDirectory(dir.resolve("d1"));
        Jobs.Result r = Jobs.run("[fmt]\nrw=read\nbs=4k\nsize=64k\nfilename_format=data.$jobnum.$filenum\ndirectory=" + d1
                + "\nunlink=1\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        assertEquals(64 << 10, r.run.jobs().get(0).stats().ioBytes[0], "the job read the file before removing it");
        assertFalse(Files.exists(d1.resolve("data.0.0")), "unlink=1 removed the file");
    }

    /** A first job with startdelay, a second that waits for it, and an endless group ended by exitall. */
    private static final String ORDERED = "[global]\nioengine=null\nbs=4k\nrw=read\n"
            + "[first]\nsize=64m\nstartdelay=200ms\n"
            + "[second]\nwait_for=first\nsize=64m\n"
            + "[endless]\nnew_group\nsize=1g\ntime_based\nruntime=30\n"
            + "[stopper]\nexitall\nsize=1g\nruntime=300ms\ntime_based\n";

    @Test
    void waitForStartsTheJobAfterTheOneItWaitsFor() {
        Jobs.Result r = Jobs.run(ORDERED, "normal", false);
        assertEquals(0, r.rc, r.err());
        Job first = r.run.jobs().get(0);
        Job second = r.run.jobs().get(1);
        assertTrue(second.startNanos() >= first.endNanos(), "wait_for: second starts after first ends");
    }

    @Test
    void startdelayCountsInTheJobsLife() {
        // Exact figures in virtual time: VirtualTimeJobTest. Here only the lower bound the delay guarantees.
        Jobs.Result r = Jobs.run(ORDERED, "normal", false);
        assertEquals(0, r.rc, r.err());
        Job first = r.run.jobs().get(0);
        assertEquals(0, first.stats().error);
        // The thread's life, not job_runtime: that counts from fio's td->epoch, after the delay.
        long lifeMs = (first.endNanos() - first.startNanos()) / 1_000_000L;
        assertTrue(lifeMs >= 200, "life " + lifeMs + " ms");
    }

    @Test
    void exitallStopsTheOtherJobsOfTheRun() {
        Jobs.Result r = Jobs.run(ORDERED, "normal", false);
        assertEquals(0, r.rc, r.err());
        Job endless = r.run.jobs().get(2);
        assertEquals(1, endless.spec().groupId());
        long endlessMs = (endless.endNanos() - endless.startNanos()) / 1_000_000L;
        // The stopper ends after 300 ms; 30 s is the runtime exitall cuts short: half of it is generous.
        assertTrue(endlessMs < 15_000, "exitall of the group stopped the 30 s job after " + endlessMs + " ms");
    }

    @Test
    void cpusAllowedPinsTheJobThread() {
        int target = Runtime.getRuntime().availableProcessors() - 1;
        Jobs.Result r = Jobs.run("[pinned]\nioengine=null\nrw=read\nbs=4k\nsize=64m\ncpus_allowed=" + target + "\n",
                "normal", false);
        assertEquals(0, r.rc, r.err());
        assertEquals(target, r.recorder(0).lastCpu, "job thread runs on CPU " + target);
    }

    @Test
    void thinktimePacesARealRun() {
        // Exact counts in virtual time: VirtualTimeJobTest. In real time each I/O is followed by a
        // sleep of at least 20 ms, which bounds the count from above; late wake-ups only lower it.
        Jobs.Result r = Jobs.run("[thinker]\nioengine=null\nrw=read\nbs=4k\nsize=64m\nthinktime=20ms\ntime_based\n"
                + "runtime=1\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        long ios = r.run.jobs().get(0).stats().totalIoU[0];
        System.out.printf("thinktime=20ms over 1 s: %d I/Os%n", ios);
        assertTrue(ios >= 5 && ios <= 51, ios + " I/Os");
    }

    @Test
    void rampTimeIsNotMeasuredInARealRun() {
        // Exact figures in virtual time: VirtualTimeJobTest. In real time: the job lives at least
        // ramp + runtime, and the ramp's 400 ms are not in the measured runtime.
        Jobs.Result r = Jobs.run("[ramped]\nioengine=null\nrw=read\nbs=4k\nsize=1g\ntime_based\nruntime=600ms\n"
                + "ramp_time=400ms\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        Job j = r.run.jobs().get(0);
        long runtimeMs = j.stats().runtimeMicros[0] / 1000;
        long lifeMs = (j.endNanos() - j.startNanos()) / 1_000_000L;
        System.out.printf("ramp_time=400ms runtime=600ms: measured %d ms of a %d ms job%n", runtimeMs, lifeMs);
        assertTrue(lifeMs >= 1000, "ramp extends the job: " + lifeMs);
        assertTrue(runtimeMs > 0 && runtimeMs <= lifeMs - 400, "measured " + runtimeMs + " of " + lifeMs + " ms");
    }

    @Test
    void readonlyRefusesWrites() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run ro = new Run(new RunRequest(Jobs.parse("[w]\nioengine=null\nrw=randwrite\nsize=1m\n"), java.util.Set.of("normal"),
                3, null, "never", 0, 0, true), new PrintStream(out, true), new PrintStream(err, true), Run.defaultEngines(),
                io.jfio.runner.job.PatternSource.FACTORY);
        assertEquals(1, ro.execute());
        assertTrue(err.toString().contains("fio: trim and write operations are not allowed with the --readonly parameter."),
                err.toString());
    }

    @Test
    void quickstartExamplePrintsAReport() throws Exception {
        Path job = Path.of("..", "examples", "jobs", "quickstart.fio").toAbsolutePath().normalize();
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(job), "skipped: examples/ not found from " + job);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--runtime=1", job.toString()}, new PrintStream(out, true),
                new PrintStream(err, true), System.getenv(), MachineInfo.current());
        String o = out.toString();
        assertEquals(0, rc, err.toString() + o);
        assertTrue(o.contains("quickstart-randread: (groupid=0, jobs=1): err= 0"), o);
        assertTrue(o.contains("clat percentiles"), o);
        assertTrue(o.contains("Run status group 0 (all jobs):"), o);
        assertFalse(Files.exists(Path.of("/tmp/jfio-quickstart.dat")), "unlink=1");
    }
}
