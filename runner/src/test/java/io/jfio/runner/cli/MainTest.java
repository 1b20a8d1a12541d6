package io.jfio.runner.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.jfio.runner.cli.CorpusAcceptanceTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line in-process: Main.run with captured streams. */
class MainTest {
    static CorpusAcceptanceTest.Outcome jfio(String... args) {
        return run(Map.of(), args);
    }

    @Test
    void versionPrintsFiosVersionWithJfios() {
        CorpusAcceptanceTest.Outcome v = jfio("--version");
        assertEquals(0, v.status());
        assertEquals("fio-3.42-jfio-0.1.0\n", v.out());
        assertTrue(jfio("-version").out().startsWith("fio-"));
    }

    @Test
    void fiosClientServerOptionsThatCannotWorkAreRefused() {
        String[][] cases = {
            {"--server=,99999", "bad port in ,99999"},
            {"--server=sock:/tmp/proto.sock", "unix sockets (sock:) are not supported"},
            {"--client=localhost", "no job file for client localhost"},
            {"--daemonize=/tmp/proto-x.pid", "--daemonize needs --server"},
            {"--remote-config=/tmp/x.fio", "--remote-config is not supported by jfio"},
            {"--idle-prof=bogus", "fio: incorrect idle-prof option: bogus"},
        };
        for (String[] c : cases) {
            CorpusAcceptanceTest.Outcome o = jfio(c[0]);
            assertEquals(1, o.status(), c[0]);
            assertTrue(o.err().contains(c[1]), c[0] + ": " + o.err());
        }
        CorpusAcceptanceTest.Outcome both = jfio("--server=,8765", "--client=localhost");
        assertEquals(1, both.status());
        assertTrue(both.err().contains("--server and --client are exclusive"), both.err());
    }

    @Test
    void helpListsTheOptions() {
        CorpusAcceptanceTest.Outcome h = jfio("--help");
        assertEquals(0, h.status());
        assertTrue(h.out().contains("--showcmd"));
    }

