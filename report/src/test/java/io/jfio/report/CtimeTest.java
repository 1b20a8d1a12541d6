package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** RunResult.ctime is ctime(3)'s text in the local zone, built without DateTimeFormatter. */
class CtimeTest {
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

    @Test
    void matchesTheFormatterOverDaysMonthsAndYears() {
        SplittableRandom r = new SplittableRandom(16);
        long from = Instant.parse("1971-01-01T00:00:00Z").toEpochMilli();
        long to = Instant.parse("2099-12-31T23:59:59Z").toEpochMilli();
        for (int i = 0; i < 20_000; i++) {
            long ms = r.nextLong(from, to);
            assertEquals(CTIME.format(Instant.ofEpochMilli(ms).atZone(ZoneId.systemDefault())), RunResult.ctime(ms),
                    "at " + ms);
        }
        // single-digit days are space-padded, as ctime(3) pads them
        long first = Instant.parse("2026-03-01T12:00:00Z").toEpochMilli();
        assertEquals(CTIME.format(Instant.ofEpochMilli(first).atZone(ZoneId.systemDefault())), RunResult.ctime(first));
    }

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
