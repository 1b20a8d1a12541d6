package io.jfio.runner.profile;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --profile=tiobench|act against fio: the same jobs (names, groups, options, I/O counts), the same
 * files, act's slice table, and the same lines and exit status for a profile that cannot load.
 */
@Timeout(300)
class BuiltinProfileIT {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private static List<String> jfio(List<String> args) {
        return FioVsJfio.jfioCommand(args);
    }

    private static List<String> fio(Path fio, List<String> args) {
        List<String> c = new ArrayList<>(List.of(fio.toString()));
        c.addAll(args);
        return c;
    }

    /** Each job: name, group, its own options, read and write I/Os and bytes, error. */
    private static String jobs(FioVsJfio.Outcome o) {
        JsonNode d = FioVsJfio.json(o.out());
        StringBuilder b = new StringBuilder("rc=" + o.rc() + " global=" + opts(d.get("global options")) + "\n");
        for (JsonNode j : d.get("jobs").elements()) {
            b.append(j.get("jobname").text()).append(" g=").append(j.get("groupid").asLong())
                    .append(' ').append(opts(j.get("job options"))).append(" r=").append(j.get("read").get("total_ios").asLong())
                    .append('/').append(j.get("read").get("io_bytes").asLong())
                    .append(" w=").append(j.get("write").get("total_ios").asLong())
                    .append('/').append(j.get("write").get("io_bytes").asLong())
                    .append(" err=").append(j.get("error").asLong()).append('\n');
        }
        return b.toString();
    }

    private static String opts(JsonNode o) {
        StringBuilder b = new StringBuilder("{");
        if (o != null) {
            for (JsonNode.Member m : o.members()) {
                b.append(m.key()).append('=').append(m.value().text()).append(' ');
            }
        }
        return b.append('}').toString();
    }