    @Test
    void showcmdOfOurExamples() throws IOException {
        Path examples = Path.of(System.getProperty("user.dir")).resolveSibling("examples/jobs");
        try (var s = Files.list(examples)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".fio")).toList()) {
                CorpusAcceptanceTest.Outcome o = jfio("--showcmd", f.toString());
                assertEquals(0, o.status(), f + ": " + o.err());
                assertTrue(o.out().startsWith("fio --"), o.out());
            }
        }
        CorpusAcceptanceTest.Outcome q = jfio("--showcmd", examples.resolve("quickstart.fio").toString());
        assertEquals("fio --ioengine=psync --bs=4k --size=64m --runtime=5 --time_based --unlink=1 "
                + "--name=quickstart-randread --rw=randread --filename=/tmp/jfio-quickstart.dat \n", q.out());
    }

    @Test
    void aBrokenFileGivesOneLineWithItsLocation(@TempDir Path dir) throws IOException {
        Path broken = dir.resolve("broken.fio");
        Files.writeString(broken, "[job]\nrw=randread\nbs=8k\niodepth=abc\n");
        CorpusAcceptanceTest.Outcome o = jfio("--parse-only", broken.toString());
        assertEquals(1, o.status());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().contains(broken + ":4:"), o.err());
        assertTrue(o.err().contains("iodepth"), o.err());
        assertFalse(o.err().contains("Exception"));
        assertEquals("", o.out());
    }

    @Test
    void aMissingFileCannotBeOpened(@TempDir Path dir) {
        CorpusAcceptanceTest.Outcome missing = jfio("--parse-only", dir.resolve("nope.fio").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("unable to open"));
    }

    @Test
    void warningsNameTheirLocation(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("trap.fio");
        Files.writeString(f, "[job]\nbs = 8k\n");
        CorpusAcceptanceTest.Outcome o = jfio("--parse-only", f.toString());
        assertEquals(0, o.status());
        assertTrue(o.err().contains(f + ":2:") && o.err().contains("8"), o.err());
    }

    @Test
    void getoptRules() {
        CorpusAcceptanceTest.Outcome unknown = jfio("--foo=1");
        assertEquals(1, unknown.status());
        assertTrue(unknown.err().contains("unrecognized option '--foo=1'"));
        CorpusAcceptanceTest.Outcome amb = jfio("--iodep=7");
        assertEquals(1, amb.status());
        assertTrue(amb.err().contains("ambiguous"), amb.err());
        assertEquals(1, jfio("--name=j", "--direct").status());
        assertEquals(0, jfio("--parse-only", "--runtim=3", "--name", "j", "--time_based").status());
        // engine options are known once the engine is
        assertEquals(0, jfio("--parse-only", "--name=j", "--ioengine=io_uring", "--hipri=1").status());
        assertEquals(1, jfio("--parse-only", "--name=j", "--hipri=1", "--ioengine=io_uring").status());
        assertTrue(jfio("--parse-only", "--ioengine=rbd", "--name=j").err().contains("engine rbd not loadable"));
        assertEquals(0, jfio("--parse-only", "--ioengine=io_uring", "--name=j", "--hipri").status());
    }

    @Test
    void ownOptionsValidation() {
        CorpusAcceptanceTest.Outcome f = jfio("--output-format=json,", "--parse-only");
        assertEquals(1, f.status());
        assertTrue(f.err().contains("invalid output format"));
        assertEquals(1, jfio("--terse-version=7").status());
        assertEquals(1, jfio("--section=global").status());
        assertEquals(1, jfio("--eta-newline=0").status());
        assertEquals(1, jfio("--status-interval=abc").status());
        assertEquals(0, jfio("--showcmd").status());
        assertEquals(0, jfio("--parse-only", "--minimal", "--eta=never", "--eta-newline=2", "--status-interval=1",
                "--output=/dev/null", "--warnings-fatal", "--readonly", "--name=j").status());
        CorpusAcceptanceTest.Outcome ro = jfio("--parse-only", "--readonly", "--name=j", "--rw=write");
        assertEquals(1, ro.status());
        assertTrue(ro.err().contains("read-only"));
    }

    @Test
    void outputFileGetsTheShowcmdLine(@TempDir Path dir) throws IOException {
        Path job = dir.resolve("j.fio");
        Files.writeString(job, "[j]\nbs=8k\n");
        Path out = dir.resolve("out.txt");
        CorpusAcceptanceTest.Outcome o = jfio("--showcmd", "--output=" + out, job.toString());
        assertEquals(0, o.status());
        assertEquals("", o.out());
        assertEquals("fio --name=j --bs=8k \n", Files.readString(out));
        assertEquals(1, jfio("--showcmd", "--output=" + dir.resolve("no/such/dir/x"), job.toString()).status());
    }

    @Test
    void noJobsIsAnError() {
        CorpusAcceptanceTest.Outcome o = jfio();
        assertEquals(1, o.status());
        assertTrue(o.err().startsWith("No job(s) defined"));
    }

    @Test
    void cmdhelpDescribesOptions() {
        CorpusAcceptanceTest.Outcome bs = jfio("--cmdhelp=bs");
        assertEquals(0, bs.status());
        assertTrue(bs.out().contains("blocksize") && bs.out().contains("4096"), bs.out());
        assertEquals(0, jfio("--cmdhelp=nosuchoption").status());
        assertTrue(jfio("--cmdhelp").out().contains("iodepth"));
    }

    @Test
    void enghelpListsEngines() {
        CorpusAcceptanceTest.Outcome eng = jfio("--enghelp");
        assertEquals(0, eng.status());
        assertTrue(eng.out().startsWith("Available IO engines:"));
        assertEquals(1, jfio("--enghelp=nosuchengine").status());
    }

    @Test
    void sectionPicksOneJobOfAFile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("two.fio");
        Files.writeString(f, "[a]\nbs=8k\n[b]\nbs=16k\n");
        CorpusAcceptanceTest.Outcome o = jfio("--showcmd", "--section=b", f.toString());
        assertEquals("fio --name=b --bs=16k \n", o.out());
    }

    /**
     * fio 3.42 checks each --name against the --section options given before it, and the
     * options after a skipped --name become global defaults (of the job file's jobs too).
     */
    @Test
    void sectionFiltersOnlyTheCommandLineJobsAfterIt(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("xy.fio");
        Files.writeString(f, "[x]\nioengine=null\nsize=32k\n[y]\nioengine=null\nsize=16k\n");
        String[] job = {"--name=a", "--ioengine=null", "--size=64k"};
        assertEquals("a;64\nx;32\n", jobsRun(join(job, "--section=x", f.toString())));
        assertEquals("a;64\n", jobsRun(join(job, "--section=x")));
        assertEquals("x;32\n", jobsRun(join(new String[] {"--section=x"}, job, f.toString())));
        assertEquals("x;32\n", jobsRun(join(new String[] {f.toString(), "--section=x"}, job)));
        Path nosize = dir.resolve("x.fio");
        Files.writeString(nosize, "[x]\nioengine=null\n");
        assertEquals("x;8\n", jobsRun(join(new String[] {"--section=x", "--name=a", "--size=8k"}, nosize.toString())));
    }

    private static String[] join(Object... parts) {
        java.util.List<String> all = new java.util.ArrayList<>();
        for (Object p : parts) {
            if (p instanceof String[] a) {
                all.addAll(java.util.List.of(a));
            } else {
                all.add((String) p);
            }
        }
        all.add("--output-format=terse");
        return all.toArray(new String[0]);
    }

    /** "name;read KiB" per job of a terse report. */
    private static String jobsRun(String... args) {
        CorpusAcceptanceTest.Outcome o = jfio(args);
        assertEquals(0, o.status(), o.err());
        StringBuilder b = new StringBuilder();
        for (String line : o.out().split("\n")) {
            String[] t = line.split(";");
            if (t.length > 6 && t[0].equals("3")) {
                b.append(t[2]).append(';').append(t[5]).append('\n');
            }
        }
        return b.toString();
    }
}
