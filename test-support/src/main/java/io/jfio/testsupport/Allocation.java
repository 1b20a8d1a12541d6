package io.jfio.testsupport;

import org.junit.jupiter.api.Assumptions;

import java.lang.management.ManagementFactory;

/**
 * Heap bytes the calling thread allocates, from ThreadMXBean (HotSpot's per-thread counter): how
 * the tests prove that a hot path allocates nothing per I/O. Skips the test where the JVM cannot
 * count them.
 */
public final class Allocation {
    private static final com.sun.management.ThreadMXBean MX =
            ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                    && mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled() ? mx : null;

    private Allocation() {
    }

    /** Bytes the calling thread has allocated since it started (one counter read, nothing allocated). */
    public static long threadBytes() {
        if (MX == null) {
            Assumptions.assumeTrue(false, "the JVM cannot count a thread's allocated bytes");
        }
        return MX.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /**
     * Bytes another (running) thread has allocated since it started: for a loop that runs on its
     * own thread until told to stop, sampled twice from outside while it runs.
     */
    public static long threadBytes(Thread thread) {
        if (MX == null) {
            Assumptions.assumeTrue(false, "the JVM cannot count a thread's allocated bytes");
        }
        return MX.getThreadAllocatedBytes(thread.getId());
    }
}
