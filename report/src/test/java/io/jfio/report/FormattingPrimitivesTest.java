package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** fio's number formatting (lib/num2str.c) and histogram rules (stat.c), with worked examples. */
class FormattingPrimitivesTest {

    @Test
    void printfRoundsTheExactBinaryValueHalfEven() {
        assertEquals("2.12", CFormat.fixed(2.125, 2));
        assertEquals("0.2", CFormat.fixed(0.25, 1));
        assertEquals("1.00", CFormat.fixed(1.005, 2));
        assertEquals("2.67", CFormat.fixed(2.675, 2));
        assertEquals("0", CFormat.fixed(0.5, 0));
        assertEquals(" 0.00", CFormat.fixed(0.0, 5, 2));
        assertEquals("113.98", CFormat.fixed(113.98, 5, 2));
        assertEquals("100.000000", CFormat.f(100));
        assertEquals("-0.00", CFormat.fixed(-0.0, 2));
        assertEquals("  532", CFormat.pad(532, 5));
    }

    @Test
    void num2strMatchesSpecTable() {
        boolean p2 = true;
        assertEquals("4096B", Num2Str.format(4096, 4, 1, p2, Num2Str.BYTE));
        assertEquals("64.0KiB", Num2Str.format(65536, 4, 1, p2, Num2Str.BYTE));
        assertEquals("128KiB", Num2Str.format(131072, 4, 1, p2, Num2Str.BYTE));
        assertEquals("64.0MiB", Num2Str.format(67108864, 4, 1, p2, Num2Str.BYTE));
        assertEquals("67.1MB", Num2Str.format(67108864, 4, 1, false, Num2Str.BYTE));
        assertEquals("4488MiB", Num2Str.format(4706000000L, 4, 1, p2, Num2Str.BYTE));
        assertEquals("4706MB", Num2Str.format(4706000000L, 4, 1, false, Num2Str.BYTE));
        assertEquals("897MiB/s", Num2Str.format(941000000, 4, 1, p2, Num2Str.BYTEPERSEC));
        assertEquals("941MB/s", Num2Str.format(941000000, 4, 1, false, Num2Str.BYTEPERSEC));
        assertEquals("9.77KiB/s", Num2Str.format(10000, 4, 1, p2, Num2Str.BYTEPERSEC));
        assertEquals("12.2MiB/s", Num2Str.format(12845056, 4, 1, p2, Num2Str.BYTEPERSEC));
        assertEquals("14.0GiB/s", Num2Str.format(15032385536L, 4, 1, p2, Num2Str.BYTEPERSEC));
        assertEquals("3682k", Num2Str.format(3682000, 4, 1, false, Num2Str.NONE));
        assertEquals("61.5k", Num2Str.format(61500, 4, 1, false, Num2Str.NONE));
        assertEquals("100.0k", Num2Str.format(99989, 4, 1, false, Num2Str.NONE));
        assertEquals("2999", Num2Str.format(2999, 4, 1, false, Num2Str.NONE));
        assertEquals("95.2Gbit/s", Num2Str.format(11900000000L, 4, 1, false, Num2Str.BITPERSEC));
        assertEquals("4064.4k", Num2Str.format(4064400, 6, 1, false, Num2Str.NONE));
        assertEquals("321666", Num2Str.format(321666, 6, 1, false, Num2Str.NONE));
        assertEquals("10094k", Num2Str.format(10094123, 6, 1, false, Num2Str.NONE));
        assertEquals("10000k", Num2Str.format(9999500, 4, 1, false, Num2Str.NONE));
    }

    @Test
    void histogramBucketsMatchSpecTable() {
        long[][] rows = {{50, 50, 50}, {127, 127, 127}, {128, 128, 129}, {1000, 317, 1004}, {1272, 335, 1272},
            {130, 129, 131}, {81400, 719, 81408}, {20000000, 1228, 20054016}, {1L << 40, 1855, 17112760320L}};
        for (long[] r : rows) {
            assertEquals(r[1], LatencyHistogram.indexOf(r[0]), "index of " + r[0]);
            assertEquals(r[2], LatencyHistogram.valueOf((int) r[1]), "value of " + r[1]);
        }
        for (int i = 0; i < LatencyHistogram.PLAT_NR; i++) {
            assertEquals(i, LatencyHistogram.indexOf(LatencyHistogram.valueOf(i)));
        }
    }

