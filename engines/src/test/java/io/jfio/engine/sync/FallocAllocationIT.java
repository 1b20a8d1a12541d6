package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;

import io.jfio.engine.IoDirection;

/** The falloc engine's allocation, as stat(1) counts a file's blocks: reads allocate with KEEP_SIZE, trims punch. */
class FallocAllocationIT extends FallocFixture {
    /** The file's allocated bytes (st_blocks, which Java does not expose). */
    private long allocated() {
        try {
        Process p = new ProcessBuilder("stat", "-c", "%b", file.toString()).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor();
        return Long.parseLong(out) * 512;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void fallocReadsAllocateWithKeepSize() throws Exception {
        withFalloc((e, f) -> {
            io(e, f, IoDirection.WRITE, 0, 65536);
            assertEquals(65536, io(e, f, IoDirection.READ, 65536, 65536).result);
            assertEquals(65536, Files.size(file), "a read is fallocate with KEEP_SIZE");
            assertTrue(allocated() >= 131072, () -> "both blocks allocated: " + allocated());
        });
    }

    @Test
    void fallocTrimsPunchAHole() throws Exception {
        withFalloc((e, f) -> {
            io(e, f, IoDirection.WRITE, 0, 65536);
            io(e, f, IoDirection.READ, 65536, 65536);
            assertEquals(65536, io(e, f, IoDirection.TRIM, 0, 65536).result);
            assertTrue(allocated() <= 65536 + 4096, () -> "trim punched the first block: " + allocated());
        });
    }
}
