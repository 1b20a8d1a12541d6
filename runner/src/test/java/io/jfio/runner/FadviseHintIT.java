package io.jfio.runner;

import io.jfio.testsupport.LoopDevice;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Buffered reads reach the device as with fio: fadvise_hint (fio's default 1: RANDOM for random
 * jobs, SEQUENTIAL otherwise) after open, and the cache dropped again at every wrap.
 */
@Timeout(60)
class FadviseHintIT {
    private static long sectorsRead(Path stat) throws IOException {
        return Long.parseLong(Files.readString(stat).trim().split("\\s+")[2]);
    }

    /**
     * A time_based random read of a region much smaller than what it reads: fio drops the cached
     * pages at every wrap (loop_cache_invalidate), so every I/O reaches the device, not only the
     * first pass. Before, jfio read the region once and then measured the page cache.
     */
    @Test
    void timeBasedRandomReadKeepsReadingTheDevice() throws IOException {
        LoopDevice.assumeAvailable();
        try (LoopDevice dev = LoopDevice.create(16L << 20, false)) {
            Path stat = Path.of("/sys/block/" + Path.of(dev.device()).getFileName() + "/stat");
            long before = sectorsRead(stat);
            Jobs.Result r = Jobs.run("[r]\nioengine=psync\nrw=randread\nbs=4k\nsize=256k\ntime_based\n"
                    + "runtime=2\nfilename=" + dev.device() + "\n", "json", false);
            assertEquals(0, r.rc, r.err());
            long sectors = sectorsRead(stat) - before;
            long ios = r.run.jobs().get(0).stats().totalIoU[0];
            System.out.printf("time_based randread of 64 blocks: %d I/Os, %d sectors from the device%n", ios, sectors);
            // Two passes are enough to see the second read from the device; 2 s of 4k reads give
            // hundreds of passes on an idle machine and still several on a loaded one.
            assertTrue(ios > 2 * 64, "more than two passes: " + ios);
            assertTrue(sectors >= ios * 8 * 9 / 10, sectors + " sectors for " + ios + " 4k reads");
        }
    }

    @Test
    void everyHintValueIsGiven(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("f");
        Files.write(file, new byte[1 << 16]);
        for (String hint : new String[] {"", "fadvise_hint=0\n", "fadvise_hint=random\n",
                "fadvise_hint=sequential\n", "fadvise_hint=noreuse\n"}) {
            Jobs.Result r = Jobs.run("[r]\nrw=read\nbs=4k\nsize=64k\nfilename=" + file + "\n" + hint, "json", false);
            assertEquals(0, r.rc, hint + r.err());
            assertFalse(r.err().contains("fadvise hint failed"), hint + r.err());
        }
    }
}
