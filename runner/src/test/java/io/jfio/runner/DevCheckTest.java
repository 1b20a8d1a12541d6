package io.jfio.runner;

import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** jfio's refusal of a missing /dev name (fio would create a regular file in devtmpfs). */
class DevCheckTest {
    @Test
    void aMissingDeviceIsRefusedWithOneLine() {
        Jobs.Result r = writeToMissingDevice();
        assertEquals(1, r.rc);
        assertEquals("jfio: " + MISSING + " does not exist; refusing to create a regular file under /dev"
                + " (a mistyped device name?)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void aMissingDeviceIsNotCreated() {
        writeToMissingDevice();
        assertFalse(Files.exists(MISSING));
    }

    private static final Path MISSING = Path.of("/dev/jfio-test-no-such-device");

    private static Jobs.Result writeToMissingDevice() {
        return Jobs.run("[w]\nrw=randwrite\nbs=4k\nsize=1m\nfilename=" + MISSING + "\n", "normal", false);
    }

    @Test
    void directoryUnderDevCountsToo() {
        Jobs.Result r = Jobs.run("[r]\nrw=read\nsize=1m\ndirectory=/dev\nfilename=jfio-test-typo\n", "normal", false);
        assertEquals(1, r.rc);
        assertEquals(1, r.err().lines().filter(l -> l.contains("/dev/jfio-test-typo does not exist")).count(), r.err());
        assertFalse(Files.exists(Path.of("/dev/jfio-test-typo")));
    }

    @Test
    void filesInDevShmAreOrdinaryFiles() throws Exception {
        Path shm = Path.of("/dev/shm");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm),
                "skipped: no writable /dev/shm");
        Path f = shm.resolve("integrate-devcheck-" + ProcessHandle.current().pid());
        try {
            Jobs.Result r = Jobs.run("[w]\nrw=write\nbs=4k\nsize=64k\nfilename=" + f + "\n", "normal", false);
            assertEquals(0, r.rc, r.err());
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