    @Test
    void percentileThresholdAgreesWithTheShippedBinaryEmulation() {
        double[] ps = {1, 5, 10, 20, 30, 33.333, 40, 50, 60, 70, 75, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999};
        SplittableRandom rnd = new SplittableRandom(42);
        for (int k = 0; k < 20000; k++) {
            long n = k < 5000 ? k + 1 : rnd.nextLong(1, 10_000_000_000_000L);
            for (double p : ps) {
                assertEquals(X87.minCount(p, n), LatencyHistogram.minCount(p, n), "p=" + p + " n=" + n);
            }
        }
        // golden n: 30 % of 50 is exactly the 15th sample
        assertEquals(15, LatencyHistogram.minCount(30, 50));
        assertEquals(30, LatencyHistogram.minCount(60, 50));
    }

    @Test
    void streamStatMergesLikeFio() {
        StreamStat a = new StreamStat();
        StreamStat b = new StreamStat();
        StreamStat all = new StreamStat();
        for (long x : new long[] {5, 7, 9, 100}) {
            a.add(x);
            all.add(x);
        }
        for (long x : new long[] {1, 2000}) {
            b.add(x);
            all.add(x);
        }
        StreamStat m = new StreamStat();
        m.mergeLatency(a);
        m.mergeLatency(new StreamStat());
        m.mergeLatency(b);
        assertEquals(1, m.min());
        assertEquals(2000, m.max());
        assertEquals(all.mean(), m.mean(), 1e-9);
        assertEquals(all.stddev(), m.stddev(), 1e-9);

        StreamStat s = new StreamStat();
        s.mergeSum(new StreamStat());
        s.mergeSum(a);
        s.mergeSum(new StreamStat());
        s.mergeSum(b);
        assertEquals(6, s.samples());
        assertEquals(a.min() + b.min(), s.min());
        assertEquals(a.max() + b.max(), s.max());
        assertEquals(a.mean() + b.mean(), s.mean(), 1e-12);
        assertEquals(0, new StreamStat().min());
    }

    /** Spec appendix A: the x86-64 binary's x87 evaluation of the percentile threshold. */
    static final class X87 {
        private static final BigInteger C_MANT = new BigInteger("A3D70A3D70A3D70A", 16);
        private static final int C_EXP = -70;

        private record Ext(BigInteger mant, int exp) {
        }

        private static Ext round64(BigInteger mant, int exp) {
            int len = mant.bitLength();
            if (len <= 64) {
                return new Ext(mant, exp);
            }
            int shift = len - 64;
            BigInteger q = mant.shiftRight(shift);
            BigInteger rem = mant.subtract(q.shiftLeft(shift));
            int c = rem.compareTo(BigInteger.ONE.shiftLeft(shift - 1));
            if (c > 0 || (c == 0 && q.testBit(0))) {
                q = q.add(BigInteger.ONE);
            }
            return new Ext(q, exp + shift);
        }

        static long minCount(double p, long n) {
            if (n == 0 || p == 0.0) {
                return 0;
            }
            Ext a = round64(BigInteger.valueOf(n).multiply(C_MANT), C_EXP);
            long bits = Double.doubleToRawLongBits(p);
            int e = (int) ((bits >>> 52) & 0x7ff);
            long frac = bits & ((1L << 52) - 1);
            long pm = (e == 0) ? frac : (frac | (1L << 52));
            int pe = (e == 0) ? -1074 : e - 1075;
            Ext t = round64(a.mant().multiply(BigInteger.valueOf(pm)), a.exp() + pe);
            if (t.exp() >= 0) {
                return t.mant().shiftLeft(t.exp()).longValueExact();
            }
            BigInteger q = t.mant().shiftRight(-t.exp());
            boolean exact = q.shiftLeft(-t.exp()).equals(t.mant());
            return (exact ? q : q.add(BigInteger.ONE)).longValueExact();
        }
    }
}
