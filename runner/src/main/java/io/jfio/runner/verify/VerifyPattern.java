package io.jfio.runner.verify;

import io.jfio.jobfile.options.VerifyOptions;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * verify_pattern as fio writes and checks it (verify.c's fill_verify_pattern and
 * verify_io_u_pattern): the pattern repeated, with the block offset pasted at each %o, per chunk
 * of verify_pattern_interval when one is set. Keeps one working copy of the pattern and, for a
 * pattern without %o, the pattern repeated over the largest unit: a fill is then one copy and a
 * check one vectorized compare (ByteBuffer.mismatch) instead of a loop over single bytes.
 */
final class VerifyPattern {
    /** The pattern with its %o places pasted (a working copy). */
    private final byte[] pattern;
    private final int[] offsets;
    private final int interval;
    /** The pattern repeated over the largest unit plus one pattern length; null with %o. */
    private final ByteBuffer image;

    /** What {@link #check} found wrong: the byte received, the byte wanted, where in the block. */
    int badGot;
    int badWant;
    int badAt;

    private final VerifyOptions o;
    private final int maxLen;

    private VerifyPattern(VerifyOptions o, int maxLen) {
        this.o = o;
        this.maxLen = maxLen;
        this.pattern = o.pattern.bytes().clone();
        this.offsets = o.pattern.offsetPositions();
        this.interval = (int) o.patternInterval;
        if (offsets.length == 0 && pattern.length > 0) {
            int n = maxLen + pattern.length;
            image = ByteBuffer.allocateDirect(n).order(ByteOrder.LITTLE_ENDIAN);
            for (int q = 0; q < n; q += pattern.length) {
                image.put(q, pattern, 0, Math.min(pattern.length, n - q));
            }
        } else {
            image = null;
        }
    }

    /** The same pattern with a working copy of its own (for another thread). */
    VerifyPattern copy() {
        return new VerifyPattern(o, maxLen);
    }

    /** The largest unit {@link #fill} and {@link #check} take (the image's reach; any with %o). */
    int maxUnit() {
        return image == null ? Integer.MAX_VALUE : image.capacity() - pattern.length;
    }

    /** The job's verify_pattern for units of up to {@code maxLen} bytes, or null when it has none. */
    static VerifyPattern of(VerifyOptions o, int maxLen) {
        return o.pattern == null ? null : new VerifyPattern(o, maxLen);
    }

    /**
     * The pattern has no %o, so the bytes a fill leaves do not depend on the offset: a buffer that
     * holds them can be written again as it is (fio's buf_filled_len).
     */
    boolean offsetFree() {
        return image != null;
    }

    /** fio's fill_verify_pattern over {@code len} bytes of a block at file offset {@code offset}. */
    void fill(ByteBuffer b, int len, long offset) {
        int chunk = interval > 0 ? interval : len;
        long off = offset;
        for (int done = 0; done < len; done += chunk, off += chunk) {
            int todo = Math.min(chunk, len - done);
            if (image != null) {
                b.put(done, image, 0, todo);
                continue;
            }
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
            if (image != null) {
                int i = mismatch(b, q, mod, todo);
                if (i >= 0) {
                    badGot = b.get(q + i) & 0xff;
                    badWant = image.get(mod + i) & 0xff;
                    badAt = i + hdrSize;
                    return false;
                }
            } else if (interval > 0) {
                paste(off);
            }
            for (int i = 0; image == null && i < todo; i++) {
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

    /** The first index where {@code len} bytes at {@code q} of {@code b} differ from the image at {@code at}, or -1. */
    private int mismatch(ByteBuffer b, int q, int at, int len) {
        int pos = b.position();
        int lim = b.limit();
        b.limit(q + len).position(q);
        image.limit(at + len).position(at);
        int i = b.mismatch(image);
        b.limit(lim).position(pos);
        image.clear();
        return i;
    }
}
