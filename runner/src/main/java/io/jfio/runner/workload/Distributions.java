package io.jfio.runner.workload;

/**
 * fio's non-uniform offset generators (lib/zipf.c, lib/gauss.c): zipf, pareto and normal over
 * {@code nranges} ranges, each with its own 32-bit Tausworthe state, fio's hashing of the
 * result (to spread hot ranges over the file) and its center offset.
 */
final class Distributions {
    static final long GOLDEN_RATIO_64 = 0x61C8864680B583EBL;
    private static final long ZIPF_MAX_GEN = 10_000_000L;

    enum Kind { ZIPF, PARETO, GAUSS }

    private final Kind kind;
    private final long nranges;
    private final FioRandom rand;
    private final boolean hash;
    private long randOff;
    // zipf
    private double theta;
    private double zeta2;
    private double zetan;
    // pareto
    private double paretoPow;
    // gauss
    private long stddev;

    private Distributions(Kind kind, long nranges, long seed, boolean hash) {
        this.kind = kind;
        this.nranges = nranges;
        this.rand = new FioRandom(seed & 0xFFFFFFFFL, false);
        this.hash = hash;
    }

    /** zipf_init / pareto_init; center -1 means "not given". */
    static Distributions zipf(long nranges, double theta, double center, long seed, boolean hash) {
        Distributions d = new Distributions(Kind.ZIPF, nranges, seed, hash);
        d.sharedInit(center);
        d.theta = theta;
        d.zeta2 = Math.pow(1.0, theta) + Math.pow(0.5, theta);
        long toGen = Math.min(nranges, ZIPF_MAX_GEN);
        double z = 0;
        for (long i = 0; i < toGen; i++) {
            z += Math.pow(1.0 / (double) (i + 1), theta);
        }
        d.zetan = z;
        return d;
    }

    static Distributions pareto(long nranges, double h, double center, long seed, boolean hash) {
        Distributions d = new Distributions(Kind.PARETO, nranges, seed, hash);
        d.sharedInit(center);
        d.paretoPow = Math.log(h) / Math.log(1.0 - h);
        return d;
    }

    static Distributions gauss(long nranges, double dev, double center, long seed, boolean hash) {
        Distributions d = new Distributions(Kind.GAUSS, nranges, seed, hash);
        if (dev != 0.0) {
            d.stddev = (long) Math.ceil((double) (nranges * dev) / 100.0);
            if (d.stddev > nranges / 2) {
                d.stddev = nranges / 2;
            }
        }
        // fio keeps this offset in an unsigned int, so a center below 0.5 wraps
        d.randOff = center == -1 ? 0 : ((long) (nranges * (center - 0.5))) & 0xFFFFFFFFL;
        return d;
    }

    private void sharedInit(double center) {
        randOff = rand.next();
        if (center != -1) {
            randOff = FioRandom.doubleToUnsigned(nranges * center);
        }
    }

    long next() {
        switch (kind) {
            case ZIPF:
                return zipfNext();
            case PARETO:
                return paretoNext();
            default:
                return gaussNext();
        }
    }

    private long zipfNext() {
        double n = (double) nranges;
        double alpha = 1.0 / (1.0 - theta);
        double eta = (1.0 - Math.pow(2.0 / n, 1.0 - theta)) / (1.0 - zeta2 / zetan);
        double randUni = (double) rand.next32() / 4294967295.0;
        double randZ = randUni * zetan;
        long val;
        if (randZ < 1.0) {
            val = 1;
        } else if (randZ < 1.0 + Math.pow(0.5, theta)) {
            val = 2;
        } else {
            val = 1 + FioRandom.doubleToUnsigned(n * Math.pow(eta * randUni - eta + 1.0, alpha));
        }
        val--;
        if (hash) {
            val *= GOLDEN_RATIO_64;
        }
        return Long.remainderUnsigned(val + randOff, nranges);
    }

    private long paretoNext() {
        double r = (double) rand.next32() / 4294967295.0;
        long n = FioRandom.doubleToUnsigned((nranges - 1) * Math.pow(r, paretoPow));
        if (hash) {
            n *= GOLDEN_RATIO_64;
        }
        return Long.remainderUnsigned(n + randOff, nranges);
    }

    private long gaussNext() {
        long sum = 0;
        for (int i = 0; i < 12; i++) {
            sum += Long.remainderUnsigned(rand.next32(), nranges + 1);
        }
        sum = (sum + 11) / 12;
        if (stddev != 0) {
            long dev = gaussDev();
            while (Long.compareUnsigned(dev + sum, nranges) >= 0) {
                dev /= 2;
            }
            sum += dev;
        }
        if (hash) {
            sum *= GOLDEN_RATIO_64;
        }
        return Long.remainderUnsigned(sum + randOff, nranges);
    }

    private long gaussDev() {
        long r = rand.next32();
        int vr = (int) (stddev * (r / 4294967296.0));
        return vr - (int) (stddev / 2);
    }

    /** fio's jhash (Bob Jenkins), including fio's byte-wide reads of the 12-byte blocks. */
    static int jhash(byte[] key, int initval) {
        int length = key.length;
        int a = 0x61C88647 + length + initval;
        int b = a;
        int c = a;
        int k = 0;
        while (length > 12) {
            a += key[k] & 0xFF;
            b += key[k + 4] & 0xFF;
            c += key[k + 8] & 0xFF;
            a -= c; a ^= Integer.rotateLeft(c, 4); c += b;
            b -= a; b ^= Integer.rotateLeft(a, 6); a += c;
            c -= b; c ^= Integer.rotateLeft(b, 8); b += a;
            a -= c; a ^= Integer.rotateLeft(c, 16); c += b;
            b -= a; b ^= Integer.rotateLeft(a, 19); a += c;
            c -= b; c ^= Integer.rotateLeft(b, 4); b += a;
            length -= 12;
            k += 12;
        }
        if (length == 0) {
            return c;
        }
        switch (length) {
            case 12: c += (key[k + 11] & 0xFF) << 24; // fall through
            case 11: c += (key[k + 10] & 0xFF) << 16; // fall through
            case 10: c += (key[k + 9] & 0xFF) << 8; // fall through
            case 9: c += key[k + 8] & 0xFF; // fall through
            case 8: b += (key[k + 7] & 0xFF) << 24; // fall through
            case 7: b += (key[k + 6] & 0xFF) << 16; // fall through
            case 6: b += (key[k + 5] & 0xFF) << 8; // fall through
            case 5: b += key[k + 4] & 0xFF; // fall through
            case 4: a += (key[k + 3] & 0xFF) << 24; // fall through
            case 3: a += (key[k + 2] & 0xFF) << 16; // fall through
            case 2: a += (key[k + 1] & 0xFF) << 8; // fall through
            default: a += key[k] & 0xFF;
        }
        c ^= b; c -= Integer.rotateLeft(b, 14);
        a ^= c; a -= Integer.rotateLeft(c, 11);
        b ^= a; b -= Integer.rotateLeft(a, 25);
        c ^= b; c -= Integer.rotateLeft(b, 16);
        a ^= c; a -= Integer.rotateLeft(c, 4);
        b ^= a; b -= Integer.rotateLeft(a, 14);
        c ^= b; c -= Integer.rotateLeft(b, 24);
        return c;
    }
}
