package io.jfio.engine.sg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.testing.EngineDriver;
import io.jfio.engine.testing.TestContext;
import org.junit.jupiter.api.Test;

/**
 * queue() fills the unit's sg_io_hdr in place and makes one ioctl: nothing allocated per I/O.
 * /dev/null takes no SG_IO (ENOTTY), so every I/O goes through the whole path to the kernel and
 * fails there, which the test also checks; a regular file is refused as fio refuses it.
 */
class SgAllocationTest {
    @Test
    void hundredThousandCommandsAllocateNothing() throws Exception {
        try (IoBuffers b = IoBuffers.allocate(1, 4096, 4096)) {
            SgEngine e = new SgEngine();
            TestContext ctx = new TestContext(b, 1);
            IoFile f = ctx.file("/dev/null");
            e.init(ctx);
            int fd = Native.libc().open("/dev/null", 2, 0);
            assertTrue(fd >= 0);
            e.attachWithoutCapacity(f, fd, 512);
            EngineDriver d = EngineDriver.assertAllocatesAtMost(64 * 1024, e, b.units(), 20_000, 100_000, 1,
                EngineDriver.cycling(f, seq -> (seq & 3) == 0 ? IoDirection.WRITE : (seq & 3) == 1 ? IoDirection.TRIM
                    : (seq & 3) == 2 ? IoDirection.SYNC : IoDirection.READ), "sg commands");
            assertEquals(100_000, d.errors, "every SG_IO on /dev/null fails with ENOTTY");
            Native.libc().close(fd);
            e.cleanup();
        }
    }

    @Test
    void regularFileIsRefusedAsFioRefusesIt() throws Exception {
        java.nio.file.Path p = java.nio.file.Files.createTempFile("w2sg-sg", ".dat");
        try {
            SgEngine e = new SgEngine();
            EngineException x = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class,
                () -> e.fileSize(new IoFile(p.toString(), 0)));
            assertEquals(Errno.EINVAL, x.errno());
            assertTrue(x.getMessage().startsWith("ioengine sg only works on block or character devices"));
        } finally {
            java.nio.file.Files.deleteIfExists(p);
        }
    }
}
