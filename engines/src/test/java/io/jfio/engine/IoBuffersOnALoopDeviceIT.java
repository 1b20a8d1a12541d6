package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.extension.ExtendWith;

/** IoBuffers and the generic file layer on a real block device (a loop device: root only). */
@ExtendWith(LoopDevices.class)
class IoBuffersOnALoopDeviceIT {
    /** O_DIRECT needs alignment: an IoBuffers slot works, one byte off fails with EINVAL. */
    @Test
    void directIoOnALoopDevice(@Loop(mib = 4) LoopDevice loop) throws Exception {
        try (IoBuffers b = IoBuffers.allocate(2, 4096, IoBuffers.alignment(0, 512, true))) {
            Path dev = Path.of(loop.device());
            assertTrue(BlockDevice.isBlockDevice(dev));
            assertFalse(BlockDevice.isBlockDevice(loop.backingFile()));
            assertEquals(4L << 20, BlockDevice.size(dev));
            assertEquals(512, BlockDevice.logicalBlockSize(dev));
            assertEquals(512, BlockDevice.logicalBlockSizeFor(dev));
            int fd = Native.libc().open(loop.device(), OpenFlags.forJob(false, true, false, 0), 0);
            assertTrue(fd >= 0);
            try {
                assertEquals(4096, Native.libc().pread64(fd, b.unit(1).bufferAddress, 4096, 0));
                assertEquals(-1, Native.libc().pread64(fd, b.unit(1).bufferAddress + 1, 4096, 0));
                assertEquals(Errno.EINVAL, Native.errno());
            } finally {
                Native.libc().close(fd);
            }
            IoFile f = new IoFile(loop.device(), 0);
            GenericFileOps.open(f, OpenFlags.O_RDONLY);
            assertEquals(IoFile.Type.BLOCK, f.type);
            assertEquals(4L << 20, f.realSize);
            GenericFileOps.close(f);
            assertFalse(f.isOpen());
        }
    }

}
