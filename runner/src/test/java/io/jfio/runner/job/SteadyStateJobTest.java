package io.jfio.runner.job;

import io.jfio.jobfile.options.SteadyStateOptions;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.report.SteadyStateResult;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.VirtualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * steadystate, steadystate_duration, steadystate_ramp_time and steadystate_check_interval: the
 * window's criterion as fio's steadystate.c computes it (worked by hand below), and the stop it
 * causes, run through the real job on a {@link VirtualClock} so the check times are exact.
 */
@Timeout(60)
class SteadyStateJobTest {
    /** Each clock read costs 10 us of virtual time: a null I/O takes about 30 us, a steady 33k IOPS. */
    private static final long READ_COST = 10_000L;
    private static final String NULL_JOB = "[j]\nioengine=null\nrw=read\nbs=4k\nsize=100g\ntime_based\n";

    private static SteadyStateOptions opts(String options) {
        return ThreadOptions.of(Jobs.parse(NULL_JOB + "runtime=10\n" + options).get(0)).steady();
    }

    private static Job run(String options) throws InterruptedException {
        return Jobs.runVirtual(NULL_JOB + options, READ_COST);
    }

    private static double seconds(Job j) {
        return j.stats().runtimeMicros[0] / 1e6;
    }

    @Test
    void optionsAreReadAsFioReadsThem() {
        SteadyStateOptions o = opts("steadystate=bw_slope:2m\nsteadystate_duration=6\nsteadystate_ramp_time=500ms\n"
                + "steadystate_check_interval=2\n");
        assertEquals(SteadyStateOptions.Metric.BW, o.metric());
        assertTrue(o.slope());
        assertFalse(o.percent());
        assertEquals(2 * 1024 * 1024, o.limit());
        assertEquals(6, o.durationSec());
        assertEquals(500_000, o.rampUs());
        assertEquals(2000, o.checkIntervalMs());
        assertEquals(3, o.intervals());
        assertNull(o.problem());
        SteadyStateOptions pct = opts("ss=iops:2.5%\nss_dur=3\n");
        assertTrue(pct.percent());
        assertEquals(2.5, pct.limit());
        assertEquals("iops", pct.name());
        // no steadystate_duration: fio's default criterion is there, and off
        assertFalse(opts("").enabled());
        assertEquals("ss_duration 1500000us must be multiple of ss_check_interval 1000000us",
                opts("steadystate=iops:5%\nsteadystate_duration=1500ms\n").problem());
        assertEquals("ss_check_interval must be at least 1s",
                opts("steadystate=iops:5%\nsteadystate_duration=2\nss_interval=500ms\n").problem());
    }

    @Test
    void deviationCriterionOverTheRing() {
        SteadyStateWindow w = new SteadyStateWindow(opts("steadystate=iops:10%\nsteadystate_duration=3\n"));
        assertFalse(w.add(100, 0, 0)); // filling
        assertFalse(w.add(150, 0, 0));
        assertFalse(w.add(100, 0, 0)); // full: mean 116.7, deviation 33.3 = 28.6%
        assertEquals(33.333, w.result().deviation(), 0.001);
        assertEquals(28.571, w.result().criterion(), 0.001);
        assertFalse(w.add(120, 0, 0)); // [150, 100, 120]: 26.7 of 123.3
        SteadyStateResult r = w.result();
        assertArrayEquals(new long[] {150, 100, 120}, r.ordered(r.iops()));
        assertEquals(21.622, r.criterion(), 0.001);
        assertFalse(w.add(122, 0, 0)); // [100, 120, 122]: 14 of 114
        assertTrue(w.add(118, 0, 0)); // [120, 122, 118]: 2 of 120 = 1.67% < 10%
        w.markAttained();
        r = w.result();
        assertEquals(1.667, r.criterion(), 0.001);
        assertArrayEquals(new long[] {120, 122, 118}, r.ordered(r.iops()));
        assertEquals(120, SteadyStateResult.mean(r.iops()));
    }

