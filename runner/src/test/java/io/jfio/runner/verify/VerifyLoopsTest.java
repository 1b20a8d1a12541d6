package io.jfio.runner.verify;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * verify with loops above 1: as fio's thread_main, each loop's do_io is followed by its own
 * do_verify, which reads back every block that loop wrote (the new loop's history prune once
 * dropped its first unit: 1 MiB, 4 KiB blocks, loops=2 read back 1020 KiB). In virtual time, so
 * the counts do not depend on the machine; VerifyLoopsVsFioIT compares them with fio.
 */
@Timeout(60)
class VerifyLoopsTest {
    @Test
    void everyLoopIsReadBackWhole(@TempDir Path dir) throws Exception {
        for (String rw : new String[] {"write", "randwrite"}) {
            Path f = dir.resolve("loops-" + rw);
            Job job = Jobs.runVirtual("[j]\nioengine=psync\nfilename=" + f + "\nsize=1m\nbs=4k\nrw=" + rw
                    + "\nloops=2\nverify=crc32c\nverify_state_save=0\n", 1000);
            assertEquals(2L << 20, job.stats().ioBytes[1], rw + ": written");
            assertEquals(2L << 20, job.stats().ioBytes[0], rw + ": both loops read back");
        }
    }
}
