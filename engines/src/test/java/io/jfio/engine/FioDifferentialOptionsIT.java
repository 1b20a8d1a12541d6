package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compares engine option handling with the installed fio: the messages of --parse-only for bad
 * pvsync2 values, and the layout of --enghelp (every line but the option's own help text,
 * which jfio words itself).
 */
class FioDifferentialOptionsIT {
    private static final Path FIO = Path.of("/usr/bin/fio");

    record Out(int rc, String stdout, String stderr) {
    }

    @BeforeAll
    static void needFio() {
        Assumptions.assumeTrue(Files.isExecutable(FIO), "skipped: fio is not installed at /usr/bin/fio");
    }

    static Out fio(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(FIO.toString()));
        cmd.addAll(Arrays.asList(args));
        Path out = Files.createTempFile("engines-sync-fio-", ".out");
        Path err = Files.createTempFile("engines-sync-fio-", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fio timed out"); // generous: only a hang may fail it
            return new Out(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hipri_percentage=101", "hipri_percentage=abc", "hipri_percentage=50k",
        "hipri_percentage", "nowait=2", "nowait=yes", "nowait", "hipri=on", "uncached"})
    void badValuesGiveFiosMessages(String line) throws Exception {
        Path job = Files.createTempFile("engines-sync-opt-", ".fio");
        try {
            Files.writeString(job, "[x]\nioengine=pvsync2\n" + line + "\nfilename=/dev/null\nsize=1m\n");
            Out fio = fio("--parse-only", job.toString());
            assertEquals(1, fio.rc(), fio.toString());
            String expected = fio.stderr().replace("fio: job x dropped\n", "").stripTrailing();
            int eq = line.indexOf('=');
            Map<String, String> given = Map.of(eq < 0 ? line : line.substring(0, eq), eq < 0 ? "" : line.substring(eq + 1));
            EngineException e = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class,
                () -> EngineOptions.parse(EngineRegistry.load().resolve("pvsync2").options(), given));
            assertEquals(expected, e.getMessage());
        } finally {
            Files.deleteIfExists(job);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hipri_percentage=-1", "hipri=2", "uncached=0x10", "nowait=0", "hipri"})
    void valuesFioAcceptsAreAccepted(String line) throws Exception {
        Path job = Files.createTempFile("engines-sync-opt-", ".fio");
        try {
            Files.writeString(job, "[x]\nioengine=pvsync2\n" + line + "\nfilename=/dev/null\nsize=1m\n");
            assertEquals(0, fio("--parse-only", job.toString()).rc());
            int eq = line.indexOf('=');
            EngineOptions.parse(EngineRegistry.load().resolve("pvsync2").options(),
                Map.of(eq < 0 ? line : line.substring(0, eq), eq < 0 ? "" : line.substring(eq + 1)));
        } finally {
            Files.deleteIfExists(job);
        }
    }

    /** Engines fio gained after 3.33 (the installed fio in CI). */
    private static final java.util.Set<String> AFTER_3_33 = java.util.Set.of("dircreate", "dirstat", "dirdelete");

    @ParameterizedTest
    @ValueSource(strings = {"", "psync", "null", "nosuch", "pvsync2", "pvsync2,hipri", "pvsync2,hipri_percentage",
        "pvsync2,uncached", "pvsync2,nowait", "pvsync2,hipr", "pvsync2,nosuch", "mmap", "mmap,thp", "posixaio",
        "falloc", "filecreate", "filestat", "filestat,stat_type", "cpuio", "cpuio,cpumode", "cpuio,cpuchunks", "exec",
        "exec,std_redirect", "e4defrag", "e4defrag,inplace", "net,nodelay", "splice", "netsplice", "netsplice,pingpong", "sg", "sg,hipri", "sg,readfua",
        "sg,sg_write_mode", "sg,stream_id"})
    void enghelpMatchesFioButForHelpTexts(String arg) throws Exception {
        Out fio = arg.isEmpty() ? fio("--enghelp") : fio("--enghelp=" + arg);
        EngineHelp.Result ours = EngineHelp.render(EngineRegistry.load(), arg);
        assertEquals(fio.rc(), ours.exitCode(), "exit status");
        assertEquals(fio.stderr(), ours.stderr(), "stderr");
        if (arg.isEmpty()) {
            assertEquals("Available IO engines:", fio.stdout().lines().findFirst().orElse(""));
            for (String line : ours.stdout().lines().skip(1).toList()) {
                if (AFTER_3_33.contains(line.trim()) && !fio.stdout().contains("\tdircreate\n")) {
                    continue; // fio 3.33 predates the directory engines
                }
                assertTrue(fio.stdout().lines().anyMatch(line::equals), () -> "fio lists no " + line.trim());
            }
            return;
        }
        List<String> theirs = fio.stdout().lines().toList();
        List<String> mine = ours.stdout().lines().toList();
        assertEquals(theirs.size(), mine.size(), () -> "fio:\n" + fio.stdout() + "jfio:\n" + ours.stdout());
        for (int i = 0; i < theirs.size(); i++) {
            String t = theirs.get(i);
            String m = mine.get(i);
            int colon = t.indexOf(": ");
            boolean helpLine = colon > 0 && !t.substring(0, colon).trim().matches("type|default|range|valid values");
            if (helpLine) {
                assertEquals(t.substring(0, colon + 2), m.substring(0, Math.min(m.length(), colon + 2)), "name column");
            } else {
                assertEquals(t, m);
            }
        }
    }
}
