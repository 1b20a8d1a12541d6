package io.jfio.runner.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.CpuIdleness;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class IdleProfilerTest {
    @Test
    void parsesFiosValuesOnly() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(IdleProfiler.Mode.SYSTEM, IdleProfiler.parse("system", e));
        assertEquals(IdleProfiler.Mode.PERCPU, IdleProfiler.parse("percpu", e));
        assertEquals(IdleProfiler.Mode.CALIBRATE, IdleProfiler.parse("calibrate", e));
        assertNull(IdleProfiler.parse("PerCpu", e));
        assertEquals("fio: incorrect idle-prof option: PerCpu\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void measuresEveryCpuBetweenBeginAndStop() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        IdleProfiler p = IdleProfiler.start(IdleProfiler.Mode.PERCPU, new PrintStream(err, true));
        p.begin();
        Thread.sleep(300);
        p.stop();
        CpuIdleness r = p.result();
        assertEquals("", err.toString());
        assertTrue(r.percpu());
        assertEquals(IdleProfiler.configuredCpus(), r.cpus().length);
        assertTrue(r.unitMean() > 0, "unit mean " + r.unitMean());
        double sum = 0;
        for (double c : r.cpus()) {
            // loops x the calibrated unit time over the runtime, unclamped as fio's idletime.c: a
            // calibration slowed by other work on the machine scales it past 100 by that factor
            // (203 seen in CI), so only its sign and finiteness are the profiler's to promise
            assertTrue(c >= 0 && Double.isFinite(c), "cpu idleness " + c);
            sum += c;
        }
        assertEquals(sum / r.cpus().length, r.system(), 1e-9);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertTrue(!t.getName().startsWith("idle-prof-"), "probe left running: " + t.getName());
        }
    }

    @Test
    void calibrateOnlyPrintsTheUnitWork() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        IdleProfiler.calibrateOnly(new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertTrue(out.toString(StandardCharsets.UTF_8)
                .matches("CPU idleness:\n  unit work: mean=[0-9]+\\.[0-9]{2}us, stddev=[0-9]+\\.[0-9]{2}\n"),
                out.toString(StandardCharsets.UTF_8));
    }
}
