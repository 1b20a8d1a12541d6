package io.jfio.runner.job;

import io.jfio.runner.support.Jobs;
import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The time_based paths of the I/O loop (runtime and ramp_time checked against the loop's cached
 * clock, the end of ramp_time resetting the statistics, rate pacing) allocate nothing per I/O:
 * ThreadMXBean.getThreadAllocatedBytes over the job thread's loop stays under a fixed bound while
 * the jobs do hundreds of thousands of I/Os. No timing is asserted.
 */
@Timeout(60)
class HotPathAllocationTest {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private static final long BOUND = 256 * 1024;

    @Test
    void timeBasedJobsWithRampAllocateNothingPerIo() throws Exception {
        Path file = dir.resolve("hotpath-alloc.dat");
        String common = "rw=randread\nbs=4k\nnorandommap\ntime_based\nruntime=1500ms\nramp_time=300ms\n";
        String jobs = "[null-qd1]\nioengine=null\nsize=1g\n" + common
                + "[null-qd32]\nioengine=null\nsize=1g\niodepth=32\n" + common
                + "[psync]\nioengine=psync\nsize=8m\nfilename=" + file + "\n" + common
                + "[rated]\nioengine=null\nsize=1g\nrate_iops=100000\n" + common;
        List<Job> ran = Jobs.run(jobs);
        for (Job j : ran) {
            long ios = j.stats().totalIoU[0];
            // Set-up and the end of ramp_time only (fresh StreamStats), nothing per I/O.
            Jobs.assertLoopAllocatesUnder(BOUND, j, ios, "I/Os after ramp");
            assertTrue(ios > 0, j.spec().name() + " did no I/O");
        }
    }

    /**
     * io_submit_mode=offload: the hand-off to the iodepth submit workers and back allocates
     * nothing per I/O; the count covers the job thread and every worker thread.
     */
    @Test
    void offloadedJobsAllocateNothingPerIo() throws Exception {
        Path file = dir.resolve("offload-alloc.dat");
        String common = "rw=randread\nbs=4k\nnorandommap\ntime_based\nruntime=1500ms\nio_submit_mode=offload\n";
        String jobs = "[psync-qd4]\nioengine=psync\niodepth=4\nsize=8m\nfilename=" + file + "\n" + common
                + "[null-qd8]\nioengine=null\nsize=1g\niodepth=8\n" + common;
        for (Job j : Jobs.run(jobs)) {
            long ios = j.stats().totalIoU[0];
            Jobs.assertLoopAllocatesUnder(BOUND, j, ios, "offloaded I/Os");
            assertTrue(ios > 10_000, j.spec().name() + " did " + ios + " I/Os");
        }
    }
}
