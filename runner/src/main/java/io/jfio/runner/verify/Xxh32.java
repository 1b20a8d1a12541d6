package io.jfio.runner.verify;

import java.nio.ByteBuffer;

/** XXH32 (what fio's verify=xxhash uses, with seed 1), over a little-endian direct buffer. */
final class Xxh32 {
    private static final int P1 = 0x9E3779B1;
    private static final int P2 = 0x85EBCA77;
    private static final int P3 = 0xC2B2AE3D;
    private static final int P4 = 0x27D4EB2F;
    private static final int P5 = 0x165667B1;

    private Xxh32() {
    }

    /** {@code b} must be in little-endian order. */
    static int hash(ByteBuffer b, int off, int len, int seed) {
        int p = off;
        int end = off + len;
        int h;
        if (len >= 16) {
            int v1 = seed + P1 + P2;
            int v2 = seed + P2;
            int v3 = seed;
            int v4 = seed - P1;
            int limit = end - 16;
            do {
                // two 8-byte loads per stripe: half the bounds-checked accesses of four getInt
                long x = b.getLong(p);
                long y = b.getLong(p + 8);
                v1 = Integer.rotateLeft(v1 + (int) x * P2, 13) * P1;
                v2 = Integer.rotateLeft(v2 + (int) (x >>> 32) * P2, 13) * P1;
                v3 = Integer.rotateLeft(v3 + (int) y * P2, 13) * P1;
                v4 = Integer.rotateLeft(v4 + (int) (y >>> 32) * P2, 13) * P1;
                p += 16;
            } while (p <= limit);
            h = Integer.rotateLeft(v1, 1) + Integer.rotateLeft(v2, 7) + Integer.rotateLeft(v3, 12)
                    + Integer.rotateLeft(v4, 18);
        } else {
            h = seed + P5;
        }
        h += len;
        while (p + 4 <= end) {
            h = Integer.rotateLeft(h + b.getInt(p) * P3, 17) * P4;
            p += 4;
        }
        while (p < end) {
            h = Integer.rotateLeft(h + (b.get(p) & 0xff) * P5, 11) * P1;
            p++;
        }
        h ^= h >>> 15;
        h *= P2;
        h ^= h >>> 13;
        h *= P3;
        h ^= h >>> 16;
        return h;
    }
}
