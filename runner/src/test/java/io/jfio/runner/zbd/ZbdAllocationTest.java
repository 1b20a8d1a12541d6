package io.jfio.runner.zbd;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
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
    private static final long BOUND = 256 * 1024;

    @Test
    void zonedWritesAtDepthFourAllocateNothingPerIo() throws Exception {
        Path dir = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(dir), "no /dev/shm for the zoned file");
        Path file = dir.resolve("zbd-alloc-" + ProcessHandle.current().pid() + ".dat");
        try {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(4 << 20); // emulated zones need the file's size at set-up, as in fio
            }
            List<Job> ran = Jobs.run("[zbd]\nioengine=libaio\niodepth=4\nrw=randwrite\nbs=4k\nfilename=" + file
                    + "\nsize=4m\nzonemode=zbd\nzonesize=1m\nmax_open_zones=2\nio_size=256m\n");
            for (Job j : ran) {
                long ios = j.stats().totalIoU[1];
                long bytes = Jobs.loopAllocatedBytes(j);
                System.out.printf("%s: %d writes, %d bytes allocated in the I/O loop%n", j.spec().name(), ios, bytes);
                assertTrue(ios >= 65536, j.spec().name() + " did " + ios + " writes");
                assertTrue(bytes < BOUND, j.spec().name() + ": " + bytes + " bytes for " + ios + " I/Os");
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
