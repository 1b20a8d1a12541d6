package io.jfio.runner.data;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The set-up fill (each buffer once, made in a long array and copied in bulk) writes the same
 * bytes as the per-I/O fill, fio's __fill_random_buf: for lengths with and without a tail of
 * words and bytes past the last group of four words, direct and heap buffers, several seeds.
 */
class BufferFillOnceTest {
    private static BufferContent content() {
        JobSpec spec = Jobs.parse("[j]\nioengine=null\nrw=write\nbs=64k\nsize=1m\n").get(0);
        return BufferContent.forJob(spec, false, 1, 65536);
    }

    @Test
    void sameBytesAsThePerIoFill() {
        BufferContent c = content();
        int[] lengths = {0, 7, 8, 31, 32, 33, 40, 4096, 4096 + 24 + 5, 65536, 65536 + 3, 131072 - 8};
        long[] seeds = {0L, 1L, 0x9E3779B97F4A7C15L, -5L};
        for (boolean direct : new boolean[] {true, false}) {
            for (int len : lengths) {
                for (long seed : seeds) {
                    ByteBuffer once = buffer(direct, len);
                    ByteBuffer each = buffer(direct, len);
                    c.fillRandomOnce(once, len, seed);
                    c.fillRandom(each, 0, len, seed);
                    assertEquals(each, once, "len " + len + " seed " + seed + (direct ? " direct" : " heap"));
                    // the guard bytes past len untouched by either
                    assertEquals(0x5a, once.get(len) & 0xff, "wrote past len " + len);
                }
            }
        }
    }

    @Test
    void fillsTheWholeLength() {
        ByteBuffer b = buffer(true, 65536);
        content().fillRandomOnce(b, 65536, 12345L);
        assertNotEquals(0x5a5a5a5a5a5a5a5aL, b.getLong(65536 - 8), "the last word was not filled");
        assertNotEquals(0L, b.getLong(32768));
    }

    private static ByteBuffer buffer(boolean direct, int len) {
        ByteBuffer b = (direct ? ByteBuffer.allocateDirect(len + 16) : ByteBuffer.allocate(len + 16))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, (byte) 0x5a);
        }
        return b;
    }
}
