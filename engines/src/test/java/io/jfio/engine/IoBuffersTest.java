package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.jfio.engine.nativeio.AlignedBuffer;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.OpenFlags;

class IoBuffersTest {
    @Test
    void alignmentRules() {
        assertEquals(4096, IoBuffers.alignment(0, 512, true), "a page at least for O_DIRECT");
        assertEquals(8192, IoBuffers.alignment(0, 8192, true), "the device's logical block size");
        assertEquals(65536, IoBuffers.alignment(65536, 512, true), "a minimum alignment");
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

    @Test
    void openFailureCarriesFioText() {
        IoFile f = new IoFile("/nonexistent/dir/file", 0);
        EngineException e = assertThrows(EngineException.class, () -> GenericFileOps.open(f, OpenFlags.O_RDONLY));
        assertEquals(Errno.ENOENT, e.errno());
        assertEquals("file:filesetup.c:800, func=open(/nonexistent/dir/file), error=No such file or directory",
            e.getMessage());
    }
}
