package io.jfio.engine.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

class RawMemoryTest {

    /**
     * ByteBuffer.alignedSlice rounds the end down as well as the start up, so a size that is not a
     * multiple of the alignment once came back short (allocate(16, 64) gave 0 bytes).
     */
    @Test
    void givesTheWholeSizeAlignedForSizesThatAreNotMultiplesOfTheAlignment() {
        int[][] cases = {{16, 64}, {1, 64}, {65, 64}, {4 * 3, 8}, {16 * 3, 64}, {100, 4096}, {4097, 4096}, {64, 64}};
        for (int[] c : cases) {
            int size = c[0];
            int align = c[1];
            // Several allocations: the direct buffer's start address varies, and with it the slack.
            for (int i = 0; i < 16; i++) {
                ByteBuffer b = RawMemory.allocate(size, align);
                assertEquals(size, b.capacity(), "allocate(" + size + ", " + align + ") capacity");
                assertEquals(0, RawMemory.address(b) % align, "allocate(" + size + ", " + align + ") alignment");
                assertEquals(ByteOrder.LITTLE_ENDIAN, b.order());
                b.put(size - 1, (byte) 1); // the last byte is ours to write
            }
        }
    }
}
