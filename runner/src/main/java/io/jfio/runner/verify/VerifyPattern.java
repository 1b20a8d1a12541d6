package io.jfio.runner.verify;

import io.jfio.jobfile.options.VerifyOptions;

import java.nio.ByteBuffer;

/**
 * verify_pattern as fio writes and checks it (verify.c's fill_verify_pattern and
 * verify_io_u_pattern): the pattern repeated, with the block offset pasted at each %o, per chunk
 * of verify_pattern_interval when one is set. Keeps one working copy of the pattern.
 */
final class VerifyPattern {
    /** The pattern with its %o places pasted (a working copy). */
    private final byte[] pattern;
    private final int[] offsets;
    private final int interval;

    /** What {@link #check} found wrong: the byte received, the byte wanted, where in the block. */
    int badGot;
    int badWant;
    int badAt;

    private VerifyPattern(VerifyOptions o) {
        this.pattern = o.pattern.bytes().clone();
        this.offsets = o.pattern.offsetPositions();
        this.interval = (int) o.patternInterval;
    }

    /** The job's verify_pattern, or null when it has none. */
    static VerifyPattern of(VerifyOptions o) {
        return o.pattern == null ? null : new VerifyPattern(o);
    }

    /** fio's fill_verify_pattern over {@code len} bytes of a block at file offset {@code offset}. */
    void fill(ByteBuffer b, int len, long offset) {
        int chunk = interval > 0 ? interval : len;
        long off = offset;
        for (int done = 0; done < len; done += chunk, off += chunk) {
            int todo = Math.min(chunk, len - done);
            paste(off);
            for (int q = 0; q < todo; q += pattern.length) {
                b.put(done + q, pattern, 0, Math.min(pattern.length, todo - q));
            }
        }
    }

    /** fio's paste_blockoff into the pattern copy: the offset, 8 bytes little-endian, at each %o. */
    private void paste(long offset) {
        for (int at : offsets) {
            for (int k = 0; k < 8 && at + k < pattern.length; k++) {
                pattern[at + k] = (byte) (offset >>> (8 * k));
            }
        }
    }

    /**
     * fio's verify_io_u_pattern for header {@code n} of a unit at file offset {@code unitOffset},
     * the interval at {@code p} being {@code inc} bytes with a {@code hdrSize}-byte header. True
     * when it matches; otherwise {@link #badGot}, {@link #badWant} and {@link #badAt} say where not.
     */
    boolean check(ByteBuffer b, int p, int n, int inc, int hdrSize, long unitOffset) {
        int psize = pattern.length;
        int len = inc - hdrSize;
        int start = p + hdrSize;
        long off = unitOffset;
        int mod;
        int todo;
        if (interval > 0) {
            long extent = (long) inc * n + hdrSize;
            int pim = (int) (extent % interval);
            mod = pim % psize;
            todo = Math.min(len, interval - pim);
            off += extent / interval * interval;
        } else {
            paste(off);
            mod = (int) (((long) inc * n + hdrSize) % psize);
            todo = len;
        }
        int done = 0;
        int q = start;
        while (done < len) {
            if (interval > 0) {
                paste(off);
            }
            for (int i = 0; i < todo; i++) {
                byte want = pattern[mod];
                byte got = b.get(q + i);
                if (got != want) {
                    badGot = got & 0xff;
                    badWant = want & 0xff;
                    badAt = i + hdrSize;
                    return false;
                }
                if (++mod == psize) {
                    mod = 0;
                }
            }
            mod = 0;
            done += todo;
            q += todo;
            off += interval;
            todo = Math.min(len - done, interval);
        }
        return true;
    }
}
