package io.jfio.runner.data;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Filling write buffers per I/O (refill, compression chunks, dedupe with its working set,
 * scrambling, patterns) allocates nothing: ThreadMXBean's allocated bytes over each job thread's
 * I/O loop stay under a fixed bound while the jobs do tens of thousands of writes.
 */
@Timeout(60)
class BufferContentsAllocationTest {
    private static final long BOUND = 256 * 1024;

    @Test
    void fillingWritesAllocatesNothingPerIo() {
        String common = "ioengine=null\nsize=128m\nbs=4k\nstonewall\n";
        String jobs = "[refill]\nrw=write\nrefill_buffers\n" + common
                + "[compress]\nrw=randwrite\nbuffer_compress_percentage=50\nbuffer_compress_chunk=1k\n" + common
                + "[dedupe-repeat]\nrw=write\ndedupe_percentage=50\n" + common
                + "[dedupe-ws]\nrw=write\ndedupe_percentage=70\ndedupe_mode=working_set\ndedupe_working_set_percentage=10\n"
                + common
                + "[scramble]\nrw=write\nbs=64k\n" + common.replace("bs=4k\n", "")
                + "[pattern-rw]\nrw=randrw\nbuffer_pattern=\"abc\"0xdeadbeef\n" + common;
        List<Job> ran = Jobs.run(jobs);
        for (Job j : ran) {
            long writes = j.stats().totalIoU[1];
            assertTrue(writes > 1000, j.spec().name() + " did only " + writes + " writes");
            Jobs.assertLoopAllocatesUnder(BOUND, j, writes, "writes");
        }
    }
}
