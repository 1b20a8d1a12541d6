package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
