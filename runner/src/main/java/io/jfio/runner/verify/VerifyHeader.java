package io.jfio.runner.verify;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * fio's struct verify_header as it lies at the start of every verify interval, in the machine's
 * (little-endian) byte order, with its C layout: magic u16 at 0, version u8 at 2, verify_type u8
 * at 3, len u32 at 4, rand_seed u64 at 8, offset u64 at 16, time_sec u32 at 24, time_nsec u32 at
 * 28, numberio u64 at 32, thread u16 at 40, two padding bytes, crc32 u32 at 44 (fio's crc32c of
 * the 44 bytes before it); 48 bytes in all.
 */
final class VerifyHeader {
    static final int SIZE = 48;
    static final int MAGIC = 0xacca;
    static final int VERSION = 0x81;
    static final int CRC_OFFSET = 44;

    private VerifyHeader() {
    }

    /** fio's crc32c: the Castagnoli CRC with its initial inversion but without the final one. */
    static int fioCrc32c(CRC32C crc, ByteBuffer b, int off, int len) {
        crc.reset();
        int pos = b.position();
        int lim = b.limit();
        b.limit(off + len).position(off);
        crc.update(b);
        b.limit(lim).position(pos);
        return ~(int) crc.getValue();
    }

    static void write(ByteBuffer b, int p, VerifyType type, int len, long seed, long offset, long timeNanos,
                      long numberio, int thread, CRC32C crc) {
        b.putShort(p, (short) MAGIC);
        b.put(p + 2, (byte) VERSION);
        b.put(p + 3, (byte) type.code);
        b.putInt(p + 4, len);
        b.putLong(p + 8, seed);
        b.putLong(p + 16, offset);
        b.putInt(p + 24, (int) (timeNanos / 1_000_000_000L));
        b.putInt(p + 28, (int) (timeNanos % 1_000_000_000L));
        b.putLong(p + 32, numberio);
        b.putShort(p + 40, (short) thread);
        b.putInt(p + CRC_OFFSET, fioCrc32c(crc, b, p, CRC_OFFSET));
    }

    static int magic(ByteBuffer b, int p) {
        return b.getShort(p) & 0xffff;
    }

    static int version(ByteBuffer b, int p) {
        return b.get(p + 2) & 0xff;
    }

    static int type(ByteBuffer b, int p) {
        return b.get(p + 3) & 0xff;
    }

    static long len(ByteBuffer b, int p) {
        return b.getInt(p + 4) & 0xffffffffL;
    }

    static long seed(ByteBuffer b, int p) {
        return b.getLong(p + 8);
    }

    static long offset(ByteBuffer b, int p) {
        return b.getLong(p + 16);
    }

    static long numberio(ByteBuffer b, int p) {
        return b.getLong(p + 32);
    }

    static int crc(ByteBuffer b, int p) {
        return b.getInt(p + CRC_OFFSET);
    }
}
