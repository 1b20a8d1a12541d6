package io.jfio.runner;

import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fio's create_only=1 lays the files out and does no I/O (jfio used to run the whole job). */
@Timeout(60)
class CreateOnlyTest {
    @TempDir
    Path dir;

    @Test
    void createOnlyLaysOutTheFile() throws Exception {
        Jobs.Result r = createOnly();
        assertTrue(r.out().contains("co: Laying out IO file (1 file / 2MiB)"), r.out());
        assertEquals(2L << 20, Files.size(dir.resolve("co.dat")));
    }

    @Test
    void createOnlyDoesNoIo() throws Exception {
        Jobs.Result r = createOnly();
        long[] bytes = r.run.jobs().get(0).stats().ioBytes;
        assertEquals(0, bytes[0] + bytes[1] + bytes[2], "no I/O after the layout");
        assertFalse(r.out().contains("co: (groupid="), "fio prints no job block for a job without I/O:\n" + r.out());
    }

    private Jobs.Result createOnly() {
        Path f = dir.resolve("co.dat");
        Jobs.Result r = Jobs.run("[co]\nfilename=" + f + "\nrw=write\nbs=4k\nsize=2m\ncreate_only=1\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        return r;
    }
}
