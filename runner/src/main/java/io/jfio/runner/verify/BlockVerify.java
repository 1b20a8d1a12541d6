package io.jfio.runner.verify;

import io.jfio.engine.IoUnit;

import java.nio.ByteBuffer;

/**
 * fio's verify_io_u for one verifying thread: checks a read unit's headers and data and prints
 * the failure lines. The job thread has one; each verify_async thread has its own {@link #copy},
 * since the checksum state, the pattern's working copy and the report's scratch are per thread.
 * The per-unit facts (buffer views, seeds, numberio, flags) are shared: a unit is checked by one
 * thread at a time, handed over under a monitor.
 */
final class BlockVerify {
    private final VerifyType type;
    private final BlockHeaders headers;
    private final VerifyPattern pattern;
    private final VerifyReport report;
    private final int hdrSize;
    /** verify_fatal: a unit's check stops at its first bad block. */
    private final boolean fatal;
    /** trim_verify_zero (on without trim verification): a trimmed block must read back as zeroes. */
    private final boolean trimZero;
    private final ByteBuffer[] views;
    private final long[] unitSeed;
    private final long[] unitNumberio;
    private final boolean[] unitFromList;
    private final boolean[] unitTrimmed;

    BlockVerify(VerifyType type, BlockHeaders headers, VerifyPattern pattern, VerifyReport report, boolean fatal,
                boolean trimZero, ByteBuffer[] views, long[] unitSeed, long[] unitNumberio, boolean[] unitFromList,
                boolean[] unitTrimmed) {
        this.type = type;
        this.headers = headers;
        this.pattern = pattern;
        this.report = report;
        this.hdrSize = headers.hdrSize;
        this.fatal = fatal;
        this.trimZero = trimZero;
        this.views = views;
        this.unitSeed = unitSeed;
        this.unitNumberio = unitNumberio;
        this.unitFromList = unitFromList;
        this.unitTrimmed = unitTrimmed;
    }

    /** The same check with state of its own, for another thread. */
    BlockVerify copy() {
        BlockHeaders h = headers.copy();
        return new BlockVerify(type, h, pattern == null ? null : pattern.copy(), report.with(h), fatal, trimZero,
                views, unitSeed, unitNumberio, unitFromList, unitTrimmed);
    }

    /** fio's verify_io_u of a read unit: 0 or EILSEQ, the failure printed. */
    int check(IoUnit u) {
        ByteBuffer b = views[u.index];
        if (unitTrimmed[u.index]) {
            unitTrimmed[u.index] = false;
            return trimmedZero(u, b);
        }
        int inc = headers.inc(u.length);
        if (VerifyDebug.on()) {
            VerifyDebug.headers(false, type, u, inc);
        }
        int ret = 0;
        int n = 0;
        for (int p = 0; p < u.length; p += inc, n++) {
            if (ret != 0 && fatal) {
                break;
            }
            int len = Math.min(inc, u.length - p);
            headers.unswap(b, p);
            if (hdrSize > 0) {
                String bad = headers.checkHeader(b, p, n, len, u.offset, unitSeed[u.index], unitNumberio[u.index]);
                if (bad != null) {
                    report.badHeader(bad, u, b, p, n, len);
                    return Verifier.EILSEQ;
                }
            }
            ret = checkData(u, b, p, n, len);
        }
        return ret;
    }

    /** fio's verify_trimmed_io_u: with trim_verify_zero a trimmed block must read back as zeroes. */
    private int trimmedZero(IoUnit u, ByteBuffer b) {
        if (!trimZero) {
            return 0;
        }
        for (int p = 0; p < u.length; p++) {
            if (b.get(p) != 0) {
                report.trimNotZero(u, p);
                return Verifier.EILSEQ;
            }
        }
        return 0;
    }

    private int checkData(IoUnit u, ByteBuffer b, int p, int n, int len) {
        switch (type) {
            case META, PATTERN, PATTERN_NO_HDR:
                // the header was checked above; the data against verify_pattern when there is one
                if (pattern == null || pattern.check(b, p, n, len, hdrSize, u.offset)) {
                    return 0;
                }
                report.badPattern(u, unitFromList[u.index], pattern, n, len);
                return Verifier.EILSEQ;
            default:
                break;
        }
        if (headers.checksumMatches(b, p, len)) {
            return 0;
        }
        report.badChecksum(u, unitFromList[u.index], b, p, n, len, unitNumberio[u.index]);
        return Verifier.EILSEQ;
    }
}
