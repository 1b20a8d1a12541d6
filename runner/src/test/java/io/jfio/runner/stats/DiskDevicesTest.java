package io.jfio.runner.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Device mapping over a sysfs-shaped tree (partitions, dm slaves), and the real /sys for a plain file. */
class DiskDevicesTest {
    @TempDir
    Path sys;

    private void dev(Path dir, String majMin) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("dev"), majMin + "\n");
    }

    private DiskDevices fakeSys() throws Exception {
        dev(sys.resolve("vda"), "254:0");
        dev(sys.resolve("vda/vda1"), "254:1");
        Files.writeString(sys.resolve("vda/vda1/partition"), "1\n");
        dev(sys.resolve("dm-0"), "253:0");
        Files.createDirectories(sys.resolve("dm-0/slaves/loop3"));
        Files.createDirectories(sys.resolve("dm-0/slaves/loop1"));
        Files.writeString(sys.resolve("vda/stat"), "  10 1 80 4 20 2 160 8 0 12 16 0 0 0 0\n");
        return new DiskDevices(sys);
    }

    @Test
    void partitionsMapToTheirDisk() throws Exception {
        DiskDevices d = fakeSys();
        assertEquals("vda", d.findDisk("254:0"));
        assertEquals("vda", d.findDisk("254:1"));
        assertEquals("dm-0", d.findDisk("253:0"));
        assertNull(d.findDisk("7:9"));
    }

    @Test
    void dmDevicesListTheirSlaves() throws Exception {
        DiskDevices d = fakeSys();
        assertEquals(List.of("loop1", "loop3"), d.describe("dm-0").slaves());
        assertTrue(d.describe("vda").slaves().isEmpty());
    }

    @Test
    void diskStatFieldsAreRead() throws Exception {
        assertArrayEquals(new long[] {10, 1, 80, 4, 20, 2, 160, 8, 0, 12, 16}, fakeSys().readStat("vda"));
    }

    @Test
    void aFileMapsToTheDiskUnderItsFilesystem() throws Exception {
        DiskDevices d = new DiskDevices();
        Path f = Files.createTempFile("jfio-disk", ".dat");
        try {
            String name = d.deviceOf(f.toString());
            // tmpfs/overlay have no block device: no entry, as in fio; otherwise a /sys/block name.
            if (name != null) {
                assertTrue(Files.isDirectory(Path.of("/sys/block", name)), name);
            }
            assertNull(d.deviceOf("/dev/null"), "character devices have no disk");
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
