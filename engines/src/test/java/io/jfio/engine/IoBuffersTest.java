package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.jfio.engine.nativeio.AlignedBuffer;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.testsupport.LoopDevice;

class IoBuffersTest {
    @Test
    void alignmentRules() {
        assertEquals(4096, IoBuffers.alignment(0, 512, true), "a page at least for O_DIRECT");
        assertEquals(8192, IoBuffers.alignment(0, 8192, true), "the device's logical block size");
        assertEquals(65536, IoBuffers.alignment(65536, 512, true), "iomem_align");
        assertEquals(65536, IoBuffers.alignment(40000, 512, false), "rounded up to a power of two");
        assertEquals(4096, IoBuffers.alignment(0, 512, false));
    }

    @Test
    void unitsGetAlignedDisjointSlots() {
        try (IoBuffers b = IoBuffers.allocate(5, 6000, 4096)) {
            assertEquals(5, b.units().size());
            assertEquals(8192, b.slotSize());
            for (IoUnit u : b.units()) {
                assertEquals(0, u.bufferAddress % 4096);
                assertEquals(6000, u.bufferCapacity);
                assertTrue(u.bufferAddress >= b.address() && u.bufferAddress + 6000 <= b.address() + b.length());
            }
            assertEquals(8192, b.unit(1).bufferAddress - b.unit(0).bufferAddress);
            assertEquals(0, b.region().byteBuffer(0, 4096).get(100), "zeroed");
        }
    }

    @Test
    void closedBufferRefusesUse() {
        AlignedBuffer a = AlignedBuffer.allocate(4096, 4096);
        a.close();
        a.close();
        assertEquals(0, a.address());
        assertThrows(IllegalStateException.class, a::pointer);
    }

    /** O_DIRECT needs alignment: an IoBuffers slot works, one byte off fails with EINVAL. */
    @Test
    void directIoOnALoopDevice() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice loop = LoopDevice.create(4L << 20, false);
             IoBuffers b = IoBuffers.allocate(2, 4096, IoBuffers.alignment(0, 512, true))) {
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

    @Test
    void openFailureCarriesFioText() {
        IoFile f = new IoFile("/nonexistent/dir/file", 0);
        EngineException e = assertThrows(EngineException.class, () -> GenericFileOps.open(f, OpenFlags.O_RDONLY));
        assertEquals(Errno.ENOENT, e.errno());
        assertEquals("file:filesetup.c:805, func=open(/nonexistent/dir/file), error=No such file or directory",
            e.getMessage());
    }
}
