package io.jfio.runner.cli;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fio's own command-line options beside the job options, fio against jfio on the same command:
 * --append-terse, --max-jobs (which fio ignores), --alloc-size (fio's shared-memory pool),
 * --aux-path (where the verify state goes), --crctest's table and lists, and the triggers
 * (--trigger-file, --trigger-timeout, --trigger), which are compared with fio 3.33 because fio
 * 3.42 crashes when a trigger fires.
 */
class CommandLineParityIT {
    private Path dir;
    private Path file;

    @BeforeEach
    void scratch() throws IOException {
        dir = Files.createTempDirectory(Path.of("/tmp"), "w3cli-cli-");
        file = dir.resolve("data");
        Files.write(file, new byte[16384]);
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static FioVsJfio.Outcome fio(Path fio, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        return FioVsJfio.run(cmd, 120);
    }

    private static FioVsJfio.Outcome jfio(List<String> args) throws IOException {
        return FioVsJfio.run(FioVsJfio.jfioCommand(args), 120);
    }

    private List<String> job(String... more) {
        List<String> a = new ArrayList<>(List.of("--name=t", "--filename=" + file, "--size=16k", "--bs=4k"));
        a.addAll(List.of(more));
        return a;
    }

    /** Where the terse lines are among the lines of stdout. */
    private static List<Integer> terseLines(String out) {
        List<Integer> at = new ArrayList<>();
        String[] l = out.split("\n", -1);
        for (int i = 0; i < l.length; i++) {
            if (l[i].startsWith("3;fio-")) {
                at.add(i);
            }
        }
        return at;
    }

    @Test
    void appendTerseAddsTheTerseLineAfterTheHeaderAsFio() throws IOException {
        Path fio = FioVsJfio.fio();
        List<String> a = job("--rw=read", "--append-terse");
        FioVsJfio.Outcome f = fio(fio, a);
        FioVsJfio.Outcome j = jfio(a);
        assertEquals(0, j.rc(), j.err());
        assertEquals(terseLines(f.out()), terseLines(j.out()));
        assertEquals(1, terseLines(j.out()).size(), j.out());
        int fr = f.out().indexOf("Run status group 0");
        int jr = j.out().indexOf("Run status group 0");
        assertTrue(fr > f.out().indexOf("3;fio-") && jr > j.out().indexOf("3;fio-"), "the normal report follows: "
                + j.out());
    }

    @Test
    void maxJobsAndAllocSizeChangeNothingAsInFio() throws IOException {
        Path fio = FioVsJfio.fio();
        for (String opt : List.of("--max-jobs=1", "--alloc-size=1")) {
            List<String> a = new ArrayList<>(List.of(opt, "--minimal", "--name=a", "--filename=" + file,
                    "--size=16k", "--rw=read", "--name=b", "--filename=" + file, "--size=16k", "--rw=read"));
            FioVsJfio.Outcome f = fio(fio, a);
            FioVsJfio.Outcome j = jfio(a);
            assertEquals(f.rc(), j.rc(), opt + ": " + j.err());
            assertEquals(2, terseLines(f.out()).size(), opt + " fio: " + f.out());
            assertEquals(terseLines(f.out()).size(), terseLines(j.out()).size(), opt + ": " + j.out());
            assertEquals(f.err(), j.err(), opt);
        }
    }

    @Test
    void auxPathHoldsTheVerifyStateAsFio() throws IOException {
        Path fio = FioVsJfio.fio342();
        Path fd = Files.createDirectory(dir.resolve("fio"));
        Path jd = Files.createDirectory(dir.resolve("jfio"));
        List<String> w = job("--rw=write", "--verify=crc32c", "--minimal");
        List<String> fa = new ArrayList<>(List.of("--aux-path=" + fd));
        fa.addAll(w);
        List<String> ja = new ArrayList<>(List.of("--aux-path=" + jd));
        ja.addAll(w);
        assertEquals(0, fio(fio, fa).rc());
        FioVsJfio.Outcome j = jfio(ja);
        assertEquals(0, j.rc(), j.err());
        byte[] fs = Files.readAllBytes(fd.resolve("local-t-0-verify.state"));
        assertArrayEquals(fs, Files.readAllBytes(jd.resolve("local-t-0-verify.state")));
        // and read back from there by verify_state_load
        List<String> r = new ArrayList<>(List.of("--aux-path=" + jd));
        r.addAll(job("--rw=read", "--verify=crc32c", "--verify_state_load=1", "--minimal"));
        FioVsJfio.Outcome rj = jfio(r);
        assertEquals(0, rj.rc(), rj.err());
        // a directory that is not there: fio's two messages, and the run goes on
        List<String> bad = new ArrayList<>(List.of("--aux-path=" + dir.resolve("none")));
        bad.addAll(w);
        FioVsJfio.Outcome bf = fio(fio, bad);
        FioVsJfio.Outcome bj = jfio(bad);
        assertEquals(bf.rc(), bj.rc());
        assertEquals(bf.err(), bj.err());
    }

    @Test
    void crctestTableAndListsAsFio() throws IOException {
        Path fio = FioVsJfio.fio342();
        for (String v : List.of("--crctest=nosuch", "--crctest=list", "--crctest=help")) {
            FioVsJfio.Outcome f = fio(fio, List.of(v));
            FioVsJfio.Outcome j = jfio(List.of(v));
            assertEquals(f.rc(), j.rc(), v);
            assertEquals(f.out(), j.out(), v);
            assertEquals(f.err(), j.err(), v);
        }
        // the table: fio's line per asked checksum, in fio's order whatever the order asked
        String shape = "(crc32c:\t\t *[0-9]+\\.[0-9]{2} MiB/sec\n)(xxhash:\t\t *[0-9]+\\.[0-9]{2} MiB/sec\n)"
                + "(murmur3:\t *[0-9]+\\.[0-9]{2} MiB/sec\n)";
        FioVsJfio.Outcome f = fio(fio, List.of("--crctest=murmur3,xxhash,crc32c"));
        FioVsJfio.Outcome j = jfio(List.of("--crctest=murmur3,xxhash,crc32c"));
        assertTrue(f.out().matches(shape), f.out());
        assertTrue(j.out().matches(shape), j.out());
        assertEquals(0, j.rc());
    }

    /** fio 3.42 dies with SIGSEGV when a trigger fires; fio 3.33 (CI's) runs it. */
    private static Path fioThatTriggers() {
        Path fio = FioVsJfio.fio();
        if (FioVsJfio.version(fio).startsWith("fio-3.42")) {
            Path old = Path.of("/usr/bin/fio");
            Assumptions.assumeTrue(Files.isExecutable(old) && !FioVsJfio.version(old).startsWith("fio-3.42"),
                    "skipped: fio 3.42 crashes on triggers and no other fio is installed");
            return old;
        }
        return fio;
    }

    @Test
    void triggerFileStopsTheJobsAndRunsTheCommandAsFio() throws IOException {
        Path fio = fioThatTriggers();
        for (String who : List.of("fio", "jfio")) {
            Path trig = dir.resolve(who + ".trigger");
            Path ran = dir.resolve(who + ".ran");
            // the job itself makes the file once it runs (before that, fio's forked job would be
            // killed in its set-up, which a thread has no counterpart of)
            List<String> a = List.of("--trigger-file=" + trig, "--trigger=echo TRIGGERED; touch " + ran,
                    "--name=t", "--ioengine=null", "--size=1g", "--time_based", "--runtime=60", "--minimal",
                    "--exec_prerun=touch " + trig);
            List<String> cmd = new ArrayList<>(who.equals("fio") ? List.of(fio.toString())
                    : FioVsJfio.jfioCommand(List.of()));
            cmd.addAll(a);
            FioVsJfio.Outcome o = FioVsJfio.run(cmd, 120, dir);
            assertEquals(0, o.rc(), who + ": " + o.err());
            assertFalse(Files.exists(trig), who + " removes the trigger file");
            assertTrue(Files.exists(ran), who + " ran the trigger command");
            int at = o.out().indexOf("TRIGGERED\n3;");
            assertTrue(at >= 0, who + ": " + o.out());
            long runtimeMs = Long.parseLong(o.out().substring(at).split("\n")[1].split(";")[8]);
            assertTrue(runtimeMs < 30_000, who + " stopped the 60 s job: " + runtimeMs + " ms");
        }
    }

    @Test
    void triggerTimeoutFiresOnceAndBadTimesAreRefusedAsFio() throws IOException {
        Path fio = fioThatTriggers();
        List<String> a = List.of("--trigger-timeout=1", "--trigger=echo TRIGGERED", "--name=t", "--ioengine=null",
                "--size=1g", "--time_based", "--runtime=60", "--minimal");
        for (FioVsJfio.Outcome o : List.of(fio(fio, a), jfio(a))) {
            assertEquals(0, o.rc(), o.err());
            assertTrue(o.out().startsWith("TRIGGERED\n3;") && o.out().indexOf("TRIGGERED", 1) < 0, o.out());
        }
        List<String> bad = List.of("--trigger-timeout=abc", "--name=t", "--ioengine=null", "--size=1m");
        FioVsJfio.Outcome bf = fio(fio, bad);
        FioVsJfio.Outcome bj = jfio(bad);
        assertEquals(bf.rc(), bj.rc());
        assertEquals(bf.err(), bj.err());
    }
}
