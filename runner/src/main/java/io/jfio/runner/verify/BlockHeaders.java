package io.jfio.runner.verify;

import java.nio.ByteBuffer;

/**
 * fio's per-interval block header and checksum area (verify.c's populate_hdr, verify_header and
 * the verify_io_u_TYPE checks): where they go in a unit, how they are built and checked, and the
 * verify_offset swap. Keeps its checksum state and scratch arrays, so nothing here allocates.
 */
final class BlockHeaders {
    final VerifyType type;
    final VerifyHeader layout;
    /** Header plus checksum area (fio's __hdr_size); 0 for the types without a header. */
    final int hdrSize;
    private final int interval;
    private final int verifyOffset;
    private final int thread;
    private final boolean bsUnaligned;
    private final boolean checkSeed;
    private final boolean checkNumberio;
    private final BlockChecksum sum;
    /** The checksum stored in the block, after a failed {@link #checksumMatches}. */
    final byte[] expected = new byte[128];
    /** The checksum computed over the data, after {@link #checksumMatches}. */
    final byte[] received = new byte[128];
    private final byte[] swap = new byte[256];

    BlockHeaders(VerifyType type, VerifyHeader layout, int interval, int verifyOffset, int thread,
                 boolean bsUnaligned, boolean checkSeed, boolean checkNumberio) {
        this.type = type;
        this.layout = layout;
        this.hdrSize = type.headerSize(layout);
        this.interval = interval;
        this.verifyOffset = verifyOffset;
        this.thread = thread;
        this.bsUnaligned = bsUnaligned;
        this.checkSeed = checkSeed;
        this.checkNumberio = checkNumberio;
        this.sum = new BlockChecksum(type);
    }

    /** The same layout and checks with checksum state and scratch of its own (for another thread). */
    BlockHeaders copy() {
        return new BlockHeaders(type, layout, interval, verifyOffset, thread, bsUnaligned, checkSeed, checkNumberio);
    }

    /** The distance between headers in a unit of {@code buflen} bytes (fio's hdr_inc). */
    int inc(int buflen) {
        return interval > 0 && interval <= buflen && !bsUnaligned ? interval : buflen;
    }

    /** Every header of a unit of {@code len} bytes at file offset {@code unitOffset} (populate_verify_io_u). */
    void populate(ByteBuffer b, int len, long unitOffset, long seed, long numberio, long timeNanos) {
        if (hdrSize == 0) {
            return;
        }
        int inc = inc(len);
        int n = 0;
        for (int p = 0; p < len; p += inc, n++) {
            populateOne(b, p, Math.min(inc, len - p), n, unitOffset, seed, numberio, timeNanos);
        }
    }

    private void populateOne(ByteBuffer b, int p, int len, int n, long unitOffset, long seed, long nio, long time) {
        layout.write(b, p, type, len, seed, unitOffset + (long) n * interval, time, nio, thread, sum.crc32c());
        if (type.checksumSize > 0 && len > hdrSize) {
            sum.compute(b, p + hdrSize, len - hdrSize, expected);
            b.put(p + layout.size, expected, 0, type.checksumSize);
        }
        if (verifyOffset != 0) {
            swap(b, p);
        }
    }

    /** Before checking header {@code p}: fio's memswp back of the header and the bytes at verify_offset. */
    void unswap(ByteBuffer b, int p) {
        if (verifyOffset != 0 && hdrSize > 0) {
            swap(b, p);
        }
    }

    private void swap(ByteBuffer b, int p) {
        b.get(p, swap, 0, hdrSize);
        b.get(p + verifyOffset, swap, hdrSize, hdrSize);
        b.put(p, swap, hdrSize, hdrSize);
        b.put(p + verifyOffset, swap, 0, hdrSize);
    }

    /**
     * fio's verify_header for header {@code n} at {@code p} ({@code len} bytes of interval) of a
     * unit at file offset {@code unitOffset}: null when it is good, else fio's message for what is
     * wrong (allocated on the failure path only).
     */
    String checkHeader(ByteBuffer b, int p, int n, int len, long unitOffset, long seed, long numberio) {
        int magic = VerifyHeader.magic(b, p);
        if (magic != VerifyHeader.MAGIC) {
            return String.format("verify: bad magic header %x, wanted %x", magic, VerifyHeader.MAGIC);
        }
        if (layout.version(b, p) != VerifyHeader.VERSION) {
            return String.format("verify: unsupported header version %x, wanted %x. Are you trying to verify across"
                    + " versions of fio?", layout.version(b, p), VerifyHeader.VERSION);
        }
        if (VerifyHeader.len(b, p) != len) {
            return String.format("verify: bad header length %d, wanted %d", VerifyHeader.len(b, p), len);
        }
        if (checkSeed && VerifyHeader.seed(b, p) != seed) {
            return String.format("verify: bad header rand_seed %s, wanted %s",
                    Long.toUnsignedString(VerifyHeader.seed(b, p)), Long.toUnsignedString(seed));
        }
        if (VerifyHeader.offset(b, p) != unitOffset + (long) n * interval) {
            return String.format("verify: bad header offset %s, wanted %d",
                    Long.toUnsignedString(VerifyHeader.offset(b, p)), unitOffset);
        }
        if (checkNumberio && layout.numberio(b, p) != layout.stored(numberio)) {
            return String.format("verify: bad header numberio %s, wanted %d",
                    Long.toUnsignedString(layout.numberio(b, p)), numberio);
        }
        int crc = VerifyHeader.fioCrc32c(sum.crc32c(), b, p, layout.crcOffset);
        if (crc != layout.crc(b, p)) {
            return String.format("verify: bad header crc %x, calculated %x", layout.crc(b, p), crc);
        }
        return null;
    }

    /**
     * The type's checksum over the data of the {@code len}-byte interval at {@code p} against the
     * one stored after its header; on a mismatch {@link #expected} holds the stored one.
     */
    boolean checksumMatches(ByteBuffer b, int p, int len) {
        int size = type.checksumSize;
        sum.compute(b, p + hdrSize, len - hdrSize, received);
        for (int k = 0; k < size; k++) {
            if (b.get(p + layout.size + k) != received[k]) {
                b.get(p + layout.size, expected, 0, size);
                return false;
            }
        }
        return true;
    }
}
