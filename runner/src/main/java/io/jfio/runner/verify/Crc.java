package io.jfio.runner.verify;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.IntToLongFunction;

/**
 * fio's table-driven CRCs that the JDK has no intrinsic for, each as fio computes it (init, bit
 * order and final step as in fio's crc/ directory): crc64 (reflected, polynomial
 * 0x95AC9329AC4BC9B5, init 0), crc32 (MSB-first 0x04C11DB7, init 0, no final xor, so not zlib's
 * CRC-32), crc16 (reflected 0xA001, init 0) and crc7 (0x09, MSB-first). Tables are generated here
 * from the polynomials. fio steps one byte per table lookup; the result depends only on the
 * bytes, so these take eight bytes per step (slicing-by-8: table k holds a byte's effect followed
 * by k zero bytes, and the eight lookups of one 64-bit read are xor-ed), 4-6x faster, and step
 * bytewise only over the tail. All read direct buffers with absolute gets: nothing is allocated.
 */
final class Crc {
    private static final Reflected CRC64 = new Reflected(i -> {
        long c = i;
        for (int k = 0; k < 8; k++) {
            c = (c & 1) != 0 ? (c >>> 1) ^ 0x95AC9329AC4BC9B5L : c >>> 1;
        }
        return c;
    });
    private static final Reflected CRC16 = new Reflected(i -> {
        int c = i;
        for (int k = 0; k < 8; k++) {
            c = (c & 1) != 0 ? (c >>> 1) ^ 0xA001 : c >>> 1;
        }
        return c;
    });
    /**
     * crc7 on its 8-bit register (the 7-bit crc shifted left by one): MSB-first, but a register
     * one byte wide steps like a reflected one (the byte xors the whole register).
     */
    private static final Reflected CRC7 = new Reflected(i -> {
        int c = i;
        for (int k = 0; k < 8; k++) {
            c = (c & 0x80) != 0 ? ((c << 1) ^ 0x12) & 0xff : (c << 1) & 0xff;
        }
        return c;
    });
    private static final int[][] T32 = new int[8][256];

    static {
        for (int i = 0; i < 256; i++) {
            int c32 = i << 24;
            for (int k = 0; k < 8; k++) {
                c32 = (c32 & 0x80000000) != 0 ? (c32 << 1) ^ 0x04C11DB7 : c32 << 1;
            }
            T32[0][i] = c32;
        }
        for (int k = 1; k < 8; k++) {
            for (int i = 0; i < 256; i++) {
                int c32 = T32[k - 1][i];
                T32[k][i] = (c32 << 8) ^ T32[0][c32 >>> 24];
            }
        }
    }

    private Crc() {
    }

    /** The eight bytes at {@code p} as a long whose low byte is the first. */
    private static long le(ByteBuffer b, int p, boolean swap) {
        long v = b.getLong(p);
        return swap ? Long.reverseBytes(v) : v;
    }

    private static boolean swap(ByteBuffer b) {
        return b.order() != ByteOrder.LITTLE_ENDIAN;
    }

    static long crc64(ByteBuffer b, int off, int len) {
        return CRC64.of(b, off, len);
    }

    static int crc32(ByteBuffer b, int off, int len) {
        int[] t0 = T32[0], t1 = T32[1], t2 = T32[2], t3 = T32[3], t4 = T32[4], t5 = T32[5], t6 = T32[6], t7 = T32[7];
        boolean swap = swap(b);
        int crc = 0;
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            // MSB-first: the first byte is the most significant of the first word
            long v = Long.reverseBytes(le(b, i, swap));
            int x1 = (int) (v >>> 32) ^ crc;
            int x2 = (int) v;
            crc = t7[x1 >>> 24] ^ t6[(x1 >>> 16) & 0xff] ^ t5[(x1 >>> 8) & 0xff] ^ t4[x1 & 0xff]
                    ^ t3[x2 >>> 24] ^ t2[(x2 >>> 16) & 0xff] ^ t1[(x2 >>> 8) & 0xff] ^ t0[x2 & 0xff];
        }
        for (; i < end; i++) {
            crc = (crc << 8) ^ t0[((crc >>> 24) ^ b.get(i)) & 0xff];
        }
        return crc;
    }

    static int crc16(ByteBuffer b, int off, int len) {
        return (int) CRC16.of(b, off, len);
    }

    static int crc7(ByteBuffer b, int off, int len) {
        return (int) CRC7.of(b, off, len) >>> 1;
    }

    /**
     * A CRC whose register takes the next byte at its low end (crc64, crc16, crc7's byte-wide
     * register), init 0, no final xor: its eight tables and the sliced step they serve.
     */
    private static final class Reflected {
        private final long[][] t = new long[8][256];

        /** {@code oneByte} gives table 0: the register after byte i is shifted through it. */
        Reflected(IntToLongFunction oneByte) {
            for (int i = 0; i < 256; i++) {
                t[0][i] = oneByte.applyAsLong(i);
            }
            for (int k = 1; k < 8; k++) {
                for (int i = 0; i < 256; i++) {
                    long c = t[k - 1][i];
                    t[k][i] = (c >>> 8) ^ t[0][(int) (c & 0xff)];
                }
            }
        }

        long of(ByteBuffer b, int off, int len) {
            long[] t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
            boolean swap = swap(b);
            long crc = 0;
            int i = off;
            int end = off + len;
            for (; i + 8 <= end; i += 8) {
                long x = le(b, i, swap) ^ crc;
                crc = t7[(int) x & 0xff] ^ t6[(int) (x >>> 8) & 0xff] ^ t5[(int) (x >>> 16) & 0xff]
                        ^ t4[(int) (x >>> 24) & 0xff] ^ t3[(int) (x >>> 32) & 0xff] ^ t2[(int) (x >>> 40) & 0xff]
                        ^ t1[(int) (x >>> 48) & 0xff] ^ t0[(int) (x >>> 56)];
            }
            for (; i < end; i++) {
                crc = t0[(int) ((crc ^ b.get(i)) & 0xff)] ^ (crc >>> 8);
            }
            return crc;
        }
    }
}
