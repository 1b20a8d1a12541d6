package io.jfio.engine;

import io.jfio.engine.nativeio.IoPriority;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fio's cmdprio.c choices: which I/Os get which priority, and the per-priority stats lists. */
class CmdprioTest {
    private static final int RT_0 = IoPriority.value(1, 0, 0);

    private static IoUnit unit(IoDirection d, int len) {
        IoUnit u = new IoUnit(0, 0, len);
        u.ddir = d;
        u.length = len;
        return u;
    }

    /** How many of n draws got each stats index. */
    private static int[] draw(Cmdprio c, IoDirection d, int len, int n, int slots) {
        int[] counts = new int[slots];
        IoUnit u = unit(d, len);
        for (int i = 0; i < n; i++) {
            int p = c.choose(u);
            counts[u.clatPrioIndex]++;
            assertEquals(u.clatPrioIndex == 0, p < 0);
        }
        return counts;
    }

    /** Within 5 standard deviations of the binomial mean: generous, so it never flakes. */
    private static void assertShare(int got, int n, double p) {
        double sd = Math.sqrt(n * p * (1 - p));
        assertTrue(Math.abs(got - n * p) <= 5 * sd + 1, got + " of " + n + " for p=" + p);
    }

    @Test
    void nothingWithoutPercentageOrBssplit() throws Exception {
        Cmdprio c = Cmdprio.from(Map.of("cmdprio_class", "2", "cmdprio", "3"), "j", true, true, 0, 1);
        assertFalse(c.active());
        assertNull(c.clatPrios(0));
    }

    @Test
    void percentageDefaultsToRealTimeLevelZero() throws Exception {
        Cmdprio c = readsAt30WritesAt70();
        assertArrayEquals(new int[] {0, RT_0}, c.clatPrios(0));
        assertArrayEquals(new int[] {0, RT_0}, c.clatPrios(1));
    }

    @Test
    void percentageGivesEachDirectionItsShare() throws Exception {
        Cmdprio c = readsAt30WritesAt70();
        int n = 20_000;
        assertShare(draw(c, IoDirection.READ, 4096, n, 2)[1], n, 0.30);
        assertShare(draw(c, IoDirection.WRITE, 4096, n, 2)[1], n, 0.70);
    }

    @Test
    void percentageNeverChoosesATrim() throws Exception {
        Cmdprio c = readsAt30WritesAt70();
        IoUnit trim = unit(IoDirection.TRIM, 4096);
        assertEquals(-1, c.choose(trim));
    }

    private static Cmdprio readsAt30WritesAt70() throws Exception {
        return Cmdprio.from(Map.of("cmdprio_percentage", "30,70"), "j", true, true, 0, 1);
    }

    @Test
    void aDirectionTheJobDoesNotDoHasNoList() throws Exception {
        Cmdprio c = Cmdprio.from(Map.of("cmdprio_percentage", "50"), "j", true, false, IoPriority.value(2, 4, 0), 1);
        assertArrayEquals(new int[] {IoPriority.value(2, 4, 0), RT_0}, c.clatPrios(0));
        assertNull(c.clatPrios(1));
    }

    @Test
    void theJobsOwnPriorityIsOneEntryWhenCmdprioEqualsIt() throws Exception {
        int be5 = IoPriority.value(2, 5, 0);
        Cmdprio c = Cmdprio.from(Map.of("cmdprio_percentage", "50", "cmdprio_class", "2", "cmdprio", "5"),
            "j", true, true, be5, 1);
        assertArrayEquals(new int[] {be5}, c.clatPrios(0));
    }

    @Test
    void bssplitDrawsEachBlockSizesPrioritiesAtTheirShares() throws Exception {
        // 4k: 20% BE/1, 30% cmdprio_class default (RT) level 0; 8k: 40% IDLE; a 0% entry is dropped.
        Cmdprio c = Cmdprio.from(Map.of("cmdprio_bssplit", "8k/40/3/0:4k/20/2/1:4k/30:16k/0/2/2"),
            "j", true, true, 0, 7);
        int be1 = IoPriority.value(2, 1, 0);
        int idle = IoPriority.value(3, 0, 0);
        assertArrayEquals(new int[] {0, be1, RT_0, idle}, c.clatPrios(0));
        int n = 20_000;
        int[] k4 = draw(c, IoDirection.READ, 4096, n, 4);
        assertShare(k4[1], n, 0.20);
        assertShare(k4[2], n, 0.30);
        assertEquals(0, k4[3]);
        int[] k8 = draw(c, IoDirection.READ, 8192, n, 4);
        assertShare(k8[3], n, 0.40);
        assertEquals(0, k8[1] + k8[2]);
        assertEquals(n, draw(c, IoDirection.READ, 16384, n, 4)[0]);
    }

    @Test
    void bssplitWithTwoDirections() throws Exception {
        Cmdprio c = Cmdprio.from(Map.of("cmdprio_bssplit", "4k/100/2/1/5,4k/100/3/0"), "j", true, true, 0, 1);
        assertArrayEquals(new int[] {0, IoPriority.value(2, 1, 5)}, c.clatPrios(0));
        assertArrayEquals(new int[] {0, IoPriority.value(3, 0, 0)}, c.clatPrios(1));
    }

    @Test
    void fiosErrors() {
        EngineException both = assertThrows(EngineException.class, () -> Cmdprio.from(
            Map.of("cmdprio_percentage", "5", "cmdprio_bssplit", "4k/5"), "job1", true, true, 0, 1));
        assertEquals("job1: cmdprio_percentage and cmdprio_bssplit options are mutually exclusive", both.getMessage());
        EngineException over = assertThrows(EngineException.class, () -> Cmdprio.from(
            Map.of("cmdprio_bssplit", "4k/60:4k/50/2/1"), "j", true, true, 0, 1));
        assertEquals("fio: cmdprio_bssplit total percentage for bs: 4096 exceeds 100", over.getMessage());
        EngineException three = assertThrows(EngineException.class, () -> Cmdprio.from(
            Map.of("cmdprio_bssplit", "4k/60/2"), "j", true, true, 0, 1));
        assertTrue(three.getMessage().startsWith("fio: invalid cmdprio_bssplit format"));
    }

    @Test
    void choosingAllocatesNothing() throws Exception {
        Cmdprio c = Cmdprio.from(Map.of("cmdprio_bssplit", "4k/20/2/1:4k/30"), "j", true, true, 0, 1);
        IoUnit u = unit(IoDirection.READ, 4096);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 10_000; i++) {
            c.choose(u);
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            c.choose(u);
        }
        long after = mx.getCurrentThreadAllocatedBytes();
        assertTrue(after - before < 1024, (after - before) + " bytes allocated");
    }
}
