package io.jfio.engine.uringcmd;

/**
 * How a job's commands lay out one namespace's blocks (what fio's engines/nvme.c derives from
 * Identify at open): the metadata bytes each LBA moves with its data and where they travel
 * (inline after each block's data in an extended LBA format, else in a separate buffer), and the
 * protection information inside them. With pi_act=1 and metadata no larger than the PI, the
 * controller inserts and strips the PI itself, so no metadata moves at all.
 *
 * @param lbaDataSize data bytes per LBA
 * @param ms          metadata bytes moved per LBA (0: none)
 * @param lbaExt      bytes per LBA in the data buffer when the metadata is inline, else 0
 * @param piType      protection information type 0 (none) to 3
 * @param piFirst     the PI is the first bytes of the metadata (else its last)
 * @param guard64     64-bit CRC guard (else the 16-bit T10-DIF one)
 * @param piSize      bytes of PI per LBA: 8 for a 16-bit guard, 16 for a 64-bit one
 * @param nsze        namespace size in LBAs
 */
public record NvmeFormat(int lbaDataSize, int ms, int lbaExt, int piType, boolean piFirst, boolean guard64,
                         int piSize, long nsze) {
    /** NVMe guard types in the extended LBA format word (bits 8:7). */
    static final int GUARD_16 = 0;
    static final int GUARD_64 = 2;

    /**
     * The layout of {@code ns} for a job with the given pi_act, or a message naming what the
     * format needs that neither fio nor jfio supports (a storage tag, a 32-bit guard).
     */
    static Object of(NvmeNamespace ns, boolean piAct, String path) {
        int ms = ns.metadataSize();
        int piType = ns.piType();
        int piSize = 0;
        boolean g64 = false;
        if (piType != 0) {
            if ((ns.elbaf() & 0x7F) != 0) {
                return path + ": Storage tag not supported";
            }
            int guard = (ns.elbaf() >> 7) & 3;
            if (guard == GUARD_64) {
                g64 = true;
                piSize = 16;
            } else if (guard == GUARD_16) {
                piSize = 8;
            } else {
                return path + ": guard type " + guard + " is not supported (only 16 and 64 bit guards)";
            }
            if (piAct && ms == piSize) {
                ms = 0;
            }
        }
        int ext = ms > 0 && ns.extendedLba() ? ns.lbaDataSize() + ms : 0;
        return new NvmeFormat(ns.lbaDataSize(), ms, ext, piType, (ns.dps() & 8) != 0, g64, piSize, ns.nsze());
    }

    /** Bytes one LBA takes in the data buffer. */
    public int lbaSize() {
        return lbaExt != 0 ? lbaExt : lbaDataSize;
    }

    /** The file size fio gives the namespace: its LBAs times the bytes each takes in the buffer. */
    public long sizeBytes() {
        return (long) lbaSize() * nsze;
    }

    /** Metadata bytes moved in a separate buffer per LBA (0 for inline or none). */
    public int separateMs() {
        return lbaExt == 0 ? ms : 0;
    }

    long slba(long offset) {
        return lbaExt != 0 ? offset / lbaExt : offset >>> Integer.numberOfTrailingZeros(lbaDataSize);
    }

    /** Number of LBAs in {@code len} bytes (1-based). */
    int blocks(long len) {
        return (int) (lbaExt != 0 ? len / lbaExt : len >>> Integer.numberOfTrailingZeros(lbaDataSize));
    }

    /**
     * True when the command can express the I/O: whole LBAs for power-of-two layouts. Extended
     * LBAs are not checked, as fio does not: its command starts at the LBA the offset falls in
     * (the block size is a whole number of them, checked at open).
     */
    boolean aligned(long offset, long len) {
        if (lbaExt != 0) {
            return len > 0;
        }
        long mask = lbaDataSize - 1;
        return len > 0 && ((offset | len) & mask) == 0;
    }

    /** Offset of the PI in an LBA's metadata (separate) or in its whole buffer block (inline), fio's interval. */
    int piInterval() {
        if (piFirst) {
            return lbaExt != 0 ? lbaExt - ms : 0;
        }
        return lbaExt != 0 ? lbaExt - piSize : ms - piSize;
    }
}
