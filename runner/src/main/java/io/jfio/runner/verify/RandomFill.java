package io.jfio.runner.verify;

import java.nio.ByteBuffer;

/** fio's verify data: the random bytes a seed expands to (lib/rand.c's __fill_random_buf). */
final class RandomFill {
    private static final long GOLDEN = 0x61C8864680B583EBL;

    private RandomFill() {
    }

    /**
     * Four 64-bit lanes seeded with seed times 1, 2, 3 and 5, each multiplied by the 64-bit
     * golden ratio after every word; the tail continues lane 0. {@code b} must be little-endian.
     */
    static void fill(ByteBuffer b, int off, int len, long seed) {
        int bucketWords = (len / 8 / 4) * 4;
        long s0 = seed;
        long s1 = seed * 2;
        long s2 = seed * 3;
        long s3 = seed * 5;
        int p = off;
        int end = off + bucketWords * 8;
        for (; p < end; p += 32) {
            b.putLong(p, s0);
            b.putLong(p + 8, s1);
            b.putLong(p + 16, s2);
            b.putLong(p + 24, s3);
            s0 *= GOLDEN;
            s1 *= GOLDEN;
            s2 *= GOLDEN;
            s3 *= GOLDEN;
        }
        int rest = off + len - p;
        long s = s0;
        for (; rest >= 8; rest -= 8, p += 8) {
            b.putLong(p, s);
            s *= GOLDEN;
        }
        for (int k = 0; k < rest; k++) {
            b.put(p + k, (byte) (s >>> (8 * k)));
        }
    }
}
