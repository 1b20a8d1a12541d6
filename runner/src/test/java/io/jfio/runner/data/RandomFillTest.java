package io.jfio.runner.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

import org.junit.jupiter.api.Test;

/**
 * The long-view fill writes exactly the bytes of the byte-buffer one (fio's __fill_random_buf,
 * which VerifyCrossToolIT checks against fio), for every length tail and at unaligned offsets,
 * where it falls back to the byte buffer; and it leaves the bytes around the range alone.
 */
class RandomFillTest {
    @Test
    void longViewFillsTheSameBytes() {
        ByteBuffer a = ByteBuffer.allocateDirect(8192).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.allocateDirect(8192).order(ByteOrder.LITTLE_ENDIAN);
        b.position(100).limit(200); // the view covers the whole buffer whatever its position
        LongBuffer words = RandomFill.words(b);
        RandomFill random = new RandomFill();
        b.clear();
        for (int off : new int[] {0, 8, 3, 64, 4095}) {
            for (int len = 0; len <= 300; len++) {
                long seed = 0x9e3779b97f4a7c15L * (len + 1) + off;
                fillBoth(a, b, (byte) 0x5a);
                RandomFill.fill(a, off, len, seed);
                random.fill(b, words, off, len, seed);
                assertEquals(-1, a.mismatch(b), "off=" + off + " len=" + len);
                assertEquals(0x5a, b.get(off + len) & 0xff, "past the end, off=" + off + " len=" + len);
                if (off > 0) {
                    assertEquals(0x5a, b.get(off - 1) & 0xff, "before the start, off=" + off);
                }
            }
        }
        fillBoth(a, b, (byte) 0);
        RandomFill.fill(a, 0, 65536 / 8, 12345);
        random.fill(b, words, 0, 65536 / 8, 12345);
        assertEquals(-1, a.mismatch(b));
        // the first words are the seed times 1, 2, 3 and 5 (fio's four buckets)
        assertEquals(12345L, b.getLong(0));
        assertEquals(12345L * 5, b.getLong(24));
    }

    /** Fills of several chunks of the table (1024 words) and their tails, from aligned offsets. */
    @Test
    void fillsAcrossChunks() {
        ByteBuffer a = ByteBuffer.allocateDirect(65536 + 64).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.allocateDirect(65536 + 64).order(ByteOrder.LITTLE_ENDIAN);
        LongBuffer words = RandomFill.words(b);
        RandomFill random = new RandomFill();
        for (int off : new int[] {0, 8, 32}) {
            for (int len : new int[] {8160, 8191, 8192, 8193, 8224, 16383, 16384, 24600, 65536}) {
                long seed = 0x2545F4914F6CDD1DL * len + off;
                fillBoth(a, b, (byte) 0x33);
                RandomFill.fill(a, off, len, seed);
                random.fill(b, words, off, len, seed);
                assertEquals(-1, a.mismatch(b), "off=" + off + " len=" + len);
            }
        }
    }

    /** The JIT warm-up (SetUpAhead's) fills as the byte-buffer fill does, and checks that itself. */
    @Test
    void warmUpFillsWhatTheFillWrites() {
        RandomFill.warmUp();
        ByteBuffer a = ByteBuffer.allocateDirect(2048).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.allocateDirect(2048).order(ByteOrder.LITTLE_ENDIAN);
        RandomFill.fill(a, 0, 2048, 400);
        RandomFill.fillOnce(b, 2048, 400);
        assertEquals(-1, a.mismatch(b));
    }

    private static void fillBoth(ByteBuffer a, ByteBuffer b, byte v) {
        for (int i = 0; i < a.capacity(); i++) {
            a.put(i, v);
            b.put(i, v);
        }
    }
}
