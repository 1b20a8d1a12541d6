package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.TestContext;

/** A scratch file in /dev/shm (tmpfs), the buffers and the falloc engine, for the falloc and ftruncate tests. */
abstract class FallocFixture {
    Path dir;
    Path file;
    IoBuffers buffers;

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

    IoUnit io(IoEngine e, IoFile f, IoDirection d, long offset, int length) {
        IoUnit u = buffers.unit(0);
        u.ddir = d;
        u.file = f;
        u.offset = offset;
        u.length = length;
        assertEquals(QueueStatus.COMPLETED, e.queue(u));
        return u;
    }

    interface FallocCheck {
        void check(IoEngine e, IoFile f) throws Exception;
    }

    /** The falloc engine with the test's file open; closed after the check, also when it fails. */
    void withFalloc(FallocCheck check) throws Exception {
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
}
