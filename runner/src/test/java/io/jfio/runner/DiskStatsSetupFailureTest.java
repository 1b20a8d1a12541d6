package io.jfio.runner;

import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fio registers a job's disks only once its files are set up: a job that fails in set-up
 * (here "you need to specify size=") leaves no "Disk stats" block, where jfio used to print
 * the disk under the file with all-zero counters.
 */
@Timeout(60)
class DiskStatsSetupFailureTest {
    @TempDir
    Path dir;

    @Test
    void jobFailingInSetupHasNoDiskStats() {
        Jobs.Result ok = Jobs.run("[ok]\nfilename=" + dir.resolve("ok.dat") + "\nrw=write\nbs=4k\nsize=64k\n",
                "normal", false);
        assumeTrue(ok.out().contains("Disk stats (read/write):"),
                "the temporary directory is not on a block device with /sys/block stats: " + dir);

        Jobs.Result r = Jobs.run("[x]\nfilename=" + dir.resolve("missing.dat") + "\nrw=read\n", "normal", false);
        assertEquals(1, r.rc);
        assertTrue(r.err().contains("x: you need to specify size="), r.err());
        assertFalse(r.out().contains("Disk stats"), "fio prints no disk stats for a job that never set up:\n" + r.out());
    }
}
