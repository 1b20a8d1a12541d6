package io.jfio.runner;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * clocksource and gtod_cpu against fio: gettimeofday's stamps (clocksource=gettimeofday, and the
 * gtod_cpu thread's) are whole microseconds, so every latency fio and jfio report is a multiple of
 * 1000 ns; gtod_cpu leaves its CPU out of the job's CPUs (cpus_allowed=N gtod_cpu=N: no CPU left,
 * err=22 in both), and jfio runs the time-keeping thread for the run's length.
 */
@Timeout(120)
class ClockOptionsIT {
    private static List<String> args(String... more) {
        List<String> a = new ArrayList<>(List.of("--name=j", "--ioengine=null", "--size=16m", "--bs=4k",
                "--output-format=json"));
        a.addAll(List.of(more));
        return a;
    }

    private static void wholeMicros(FioVsJfio.Outcome o, String who) {
        assertEquals(0, o.rc(), who + ": " + o.both());
        JsonNode r = FioVsJfio.json(o.out()).get("jobs").elements().get(0).get("read");
        for (String k : new String[] {"clat_ns", "lat_ns"}) {
            long min = r.get(k).get("min").asLong();
            long max = r.get(k).get("max").asLong();
            assertTrue(min % 1000 == 0 && max % 1000 == 0, who + " " + k + " " + min + "-" + max + " ns");
        }
    }

    @Test
    void gettimeofdayLatenciesAreWholeMicroseconds() throws Exception {
        FioVsJfio.fio();
        for (String opt : new String[] {"--clocksource=gettimeofday", "--gtod_cpu=0"}) {
            wholeMicros(FioVsJfio.fio(args(opt)), "fio " + opt);
            wholeMicros(FioVsJfio.jfio(args(opt)), "jfio " + opt);
        }
    }

    @Test
    void gtodCpuIsTakenFromTheJobsCpus() throws Exception {
        FioVsJfio.fio();
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2,
                "skipped: needs two CPUs");
        List<String> a = List.of("--name=j", "--ioengine=null", "--size=1m", "--cpus_allowed=1", "--gtod_cpu=1");
        String line = "err=22/file:backend.c:1905, func=cpu_set_affinity, error=Invalid argument";
        for (FioVsJfio.Outcome o : List.of(FioVsJfio.fio(a), FioVsJfio.jfio(a))) {
            assertEquals(1, o.rc(), o.both());
            assertTrue(o.both().contains(line), o.both());
        }
        List<String> ok = List.of("--name=j", "--ioengine=null", "--size=1m", "--cpus_allowed=0-1", "--gtod_cpu=1");
        assertEquals(0, FioVsJfio.fio(ok).rc());
        assertEquals(0, FioVsJfio.jfio(ok).rc());
    }

    @Test
    void theTimeKeepingThreadRunsForTheRun() throws Exception {
        AtomicBoolean seen = new AtomicBoolean();
        Thread run = new Thread(() -> FioVsJfio.jfio(List.of("--name=j", "--ioengine=null", "--size=1g",
                "--time_based", "--runtime=2", "--gtod_cpu=0", "--output-format=json")));
        run.start();
        while (run.isAlive()) {
            if (Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("jfio-gtod"))) {
                seen.set(true);
            }
            Thread.sleep(20);
        }
        assertTrue(seen.get(), "a jfio-gtod thread while the job ran");
        // it ends at its next look at the flag; on a loaded machine that may take a while
        boolean alive = true;
        for (int i = 0; i < 500 && alive; i++) {
            alive = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(t -> t.getName().equals("jfio-gtod") && t.isAlive());
            if (alive) {
                Thread.sleep(20);
            }
        }
        assertFalse(alive, "gone after the run");
    }
}
