package io.jfio.engine.nativeio;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** posix_memalign through jffi: aligned, zeroed, writable, freed once. */
class AlignedBufferTest {
    @Test
    void everySizeComesBackAligned() {
        forEverySize((b, len, align) ->
                assertEquals(0, b.address() % align, "allocate(" + len + ", " + align + ")"));
    }

    @Test
    void everySizeComesBackZeroed() {
        forEverySize((b, len, align) -> {
            ByteBuffer bb = b.byteBuffer(0, (int) len);
            for (int i = 0; i < len; i++) {
                assertEquals(0, bb.get(i), "byte " + i + " of allocate(" + len + ", " + align + ")");
            }
        });
    }

    @Test
    void theLastByteIsWritable() {
        forEverySize((b, len, align) -> {
            b.byteBuffer(0, (int) len).put((int) len - 1, (byte) 0x5a);
            assertEquals(0x5a, b.byteBuffer(len - 1, 1).get(0), "allocate(" + len + ", " + align + ")");
        });
    }

    private interface SizeCheck {
        void check(AlignedBuffer b, long len, int align);
    }

    /** Allocates every alignment from 8 bytes to 2 MiB with odd and even lengths; frees each after the check. */
    private static void forEverySize(SizeCheck check) {
        for (int align : new int[] {8, 64, 512, 4096, 1 << 16, 1 << 21}) {
            for (long len : new long[] {1, 7, 4095, 4096, 65537, 3 << 20}) {
                try (AlignedBuffer b = AlignedBuffer.allocate(len, align)) {
                    check.check(b, len, align);
                }
            }
        }
    }

    @Test
    void closingTwiceFreesOnce() {
        AlignedBuffer b = AlignedBuffer.allocate(4096, 4096);
        b.close();
        b.close();
        assertEquals(0, b.address());
    }

    @Test
    void aClosedBufferIsGone() {
        AlignedBuffer b = AlignedBuffer.allocate(4096, 4096);
        b.close();
        assertThrows(IllegalStateException.class, () -> b.byteBuffer(0, 1));
    }

    @Test
    void anImpossibleSizeIsAnOutOfMemoryErrorWithGlibcsReason() {
        OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> AlignedBuffer.allocate(Long.MAX_VALUE / 2, 4096));
        assertEquals("posix_memalign(4096, " + (Long.MAX_VALUE / 2) + "): Cannot allocate memory", e.getMessage());
    }
}
