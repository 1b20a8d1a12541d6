package io.jfio.runner;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ramp_size, fio 3.42 against jfio on a /dev/shm file (fio 3.33 has no ramp_size). fio's helper
 * thread checks the ramp's bytes once a second (time.c's ramp_period_check): a job done within its
 * first second never leaves the ramp, a paced one leaves it at a check, runtime counts from there,
 * and under group_reporting the group's bytes end the ramp of all its jobs. The checks are relative
 * (the pace and the check's phase move with the machine's load); the exact rule is held in virtual
 * time by VirtualTimeJobTest and RampPeriodTest.
 */
@Timeout(240)
class RampSizeIT {
    private Path file;

    @BeforeEach
    void file() throws Exception {
        Path shm = Path.of("/dev/shm");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(shm), "skipped: no /dev/shm");
        file = Files.createTempFile(shm, "jfio-RampSizeIT-", ".dat");
    }

    @AfterEach
    void remove() throws Exception {
        Files.deleteIfExists(file);
    }

    private static JsonNode group(FioVsJfio.Outcome o, String who) {
        assertEquals(0, o.rc(), who + ": " + o.both());
        return FioVsJfio.json(o.out()).get("jobs").elements().get(0);
    }

    private List<String> args(String... more) {
        List<String> a = new ArrayList<>(List.of("--name=r", "--filename=" + file, "--rw=write", "--bs=64k",
                "--output-format=json"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void aJobDoneWithinItsFirstSecondReportsAllItsIoUntimed() throws Exception {
        FioVsJfio.fio342();
        List<String> a = args("--size=16m", "--ramp_size=4m");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(a), FioVsJfio.jfio(a))) {
            JsonNode w = group(o, "run").get("write");
            assertEquals(16L << 20, w.get("io_bytes").asLong(), o.both());
            assertEquals(256, w.get("total_ios").asLong());
            assertEquals(0, w.get("clat_ns").get("N").asLong(), "no latency in the ramp");
        }
    }

    @Test
    void runtimeCountsFromTheRampsEnd() throws Exception {
        FioVsJfio.fio342();
        List<String> a = args("--size=64m", "--rate=8m", "--time_based", "--runtime=1", "--ramp_size=2m");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(a), FioVsJfio.jfio(a))) {
            JsonNode w = group(o, "run").get("write");
            long ms = w.get("runtime").asLong();
            // a whole second after the ramp (counted from the job's start it would end with the ramp)
            assertTrue(ms >= 1000 && ms < 1500, "runtime " + ms + " ms: " + o.out());
            long bytes = w.get("io_bytes").asLong();
            // at most 8 MiB/s over the measured second, not the ramp's bytes too (a loaded machine
            // may fall behind the rate, never ahead of it)
            assertTrue(bytes >= (2L << 20) && bytes <= (9L << 20), "io_bytes " + bytes);
            assertEquals(w.get("total_ios").asLong(), w.get("clat_ns").get("N").asLong(), "all timed");
        }
    }

    @Test
    void aPacedJobLeavesItsRampAtACheckNotAtTheSize() throws Exception {
        FioVsJfio.fio342();
        // 2 MiB take 0.25 s at 8 MiB/s, yet the ramp lasts until the first check (about 1 s, 8 MiB);
        // the job then writes the rest of its 16 MiB file, measured
        List<String> a = args("--size=16m", "--rate=8m", "--ramp_size=2m");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(a), FioVsJfio.jfio(a))) {
            long bytes = group(o, "run").get("write").get("io_bytes").asLong();
            // ending at the size would leave 14 MiB to measure; the check comes later, and by the
            // second check at the latest
            assertTrue(bytes >= (4L << 20) && bytes <= (13L << 20), "io_bytes " + bytes + ": " + o.out());
        }
    }

    @Test
    void groupReportingEndsTheRampOnTheGroupsBytes() throws Exception {
        FioVsJfio.fio342();
        // two jobs at 4 MiB/s each, 12 MiB each, ramp_size=5m: the group has 5 MiB within its first
        // second, one job alone only within its second (then 4 MiB of its 12 are left to measure)
        List<String> a = args("--size=12m", "--rate=4m", "--ramp_size=5m", "--numjobs=2", "--group_reporting");
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(a), FioVsJfio.jfio(a))) {
            long bytes = group(o, "run").get("write").get("io_bytes").asLong();
            assertTrue(bytes >= (13L << 20) && bytes <= (19L << 20), "group io_bytes " + bytes + ": " + o.out());
        }
    }

    @Test
    void rampTimeWithRampSizeIsRefusedAsByFio() throws Exception {
        FioVsJfio.fio342();
        List<String> a = args("--size=1m", "--ramp_size=1m", "--ramp_time=1");
        FioVsJfio.Outcome fio = FioVsJfio.fio(a);
        FioVsJfio.Outcome jfio = FioVsJfio.jfio(a);
        String line = "fio: file:time.c:235, func=job rejected: cannot specify both ramp_time and ramp_size, "
                + "error=Invalid argument";
        assertEquals(1, fio.rc());
        assertTrue(fio.out().contains(line), "fio prints it to its output: " + fio.both());
        assertEquals(1, jfio.rc());
        assertTrue(jfio.out().contains(line), jfio.both());
    }
}
