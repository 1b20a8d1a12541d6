package io.jfio.engine.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.BitSet;

import org.junit.jupiter.api.Test;

class ResourceUsageTest {
    @Test
    void threadCpuTimeGrowsWithWork() {
        try (ResourceUsage r = new ResourceUsage()) {
            assertTrue(r.sampleThread());
            long before = r.userMicros + r.systemMicros;
            long x = 0;
            // 50 ms of this thread's CPU, not of the wall clock: on a loaded machine (or across a
            // safepoint pause) the thread may run hardly at all in 50 ms of wall time
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long cpuEnd = mx.getCurrentThreadCpuTime() + 50_000_000L;
            long giveUp = System.nanoTime() + 30_000_000_000L;
            while (mx.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < giveUp) {
                for (int i = 0; i < 1000; i++) {
                    x += x * 31 + 7;
                }
            }
            assertTrue(r.sampleThread());
            assertTrue(r.userMicros + r.systemMicros > before, "cpu time after 50 ms of work " + x);
            assertTrue(r.minorFaults >= 0 && r.majorFaults >= 0 && r.contextSwitches >= 0);
            assertTrue(r.sampleProcess());
        }
    }

    @Test
    void pinsTheCallingThreadOnly() throws Exception {
        int[] seen = new int[2];
        Thread t = new Thread(() -> {
            BitSet one = new BitSet();
            one.set(0);
            seen[0] = CpuAffinity.pinCurrentThread(one);
            for (int i = 0; i < 1000; i++) {
                Thread.onSpinWait();
            }
            seen[1] = CpuAffinity.currentCpu();
        });
        t.start();
        t.join();
        assertEquals(0, seen[0]);
        assertEquals(0, seen[1], "a pinned thread runs on its CPU");
        BitSet none = new BitSet();
        none.set(1000);
        Thread u = new Thread(() -> seen[0] = CpuAffinity.pinCurrentThread(none));
        u.start();
        u.join();
        assertEquals(Errno.EINVAL, seen[0], "no online CPU in the mask");
    }
}
