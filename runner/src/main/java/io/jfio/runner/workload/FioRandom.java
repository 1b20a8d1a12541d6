package io.jfio.runner.workload;

/**
 * fio's frand_state: the combined Tausworthe generators (taus88 for 32 bits, taus258 for 64 bits)
 * with fio's seeding, so that a job seeded like fio draws the same numbers as fio.
 * Mutable and allocation-free; one instance per fio random state.
 */
public final class FioRandom {
    static final double MAX32_PLUS_ONE = 4294967296.0;
    static final double MAX64_PLUS_ONE = 4294967296.0 * 4294967296.0;

    private boolean use64;
    private int s1;
    private int s2;
    private int s3;
    private long l1;
    private long l2;
    private long l3;
    private long l4;
    private long l5;

    public FioRandom() {
        seed(1, false);
    }

    public FioRandom(long seed, boolean use64) {
        seed(seed, use64);
    }

    boolean is64() {
        return use64;
    }

    /** fio's frand_copy: this generator continues from where {@code o} is. */
    public void copyFrom(FioRandom o) {
        use64 = o.use64;
        s1 = o.s1;
        s2 = o.s2;
        s3 = o.s3;
        l1 = o.l1;
        l2 = o.l2;
        l3 = o.l3;
        l4 = o.l4;
        l5 = o.l5;
    }

    /** Number of longs {@link #save} writes. */
    public static final int STATE_LONGS = 6;

    /** Stores the state in {@code dst[at..at+STATE_LONGS)} (compact tables of states, e.g. fio's dedupe working set). */
    public void save(long[] dst, int at) {
        dst[at] = use64 ? 1 : 0;
        if (use64) {
            dst[at + 1] = l1;
            dst[at + 2] = l2;
            dst[at + 3] = l3;
            dst[at + 4] = l4;
            dst[at + 5] = l5;
        } else {
            dst[at + 1] = s1;
            dst[at + 2] = s2;
            dst[at + 3] = s3;
        }
    }

    /** Continues from a state {@link #save} stored. */
    public void restore(long[] src, int at) {
        use64 = src[at] != 0;
        if (use64) {
            l1 = src[at + 1];
            l2 = src[at + 2];
            l3 = src[at + 3];
            l4 = src[at + 4];
            l5 = src[at + 5];
        } else {
            s1 = (int) src[at + 1];
            s2 = (int) src[at + 2];
            s3 = (int) src[at + 3];
        }
    }

    /** fio's __get_next_seed on a 64-bit build: two draws multiplied (the seed of one buffer fill). */
    public long nextSeed() {
        long r = next();
        return r * next();
    }

    /** init_rand_seed(): the 32-bit generator takes the seed truncated to an unsigned int. */
    public void seed(long seed, boolean use64) {
        this.use64 = use64;
        if (!use64) {
            int s = (int) seed;
            // fio writes (2^31)+(2^17)+(2^7) meaning powers, but in C '^' is XOR: 29+19+5 = 53.
            s1 = seed32(53 * 69069 ^ s, 1);
            s2 = seed32(s1 * 69069 ^ s, 7);
            s3 = seed32(s2 * 69069 ^ s, 15);
            for (int i = 0; i < 6; i++) {
                next32();
            }
        } else {
            l1 = seed64(53L * 6906969069L ^ seed, 1);
            l2 = seed64(l1 * 6906969069L ^ seed, 7);
            l3 = seed64(l2 * 6906969069L ^ seed, 15);
            l4 = seed64(l3 * 6906969069L ^ seed, 33);
            l5 = seed64(l4 * 6906969069L ^ seed, 49);
            for (int i = 0; i < 6; i++) {
                next64();
            }
        }
    }

    private static int seed32(int x, int m) {
        return Integer.compareUnsigned(x, m) < 0 ? x + m : x;
    }

    private static long seed64(long x, long m) {
        return Long.compareUnsigned(x, m) < 0 ? x + m : x;
    }

    /** __rand32: an unsigned 32-bit value in the low bits of the result. */
    long next32() {
        s1 = ((s1 & 0xFFFFFFFE) << 12) ^ (((s1 << 13) ^ s1) >>> 19);
        s2 = ((s2 & 0xFFFFFFF8) << 4) ^ (((s2 << 2) ^ s2) >>> 25);
        s3 = ((s3 & 0xFFFFFFF0) << 17) ^ (((s3 << 3) ^ s3) >>> 11);
        return (s1 ^ s2 ^ s3) & 0xFFFFFFFFL;
    }

    long next64() {
        long x = ((l1 << 1) ^ l1) >>> 53;
        l1 = ((l1 & 0xFFFFFFFFFFFFFFFEL) << 10) ^ x;
        x = ((l2 << 24) ^ l2) >>> 50;
        l2 = ((l2 & 0xFFFFFFFFFFFFFE00L) << 5) ^ x;
        x = ((l3 << 3) ^ l3) >>> 23;
        l3 = ((l3 & 0xFFFFFFFFFFFFF000L) << 29) ^ x;
        x = ((l4 << 5) ^ l4) >>> 24;
        l4 = ((l4 & 0xFFFFFFFFFFFE0000L) << 23) ^ x;
        x = ((l5 << 3) ^ l5) >>> 33;
        l5 = ((l5 & 0xFFFFFFFFFF800000L) << 8) ^ x;
        return l1 ^ l2 ^ l3 ^ l4 ^ l5;
    }

    /** __rand(): unsigned; for 64 bits the full long (compare unsigned). */
    public long next() {
        return use64 ? next64() : next32();
    }

    /** rand_max() + 1.0, the divisor fio uses to scale a draw into [0, 1). */
    double maxPlusOne() {
        return use64 ? MAX64_PLUS_ONE : MAX32_PLUS_ONE;
    }

    /** A draw as fio's {@code r / (rand_max + 1.0)}, with r taken unsigned. */
    double nextFraction() {
        return unsignedToDouble(next()) / maxPlusOne();
    }

    /** __rand_0_1: (r + 1) / (max + 1), in (0, 1]. */
    double next01() {
        return (unsignedToDouble(next()) + 1.0) / maxPlusOne();
    }

    /** rand_between(start, end), both inclusive, with fio's floating point scaling. */
    public long between(long start, long end) {
        long span = end - start + 1;
        if (use64) {
            double r = unsignedToDouble(next64()) / MAX64_PLUS_ONE;
            return start + doubleToUnsigned(unsignedToDouble(span) * r);
        }
        double r = next32() / MAX32_PLUS_ONE;
        // rand32_upto casts the product to int
        return start + (int) ((double) (span & 0xFFFFFFFFL) * r);
    }

    static double unsignedToDouble(long v) {
        if (v >= 0) {
            return (double) v;
        }
        // round like a C uint64_t to double conversion
        double d = (double) ((v >>> 1) | (v & 1));
        return d * 2.0;
    }

    /** C's conversion of a non-negative double to uint64_t (truncation). */
    static long doubleToUnsigned(double d) {
        if (d < 9.223372036854775807E18) {
            return (long) d;
        }
        return (long) (d - 9.223372036854775807E18) + Long.MIN_VALUE;
    }
}
