package io.jfio.engine.uringcmd;

import io.jfio.engine.nativeio.RawMemory;

/**
 * Host-side NVMe protection information with pi_act=0 (as fio's engines/nvme.c does it): before
 * a write, the guard, application and reference tags the job's pi_chk names are computed into
 * each LBA's PI (inline in the data buffer for extended LBA formats, else in the unit's
 * metadata buffer); after a read, the same fields are checked. Tags are big-endian, as the
 * device keeps them. Works in place on the unit's memory, allocating only for a failure's text.
 */
final class ProtectionInfo {
    private static final int APP_DISABLE = 0xFFFF;

    private ProtectionInfo() {
    }

    /** Fills the PI of every LBA of a write of {@code len} bytes at {@code offset}. */
    static void generate(NvmeFormat f, int prchk, int apptag, long buf, long md, long offset, long len) {
        long slba = f.slba(offset);
        int nlb = f.blocks(len);
        int interval = f.piInterval();
        for (int i = 0; i < nlb; i++) {
            long pi = (f.lbaExt() != 0 ? buf : md) + interval;
            if ((prchk & Nvme.PRCHK_GUARD) != 0) {
                if (f.guard64()) {
                    putBe64(pi, guard64(f, buf, md, interval));
                } else {
                    putBe16(pi, guard16(f, buf, md, interval));
                }
            }
            int tagAt = f.guard64() ? 8 : 2;
            if ((prchk & Nvme.PRCHK_APP) != 0) {
                putBe16(pi + tagAt, apptag);
            }
            if ((prchk & Nvme.PRCHK_REF) != 0 && f.piType() != 3) {
                if (f.guard64()) {
                    putBe48(pi + 10, slba + i);
                } else {
                    putBe32(pi + 4, (int) (slba + i));
                }
            }
            buf += f.lbaSize();
            md += f.separateMs();
        }
    }

    /**
     * Checks the PI of every LBA read; null when it holds, else fio's log line for the first
     * mismatch (the LBA named is the command's first, as fio names it).
     */
    static String verify(NvmeFormat f, int prchk, int apptag, int apptagMask, long buf, long md, long offset,
                         long len, String path) {
        long slba = f.slba(offset);
        int nlb = f.blocks(len);
        int interval = f.piInterval();
        for (int i = 0; i < nlb; i++, buf += f.lbaSize(), md += f.separateMs()) {
            long pi = (f.lbaExt() != 0 ? buf : md) + interval;
            int tagAt = f.guard64() ? 8 : 2;
            int app = getBe16(pi + tagAt);
            long ref = f.guard64() ? getBe48(pi + 10) : getBe32(pi + 4) & 0xFFFFFFFFL;
            long refDisabled = f.guard64() ? 0xFFFFFFFFFFFFL : 0xFFFFFFFFL;
            // the escapes: an application tag of all ones turns checking off (with an all-ones
            // reference tag too for Type 3)
            if (app == APP_DISABLE && (f.piType() != 3 || ref == refDisabled)) {
                continue;
            }
            if ((prchk & Nvme.PRCHK_GUARD) != 0) {
                if (f.guard64()) {
                    long want = guard64(f, buf, md, interval);
                    long got = getBe48(pi) << 16 | getBe16(pi + 6);
                    if (got != want) {
                        return String.format("%s: Guard compare error: LBA: %d Expected=%x, Actual=%x", path, slba,
                            want, got);
                    }
                } else {
                    int want = guard16(f, buf, md, interval);
                    int got = getBe16(pi);
                    if (got != want) {
                        return String.format("%s: Guard compare error: LBA: %d Expected=%x, Actual=%x", path, slba,
                            want, got);
                    }
                }
            }
            if ((prchk & Nvme.PRCHK_APP) != 0 && (app & apptagMask) != (apptag & apptagMask)) {
                return String.format("%s: APPTAG compare error: LBA: %d Expected=%x, Actual=%x", path, slba,
                    apptag & apptagMask, app & apptagMask);
            }
            if ((prchk & Nvme.PRCHK_REF) != 0 && f.piType() != 3) {
                long want = f.guard64() ? (slba + i) & 0xFFFFFFFFFFFFL : (slba + i) & 0xFFFFFFFFL;
                if (ref != want) {
                    return String.format("%s: REFTAG compare error: LBA: %d Expected=%x, Actual=%x", path, slba,
                        want, ref);
                }
            }
        }
        return null;
    }

    /** The guard of one LBA: over its data and the metadata bytes before the PI. */
    private static int guard16(NvmeFormat f, long buf, long md, int interval) {
        if (f.lbaExt() != 0) {
            return PiCrc.t10dif(0, buf, interval);
        }
        return PiCrc.t10dif(PiCrc.t10dif(0, buf, f.lbaDataSize()), md, interval);
    }

    private static long guard64(NvmeFormat f, long buf, long md, int interval) {
        if (f.lbaExt() != 0) {
            return PiCrc.nvme64(0, buf, interval);
        }
        return PiCrc.nvme64(PiCrc.nvme64(0, buf, f.lbaDataSize()), md, interval);
    }

    private static int getBe16(long a) {
        return (RawMemory.getByte(a) & 0xFF) << 8 | RawMemory.getByte(a + 1) & 0xFF;
    }

    private static int getBe32(long a) {
        return getBe16(a) << 16 | getBe16(a + 2);
    }

    private static long getBe48(long a) {
        return (long) getBe16(a) << 32 | getBe32(a + 2) & 0xFFFFFFFFL;
    }

    private static void putBe16(long a, int v) {
        RawMemory.putByte(a, (byte) (v >>> 8));
        RawMemory.putByte(a + 1, (byte) v);
    }

    private static void putBe32(long a, int v) {
        putBe16(a, v >>> 16);
        putBe16(a + 2, v);
    }

    private static void putBe48(long a, long v) {
        putBe16(a, (int) (v >>> 32));
        putBe32(a + 2, (int) v);
    }

    private static void putBe64(long a, long v) {
        putBe32(a, (int) (v >>> 32));
        putBe32(a + 4, (int) v);
    }
}
