package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;

import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.TestContext;

/**
 * falloc and ftruncate change a real file's size as fio's engines do (FallocAllocationIT: and its
 * allocated blocks, as stat(1) counts them).
 */
class FallocFtruncateTest extends FallocFixture {
    @Test
    void fallocWritesGrowTheFile() throws Exception {
        withFalloc((e, f) -> {
            assertEquals(65536, io(e, f, IoDirection.WRITE, 0, 65536).result);
            assertEquals(65536, Files.size(file), "a write is fallocate without KEEP_SIZE: the file grows");
        });
    }

    @Test
    void fallocSyncsSucceed() throws Exception {
        withFalloc((e, f) -> assertEquals(0, io(e, f, IoDirection.SYNC, 0, 0).result));
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
