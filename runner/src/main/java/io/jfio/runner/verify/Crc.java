package io.jfio.runner.verify;

import java.nio.ByteBuffer;

/**
 * fio's table-driven CRCs that the JDK has no intrinsic for, each as fio computes it (init, bit
 * order and final step as in fio's crc/ directory): crc64 (reflected, polynomial
 * 0x95AC9329AC4BC9B5, init 0), crc32 (MSB-first 0x04C11DB7, init 0, no final xor, so not zlib's
 * CRC-32), crc16 (reflected 0xA001, init 0) and crc7 (0x09, MSB-first). Tables are generated here
 * from the polynomials. All read direct buffers with absolute gets: nothing is allocated.
 */
final class Crc {
    private static final long[] T64 = new long[256];
    private static final int[] T32 = new int[256];
    private static final char[] T16 = new char[256];
    private static final byte[] T7 = new byte[256];

    static {
        for (int i = 0; i < 256; i++) {
            long c = i;
            int c16 = i;
            int c32 = i << 24;
            int c7 = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0x95AC9329AC4BC9B5L : c >>> 1;
                c16 = (c16 & 1) != 0 ? (c16 >>> 1) ^ 0xA001 : c16 >>> 1;
                c32 = (c32 & 0x80000000) != 0 ? (c32 << 1) ^ 0x04C11DB7 : c32 << 1;
                c7 = (c7 & 0x80) != 0 ? ((c7 << 1) ^ 0x12) & 0xff : (c7 << 1) & 0xff;
            }
            T64[i] = c;
            T16[i] = (char) c16;
            T32[i] = c32;
            T7[i] = (byte) (c7 >>> 1);
        }
    }

    private Crc() {
    }

    static long crc64(ByteBuffer b, int off, int len) {
        long crc = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            crc = T64[(int) ((crc ^ b.get(i)) & 0xff)] ^ (crc >>> 8);
        }
        return crc;
    }

    static int crc32(ByteBuffer b, int off, int len) {
        int crc = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            crc = (crc << 8) ^ T32[((crc >>> 24) ^ b.get(i)) & 0xff];
        }
        return crc;
    }

    static int crc16(ByteBuffer b, int off, int len) {
        int crc = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            crc = (crc >>> 8) ^ T16[(crc ^ b.get(i)) & 0xff];
        }
        return crc & 0xffff;
    }

    static int crc7(ByteBuffer b, int off, int len) {
        int crc = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            crc = T7[((crc << 1) ^ b.get(i)) & 0xff];
        }
        return crc & 0x7f;
    }
}
