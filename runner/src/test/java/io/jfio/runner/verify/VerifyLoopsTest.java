package io.jfio.runner.verify;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * verify with loops above 1: the read-back checks every block of the last loop. The loop sees a
 * new pass only after its first unit was filled and logged, and the pass's history prune used
 * to drop that unit (1 MiB, 4 KiB blocks, loops=2: 1020 KiB read back).
 */
@Timeout(60)
class VerifyLoopsTest {
    @Test
    void lastLoopIsReadBackWhole(@TempDir Path dir) throws Exception {
        for (String rw : new String[] {"write", "randwrite"}) {
            Path f = dir.resolve("loops-" + rw);
            Job job = Jobs.runVirtual("[j]\nioengine=psync\nfilename=" + f + "\nsize=1m\nbs=4k\nrw=" + rw
                    + "\nloops=2\nverify=crc32c\nverify_state_save=0\n", 1000);
            assertEquals(2L << 20, job.stats().ioBytes[1], rw + ": written");
            assertEquals(1L << 20, job.stats().ioBytes[0], rw + ": the last loop read back");
        }
    }
}
