package io.jfio.runner;

import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** fio's hint when the first O_DIRECT I/O fails with EINVAL (an unaligned block size, here 1000 bytes). */
@Timeout(60)
class DirectIoHintTest {
    static final String HINT = "fio: first direct IO errored. File system may not support direct IO, or iomem_align= is bad,"
            + " or invalid block size. Try setting direct=0.\n";

    @TempDir
    Path dir;

    @Test
    void firstDirectIoEinvalPrintsTheHint() {
        Jobs.Result r = Jobs.run("[x]\nfilename=" + dir.resolve("f.dat") + "\nrw=read\nsize=1m\nbs=1000\ndirect=1\n",
                "normal", false);
        assumeTrue(r.err().contains("fio: io_u error on file"), "O_DIRECT with bs=1000 did not fail here: " + r.err());
        assertEquals(1, r.rc);
        int line = r.err().indexOf("fio: io_u error on file");
        assertTrue(r.err().indexOf(HINT) > line, "fio's hint after the io_u error line:\n" + r.err());
    }

    @Test
    void bufferedEinvalHasNoHint() {
        // /dev/full reads fine; writes fail with ENOSPC, not EINVAL: no hint either way.
        Jobs.Result r = Jobs.run("[x]\nfilename=/dev/full\nrw=write\nsize=64k\nbs=4k\n", "normal", false);
        assertEquals(1, r.rc);
        assertFalse(r.err().contains("first direct IO errored"), r.err());
    }
}