    @Test
    void slopeCriterionOverTheRing() {
        SteadyStateWindow w = new SteadyStateWindow(opts("steadystate=iops_slope:1%\nsteadystate_duration=3\n"));
        assertFalse(w.add(100, 0, 0));
        assertFalse(w.add(110, 0, 0));
        assertFalse(w.add(120, 0, 0)); // slope 10 per interval, 100*10/110 = 9.09%
        assertEquals(10.0, w.result().slope(), 1e-9);
        assertEquals(9.0909, w.result().criterion(), 0.0001);
        assertFalse(w.add(120, 0, 0)); // [110, 120, 120]: slope 5, 100*5/116 (fio's integer mean)
        assertEquals(5.0, w.result().slope(), 1e-9);
        assertEquals(500.0 / 116, w.result().criterion(), 1e-9);
        assertTrue(w.add(120, 0, 0)); // flat
        assertEquals(0.0, w.result().slope(), 1e-9);
    }

    @Test
    void steadyJobStopsAtTheSecondCheck() throws Exception {
        // two 1 s samples of a steady 33k IOPS: met at the check 2 s in, a 12 s job ends there
        Job j = run("runtime=12\nsteadystate=iops:10%\nsteadystate_duration=2\n");
        assertEquals(2.0, seconds(j), 0.001);
        SteadyStateResult r = j.steadyState().result();
        assertTrue(r.attained());
        assertEquals("iops:10.000000%", r.criterionSpec());
        long[] iops = r.ordered(r.iops());
        assertEquals(2, iops.length);
        for (int i = 0; i < 2; i++) {
            assertEquals(33_333, iops[i], 700, Arrays.toString(iops));
            assertEquals(iops[i] * 4096, r.ordered(r.bw())[i], 4096 * 2, "bw is bytes per second");
        }
        assertTrue(r.criterion() < 1.0, "criterion " + r.criterion());
        // the samples are those of the I/Os the job counted, scaled by the whole milliseconds since the
        // last check (fio's rate_time, which truncates: a check 999.99 ms after the last loses 1/1000)
        long ios = j.stats().totalIoU[0];
        assertEquals(ios, iops[0] + iops[1], ios / 500, ios + " I/Os");
    }

    @Test
    void unmetCriterionRunsTheWholeRuntime() throws Exception {
        // a limit of 0 cannot be met: the window keeps moving and the report has the last 3 samples
        Job j = run("runtime=5\nsteadystate=iops_slope:0\nsteadystate_duration=3\n");
        assertEquals(5.0, seconds(j), 0.001);
        SteadyStateResult r = j.steadyState().result();
        assertFalse(r.attained());
        assertTrue(r.bufferFull());
        assertEquals(3, r.iops().length);
        assertTrue(Arrays.stream(r.iops()).allMatch(v -> v > 30_000), Arrays.toString(r.iops()));
    }

    @Test
    void rampTimeDelaysTheFirstSampleByOneInterval() throws Exception {
        // fio records from one check interval after steadystate_ramp_time: samples at 3 s and 4 s
        Job j = run("runtime=12\nsteadystate=iops:10%\nsteadystate_duration=2\nsteadystate_ramp_time=2\n");
        assertEquals(4.0, seconds(j), 0.001);
        assertTrue(j.steadyState().result().attained());
    }

    @Test
    void checkIntervalSpacesTheSamples() throws Exception {
        // 2 s checks over a 4 s window: two samples, met at the check 4 s in; each sample is an
        // interval's I/Os scaled as fio scales them (rate_time * ios / (interval^2 / 1000))
        Job j = run("runtime=20\nsteadystate=iops:10%\nsteadystate_duration=4\nsteadystate_check_interval=2\n");
        assertEquals(4.0, seconds(j), 0.001);
        SteadyStateResult r = j.steadyState().result();
        assertEquals(2, r.iops().length);
        assertEquals(33_333, r.iops()[0], 700, "fio's per-second figure: " + Arrays.toString(r.iops()));
    }

    @Test
    void latencyCriterionSamplesTheClatMean() throws Exception {
        Job j = run("runtime=12\nsteadystate=lat:5%\nsteadystate_duration=2\n");
        SteadyStateResult r = j.steadyState().result();
        assertTrue(r.attained());
        // a null I/O completes one clock read after it is issued: clat is the read cost
        for (long v : r.lat()) {
            assertEquals(READ_COST, v, READ_COST / 2, Arrays.toString(r.lat()));
        }
    }

    @Test
    void noDurationNoCheck() throws Exception {
        Job j = run("runtime=1\nsteadystate=iops:10%\n");
        assertNull(j.steadyState());
        assertEquals(1.0, seconds(j), 0.001);
        assertNotNull(j.stats());
    }
}
