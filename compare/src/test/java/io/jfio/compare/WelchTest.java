package io.jfio.compare;

import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WelchTest {
    @Test
    void pValueMatchesCommonsMath() {
        TTest ttest = new TTest();
        for (double[][] ab : trials()) {
            double[] a = ab[0];
            double[] b = ab[1];
            Welch.Result w = Welch.test(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
            assertEquals(ttest.tTest(a, b), w.p(), 1e-9);
            SummaryStatistics sa = new SummaryStatistics();
            for (double v : a) {
                sa.addValue(v);
            }
            assertEquals(sa.getVariance(), w.a().variance(), 1e-9);
            assertEquals(ttest.t(b, a), w.t(), 1e-9);
        }
    }

    @Test
    void intervalAgreesWithTheTest() {
        int trial = 0;
        for (double[][] ab : trials()) {
            Welch.Result w = Welch.test(Welch.Summary.of(ab[0]), Welch.Summary.of(ab[1]), 0.95);
            // The 95% interval excludes 0 exactly when p < 0.05 (same t quantile and df).
            boolean excludesZero = w.ciLow() > 0 || w.ciHigh() < 0;
            assertEquals(w.p() < 0.05, excludesZero, "trial " + trial + " p=" + w.p());
            assertTrue(w.ciLow() <= w.diff() && w.diff() <= w.ciHigh());
            trial++;
        }
    }

    /** 200 pairs of normal samples of 2..31 values with random spreads and a random shift. */
    private static List<double[][]> trials() {
        Random rnd = new Random(42);
        List<double[][]> out = new ArrayList<>();
        for (int trial = 0; trial < 200; trial++) {
            int na = 2 + rnd.nextInt(30);
            int nb = 2 + rnd.nextInt(30);
            double shift = rnd.nextGaussian() * 2;
            double[] a = new double[na];
            double[] b = new double[nb];
            for (int i = 0; i < na; i++) {
                a[i] = 100 + rnd.nextGaussian() * (1 + rnd.nextInt(5));
            }
            for (int i = 0; i < nb; i++) {
                b[i] = 100 + shift + rnd.nextGaussian() * (1 + rnd.nextInt(5));
            }
            out.add(new double[][] {a, b});
        }
        return out;
    }

    @Test
    void knownTextbookValues() {
        // Values checked against scipy.stats.ttest_ind(b, a, equal_var=False).
        double[] a = {19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0};
        double[] b = {28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7, 23.2, 17.5, 20.6, 18.0, 23.9,
            21.6, 24.3, 20.4, 24.0, 13.2};
        Welch.Result w = Welch.test(Welch.Summary.of(a), Welch.Summary.of(b), 0.95);
        assertEquals(2.22, w.diff(), 1e-9);
        assertEquals(2.2192409158236233, w.t(), 1e-9);
        assertEquals(24.496223124201244, w.df(), 1e-9);
        assertEquals(0.03597227102979692, w.p(), 1e-9);
    }

    @Test
    void equalConstantSamplesDoNotDiffer() {
        Welch.Result same = Welch.test(Welch.Summary.of(new double[] {5, 5}), Welch.Summary.of(new double[] {5, 5, 5}),
                0.95);
        assertTrue(same.noVariance());
        assertEquals(1.0, same.p());
    }

    @Test
    void differentConstantSamplesDifferCertainly() {
        Welch.Result diff = Welch.test(Welch.Summary.of(new double[] {5, 5}), Welch.Summary.of(new double[] {6, 6}),
                0.95);
        assertEquals(0.0, diff.p());
    }

    @Test
    void oneSampleIsTooFew() {
        assertThrows(IllegalArgumentException.class,
                () -> Welch.test(Welch.Summary.of(new double[] {1}), Welch.Summary.of(new double[] {1, 2}), 0.95));
    }
}
