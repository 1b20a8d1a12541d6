package io.jfio.engine.nativeio;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** posix_memalign through jffi: aligned, zeroed, writable, freed once. */
class AlignedBufferTest {
    @Test
    void everyAlignmentAndOddLengthsComeBackAlignedAndZeroed() {
        for (int align : new int[] {8, 64, 512, 4096, 1 << 16, 1 << 21}) {
            for (long len : new long[] {1, 7, 4095, 4096, 65537, 3 << 20}) {
                try (AlignedBuffer b = AlignedBuffer.allocate(len, align)) {
                    assertEquals(0, b.address() % align, "allocate(" + len + ", " + align + ")");
                    ByteBuffer bb = b.byteBuffer(0, (int) len);
                    for (int i = 0; i < len; i++) {
                        assertEquals(0, bb.get(i), "byte " + i + " of allocate(" + len + ", " + align + ")");
                    }
                    bb.put((int) len - 1, (byte) 0x5a);
                    assertEquals(0x5a, b.byteBuffer(len - 1, 1).get(0));
                }
            }
        }
    }

    @Test
    void closeFreesOnceAndTheBufferIsGoneAfter() {
        AlignedBuffer b = AlignedBuffer.allocate(4096, 4096);
        b.close();
        b.close();
        assertEquals(0, b.address());
        assertThrows(IllegalStateException.class, () -> b.byteBuffer(0, 1));
    }

    @Test
    void anImpossibleSizeIsAnOutOfMemoryErrorWithGlibcsReason() {
        OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> AlignedBuffer.allocate(Long.MAX_VALUE / 2, 4096));
        assertEquals("posix_memalign(4096, " + (Long.MAX_VALUE / 2) + "): Cannot allocate memory", e.getMessage());
    }
}
