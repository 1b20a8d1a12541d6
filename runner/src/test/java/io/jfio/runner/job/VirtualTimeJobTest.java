package io.jfio.runner.job;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.Run;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.VirtualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * runtime, ramp_time, rate, rate_iops, rate_iops_min, thinktime, thinktime_blocks, thinktime_spin
 * and startdelay, run through the real job (real parser, pattern, null engine and loop) on a
 * {@link VirtualClock}: the loop's clock reads and waits move virtual time only, so the figures
 * are exact and the same on an idle and on a loaded machine. The null engine at iodepth=1 is
 * synchronous and takes no timestamps of its own.
 */
@Timeout(60)
class VirtualTimeJobTest {
    /** Each clock read costs 10 us of virtual time: a null I/O (three stamps) takes about 30 us. */
    private static final long READ_COST = 10_000L;
    private static final String NULL_JOB = "[j]\nioengine=null\nrw=read\nbs=4k\nsize=1g\n";

    private ByteArrayOutputStream err;

    private Job run(String options, VirtualClock clock) throws InterruptedException {
        List<JobSpec> specs = Jobs.parse(NULL_JOB + options);
        assertEquals(1, specs.size());
        err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true);
        Job job = new Job(specs.get(0), new Job.Context(new PrintStream(new ByteArrayOutputStream(), true), errStream,
                false, false, Run.defaultEngines(), PatternSource.FACTORY, clock));
        job.start();
        job.awaitFinished();
        return job;
    }

    private Job run(String options) throws InterruptedException {
        Job j = run(options, new VirtualClock(READ_COST));
        assertEquals(0, j.stats().error, err.toString());
        return j;
    }

    /** Runs the job, which must read between {@code lo} and {@code hi} blocks (fio's count to a unit at the edges). */
    private Job runReading(String options, long lo, long hi) throws InterruptedException {
        Job j = run(options);
        long ios = j.stats().totalIoU[0];
        assertTrue(ios >= lo && ios <= hi, ios + " I/Os with " + options.replace('\n', ' '));
        return j;
    }

    private static long usecOf(Job j) {
        return j.stats().runtimeMicros[0];
    }

    @Test
    void timeBasedJobMeasuresExactlyItsRuntime() throws Exception {
        Job j = run("time_based\nruntime=1\n");
        // The loop stops at the first check at or past 1 s; the drain and the end stamp add a few reads.
        long us = usecOf(j);
        assertTrue(us >= 1_000_000 && us <= 1_000_000 + 10 * READ_COST / 1000, "runtime " + us + " us");
        assertTrue(j.stats().totalIoU[0] > 1000, "ios " + j.stats().totalIoU[0]);
    }

    @Test
    void sizeBasedJobIgnoresRuntimeUntilItIsReached() throws Exception {
        // 256 I/Os of 30 us end long before the 1 s runtime: the job ends with its size.
        Job j = run("size=1m\nruntime=1\n");
        assertEquals(256, j.stats().totalIoU[0]);
        assertTrue(usecOf(j) < 100_000, "runtime " + usecOf(j));
    }

    @Test
    void rampTimeIsExcludedFromTheMeasuredRuntime() throws Exception {
        Job j = run("time_based\nruntime=600ms\nramp_time=400ms\n");
        long us = usecOf(j);
        assertTrue(us >= 600_000 && us <= 600_000 + 10 * READ_COST / 1000, "measured " + us + " us");
    }

    @Test
    void rampTimeExtendsTheJobsLife() throws Exception {
        Job j = run("time_based\nruntime=600ms\nramp_time=400ms\n");
        long lifeUs = (j.endNanos() - j.startNanos()) / 1000L;
        assertTrue(lifeUs >= 1_000_000 && lifeUs < 1_010_000, "life " + lifeUs + " us");
    }

    @Test
    void rampTimeIosAreNotCounted() throws Exception {
        // Same per-I/O cost with and without a ramp: the counted I/Os are those of the runtime only.
        long plain = run("time_based\nruntime=600ms\n").stats().totalIoU[0];
        long ramped = run("time_based\nruntime=600ms\nramp_time=400ms\n").stats().totalIoU[0];
        assertTrue(Math.abs(plain - ramped) <= 2, plain + " I/Os without ramp, " + ramped + " with");
    }

    @Test
    void sizeBasedJobWithRampEndsWhenItsSizeIsIssued() throws Exception {
        // 2048 I/Os at 1024 a second: the ramp takes the first second's, and the job ends with its
        // size (fio's do_io issues size bytes in all; a round that issues nothing ends the job).
        runReading("size=8m\nrate=4m\nramp_time=1\n", 1000, 1048);
    }

    @Test
    void rampEndRestartsThePacingClock() throws Exception {
        // fio's reset_all_stats moves td->epoch to the ramp's end: the rate does not catch up the ramp.
        runReading("time_based\nruntime=2\nramp_time=1\nrate=400k\n", 199, 202);
    }

    @Test
    void rampSizeEndsAtTheFirstCheckPastTheSize() throws Exception {
        // 100 I/Os a second: 200k are done after 0.5 s, but fio's helper thread checks ramp_size once
        // a second, so the ramp ends at 1 s; then runtime counts 2 s from there (fio 3.42's time.c).
        Job j = runReading("time_based\nruntime=2\nrate=400k\nramp_size=200k\n", 199, 202);
        long lifeUs = (j.endNanos() - j.startNanos()) / 1000L;
        assertTrue(lifeUs >= 3_000_000 && lifeUs < 3_020_000, "life " + lifeUs + " us");
        long us = usecOf(j);
        assertTrue(us >= 2_000_000 && us <= 2_000_000 + 10 * READ_COST / 1000, "measured " + us + " us");
    }

    @Test
    void rampSizeNotReachedAtACheckGoesOnToTheNext() throws Exception {
        // 1100k take 2.75 s at rate=400k: the checks at 1 s and 2 s see less, the one at 3 s ends the ramp.
        Job j = run("time_based\nruntime=1\nrate=400k\nramp_size=1100k\n");
        long lifeUs = (j.endNanos() - j.startNanos()) / 1000L;
        assertTrue(lifeUs >= 4_000_000 && lifeUs < 4_020_000, "life " + lifeUs + " us");
        long ios = j.stats().totalIoU[0];
        assertTrue(ios >= 99 && ios <= 102, ios + " I/Os counted after the ramp");
    }

    @Test
    void aJobDoneBeforeTheFirstRampSizeCheckReportsAllItsIoUntimed() throws Exception {
        // 256 I/Os of 30 us: done long before the check at 1 s, so the ramp never ends (fio 3.42:
        // a 64 MiB job on /dev/shm with ramp_size=16m reports all 67108864 bytes).
        Job j = run("size=1m\nramp_size=512k\n");
        assertEquals(256, j.stats().totalIoU[0]);
        assertEquals(1L << 20, j.stats().ioBytes[0]);
        assertEquals(0, j.stats().clat[0].samples(), "no latency in the ramp");
        assertEquals(0, j.stats().bw[0].samples(), "no bw sample in the ramp");
    }

    @Test
    void aSizeLimitedJobWithRampSizeGoesOnForItsSizeAfterTheRamp() throws Exception {
        // 1024 I/Os a second: the ramp ends at the 1 s check; the job then does its size again from
        // the reset counters, as with ramp_time (fio's reset_all_stats clears io_bytes).
        Job j = runReading("size=8m\nrate=4m\nramp_size=1m\n", 1000, 1048);
        assertTrue(j.stats().clat[0].samples() == j.stats().totalIoU[0], "timed after the ramp: " + j.stats().clat[0].samples());
    }

    @Test
    void gettimeofdayStampsAreWholeMicroseconds() throws Exception {
        // reads of 10.3 us: nanosecond stamps give latencies off the microsecond, fio's gettimeofday
        // time sources (clocksource=gettimeofday, gtod_cpu's thread) whole microseconds only
        for (String opt : new String[] {"clocksource=gettimeofday\n", "gtod_cpu=0\n", "clocksource=cpu\n"}) {
            Job j = run("size=64k\n" + opt, new VirtualClock(10_300L));
            assertEquals(0, j.stats().error, err.toString());
            var clat = j.stats().clat[0];
            var lat = j.stats().lat[0];
            assertEquals(16, clat.samples());
            boolean micros = clat.min() % 1000 == 0 && clat.max() % 1000 == 0 && lat.min() % 1000 == 0
                    && lat.max() % 1000 == 0;
            assertEquals(!opt.startsWith("clocksource=cpu"), micros, opt + "clat " + clat.min() + "-" + clat.max()
                    + " ns, lat " + lat.min() + "-" + lat.max() + " ns");
        }
    }

    @Test
    void rateIopsIssuesExactlyTheAskedRate() throws Exception {
        runReading("time_based\nruntime=2\nrate_iops=100\n", 199, 201);
    }

    @Test
    void rateInBytesPacesByBlockSize() throws Exception {
        // 400 KiB/s of 4 KiB blocks: 100 I/Os per second.
        runReading("time_based\nruntime=2\nrate=400k\n", 199, 201);
    }

    @Test
    void ratePacingSleepsInsteadOfSpinning() throws Exception {
        VirtualClock clock = new VirtualClock(READ_COST);
        run("time_based\nruntime=2\nrate_iops=100\n", clock);
        // 200 I/Os of about 30 us: nearly all of the 2 s are rate waits.
        assertTrue(clock.parkedNanos() > 1_900_000_000L, "parked " + clock.parkedNanos() + " ns");
    }

    @Test
    void poissonRateAveragesTheAskedRate() throws Exception {
        Job j = run("time_based\nruntime=4\nrate_iops=200\nrate_process=poisson\n");
        double iops = j.stats().totalIoU[0] * 1e6 / usecOf(j);
        assertEquals(200, iops, 20, "poisson rate_iops=200 gave " + iops);
    }

    @Test
    void rateIopsMinFailsAJobThatFallsShort() throws Exception {
        // thinktime holds the job to 10 IOPS; fio checks rate_iops_min from 2 s on.
        Job j = run("time_based\nruntime=10\nthinktime=100ms\nrate_iops_min=50\n", new VirtualClock(READ_COST));
        // fio's integer arithmetic: 10 I/Os in a cycle a little over 1000 ms is 9 IOPS.
        assertTrue(err.toString().contains("j: rate_iops_min=50 not met, got 9 IOPS"), err.toString());
        assertEquals(5, j.stats().error);
        assertEquals("check_min_rate", j.stats().errorFunction);
        assertTrue(usecOf(j) < 5_000_000, "failed early, after " + usecOf(j) + " us");
    }

    @Test
    void thinktimeWithoutSpinOnlySleeps() throws Exception {
        VirtualClock clock = new VirtualClock(READ_COST);
        run("time_based\nruntime=1\nthinktime=20ms\n", clock);
        // the whole think asleep, but for the last 100 us of each wait (spun, as the loop does)
        double parked = clock.parkedNanos() / 1e9;
        assertTrue(parked > 0.95 && parked <= 1.0, "parked " + parked + " s");
    }

    @Test
    void thinktimePausesAfterEveryIo() throws Exception {
        // 1 s / (20 ms + one I/O) = 49.9: the 50th think is cut short by the runtime.
        runReading("time_based\nruntime=1\nthinktime=20ms\n", 49, 51);
    }

    @Test
    void thinktimeBlocksPausesAfterThatManyIos() throws Exception {
        runReading("time_based\nruntime=1\nthinktime=20ms\nthinktime_blocks=4\n", 196, 204);
    }

    @Test
    void thinktimeSpinBusyWaitsPartOfTheThink() throws Exception {
        VirtualClock clock = new VirtualClock(READ_COST);
        Job j = run("time_based\nruntime=1\nthinktime=20ms\nthinktime_spin=5ms\n", clock);
        assertEquals(0, j.stats().error);
        long ios = j.stats().totalIoU[0];
        assertTrue(ios >= 49 && ios <= 51, ios + " I/Os");
        // 5 of each think's 20 ms are spent spinning, the other 15 ms asleep
        double parked = clock.parkedNanos() / 1e9;
        assertTrue(parked > 0.7 && parked < 0.76, "parked " + parked + " s");
    }

    @Test
    void startdelayDelaysTheJobsIo() throws Exception {
        VirtualClock clock = new VirtualClock(READ_COST);
        Job j = run("size=1m\nstartdelay=200ms\n", clock);
        assertEquals(256, j.stats().totalIoU[0]);
        JobStats st = j.stats();
        long lifeMs = (j.endNanos() - j.startNanos()) / 1_000_000L;
        assertTrue(lifeMs >= 200 && lifeMs < 250, "life " + lifeMs + " ms");
        // job_runtime counts from fio's td->epoch, after the delay (fio 3.42: 0 for startdelay=1 size=1m).
        assertTrue(st.totalRunTimeMillis < 50, "job_runtime " + st.totalRunTimeMillis + " ms");
        assertTrue(usecOf(j) < 50_000, "startdelay is not measured runtime: " + usecOf(j));
    }
}
