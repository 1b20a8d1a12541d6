package io.jfio.engine.uringcmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineHelp;
import io.jfio.engine.EngineRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * io_uring_cmd's option values against fio 3.42's --parse-only (3.33 lacks most of these
 * options): what fio rejects jfio rejects with fio's lines; what fio accepts jfio accepts, or
 * refuses by name with "not supported by jfio" where it does not send that NVMe command.
 */
class UringCmdOptionsFioIT {
    private static Path fio;

    record Out(int rc, String stdout, String stderr) {
    }

    @BeforeAll
    static void needFio342() {
        String p = System.getProperty("jfio.fio342", System.getenv().getOrDefault("JFIO_FIO342", "/opt/fio-3.42-src/fio"));
        fio = Path.of(p);
        Assumptions.assumeTrue(Files.isExecutable(fio), "skipped: fio 3.42 not found at " + p + " (set JFIO_FIO342)");
    }

    private static Out run(String... args) throws Exception {
        Path out = Files.createTempFile("uring-fio-", ".out");
        Path err = Files.createTempFile("uring-fio-", ".err");
        try {
            List<String> cmd = new java.util.ArrayList<>(List.of(fio.toString()));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fio hung");
            return new Out(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static Out parseOnly(String line) throws Exception {
        Path job = Files.createTempFile("uring-opt-", ".fio");
        try {
            Files.writeString(job, "[x]\nioengine=io_uring_cmd\n" + line + "\nfilename=/dev/null\nsize=1m\n");
            return run("--parse-only", job.toString());
        } finally {
            Files.deleteIfExists(job);
        }
    }

    private static Map<String, String> given(String line) {
        int eq = line.indexOf('=');
        return Map.of(eq < 0 ? line : line.substring(0, eq), eq < 0 ? "" : line.substring(eq + 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"write_mode=bad", "write_mode=Write", "verify_mode=bad", "cmd_type=bsg", "pi_act=2",
        "md_per_io_size=abc", "deac=2", "readfua=2", "readfua", "writefua=x"})
    void valuesFioRejectsAreRejectedWithFiosLines(String line) throws Exception {
        Out f = parseOnly(line);
        assertEquals(1, f.rc(), f.toString());
        String expected = f.stderr().replace("fio: job x dropped\n", "").stripTrailing();
        EngineException e = assertThrows(EngineException.class, () -> UringCmdOptions.parse(given(line)));
        assertEquals(expected, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"write_mode=write", "verify_mode=read", "md_per_io_size=0", "pi_act=0", "pi_act=1",
        "apptag=0x10", "apptag_mask=0xff", "deac=1", "readfua=0", "writefua=1", "cmd_type=nvme", "write_mode=uncor",
        "write_mode=zeroes", "write_mode=verify", "verify_mode=compare", "md_per_io_size=4k", "pi_chk=GUARD,REFTAG", "pi_chk=APPTAG"})
    void valuesFioAcceptsAreAccepted(String line) throws Exception {
        assertEquals(0, parseOnly(line).rc());
        UringCmdOptions.parse(given(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"io_uring_cmd,write_mode", "io_uring_cmd,verify_mode", "io_uring_cmd,md_per_io_size",
        "io_uring_cmd,pi_act", "io_uring_cmd,pi_chk", "io_uring_cmd,apptag", "io_uring_cmd,apptag_mask",
        "io_uring_cmd,deac", "io_uring_cmd,cmd_type", "io_uring_cmd,cmdprio_percentage", "io_uring_cmd,cmdprio_class",
        "io_uring_cmd,cmdprio_hint", "io_uring_cmd,cmdprio", "io_uring_cmd,cmdprio_bssplit", "libaio,cmdprio_percentage",
        "libaio,cmdprio_bssplit", "io_uring,cmdprio"})
    void enghelpOfTheseOptionsIsFios(String arg) throws Exception {
        Out f = run("--enghelp=" + arg);
        EngineHelp.Result ours = EngineHelp.render(EngineRegistry.load(), arg);
        assertEquals(f.rc(), ours.exitCode());
        assertEquals(f.stdout(), ours.stdout());
    }

    /** io_uring shares the table: passthrough-only options parse and do nothing, as in fio; PI is refused. */
    @ParameterizedTest
    @ValueSource(strings = {"readfua=1", "writefua=0", "write_mode=uncor", "verify_mode=compare", "cmd_type=nvme",
        "deac=1", "apptag=0x10", "md_per_io_size=4k", "pi_chk=GUARD", "write_mode=bad", "readfua"})
    void ioUringTakesTheSameTable(String line) throws Exception {
        Path job = Files.createTempFile("uring-opt-", ".fio");
        Out f;
        try {
            Files.writeString(job, "[x]\nioengine=io_uring\n" + line + "\nfilename=/dev/null\nsize=1m\n");
            f = run("--parse-only", job.toString());
        } finally {
            Files.deleteIfExists(job);
        }
        if (f.rc() != 0) {
            EngineException e = assertThrows(EngineException.class, () -> io.jfio.engine.uring.IoUringOptions.parse(given(line)));
            assertEquals(f.stderr().replace("fio: job x dropped\n", "").stripTrailing(), e.getMessage());
        } else if (line.startsWith("md_per_io_size") || line.startsWith("pi_chk")) {
            EngineException e = assertThrows(EngineException.class, () -> io.jfio.engine.uring.IoUringOptions.parse(given(line)));
            assertTrue(e.getMessage().contains("is not supported by jfio's io_uring"), e.getMessage());
        } else {
            io.jfio.engine.uring.IoUringOptions.parse(given(line));
        }
    }

    /** The option names in fio's order; help texts of the older options are jfio's own wording. */
    @ParameterizedTest
    @ValueSource(strings = {"io_uring_cmd", "libaio", "io_uring"})
    void enghelpListsFiosOptionsInFiosOrder(String engine) throws Exception {
        List<String> theirs = run("--enghelp=" + engine).stdout().lines().map(l -> l.split(":")[0].trim()).toList();
        List<String> mine = EngineHelp.render(EngineRegistry.load(), engine).stdout().lines()
            .map(l -> l.split(":")[0].trim()).filter(n -> theirs.contains(n)).toList();
        assertEquals(theirs, mine);
    }
}
