package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.TestContext;

/** falloc and ftruncate change a real file's allocation and size as fio's engines do. */
class FallocFtruncateTest {
    private Path dir;
    private Path file;
    private IoBuffers buffers;

    @BeforeEach
    void setUp() throws Exception {
        // tmpfs supports fallocate and hole punching, and counts allocated blocks
        dir = Files.createTempDirectory(Path.of(Files.isDirectory(Path.of("/dev/shm")) ? "/dev/shm" : "/tmp"), "engines-falloc-");
        file = dir.resolve("f.dat");
        buffers = IoBuffers.allocate(1, 65536, 4096);
    }

    @AfterEach
    void tearDown() throws Exception {
        buffers.close();
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }

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

    private IoUnit io(IoEngine e, IoFile f, IoDirection d, long offset, int length) {
        IoUnit u = buffers.unit(0);
        u.ddir = d;
        u.file = f;
        u.offset = offset;
        u.length = length;
        assertEquals(QueueStatus.COMPLETED, e.queue(u));
        return u;
    }

    @Test
    void fallocWritesGrowTheFile() throws Exception {
        withFalloc((e, f) -> {
            assertEquals(65536, io(e, f, IoDirection.WRITE, 0, 65536).result);
            assertEquals(65536, Files.size(file), "a write is fallocate without KEEP_SIZE: the file grows");
        });
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

    @Test
    void fallocSyncsSucceed() throws Exception {
        withFalloc((e, f) -> assertEquals(0, io(e, f, IoDirection.SYNC, 0, 0).result));
    }

    private interface FallocCheck {
        void check(IoEngine e, IoFile f) throws Exception;
    }

    /** The falloc engine with the test's file open; closed after the check, also when it fails. */
    private void withFalloc(FallocCheck check) throws Exception {
        IoEngine e = EngineRegistry.load().resolve("falloc").create();
        TestContext ctx = new TestContext(buffers, 1);
        IoFile f = ctx.file(file.toString());
        e.init(ctx);
        e.openFile(f, OpenFlags.forJob(false, true, true, 0)); // falloc creates and opens O_RDWR itself
        try {
            check.check(e, f);
        } finally {
            e.closeFile(f);
            e.cleanup();
        }
    }

    @Test
    void ftruncateSetsSizeToTheWriteOffset() throws Exception {
        Files.write(file, new byte[1 << 20]);
        IoEngine e = EngineRegistry.load().resolve("ftruncate").create();
        TestContext ctx = new TestContext(buffers, 1);
        IoFile f = ctx.file(file.toString());
        e.init(ctx);
        e.openFile(f, OpenFlags.forJob(true, false, true, 0));
        assertEquals(4096, io(e, f, IoDirection.WRITE, 12288, 4096).result);
        assertEquals(12288, Files.size(file));
        assertEquals(4096, io(e, f, IoDirection.WRITE, 40960, 4096).result);
        assertEquals(40960, Files.size(file));
        assertEquals(-Errno.EINVAL, io(e, f, IoDirection.READ, 0, 4096).result, "reads are EINVAL");
        assertEquals(-Errno.EINVAL, io(e, f, IoDirection.TRIM, 0, 4096).result, "trims are EINVAL");
        e.closeFile(f);
        e.cleanup();
    }
}
