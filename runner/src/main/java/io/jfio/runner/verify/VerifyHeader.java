package io.jfio.runner.verify;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * fio's struct verify_header as it lies at the start of every verify interval, in the machine's
 * (little-endian) byte order. fio 3.42's layout ({@link #FIO_3_42}): magic u16 at 0, version u8
 * at 2, verify_type u8 at 3, len u32 at 4, rand_seed u64 at 8, offset u64 at 16, time_sec u32 at
 * 24, time_nsec u32 at 28, numberio u64 at 32, thread u16 at 40, two padding bytes, crc32 u32 at
 * 44: 48 bytes. fio 3.33's ({@link #FIO_3_33}, what Debian 12 ships) has no version byte, a u16
 * verify_type, thread u16 at 32, a u16 numberio at 34 and crc32 at 36: 40 bytes. The crc32 is
 * fio's crc32c of every byte before it.
 */
final class VerifyHeader {
    static final int MAGIC = 0xacca;
    static final int VERSION = 0x81;

    static final VerifyHeader FIO_3_42 = new VerifyHeader(48, 44, true);
    static final VerifyHeader FIO_3_33 = new VerifyHeader(40, 36, false);

    /** sizeof(struct verify_header). */
    final int size;
    /** offsetof(struct verify_header, crc32). */
    final int crcOffset;
    /** The 3.42 layout: a version byte and a 64-bit numberio. */
    final boolean versioned;

    private VerifyHeader(int size, int crcOffset, boolean versioned) {
        this.size = size;
        this.crcOffset = crcOffset;
        this.versioned = versioned;
    }

    /** The layout to write and expect: fio 3.42's unless -Djfio.verify.header=3.33. */
    static VerifyHeader configured() {
        return "3.33".equals(System.getProperty("jfio.verify.header")) ? FIO_3_33 : FIO_3_42;
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

    void write(ByteBuffer b, int p, VerifyType type, int len, long seed, long offset, long timeNanos,
               long numberio, int thread, CRC32C crc) {
        b.putShort(p, (short) MAGIC);
        if (versioned) {
            b.put(p + 2, (byte) VERSION);
            b.put(p + 3, (byte) type.code);
        } else {
            b.putShort(p + 2, (short) type.code);
        }
        b.putInt(p + 4, len);
        b.putLong(p + 8, seed);
        b.putLong(p + 16, offset);
        b.putInt(p + 24, (int) (timeNanos / 1_000_000_000L));
        b.putInt(p + 28, (int) (timeNanos % 1_000_000_000L));
        if (versioned) {
            b.putLong(p + 32, numberio);
            b.putShort(p + 40, (short) thread);
        } else {
            b.putShort(p + 32, (short) thread);
            b.putShort(p + 34, (short) numberio);
        }
        b.putInt(p + crcOffset, fioCrc32c(crc, b, p, crcOffset));
    }

    static int magic(ByteBuffer b, int p) {
        return b.getShort(p) & 0xffff;
    }

    /** The version byte; the 3.33 layout has none and always passes. */
    int version(ByteBuffer b, int p) {
        return versioned ? b.get(p + 2) & 0xff : VERSION;
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

    long numberio(ByteBuffer b, int p) {
        return versioned ? b.getLong(p + 32) : b.getShort(p + 34) & 0xffff;
    }

    /** What a numberio looks like once stored (3.33 keeps 16 bits). */
    long stored(long numberio) {
        return versioned ? numberio : numberio & 0xffff;
    }

    int crc(ByteBuffer b, int p) {
        return b.getInt(p + crcOffset);
    }
}
