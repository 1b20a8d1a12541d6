package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * json job_start against fio 3.42 (3.33 has no job_start): job_start_clock_id picks the clock,
 * and the end of the ramp moves it (reset_all_stats calls set_epoch_time again). Each value is
 * checked between readings of the same clock taken before and after the run.
 */
@Timeout(120)
class JobStartIT {
    @TempDir
    Path dir;

    private static long jobStart(FioVsJfio.Outcome o) {
        assertEquals(0, o.rc(), o.both());
        return FioVsJfio.json(o.out()).get("jobs").elements().get(0).get("job_start").asLong();
    }

    private List<String> args(String... more) {
        List<String> a = new ArrayList<>(List.of("--name=j", "--filename=" + dir.resolve("f"), "--size=1m",
                "--output-format=json"));
        a.addAll(List.of(more));
        return a;
    }

    /** fio's and jfio's job_start for the job both fall within their run on CLOCK_MONOTONIC (ms). */
    private static void jobStartOnTheMonotonicClock(List<String> a) throws Exception {
        for (boolean fio : new boolean[] {true, false}) {
            long before = System.nanoTime() / 1_000_000L;
            long t = jobStart(fio ? FioVsJfio.fio(a) : FioVsJfio.jfio(a));
            long after = System.nanoTime() / 1_000_000L;
            assertTrue(t >= before && t <= after, (fio ? "fio " : "jfio ") + before + " <= " + t + " <= " + after);
        }
    }

    @Test
    void jobStartClockIdOneIsClockMonotonic() throws Exception {
        FioVsJfio.fio342();
        List<String> a = args("--job_start_clock_id=1");
        jobStartOnTheMonotonicClock(a);
    }

    @Test
    void anIdTheKernelRefusesReportsTheLogEpochClock() throws Exception {
        FioVsJfio.fio342();
        // fio reads log_alternate_epoch_clock_id's clock first into the timespec it then reuses
        List<String> a = args("--job_start_clock_id=99", "--log_alternate_epoch_clock_id=1");
        jobStartOnTheMonotonicClock(a);
    }

    @Test
    void theRampsEndMovesJobStart() throws Exception {
        FioVsJfio.fio342();
        List<String> a = args("--time_based", "--runtime=1", "--ramp_time=1");
        for (boolean fio : new boolean[] {true, false}) {
            long before = System.currentTimeMillis();
            long t = jobStart(fio ? FioVsJfio.fio(a) : FioVsJfio.jfio(a));
            long after = System.currentTimeMillis();
            // the measured second follows job_start: it is at least a second before the end
            assertTrue(t >= before + 1000 && t <= after - 1000, (fio ? "fio " : "jfio ") + before + " + 1 s <= " + t
                    + " <= " + after + " - 1 s");
        }
    }
}
