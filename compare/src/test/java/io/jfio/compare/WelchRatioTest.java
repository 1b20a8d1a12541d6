package io.jfio.compare;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fieller's ratio interval (bounds never below -100 %, consistent with the test) and the effective sample size. */
class WelchRatioTest {
    @Test
    void theRatioIntervalNeverReachesBelowMinus100PercentWhereTheLinearOneDoes() {
        // Three scattered results per side, as in the jfio-multi example whose linear interval
        // went to -130 %: A around 970 MiB/s with a wide spread, B around 77.
        double[] a = {420, 980, 1512};
        double[] b = {70, 77, 85};
        Welch.Result w = Welch.test(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
        Welch.Ratio r = Welch.ratio(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
        double linLow = w.ciLow() / w.a().mean();
        System.out.printf("linear [%+.1f%%, %+.1f%%], Fieller [%+.1f%%, %+.1f%%]%n", linLow * 100,
                w.ciHigh() / w.a().mean() * 100, (r.low() - 1) * 100, (r.high() - 1) * 100);
        assertTrue(linLow < -1, "the linear interval passes -100 %: " + linLow);
        assertTrue(r.low() >= 0 && r.low() < r.ratio() && r.ratio() < r.high());
        Random rnd = new Random(7);
        for (int trial = 0; trial < 2000; trial++) {
            double[] x = positive(rnd, 2 + rnd.nextInt(4), 100, 5 + rnd.nextInt(95));
            double[] y = positive(rnd, 2 + rnd.nextInt(4), 1 + rnd.nextInt(200), 5 + rnd.nextInt(195));
            Welch.Ratio q = Welch.ratio(Welch.Summary.of(x), Welch.Summary.of(y), 0.95);
            assertTrue(q.low() - 1 >= -1 && q.low() <= q.ratio() && q.ratio() <= q.high(), Arrays.toString(x)
                    + " " + Arrays.toString(y) + " " + q);
        }
    }

    @Test
    void fiellersBoundsSolveItsQuadraticComputedWithCommonsMath() {
        double[] a = {101.5, 98.2, 103.9, 99.7, 97.1};
        double[] b = {121.0, 117.4, 126.3, 119.9};
        SummaryStatistics sa = new SummaryStatistics();
        SummaryStatistics sb = new SummaryStatistics();
        Arrays.stream(a).forEach(sa::addValue);
        Arrays.stream(b).forEach(sb::addValue);
        double va = sa.getVariance() / sa.getN();
        double vb = sb.getVariance() / sb.getN();
        double df = Math.pow(va + vb, 2) / (va * va / (sa.getN() - 1) + vb * vb / (sb.getN() - 1));
        double q = new TDistribution(df).inverseCumulativeProbability(0.975);
        Welch.Ratio r = Welch.ratio(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
        assertEquals(df, r.df(), 1e-9);
        // At each bound the pivot (meanB - rho meanA) / sqrt(vB + rho^2 vA) is exactly +-q.
        for (double rho : new double[] {r.low(), r.high()}) {
            double pivot = (sb.getMean() - rho * sa.getMean()) / Math.sqrt(vb + rho * rho * va);
            assertEquals(q, Math.abs(pivot), 1e-9);
        }
        assertTrue(r.low() < r.ratio() && r.ratio() < r.high());
        // Small spreads: close to the linear interval divided by A's mean.
        Welch.Result w = Welch.test(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
        assertEquals(w.ciLow() / sa.getMean(), r.low() - 1, 0.01);
        assertEquals(w.ciHigh() / sa.getMean(), r.high() - 1, 0.01);
    }

    @Test
    void theIntervalHoldsOneExactlyWhenWelchsTestIsNotSignificant() {
        Random rnd = new Random(5);
        for (int trial = 0; trial < 3000; trial++) {
            double[] x = positive(rnd, 2 + rnd.nextInt(8), 100, 1 + rnd.nextInt(30));
            double[] y = positive(rnd, 2 + rnd.nextInt(8), 100 + rnd.nextGaussian() * 20, 1 + rnd.nextInt(30));
            Welch.Result w = Welch.test(Welch.Summary.of(x), Welch.Summary.of(y), 0.95);
            Welch.Ratio r = Welch.ratio(Welch.Summary.of(x), Welch.Summary.of(y), 0.95);
            if (Math.abs(w.p() - 0.05) < 1e-9) {
                continue;
            }
            assertEquals(w.p() >= 0.05, r.low() <= 1 && 1 <= r.high(), "trial " + trial + " p=" + w.p() + " " + r);
        }
    }

    @Test
    void coversTheTrueRatioAboutAsOftenAsItClaims() {
        // Normal samples with a known ratio of means (B = 1.5 A): 95 % intervals from n = 10
        // per side cover 1.5 in about 95 % of 4000 seeded trials.
        Random rnd = new Random(11);
        int covered = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            double[] a = new double[10];
            double[] b = new double[10];
            for (int i = 0; i < 10; i++) {
                a[i] = 100 + 20 * rnd.nextGaussian();
                b[i] = 150 + 30 * rnd.nextGaussian();
            }
            Welch.Ratio r = Welch.ratio(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
            if (r.low() <= 1.5 && 1.5 <= r.high()) {
                covered++;
            }
        }
        double rate = (double) covered / trials;
        System.out.printf("coverage of the true ratio: %.3f%n", rate);
        assertTrue(rate > 0.93 && rate < 0.97, "coverage " + rate);
    }

    @Test
    void effectiveSampleSizeOfAnAr1SeriesIsTheTheoreticalOne() {
        double[][] s = ar1AndIndependent();
        double[] ar = s[0];
        int n = ar.length;
        double[] head = Arrays.copyOf(ar, n - 1);
        double[] tail = Arrays.copyOfRange(ar, 1, n);
        assertEquals(new PearsonsCorrelation().correlation(head, tail), Welch.lag1Autocorrelation(ar), 1e-3);
        double essAr = Welch.effectiveSampleSize(ar);
        System.out.printf("n %d: AR(1) rho 0.8 n_eff %.0f (theory %.0f)%n", n, essAr, n * 0.2 / 1.8);
        assertEquals(n * 0.2 / 1.8, essAr, n * 0.2 / 1.8 * 0.1);
    }

    @Test
    void effectiveSampleSizeOfAnIndependentSeriesIsAboutItsLength() {
        double[] iid = ar1AndIndependent()[1];
        int n = iid.length;
        double essIid = Welch.effectiveSampleSize(iid);
        System.out.printf("n %d: iid n_eff %.0f%n", n, essIid);
        assertTrue(essIid > 0.95 * n && essIid <= n);
        assertEquals(2, Welch.effectiveSampleSize(new double[] {1, 2}));
    }

    /** An AR(1) series with rho 0.8 and an independent one, drawn together from one seed. */
    private static double[][] ar1AndIndependent() {
        Random rnd = new Random(3);
        int n = 20000;
        double[] ar = new double[n];
        double[] iid = new double[n];
        for (int i = 0; i < n; i++) {
            ar[i] = (i == 0 ? 0 : 0.8 * ar[i - 1]) + rnd.nextGaussian();
            iid[i] = rnd.nextGaussian();
        }
        return new double[][] {ar, iid};
    }

    private static double[] positive(Random rnd, int n, double mean, double sd) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = Math.max(0.5, mean + sd * rnd.nextGaussian());
        }
        return v;
    }
}
