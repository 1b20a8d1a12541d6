package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * XXH32 against the reference library's values (libxxhash 0.8.1's XXH32, computed once with
 * it): the empty input, short inputs (no stripe), and lengths around the 16-byte stripe and the
 * 4-byte tail, with fio's seed 1, from an unaligned start.
 */
class Xxh32Test {
    private static int hash(byte[] d, int len, int seed, int at) {
        ByteBuffer b = ByteBuffer.allocateDirect(len + at).order(ByteOrder.LITTLE_ENDIAN);
        b.put(at, d, 0, len);
        return Xxh32.hash(b, at, len, seed);
    }

    @Test
    void referenceVectors() {
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        byte[] nobody = "Nobody inspects the spammish repetition".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0x02cc5d05, hash(new byte[0], 0, 0, 0));
        assertEquals(0x0b2cb792, hash(new byte[0], 0, 1, 0));
        assertEquals(0x32d153ff, hash(abc, 3, 0, 1));
        assertEquals(0xaa3da8ff, hash(abc, 3, 1, 0));
        assertEquals(0xe2293b2f, hash(nobody, nobody.length, 0, 3));
        assertEquals(0x534469ea, hash(nobody, nobody.length, 1, 0));
    }

    @Test
    void lengthsAroundStripesWithFiosSeed() {
        byte[] d = new byte[4099];
        for (int i = 0; i < d.length; i++) {
            d[i] = (byte) (i * 31 + 7);
        }
        int[][] want = {{15, 0xdddd4dc2}, {16, 0x0e5c90ba}, {17, 0xf6b42fec}, {63, 0x2864f48a},
            {64, 0x42a0e104}, {1000, 0xfaf7bd69}, {4099, 0xac764d08}};
        for (int[] w : want) {
            assertEquals(w[1], hash(d, w[0], 1, 5), "length " + w[0]);
        }
    }
}