    private String files() throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                b.append(p.getFileName()).append('=').append(Files.size(p)).append(' ');
                Files.delete(p);
            }
        }
        return b.toString();
    }

    @Test
    void tiobenchMakesFiosJobsAndFiles() throws Exception {
        Path fio = FioVsJfio.fio();
        // fio 3.42's tiobench options never reach its command line (block=8192 and dir change
        // nothing); number_ios, not set by the profile, keeps the four phases short
        List<String> args = List.of("--profile=tiobench", "--block=8192", "--dir=/nonexistent", "--number_ios=16",
                "--output-format=json");
        FioVsJfio.Outcome f = FioVsJfio.run(fio(fio, args), 120, dir);
        String fioFiles = files();
        FioVsJfio.Outcome j = FioVsJfio.run(jfio(args), 120, dir);
        String jfioFiles = files();
        assertEquals(jobs(f), jobs(j), f.err() + j.err());
        assertEquals(fioFiles, jfioFiles);
        assertTrue(jobs(j).contains("randread g=3"), jobs(j));
        assertTrue(jfioFiles.startsWith(".fio.tio.1="), jfioFiles);
    }

    @Test
    void tiobenchNormalOutputStartsAsFios() throws Exception {
        Path fio = FioVsJfio.fio();
        List<String> args = List.of("--profile=tiobench", "--number_ios=4");
        FioVsJfio.Outcome f = FioVsJfio.run(fio(fio, args), 120, dir);
        files();
        FioVsJfio.Outcome j = FioVsJfio.run(jfio(args), 120, dir);
        files();
        // the job lines and no version line: fio prints its version only when job files gave jobs
        assertEquals(preamble(f.out()), preamble(j.out()));
        assertTrue(preamble(j.out()).startsWith("seqwrite: (g=0): rw=write"), j.out());
    }

    private static String preamble(String out) {
        return out.substring(0, out.indexOf("Starting"));
    }

    @Test
    void actRunsItsReadAndWriteJobsAndPrintsItsSlices() throws Exception {
        Path fio = FioVsJfio.fio342(); // fio 3.33's act overflows a buffer and aborts
        // relative: fio copies each job name into a 32-byte buffer (add_job_opts) and a longer one
        // ("act-read-" and a /dev/shm path) smashes its stack (3.42 exits 1 silently, 3.33 aborts)
        Path dev = dir.resolve("a.img");
        List<String> args = List.of("--profile=act", "--device-names=a.img", "--test-duration=1",
                "--threads-per-queue=2", "--read-req-num-512-blocks=8", "--large-block-op-kbytes=65536",
                "--output-format=json");
        Files.write(dev, new byte[8 << 20]);
        FioVsJfio.Outcome f = FioVsJfio.run(fio(fio, args), 120, dir);
        FioVsJfio.Outcome j = FioVsJfio.run(jfio(args), 120, dir);
        assertTrue(f.out().contains("{") && j.out().contains("{"), "fio rc=" + f.rc() + ": " + f.both() + "\njfio rc=" + j.rc() + ": " + j.both());
        // the same table; the shares of I/Os over 1, 8 and 64 ms are this machine's, not compared
        assertEquals(table(f.out()), table(j.out()));
        assertTrue(table(j.out()).matches("(?s).*\\n {4}1(\\t#){6}\\n\\nact: test complete, device\\(s\\): #\\n"), j.out());
        JsonNode fj = FioVsJfio.json(f.out());
        JsonNode jj = FioVsJfio.json(j.out());
        assertEquals(opts(fj.get("global options")), opts(jj.get("global options")));
        // group_reporting: one entry for the three jobs, named for the first
        assertEquals(1, jj.get("jobs").elements().size());
        JsonNode fr = fj.get("jobs").elements().get(0);
        JsonNode jr = jj.get("jobs").elements().get(0);
        assertEquals(fr.get("jobname").text(), jr.get("jobname").text());
        assertEquals(opts(fr.get("job options")), opts(jr.get("job options")));
        assertEquals(fr.get("read").getLong("bs"), jr.get("read").getLong("bs"));
        // rate_iops caps the reads at 2000/s over the 1 s runtime (an upper bound only: a loaded
        // machine may do fewer, fio too)
        long fReads = fr.get("read").get("total_ios").asLong();
        long jReads = jr.get("read").get("total_ios").asLong();
        assertTrue(fReads > 0 && fReads <= 2100 && jReads > 0 && jReads <= 2100, fReads + " vs " + jReads);
    }

    private static String table(String out) {
        return out.substring(0, out.indexOf('{')).replaceAll("\\d+\\.\\d\\d", "#").replaceAll("PASSED|FAILED", "#");
    }

    @Test
    void profilesThatCannotLoadFailAsFio() throws Exception {
        Path fio = FioVsJfio.fio();
        for (List<String> args : List.of(List.of("--profile=bogus"), List.of("--profile=act"),
                List.of("--profile=act", "--parse-only"), List.of("--profile=tiobench", "--parse-only"),
                List.of("--profile=tiobench", "--showcmd"))) {
            FioVsJfio.Outcome f = FioVsJfio.run(fio(fio, args), 60, dir);
            FioVsJfio.Outcome j = FioVsJfio.run(jfio(args), 60, dir);
            assertEquals("rc=" + f.rc() + " out=" + f.out() + " err=" + f.err(),
                    "rc=" + j.rc() + " out=" + j.out() + " err=" + j.err(), args.toString());
        }
    }

    @Test
    void profileInAJobFileChangesNothingAsInFio() throws Exception {
        Path fio = FioVsJfio.fio();
        Path job = dir.resolve("p.fio");
        Files.writeString(job, "[p]\nprofile=act\nfilename=" + dir.resolve("p.dat") + "\nsize=64k\nrw=write\n");
        List<String> args = List.of("--output-format=json", job.toString());
        FioVsJfio.Outcome f = FioVsJfio.run(fio(fio, args), 60, dir);
        FioVsJfio.Outcome j = FioVsJfio.run(jfio(args), 60, dir);
        assertEquals(jobs(f), jobs(j));
        assertEquals("", j.err());
    }
}
