package io.jfio.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.IoUnit;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Pacing arithmetic on a simulated clock: the "runner" here issues as soon as allowed, so the
 * issue times show exactly the schedule fio's usec_for_io / rate_ddir impose.
 */
class PacerTest {
    private static final long MB = 1 << 20;

    private static IoPattern pattern(String options) throws WorkloadException {
        return IoPattern.create(TestJobs.job(0, options), List.of(TestJobs.file("f", 0, 0, 256 * MB)));
    }

    /** Issues n I/Os, each at the earliest time the limiter allows; returns the issue times (µs). */
    private static long[] simulate(IoPattern p, int n, int[] perDir) {
        IoUnit u = new IoUnit(0, 0, 1 << 20);
        long now = 0;
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            assertTrue(p.next(u, now));
            now += p.rate().waitUsec();
            times[i] = now;
            if (perDir != null) {
                perDir[u.ddir.ordinal()]++;
            }
        }
        return times;
    }

    @Test
    void rateIopsHolds() throws Exception {
        IoPattern p = pattern("rw=randread rate_iops=1000");
        assertTrue(p.rate().enabled());
        long[] t = simulate(p, 5000, null);
        // the first I/O goes at once, then one every millisecond: 5000 I/Os take 4.999 s
        assertEquals(0, t[0]);
        assertEquals(1000, t[1]);
        assertEquals(4_999_000, t[4999]);
        // issued count vs elapsed time at any point stays within one I/O of 1000/s
        for (int i = 1; i < t.length; i += 97) {
            assertEquals(i, t[i] / 1000.0, 1.0);
        }
    }

    @Test
    void rateInBytesPacesByBytes() throws Exception {
        IoPattern p = pattern("rw=write bs=64k rate=1m");
        long[] t = simulate(p, 33, null);
        // 1 MiB/s with 64 KiB writes: 16 per second
        assertEquals(1_000_000, t[16]);
        assertEquals(2_000_000, t[32]);
    }

    @Test
    void rateIopsWithBssplitPacesByIops() throws Exception {
        IoPattern p = pattern("rw=randread norandommap=1 bssplit=4k/50:64k/50 rate_iops=200");
        long[] t = simulate(p, 401, null);
        assertEquals(2_000_000, t[400]);
    }

    @Test
    void mixedRatesPerDirection() throws Exception {
        IoPattern p = pattern("rw=randrw rate_iops=300,100");
        int[] perDir = new int[3];
        long[] t = simulate(p, 4000, perDir);
        double secs = t[t.length - 1] / 1e6;
        // each direction keeps its own rate; the mix follows the rates, not rwmixread
        assertEquals(300, perDir[0] / secs, 6);
        assertEquals(100, perDir[1] / secs, 3);
    }

    @Test
    void poissonAveragesTheRate() throws Exception {
        IoPattern p = pattern("rw=randread rate_iops=500 rate_process=poisson");
        long[] t = simulate(p, 20000, null);
        double iops = 20000 / (t[t.length - 1] / 1e6);
        assertEquals(500, iops, 15);
        // not evenly spaced
        assertTrue(t[2] - t[1] != t[3] - t[2] || t[4] - t[3] != t[3] - t[2]);
    }

    @Test
    void unpacedJobNeverWaits() throws Exception {
        IoPattern p = pattern("rw=randread");
        assertFalse(p.rate().enabled());
        long[] t = simulate(p, 100, null);
        assertEquals(0, t[99]);
    }

    @Test
    void resetEpochRestartsTheSchedule() throws Exception {
        IoPattern p = pattern("rw=read rate_iops=100");
        simulate(p, 50, null);
        p.rate().resetEpoch();
        IoUnit u = new IoUnit(0, 0, 4096);
        assertTrue(p.next(u, 0));
        assertEquals(0, p.rate().waitUsec());
    }

    @Test
    void thinktimeEveryBlocks() throws Exception {
        Pacer r = pattern("rw=read thinktime=500 thinktime_spin=200 thinktime_blocks=4").rate();
        assertTrue(r.thinktimeEnabled());
        assertFalse(r.thinkDue(3, 3));
        assertTrue(r.thinkDue(4, 4));
        assertEquals(200, r.thinkSpinUsec(-1));
        assertEquals(300, r.thinkSleepUsec(200, -1));
        assertEquals(100, r.thinkSleepUsec(200, 100)); // capped by the runtime left
        r.thinkDone(0, 500, 4, 4);
        assertFalse(r.thinkDue(7, 7));
        assertTrue(r.thinkDue(8, 8));
        // default type "complete" counts completions; "issue" counts issues
        Pacer issue = pattern("rw=read thinktime=10 thinktime_blocks=2 thinktime_blocks_type=issue").rate();
        assertTrue(issue.thinkDue(2, 0));
        assertFalse(r.thinkDue(100, 7));
    }

    @Test
    void thinktimeSpinIsCappedByThinktime() throws Exception {
        Pacer r = pattern("rw=read thinktime=100 thinktime_spin=900").rate();
        assertEquals(100, r.thinkSpinUsec(-1));
        assertEquals(0, r.thinkSleepUsec(100, -1));
    }

    @Test
    void minRateChecks() throws Exception {
        Pacer r = pattern("rw=read rate_min=1m").rate();
        assertTrue(r.enabled());
        assertNull(r.checkMinRate(0, 0, 0, 1000, 1000)); // settle period
        assertNull(r.checkMinRate(0, 4 * MB, 1024, 2500, 2500)); // first sample
        assertNull(r.checkMinRate(0, 5 * MB, 1280, 3000, 3000)); // inside the rate cycle
        assertEquals("j: rate_min=1048576B/s not met, got 524288B/s", r.checkMinRate(0, 5 * MB, 1280, 4500, 4500));
        Pacer iops = pattern("rw=read rate_iops_min=100").rate();
        assertNull(iops.checkMinRate(0, 4096, 1, 2000, 2000));
        assertEquals("j: rate_iops_min=100 not met, got 50 IOPS", iops.checkMinRate(0, 4096 * 51, 51, 3000, 3000));
    }

    @Test
    void minAboveRateIsRefused() {
        // fio's fixup_options refuses it before the job runs: so does the parser
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> pattern("rw=read rate=1m rate_min=2m"));
        assertTrue(e.getMessage().contains("fio: minimum rate exceeds rate, ddir 0"), e.getMessage());
    }
}
