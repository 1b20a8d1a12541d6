package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** RunResult.ctime against the C library's ctime text, as date(1) prints it (an external program, so an IT). */
class CtimeIT {
    @Test
    void matchesCtimeOfTheCLibraryViaDate() throws Exception {
        Path date = Path.of("/bin/date");
        assumeTrue(Files.isExecutable(date), "no /bin/date to compare with");
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 5; i++) {
            long sec = r.nextLong(0, 4_000_000_000L);
            assertEquals(run(date.toString(), "-d", "@" + sec, "+%a %b %e %H:%M:%S %Y"), RunResult.ctime(sec * 1000),
                    "at " + sec);
        }
    }

    private static String run(String... cmd) throws IOException, InterruptedException {
        // the JVM's zone is the process's TZ/localtime, which date(1) reads the same way
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
