package io.jfio.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;

/**
 * MoreEnginesRunTest's jobs run by the installed fio too (/usr/bin/fio, 3.33 in CI, or
 * JFIO_FIO342; a fio without the engine, as 3.33 lacks the dir* ones, skips): the same read,
 * write and trim counts and bytes. And the exec engine, which runs a program (/bin/echo).
 */
class MoreEnginesRunIT {
    private Path dir;

    @BeforeEach
    void scratch() throws IOException {
        dir = MoreEnginesRunTest.scratchDirectory();
    }

    @AfterEach
    void clean() throws IOException {
        MoreEnginesRunTest.delete(dir);
    }

    static Stream<List<String>> jobs() {
        return MoreEnginesRunTest.jobs().stream();
    }

    @ParameterizedTest
    @MethodSource("jobs")
    void countsAsFio(List<String> args) throws Exception {
        String engine = args.stream().filter(a -> a.startsWith("--ioengine=")).findFirst().orElseThrow().substring(11);
        Path fio = FioVsJfio.fioWithEngine(engine);
        assumeTrue(fio != null, "skipped: no fio with the " + engine + " engine (JFIO_FIO342 or /usr/bin/fio)");
        String jfio = MoreEnginesRunTest.dataCounts(MoreEnginesRunTest.jfio(dir, args));
        clean();
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(MoreEnginesRunTest.withDirectory(dir, args));
        cmd.add("--output-format=json");
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 120, dir);
        assertEquals(0, o.rc(), "fio " + args + "\n" + o.out());
        JsonNode f = FioVsJfio.json(o.out());
        // same randseed, same split of reads and writes
        assertEquals(MoreEnginesRunTest.dataCounts(f), jfio, fio + " " + args);
    }

    @Test
    void execRunsTheProgramForTheRuntime() throws Exception {
        Path job = dir.resolve("exec.fio");
        Files.writeString(job, "[global]\ntime_based\nruntime=1\n[echo]\nioengine=exec\nprogram=/bin/echo\n"
            + "arguments=run %r by %n\n");
        int rc;
        // fio writes NAME.stdout in its working directory: run the job from the scratch directory
        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), "io.jfio.runner.cli.Main", job.toString()))
            .directory(dir.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        String o = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        rc = p.waitFor();
        assertEquals(0, rc, o);
        assertTrue(o.contains("echo : program=/bin/echo, arguments=run %r by %n\n"), o);
        assertTrue(o.contains("echo : Saving output of /bin/echo run 1 by echo : stdout=echo.stdout stderr=echo.stderr\n"), o);
        assertEquals("run 1 by echo\n", Files.readString(dir.resolve("echo.stdout")));
        long issued = Long.parseLong(o.replaceAll("(?s).*issued rwts: total=(\\d+),.*", "$1"));
        // a 50 ms wait plus 50 ms think per cycle over 1 s, and a 1 s grace period at the end: at most ~12
        // cycles; a starved machine may finish only the first one inside the runtime
        assertTrue(issued >= 1 && issued <= 12, "cycles: " + issued + "\n" + o);
    }
}
