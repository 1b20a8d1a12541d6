package io.jfio.runner.verify;

import java.nio.ByteBuffer;

/**
 * fio's verify=sha256 checksum. fio's sha256 differs from FIPS SHA-256 in two ways that are part
 * of its on-disk format (crc/sha256.c): the message length in the padding is stored
 * little-endian, and the 64-byte checksum area keeps the final padded block that the hash used as
 * its work buffer, with its first 8 bytes replaced by the low byte of each of the 8 state words.
 * The SHA-256 compression function itself is the standard one: the JDK's intrinsic
 * ({@link JdkSha256Blocks}) where it can be reached, else our own rounds below. Reuses its own
 * arrays; the JDK path keeps a heap copy of the largest block seen so far.
 */
final class FioSha256 {
    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };

    private final int[] state = new int[8];
    private final int[] w = new int[64];
    private final byte[] last = new byte[64];
    private final ByteBuffer lastBuf = ByteBuffer.wrap(last);

    /** The JDK's compression function, or null: ours. */
    private final JdkSha256Blocks jdk;
    /** The data and fio's padding, for the JDK path (grown to the largest block seen). */
    private byte[] copy = new byte[0];

    FioSha256() {
        this(true);
    }

    /** {@code useJdk=false} forces our own rounds (to check the JDK path against them). */
    FioSha256(boolean useJdk) {
        this.jdk = useJdk ? JdkSha256Blocks.create() : null;
    }

    /** Whether the JDK's compression function does the work. */
    boolean intrinsic() {
        return jdk != null;
    }

    static void initialState(int[] state) {
        state[0] = 0x6a09e667;
        state[1] = 0xbb67ae85;
        state[2] = 0x3c6ef372;
        state[3] = 0xa54ff53a;
        state[4] = 0x510e527f;
        state[5] = 0x9b05688c;
        state[6] = 0x1f83d9ab;
        state[7] = 0x5be0cd19;
    }

    /** The 64-byte checksum area of {@code len} bytes at {@code off}, into {@code out[0..64)}. */
    void compute(ByteBuffer b, int off, int len, byte[] out) {
        if (jdk != null) {
            computeJdk(b, off, len, out);
            return;
        }
        int[] state = this.state;
        initialState(state);
        boolean swap = b.order() == java.nio.ByteOrder.LITTLE_ENDIAN;
        int full = len & ~63;
        for (int p = 0; p < full; p += 64) {
            block(b, off + p, swap);
        }
        int r = len - full;
        java.util.Arrays.fill(last, (byte) 0);
        long bits = (long) len << 3;
        b.get(off + full, last, 0, r);
        last[r] = (byte) 0x80;
        if (r >= 56) {
            // the length does not fit: one more block of zeros carries it
            block(lastBuf, 0, false);
            java.util.Arrays.fill(last, (byte) 0);
        }
        for (int i = 0; i < 8; i++) {
            last[56 + i] = (byte) (bits >>> (8 * i));
        }
        block(lastBuf, 0, false);
        System.arraycopy(last, 0, out, 0, 64);
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) state[i];
        }
    }

    /** The same through the JDK: data and fio's padding laid out whole, compressed in one call. */
    private void computeJdk(ByteBuffer b, int off, int len, byte[] out) {
        int r = len & 63;
        int total = (len & ~63) + (r >= 56 ? 128 : 64);
        if (copy.length < total) {
            copy = new byte[total];
        }
        byte[] c = copy;
        b.get(off, c, 0, len);
        c[len] = (byte) 0x80;
        java.util.Arrays.fill(c, len + 1, total - 8, (byte) 0);
        long bits = (long) len << 3;
        for (int i = 0; i < 8; i++) {
            c[total - 8 + i] = (byte) (bits >>> (8 * i));
        }
        int[] st = jdk.state();
        initialState(st);
        jdk.compress(c, 0, total);
        System.arraycopy(c, total - 64, out, 0, 64);
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) st[i];
        }
    }

    private void block(ByteBuffer b, int p, boolean swap) {
        int[] w = this.w;
        for (int i = 0; i < 16; i++) {
            int v = b.getInt(p + 4 * i);
            w[i] = swap ? Integer.reverseBytes(v) : v;
        }
        for (int i = 16; i < 64; i++) {
            int x = w[i - 15];
            int y = w[i - 2];
            int s0 = Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
            int s1 = Integer.rotateRight(y, 17) ^ Integer.rotateRight(y, 19) ^ (y >>> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        int a = state[0];
        int bb = state[1];
        int c = state[2];
        int d = state[3];
        int e = state[4];
        int f = state[5];
        int g = state[6];
        int h = state[7];
        for (int i = 0; i < 64; i++) {
            int t1 = h + (Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25))
                    + ((e & f) ^ (~e & g)) + K[i] + w[i];
            int t2 = (Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22))
                    + ((a & bb) ^ (a & c) ^ (bb & c));
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = bb;
            bb = a;
            a = t1 + t2;
        }
        state[0] += a;
        state[1] += bb;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }
}
