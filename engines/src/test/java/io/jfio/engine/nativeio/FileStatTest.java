package io.jfio.engine.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The type and size fio's setup reads with stat(2), for each kind of file a job can name. */
class FileStatTest {
    @TempDir
    Path dir;

    @Test
    void regularFileDirectoryAndLinkToAFile() throws IOException {
        Path f = Files.write(dir.resolve("f"), new byte[12345]);
        assertEquals(new FileStat(FileStat.S_IFREG, 12345), FileStat.of(f));
        assertEquals(FileStat.S_IFDIR, FileStat.formatOf(dir));
        Path link = Files.createSymbolicLink(dir.resolve("link"), f);
        assertEquals(new FileStat(FileStat.S_IFREG, 12345), FileStat.of(link), "after the symlink, as stat(2)");
    }

    @Test
    void missingFileAndDanglingLink() throws IOException {
        assertNull(FileStat.of(dir.resolve("none")));
        assertEquals(-1, FileStat.formatOf(dir.resolve("none")));
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("none"));
        assertNull(FileStat.of(dangling));
    }

    @Test
    void devicesAndAFifo() throws Exception {
        assertEquals(FileStat.S_IFCHR, FileStat.formatOf(Path.of("/dev/null")));
        assertEquals(true, FileStat.of(Path.of("/dev/null")).isCharDevice());
        Path fifo = dir.resolve("fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo not available");
        assertEquals(FileStat.S_IFIFO, FileStat.formatOf(fifo));
        Path loop = Path.of("/dev/loop0");
        assumeTrue(Files.exists(loop), "no /dev/loop0 node here");
        assertEquals(true, FileStat.of(loop).isBlockDevice());
        assertEquals(true, BlockDevice.isBlockDevice(loop));
    }
}
