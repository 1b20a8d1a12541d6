package io.jfio.jobfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * ParserHostilityTest's byte-level job files (a Latin-1 comment, a NUL ending a line) against the
 * installed fio (JFIO_FIO342, /opt/fio-3.42-src/fio, else /usr/bin/fio): jfio's --showcmd output
 * is fio's.
 */
@Timeout(120)
class ParserHostilityFioIT {
    @TempDir
    Path dir;

    @Test
    void aLatin1CommentShowsAsFioShowsIt() throws Exception {
        showsAsFio("l1.fio", ParserHostilityTest.LATIN1);
    }

    @Test
    void aNulByteShowsAsFioShowsIt() throws Exception {
        showsAsFio("nul.fio", ParserHostilityTest.NUL);
    }

    private void showsAsFio(String name, byte[] content) throws Exception {
        Path fio = fio();
        Path f = dir.resolve(name);
        Files.write(f, content);
        Process p = new ProcessBuilder(fio.toString(), "--showcmd", f.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), fio + " --showcmd hung");
        assertEquals(out.trim(), ParserHostilityTest.parse(f, true).stdout().trim(), name + ": --showcmd as " + fio);
    }

    private static Path fio() {
        for (String fio : new String[] {System.getenv().getOrDefault("JFIO_FIO342", ""), "/opt/fio-3.42-src/fio",
            "/usr/bin/fio"}) {
            if (!fio.isEmpty() && Files.isExecutable(Path.of(fio))) {
                return Path.of(fio);
            }
        }
        assumeTrue(false, "skipped: no fio (JFIO_FIO342, /opt/fio-3.42-src/fio or /usr/bin/fio)");
        return null;
    }
}
