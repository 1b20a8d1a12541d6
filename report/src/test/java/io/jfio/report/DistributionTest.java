package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jfio.report.format.NormalFormat;
import io.jfio.report.format.TerseFormat;
import org.junit.jupiter.api.Test;

/** Percentages from the runner's counts (fio's stat.c). */
class DistributionTest {
    private static Distribution depth() {
        Distribution depth = new Distribution(7, 0.1);
        depth.addAll(new long[] {575, 0, 0, 0, 0, 0, 1});
        return depth;
    }

    @Test
    void theDenominatorIsTheCallersCount() {
        assertEquals("112.3", CFormat.fixed(depth().percent(0, 512), 3, 1)); // golden i: syncs count too
    }

    @Test
    void aNonZeroShareIsFlooredAtTheMinimum() {
        assertEquals(0.1, depth().percent(6, 1_000_000));
        Distribution lat = new Distribution(10, 0.01);
        lat.add(3, 1);
        assertEquals(0.01, lat.percent(3, 1_000_000));
    }

    @Test
    void anEmptyBucketIsZero() {
        assertEquals(0.0, depth().percent(1, 512));
    }

    @Test
    void aZeroDenominatorIsZero() {
        assertEquals(0.0, depth().percent(0, 0));
    }

    /** Four reads: 1 ns, 999 ns, 1 µs and 2.5 s. */
    private static JobResult fourLatencies() {
        JobResult j = new JobResult();
        j.dir(DirectionStats.READ).totalIos = 4;
        j.recordLatencyBucket(1);         // nsec "2"
        j.recordLatencyBucket(999);       // nsec "1000"
        j.recordLatencyBucket(1000);      // usec "2"
        j.recordLatencyBucket(2_500_000_000L); // msec ">=2000"
        j.dir(DirectionStats.READ).ioBytes = 4096 * 4;
        j.dir(DirectionStats.READ).runtimeMs = 1;
        return j;
    }

    private static RunResult runOf(JobResult j) {
        RunResult run = new RunResult();
        run.lastGroupId = 1;
        run.addJob(j);
        return run;
    }

    @Test
    void latenciesLandInFiosBuckets() {
        JobResult j = fourLatencies();
        assertEquals(1, j.latNs.count(0));
        assertEquals(1, j.latNs.count(9));
        assertEquals(1, j.latUs.count(0));
        assertEquals(1, j.latMs.count(11));
    }

    @Test
    void normalOutputPrintsTheBucketsThatHaveLatencies() {
        String normal = NormalFormat.write(runOf(fourLatencies()));
        assertEquals(true, normal.contains("  lat (nsec)   : 2=25.00%, 1000=25.00%\n  lat (usec)   : 2=25.00%\n"
                + "  lat (msec)   : >=2000=25.00%\n"), normal);
        assertEquals(true, normal.endsWith("\nRun status group 1 (all jobs):\n"), normal);
    }

    @Test
    void terseFirstUsecBucketAddsTheUnflooredNsecShare() {
        JobResult j = fourLatencies();
        assertEquals(75.0, j.terseFirstUsec(), 1e-12); // 25 % usec + 50 % unfloored nsec
        assertEquals(true, TerseFormat.write(runOf(j), 3).contains(";75.00%;0.00%;"));
    }
}
