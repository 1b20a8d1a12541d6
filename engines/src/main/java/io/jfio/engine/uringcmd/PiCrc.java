package io.jfio.engine.uringcmd;

import io.jfio.engine.nativeio.RawMemory;

/**
 * The guard checksums of NVMe end-to-end protection information, over off-heap memory: the
 * 16-bit CRC of T10 DIF (polynomial 0x8BB7, MSB first, no inversion) and the 64-bit CRC of the
 * NVMe command set's 64b guard format (polynomial 0xAD93D23594C93659, reflected, inverted in and
 * out). Both continue from a previous value, so data and metadata bytes can be summed in turn.
 */
final class PiCrc {
    private static final char[] T10DIF = new char[256];
    private static final long[] NVME64 = new long[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i << 8;
            for (int b = 0; b < 8; b++) {
                c = (c & 0x8000) != 0 ? (c << 1) ^ 0x8BB7 : c << 1;
            }
            T10DIF[i] = (char) c;
            long r = i;
            for (int b = 0; b < 8; b++) {
                r = (r & 1) != 0 ? (r >>> 1) ^ Long.reverse(0xAD93D23594C93659L) : r >>> 1;
            }
            NVME64[i] = r;
        }
    }

    private PiCrc() {
    }

    /** CRC16 T10-DIF of {@code len} bytes at {@code address}, continuing from {@code crc} (0 to start). */
    static int t10dif(int crc, long address, int len) {
        int c = crc & 0xFFFF;
        for (int i = 0; i < len; i++) {
            c = ((c << 8) ^ T10DIF[((c >>> 8) ^ RawMemory.getByte(address + i)) & 0xFF]) & 0xFFFF;
        }
        return c;
    }

    /** CRC64 NVMe of {@code len} bytes at {@code address}, continuing from {@code crc} (0 to start). */
    static long nvme64(long crc, long address, int len) {
        long c = ~crc;
        for (int i = 0; i < len; i++) {
            c = (c >>> 8) ^ NVME64[(int) ((c ^ RawMemory.getByte(address + i)) & 0xFF)];
        }
        return ~c;
    }
}
