package io.jfio.runner.verify;

import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * verify_pattern without %o is filled with one copy and checked with one vectorized compare per
 * chunk: the bytes written are the pattern restarted at every verify_pattern_interval chunk (fio's
 * fill_verify_pattern), intact data passes, and a flipped byte anywhere after a header is found
 * with the byte received, the byte wanted and its place in the interval, as fio's
 * verify_io_u_pattern reports them.
 */
class VerifyPatternTest {
    private static VerifyPattern pattern(String p, int vpi, int maxLen) {
        VerifyOptions o = VerifyOptions.from(Jobs.parse("[t]\nrw=write\nbs=4k\nverify=pattern\nverify_pattern=" + p
                + (vpi > 0 ? "\nverify_pattern_interval=" + vpi : "") + "\n").get(0));
        return VerifyPattern.of(o, maxLen);
    }

    /** What fio writes: the pattern bytes from phase 0 at the start of each chunk. */
    private static byte[] expected(byte[] pat, int vpi, int len) {
        byte[] e = new byte[len];
        int chunk = vpi > 0 ? vpi : len;
        for (int i = 0; i < len; i++) {
            e[i] = pat[(i % chunk) % pat.length];
        }
        return e;
    }

    @Test
    void fillsAndChecksAsFioWithoutOffsets() {
        Random r = new Random(42);
        String[] pats = {"0xaa", "0xdeadbeef", "\"abcde\"", "0x0102030405060708090a0b"};
        byte[][] bytes = {{(byte) 0xaa}, {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef}, "abcde".getBytes(),
            {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}};
        int len = 8192;
        for (int k = 0; k < pats.length; k++) {
            for (int vpi : new int[] {0, 10, 129, 512, 4089}) {
                VerifyPattern vp = pattern(pats[k], vpi, len);
                assertTrue(vp.offsetFree(), pats[k]);
                ByteBuffer b = ByteBuffer.allocateDirect(len).order(ByteOrder.LITTLE_ENDIAN);
                vp.fill(b, len, 4096);
                byte[] got = new byte[len];
                b.get(0, got);
                byte[] want = expected(bytes[k], vpi, len);
                assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(got), pats[k] + " vpi=" + vpi);
                for (int inc : new int[] {512, 4096, len}) {
                    for (int hdr : new int[] {0, 52}) {
                        for (int n = 0; n < len / inc; n++) {
                            assertTrue(vp.check(b, n * inc, n, inc, hdr, 4096), pats[k] + " vpi=" + vpi + " n=" + n);
                        }
                        // one flipped byte after the header of a random interval
                        int n = r.nextInt(len / inc);
                        int at = hdr + r.nextInt(inc - hdr);
                        int p = n * inc + at;
                        byte old = b.get(p);
                        b.put(p, (byte) (old ^ 0x10));
                        assertFalse(vp.check(b, n * inc, n, inc, hdr, 4096), pats[k] + " vpi=" + vpi + " at " + p);
                        assertEquals((old ^ 0x10) & 0xff, vp.badGot);
                        assertEquals(old & 0xff, vp.badWant);
                        // fio counts the place from the start of the chunk the compare was in
                        int chunkStart = vpi > 0 && (at - hdr) >= 0 ? chunkOf(n * inc, hdr, inc, vpi, p) : n * inc + hdr;
                        assertEquals(p - chunkStart + hdr, vp.badAt, pats[k] + " vpi=" + vpi + " at " + p);
                        b.put(p, old);
                    }
                }
            }
        }
    }

    /** Where the compare that covers byte {@code p} starts: the interval's data start, or a chunk boundary after it. */
    private static int chunkOf(int start, int hdr, int inc, int vpi, int p) {
        int s = start + hdr;
        int next = (s / vpi + 1) * vpi;
        while (next <= p && next < start + inc) {
            s = next;
            next += vpi;
        }
        return s;
    }

    @Test
    void offsetPatternsKeepTheirOwnPath() {
        assertFalse(pattern("%o", 512, 4096).offsetFree());
        assertFalse(pattern("1%o", 0, 4096).offsetFree());
    }

    @Test
    void theWarmUpStaysWithinTheLargestUnit() {
        // bs=512 and a 12-byte pattern: the image holds 524 bytes, and the JIT warm-up before the
        // job's clock filled 4096 into it (IndexOutOfBoundsException, the job ended with err=5)
        VerifyPattern p = pattern("\"abcd\"-120xdeadface", 0, 512);
        assertEquals(512, p.maxUnit());
        VerifyWarmup.exercise(VerifyType.PATTERN, VerifyHeader.FIO_3_42, 1, p);
    }
}
