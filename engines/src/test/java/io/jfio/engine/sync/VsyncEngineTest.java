package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.TestContext;

/** vsync coalesces contiguous units into one writev and says BUSY at a break, as fio's. */
class VsyncEngineTest {
    @Test
    void coalescesContiguousUnits() throws Exception {
        Path dir = Files.createTempDirectory(Path.of(Files.isDirectory(Path.of("/dev/shm")) ? "/dev/shm" : "/tmp"),
            "engines-sync-vsync-");
        Path file = dir.resolve("v.dat");
        try (IoBuffers b = IoBuffers.allocate(8, 4096, 4096)) {
            VsyncEngine e = new VsyncEngine();
            TestContext ctx = new TestContext(b, 4);
            IoFile f = ctx.file(file.toString());
            e.init(ctx);
            e.openFile(f, OpenFlags.forJob(true, false, true, 0));
            for (int i = 0; i < 4; i++) {
                assertEquals(QueueStatus.QUEUED, e.queue(unit(b, i, f, 8192 + i * 4096L)));
            }
            assertEquals(QueueStatus.BUSY, e.queue(unit(b, 4, f, 8192 + 4 * 4096L)), "depth 4 reached");
            assertEquals(4, e.commit());
            assertEquals(QueueStatus.QUEUED, e.queue(unit(b, 5, f, 0)), "new batch may start before reaping");
            assertEquals(QueueStatus.BUSY, e.queue(unit(b, 6, f, 65536)), "not contiguous");
            assertEquals(4, e.getEvents(1, 8, -1));
            for (int i = 0; i < 4; i++) {
                assertEquals(4096, e.event(i).result);
                assertEquals(i, e.event(i).index);
            }
            assertEquals(1, e.commit());
            assertEquals(1, e.getEvents(1, 8, -1));
            assertEquals(5, e.event(0).index);
            assertEquals(8192 + 4 * 4096L, Files.size(file), "one contiguous write ending at 24 KiB");
            e.closeFile(f);
            e.cleanup();
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static IoUnit unit(IoBuffers b, int i, IoFile f, long offset) {
        IoUnit u = b.unit(i);
        u.ddir = IoDirection.WRITE;
        u.file = f;
        u.offset = offset;
        u.length = 4096;
        return u;
    }
}
