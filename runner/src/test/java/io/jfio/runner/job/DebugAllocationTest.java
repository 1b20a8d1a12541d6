package io.jfio.runner.job;

import io.jfio.jobfile.FioDebug;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --debug costs nothing when off: the job loop with the io and random message sites (a random
 * map job, so the busy-offset site is reached too, on a queued engine, so the commit and reap
 * sites are) allocates under a fixed bound for 16,384 I/Os; the same job with the types on, on
 * 2,048 I/Os, allocates far more, which shows the measure sees the message sites.
 */
@Timeout(60)
class DebugAllocationTest {
    private static final long BOUND = 256 * 1024;
    private static final String JOB = "[j]\nioengine=null\niodepth=8\nbs=4k\nrw=randrw\nsize=";

    @AfterEach
    void off() {
        FioDebug.reset();
    }

    private static long loopBytes(int mib) {
        List<Job> ran = Jobs.run(JOB + mib + "m\n");
        Job j = ran.get(0);
        assertEquals(mib * 256L, j.stats().totalIoU[0] + j.stats().totalIoU[1]);
        return Jobs.loopAllocatedBytes(j);
    }

    @Test
    void offAllocatesNothingPerIoOnAllocatesPerLine() {
        long off = loopBytes(64);
        Assumptions.assumeTrue(off >= 0, "the JVM cannot count thread allocation");
        assertTrue(off < BOUND, off + " bytes in the loop with --debug off");
        FioDebug.set("io,random", new PrintStream(OutputStream.nullOutputStream()),
                new PrintStream(OutputStream.nullOutputStream()));
        long on = loopBytes(8);
        assertTrue(on > 10 * BOUND, on + " bytes with --debug=io,random: the measure misses the message sites");
    }
}
