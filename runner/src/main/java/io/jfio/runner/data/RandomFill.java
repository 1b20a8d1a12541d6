package io.jfio.runner.data;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;

/**
 * The random bytes a seed expands to (fio's lib/rand.c __fill_random_buf): the buffer contents
 * of a random write and fio's verify data alike. An instance keeps the scratch words of the
 * per-I/O fill ({@link #fill(ByteBuffer, LongBuffer, int, int, long)}): one per job thread.
 */
public final class RandomFill {
    private static final long GOLDEN = 0x61C8864680B583EBL;
    /** Words per chunk of the per-I/O fill: its table and scratch stay in the L1 cache. */
    private static final int CHUNK = 1024;
    /**
     * Word i of a fill from seed 1: bucket i%4's prime times golden^(i/4). Every fill is this
     * table times its seed (the products are exact modulo 2^64), CHUNK words at a time, each
     * chunk's seed advanced by golden^(CHUNK/4).
     */
    private static final long[] UNIT = unitTable();
    private static final long CHUNK_STEP = power(GOLDEN, CHUNK / 4);
    /** {@link #warmUp}: more calls than the compile thresholds of its methods (scaled by 0.1). */
    private static final int WARM_UP_ROUNDS = 400;
    private static final int WARM_UP_BYTES = 2048;
    /** The chunk being made, copied into the buffer in bulk; allocated by the first fill. */
    private long[] scratch;

    private static long[] unitTable() {
        long[] t = new long[CHUNK];
        long[] s = {1, 2, 3, 5};
        for (int i = 0; i < CHUNK; i += 4) {
            for (int k = 0; k < 4; k++) {
                t[i + k] = s[k];
                s[k] *= GOLDEN;
            }
        }
        return t;
    }

    /**
     * Four 64-bit lanes seeded with seed times 1, 2, 3 and 5, each multiplied by the 64-bit
     * golden ratio after every word; the tail continues lane 0. {@code b} must be little-endian.
     */
    public static void fill(ByteBuffer b, int off, int len, long seed) {
        fill(b, null, null, off, len, seed);
    }

    /**
     * As {@link #fill(ByteBuffer, int, int, long)}, the whole words through {@code words}, a
     * little-endian long view of {@code b} made once per buffer (or null). The words are the
     * seed times a constant table ({@link #UNIT}), which the JIT computes with vector multiplies
     * into a scratch chunk that one bulk put copies: about twice the speed of the four lanes
     * stored word by word (fio's C, built with -march=native, vectorizes its loop likewise), and
     * verify's write path (random data, header, checksum) is mostly this fill.
     */
    public void fill(ByteBuffer b, LongBuffer words, int off, int len, long seed) {
        if (words != null && scratch == null) {
            scratch = new long[CHUNK];
        }
        fill(b, words, scratch, off, len, seed);
    }

    private static void fill(ByteBuffer b, LongBuffer words, long[] scratch, int off, int len, long seed) {
        int bucketWords = (len / 8 / 4) * 4;
        long s0 = seed;
        long s1 = seed * 2;
        long s2 = seed * 3;
        long s3 = seed * 5;
        int p = off;
        if (words != null && (off & 7) == 0) {
            p = words(words, scratch, off >>> 3, (off >>> 3) + bucketWords, seed) << 3;
            // the tail continues lane 0 from where the buckets left it: seed x golden^(rounds),
            // the 64-bit products being exact modulo 2^64
            s0 = seed * power(GOLDEN, bucketWords / 4);
        } else {
            int end = off + bucketWords * 8;
            for (; p < end; p += 32) {
                b.putLong(p, s0);
                b.putLong(p + 8, s1);
                b.putLong(p + 16, s2);
                b.putLong(p + 24, s3);
                s0 *= GOLDEN;
                s1 *= GOLDEN;
                s2 *= GOLDEN;
                s3 *= GOLDEN;
            }
        }
        tail(b, p, off + len, s0);
    }

    /**
     * As {@link #fill(ByteBuffer, int, int, long)} from the buffer's start, for a fill done once
     * per buffer (a job's set-up): the per-I/O fill's chunked words and bulk puts, with a scratch
     * of its own. The 252 threads of a numjobs=252 job fill their buffers while the JVM still
     * interprets most code; there a {@code putLong} is a chain of interpreted calls, and 64 KiB by
     * putLong took 1-2.5 ms of each job thread's CPU, half of its whole set-up. It allocates (the
     * view, the scratch): a per-I/O fill goes through an instance's
     * {@link #fill(ByteBuffer, LongBuffer, int, int, long)}.
     */
    public static void fillOnce(ByteBuffer b, int len, long seed) {
        fill(b, words(b), new long[CHUNK], 0, len, seed);
    }

    /**
     * Runs {@link #fillOnce} over a small scratch buffer often enough that the JIT compiles it
     * (the once-fill and its chunk loop, scaled thresholds in the launcher's compile command
     * file), for a side thread to call while the main thread still sets the jobs up. Without it
     * the 252 job threads of a numjobs=252 write job each filled 64 KiB interpreted (~0.35 ms of
     * CPU apiece) while their request to compile the loop waited behind the start-up's other
     * compiles; the compiled loop arrived after most of them had filled. 12-17 ms of one thread.
     */
    public static void warmUp() {
        ByteBuffer b = ByteBuffer.allocateDirect(WARM_UP_BYTES).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int last = WARM_UP_BYTES / 8 - 1;
        // the last word is bucket 3's (seed times 5) after last/4 multiplies by golden, computed
        // here without the table: a warm-up that fills wrongly fails loudly
        long lastUnit = 5L * power(GOLDEN, last / 4);
        for (int i = 1; i <= WARM_UP_ROUNDS; i++) {
            fillOnce(b, WARM_UP_BYTES, i);
            if (b.getLong(last * 8) != i * lastUnit) {
                throw new IllegalStateException("random fill warm-up: word " + last + " of seed " + i + " is wrong");
            }
        }
    }

    /** The bytes from {@code p} to {@code end} after the buckets: lane 0 continued from {@code s}. */
    private static void tail(ByteBuffer b, int p, int end, long s) {
        for (; p + 8 <= end; p += 8) {
            b.putLong(p, s);
            s *= GOLDEN;
        }
        for (int k = 0; p < end; p++, k++) {
            b.put(p, (byte) (s >>> (8 * k)));
        }
    }

    /** The bucket words from word {@code w} to {@code end} (a multiple of four apart); returns {@code end}. */
    private static int words(LongBuffer words, long[] scratch, int w, int end, long seed) {
        long[] unit = UNIT;
        long s = seed;
        while (w < end) {
            int n = Math.min(CHUNK, end - w);
            for (int i = 0; i < n; i++) {
                scratch[i] = s * unit[i];
            }
            words.put(w, scratch, 0, n);
            w += n;
            s *= CHUNK_STEP;
        }
        return w;
    }

    /** {@code x} to the {@code n}th power modulo 2^64. */
    private static long power(long x, int n) {
        long r = 1;
        for (; n > 0; n >>>= 1, x *= x) {
            if ((n & 1) != 0) {
                r *= x;
            }
        }
        return r;
    }

    /** The little-endian long view {@link #fill(ByteBuffer, LongBuffer, int, int, long)} takes. */
    public static LongBuffer words(ByteBuffer b) {
        return b.duplicate().clear().order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    }
}
