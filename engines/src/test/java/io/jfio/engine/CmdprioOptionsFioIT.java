package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.aio.LibaioOptions;
import io.jfio.engine.uring.IoUringOptions;
import io.jfio.engine.uringcmd.UringCmdOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cmdprio options of libaio, io_uring and io_uring_cmd against fio 3.42's --parse-only:
 * values fio rejects are rejected with fio's lines; values fio accepts are accepted (all three
 * engines set the priorities: CmdprioSubmissionTest, the runner's CmdprioVsFioIT and, for
 * io_uring_cmd on an NVMe namespace, the lab's LabGuestIT).
 */
class CmdprioOptionsFioIT {
    private static Path fio;

    @BeforeAll
    static void needFio342() {
        String p = System.getProperty("jfio.fio342", System.getenv().getOrDefault("JFIO_FIO342", "/opt/fio-3.42-src/fio"));
        fio = Path.of(p);
        Assumptions.assumeTrue(Files.isExecutable(fio), "skipped: fio 3.42 not found at " + p + " (set JFIO_FIO342)");
    }

    record Out(int rc, String stderr) {
    }

    private static Out parseOnly(String engine, String line) throws Exception {
        Path job = Files.createTempFile("uring-cmdprio-", ".fio");
        Path err = Files.createTempFile("uring-cmdprio-", ".err");
        try {
            Files.writeString(job, "[x]\nioengine=" + engine + "\n" + line + "\nfilename=/dev/null\nsize=1m\n");
            Process p = new ProcessBuilder(List.of(fio.toString(), "--parse-only", job.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fio hung");
            return new Out(p.exitValue(), Files.readString(err));
        } finally {
            Files.deleteIfExists(job);
            Files.deleteIfExists(err);
        }
    }

    private static void parse(String engine, String line) throws EngineException {
        int eq = line.indexOf('=');
        Map<String, String> raw = Map.of(eq < 0 ? line : line.substring(0, eq), eq < 0 ? "" : line.substring(eq + 1));
        switch (engine) {
            case "libaio" -> LibaioOptions.parse(raw);
            case "io_uring" -> IoUringOptions.parse(raw);
            default -> UringCmdOptions.parse(raw);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "libaio;cmdprio_percentage=abc", "libaio;cmdprio_class=0", "libaio;cmdprio=8", "libaio;cmdprio_hint=1024",
        "libaio;cmdprio_percentage", "libaio;cmdprio_percentage=50k", "io_uring;cmdprio_class=4",
        "io_uring;cmdprio_percentage=101", "io_uring_cmd;cmdprio=9",
        "libaio;cmdprio_class=0,9", "io_uring;cmdprio=abc,8"})
    void valuesFioRejectsAreRejectedWithFiosLines(String engine, String line) throws Exception {
        Out f = parseOnly(engine, line);
        assertEquals(1, f.rc(), f.stderr());
        String expected = f.stderr().replace("fio: job x dropped\n", "").stripTrailing();
        EngineException e = assertThrows(EngineException.class, () -> parse(engine, line));
        assertEquals(expected, e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "libaio;cmdprio_class=2", "libaio;cmdprio=3", "libaio;cmdprio_hint=5", "libaio;cmdprio_percentage=0",
        "io_uring;cmdprio_class=3", "io_uring;cmdprio=7", "io_uring;cmdprio_percentage=0,0",
        "io_uring_cmd;cmdprio_class=1", "libaio;cmdprio_class=2,9", "libaio;cmdprio=abc,1",
        "libaio;cmdprio_percentage=10", "libaio;cmdprio_percentage=0,20", "libaio;cmdprio_bssplit=4k/50",
        "io_uring;cmdprio_percentage=50", "io_uring;cmdprio_bssplit=4k/10:8k/20",
        "io_uring_cmd;cmdprio_percentage=1", "io_uring_cmd;cmdprio_percentage=101,5",
        "io_uring_cmd;cmdprio_bssplit=4k/50"})
    void valuesFioAcceptsAreAccepted(String engine, String line) throws Exception {
        assertEquals(0, parseOnly(engine, line).rc());
        parse(engine, line);
    }
}
