package io.jfio.jobfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * buffer_pattern inputs run through real fio (JFIO_FIO342, else /usr/bin/fio): what fio rejects
 * jfio rejects at parse time, and what fio writes for an accepted pattern is jfio's parsed pattern,
 * started again in every write's buffer, byte for byte.
 */
class PatternFioIT {
    // ---------------------------------------------------------------- against fio

    private static final String[] FORMS = {"0xdeadbeef", "\"abc\"", "-1024", "66", "0xFF0X1", "\"123\"0xFFeeCC",
        "0xFFF", "1 2", "\"a b\"0x01", "0", "\"0x\"5", "5\"0x\"", "+5", "256", "0x00ff", "-100xab\"1\"\"2\"",
        "0x" + "fe".repeat(21), "%o", "xyz", "0xZZ", "12345678901", "\"abc", "\"ab\"  \"cd\"", "'/nonexistent/x'",
        "1\"aaaaaaaaaaaaaaaaaaaaaaaaaaaa\"0x01", "\"abc\"-1024 0x0f", "\"abc\"-10240x0f"};

    static Path fio() {
        String env = System.getenv("JFIO_FIO342");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Path.of(env);
        }
        Path p = Path.of("/usr/bin/fio");
        assumeTrue(Files.isExecutable(p), "skipped: no fio (set JFIO_FIO342 or install /usr/bin/fio)");
        return p;
    }

    @Test
    @Timeout(120)
    void everyBufferPatternFormIsTreatedAsFioTreatsIt(@TempDir Path dir) throws Exception {
        Path fio = fio();
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < FORMS.length; i++) {
            String form = FORMS[i];
            Path data = dir.resolve("d" + i);
            Path job = dir.resolve("j" + i + ".fio");
            Files.writeString(job, "[j]\nfilename=" + data + "\nsize=8k\nbs=4k\nrw=write\nbuffer_pattern=" + form + "\n");
            Process pr = new ProcessBuilder(fio.toString(), "--output=" + dir.resolve("o" + i), job.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("e" + i).toFile()).start();
            assertTrue(pr.waitFor(30, TimeUnit.SECONDS), "fio hung on " + form);
            boolean fioAccepts = pr.exitValue() == 0;
            Pattern p;
            try {
                p = Pattern.parse(form);
            } catch (IllegalArgumentException e) {
                p = null;
            }
            boolean parserAccepts;
            try {
                JobFileParserTest.parse("[j]\nrw=write\nbuffer_pattern=" + form + "\n");
                parserAccepts = true;
            } catch (JobFileException e) {
                parserAccepts = false;
            }
            if (fioAccepts != (p != null) || parserAccepts != fioAccepts) {
                mismatches.add(form + ": fio " + (fioAccepts ? "accepts" : "rejects") + ", jfio "
                        + (p != null ? "accepts" : "rejects") + ", job parse " + parserAccepts);
                continue;
            }
            if (p != null) {
                byte[] written = Files.readAllBytes(data);
                byte[] expected = new byte[written.length];
                byte[] b = p.bytes();
                for (int k = 0; k < expected.length; k++) {
                    // each write's buffer starts the pattern again (fio's cpy_pattern per buffer)
                    expected[k] = b[(k % 4096) % b.length];
                }
                if (written.length != 8192 || !java.util.Arrays.equals(expected, written)) {
                    mismatches.add(form + ": fio wrote " + HexFormat.of().formatHex(written, 0, Math.min(16, written.length))
                            + " jfio pattern " + HexFormat.of().formatHex(b, 0, Math.min(16, b.length)));
                }
            }
        }
        assertEquals(List.of(), mismatches, "fio " + fio);
    }
}
