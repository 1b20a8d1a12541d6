package io.jfio.runner.zbd;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zonemode=zbd at iodepth 4 (zones released at completion, the job quiescing before each reset)
 * allocates nothing per I/O: the job thread's allocated bytes over the loop stay under a fixed
 * bound while it writes its zones over many times. No timing is asserted.
 */
@Timeout(60)
class ZbdAllocationTest {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private static final long BOUND = 256 * 1024;

    @Test
    void zonedWritesAtDepthFourAllocateNothingPerIo() throws Exception {
        Path file = dir.resolve("zbd-alloc.dat");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(4 << 20); // emulated zones need the file's size at set-up, as in fio
        }
        List<Job> ran = Jobs.run("[zbd]\nioengine=libaio\niodepth=4\nrw=randwrite\nbs=4k\nfilename=" + file
                + "\nsize=4m\nzonemode=zbd\nzonesize=1m\nmax_open_zones=2\nio_size=256m\n");
        for (Job j : ran) {
            long ios = j.stats().totalIoU[1];
            assertTrue(ios >= 65536, j.spec().name() + " did " + ios + " writes");
            Jobs.assertLoopAllocatesUnder(BOUND, j, ios, "writes");
        }
    }
}
