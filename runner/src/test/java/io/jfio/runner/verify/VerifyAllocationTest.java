package io.jfio.runner.verify;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Verify on allocates nothing per I/O: filling buffers with fio's data and headers, logging the
 * writes, reading them back and checking them (JDK digests and CRC32C included) stays under a
 * fixed bound of thread-allocated bytes for thousands of I/Os, for each checksum family. With
 * verify_async=2 the bound holds for the job thread and its verify threads together (the hand-off
 * both ways included).
 */
@Timeout(120)
class VerifyAllocationTest {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private static final long BOUND = 512 * 1024;

    @Test
    void verifyingJobsAllocateNothingPerIo() throws Exception {
        Path file = dir.resolve("verify-alloc.dat");
        StringBuilder jobs = new StringBuilder();
        for (String t : new String[] {"crc32c", "md5", "sha256", "sha512", "sha1", "xxhash", "crc64", "sha3-256"}) {
            jobs.append('[').append(t).append("]\nioengine=psync\nfilename=").append(file)
                    .append("\nsize=4m\nbs=4k\nrw=randwrite\nverify=").append(t).append("\nstonewall\n");
        }
        for (String e : new String[] {"psync", "libaio\niodepth=8"}) {
            jobs.append("[async-").append(e.split("\n")[0]).append("]\nioengine=").append(e).append("\nfilename=")
                    .append(file).append("\nsize=4m\nbs=4k\nrw=randwrite\nverify=md5\nverify_async=2\nstonewall\n");
        }
        List<Job> ran = Jobs.run(jobs.toString());
        for (Job j : ran) {
            long ios = j.stats().totalIoU[0] + j.stats().totalIoU[1];
            Jobs.assertLoopAllocatesUnder(BOUND, j, ios, "I/Os");
            assertEquals(1024, j.stats().totalIoU[0], j.spec().name() + " read back");
            assertEquals(0, j.stats().error, j.spec().name());
        }
    }
}
