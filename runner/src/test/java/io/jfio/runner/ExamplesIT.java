package io.jfio.runner;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.job.PatternSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The shipped example job files run as documented (runtimes shortened to keep the suite fast). */
@Timeout(120)
@ExtendWith(LoopDevices.class)
class ExamplesIT {
    private static Path example(String name) {
        Path p = Path.of("..", "examples", "jobs", name).toAbsolutePath().normalize();
        assumeTrue(Files.exists(p), "skipped: " + p + " not found");
        return p;
    }

    private static List<JobSpec> parse(String content, Map<String, String> env) throws Exception {
        JobFileParser p = new JobFileParser(new JobFileParser.Settings(false, false, List.of(), env,
                MachineInfo.current(), false));
        p.parseContent("example.fio", content);
        return p.finish().jobs();
    }

    @Test
    void ext4VersusRawDeviceUncached(@Loop(mib = 64) LoopDevice fs, @Loop(mib = 32) LoopDevice raw) throws Exception {
        String text = Files.readString(example("ext4-vs-rawbdev-uncached.fio"))
                .replace("runtime=10", "runtime=500ms").replace("size=256m", "size=16m");
        Path mnt = fs.mountExt4();
        // Point the example at the loop devices as its comment tells users to.
        text = text.replace("/mnt/scratch/jfio-uncached.dat", mnt.resolve("jfio.dat").toString())
                .replace("/dev/CHANGE-ME-scratch-device", raw.device());
        assertTrue(text.contains(raw.device()) && text.contains(mnt.toString()), "example targets replaced");
        Map<String, String> env = new HashMap<>(System.getenv());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run run = new Run(new RunRequest(parse(text, env), Set.of("normal"), 3, null, "never", 0, 0, false),
                new PrintStream(out, true), new PrintStream(err, true), Run.defaultEngines(), PatternSource.FACTORY);
        int rc = run.execute();
        String o = out.toString();
        System.out.println(o.lines().filter(l -> l.contains("groupid") || l.contains("IOPS=")).reduce("", (a, b) -> a + b + "\n"));
        // The last job (uncached on a block device) fails as the example says; the others run.
        assertEquals(1, rc);
        assertEquals(4, run.jobs().size());
        for (int i = 0; i < 3; i++) {
            var st = run.jobs().get(i).stats();
            assertEquals(0, st.error, run.jobs().get(i).spec().name() + ": " + err);
            assertTrue(st.ioBytes[0] > 0 && st.ioBytes[1] > 0, "70/30 mix moved reads and writes");
            long n = st.totalIoU[0] + st.totalIoU[1];
            double readShare = (double) st.totalIoU[0] / n;
            // How many I/Os 500 ms give depends on the machine's load: the bound is four
            // standard deviations of a 70/30 draw over that many.
            double bound = 4 * Math.sqrt(0.7 * 0.3 / n) + 0.01;
            assertTrue(Math.abs(readShare - 0.7) < bound, "read share " + readShare + " of " + n + " I/Os");
        }
        assertEquals(95, run.jobs().get(3).stats().error);
        assertTrue(err.toString().contains("RWF_DONTCACHE"), err.toString());
        assertTrue(o.contains("bdev-uncached: (groupid=3, jobs=1): err=95"), o);
    }

    @Test
    void groupedRandreadWithNumjobs() throws Exception {
        String text = Files.readString(example("randread-numjobs-group.fio"))
                .replace("runtime=5", "runtime=500ms").replace("size=256m", "size=16m")
                .replace("direct=1", "direct=0");
        Path tmp = Files.createTempDirectory("jfio-example");
        text = text.replace("/tmp/jfio-randread-numjobs.dat", tmp.resolve("rr.dat").toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run run = new Run(new RunRequest(parse(text, System.getenv()), Set.of("normal"), 3, null, "never", 0, 0, false),
                new PrintStream(out, true), new PrintStream(err, true), Run.defaultEngines(), PatternSource.FACTORY);
        assertEquals(0, run.execute(), err.toString());
        String o = out.toString();
        assertTrue(o.contains("randread-4jobs: (groupid=0, jobs=4): err= 0"), o);
        assertEquals(1, o.lines().filter(l -> l.contains("(groupid=")).count(), "one grouped block");
        Files.deleteIfExists(tmp.resolve("rr.dat"));
        Files.deleteIfExists(tmp);
    }
}
