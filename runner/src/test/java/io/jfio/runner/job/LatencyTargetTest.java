package io.jfio.runner.job;

import io.jfio.jobfile.options.LatencyTargetOptions;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.job.LatencyTarget.Action;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * latency_target's depth search, step by step as fio's io_u.c walks it (traced by hand from
 * fio's rules: double while nothing failed, bisect towards the last failing depth, halve towards
 * the last good one on a miss, stop when the depth no longer moves, after one more window).
 */
class LatencyTargetTest {
    private static final long MS = 1_000_000L;

    private static LatencyTarget target(String options, int iodepth) {
        LatencyTargetOptions o = ThreadOptions.of(Jobs.parse("[j]\nioengine=null\nsize=1m\n" + options).get(0))
                .latency();
        LatencyTarget t = new LatencyTarget(o, iodepth);
        t.init(0, 0);
        return t;
    }

    @Test
    void optionsAreRead() {
        LatencyTargetOptions o = ThreadOptions.of(Jobs.parse("[j]\nsize=1m\nlatency_target=2ms\nlatency_window=300ms\n"
                + "latency_percentile=99.5\nlatency_run=1\n").get(0)).latency();
        assertEquals(2000, o.targetUs());
        assertEquals(300_000, o.windowUs());
        assertEquals(99.5, o.percentile());
        assertTrue(o.run());
    }

    @Test
    void everyWindowMetDoublesToIodepthThenRunsOneMoreWindow() {
        LatencyTarget t = target("latency_target=10ms\nlatency_window=100ms\n", 32);
        assertEquals(1, t.depth());
        assertEquals(Action.NONE, t.check(50 * MS, 10)); // the window is not over
        assertEquals(1, t.depth());
        long now = 0;
        long ios = 0;
        for (int expected : new int[] {2, 4, 8, 16, 32}) {
            now += 100 * MS;
            ios += 100;
            assertEquals(Action.NONE, t.check(now, ios));
            assertEquals(expected, t.depth());
        }
        now += 100 * MS;
        assertEquals(Action.FINAL_RUN, t.check(now, ios + 100));
        t.newCycle(now, 0); // the loop quiesces and restarts the statistics
        assertEquals(Action.NONE, t.check(now + 99 * MS, 100));
        assertEquals(Action.DONE, t.check(now + 100 * MS, 100));
        assertEquals(32, t.reportedDepth());
    }

    @Test
    void aMissBisectsTheDepthDownToTheLastGoodOne() {
        LatencyTarget t = target("latency_target=10ms\n", 32);
        long ios = 0;
        for (int i = 0; i < 4; i++) {
            assertEquals(Action.NONE, t.check(0, ios += 10)); // 2, 4, 8, 16 (latency_window=0: every round)
        }
        assertEquals(16, t.depth());
        assertFalse(t.missed()); // one I/O over the target at 16: halfway down to the last good depth
        assertTrue(t.pendingQuiesce());
        assertFalse(t.pendingQuiesce());
        assertEquals(12, t.depth());
        t.newCycle(0, ios);
        assertEquals(Action.NONE, t.check(0, ios += 10));
        assertEquals(14, t.depth());
        assertEquals(Action.NONE, t.check(0, ios += 10));
        assertEquals(15, t.depth());
        assertEquals(Action.FINAL_RUN, t.check(0, ios += 10)); // bisecting 15..16 stays at 15
        t.newCycle(0, 0);
        assertEquals(Action.DONE, t.check(0, 10));
        assertEquals(15, t.reportedDepth());
    }

    @Test
    void aMissAtDepthOneIsFatal() {
        LatencyTarget t = target("latency_target=1us\n", 32);
        assertTrue(t.missed());
    }

    @Test
    void percentileCountsMissesOverTheWindow() {
        LatencyTarget t = target("latency_target=10ms\nlatency_window=1s\nlatency_percentile=90\n", 8);
        for (int i = 0; i < 10; i++) {
            assertFalse(t.missed()); // counted, not acted on
        }
        assertFalse(t.pendingQuiesce());
        // 10 of 100 missed: 90% met, enough
        assertEquals(Action.NONE, t.check(1000 * MS, 100));
        assertEquals(2, t.depth());
        for (int i = 0; i < 11; i++) {
            t.missed();
        }
        // 11 of 100: 89%, the window failed: back to the last good depth
        assertEquals(Action.QUIESCE, t.check(2000 * MS, 200));
        assertEquals(1, t.depth());
        t.newCycle(2000 * MS, 200);
        // a window without an I/O is a failed one (fio's 0/0), and at depth 1 there is nothing to lower
        assertEquals(Action.NONE, t.check(3000 * MS, 200));
        assertEquals(1, t.depth());
    }

    @Test
    void latencyRunKeepsSearching() {
        LatencyTarget t = target("latency_target=10ms\nlatency_run=1\n", 4);
        long ios = 0;
        for (int i = 0; i < 10; i++) {
            assertEquals(Action.NONE, t.check(0, ios += 10));
        }
        assertEquals(4, t.depth());
    }
}
