package io.jfio.compare;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Welch's unequal-variance t-test and the matching confidence interval of the difference of
 * means (B - A), from summary statistics: the same statistic and Welch-Satterthwaite degrees of
 * freedom as commons-math's {@code TTest.tTest(StatisticalSummary, StatisticalSummary)}, which
 * gives the p-value but no interval.
 */
public final class Welch {
    /** Sample summary: mean, unbiased variance (n - 1 denominator) and size. */
    public record Summary(double mean, double variance, long n) {
        public static Summary of(double[] values) {
            int n = values.length;
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += (values[i] - mean) / (i + 1);
            }
            double ss = 0;
            for (double v : values) {
                ss += (v - mean) * (v - mean);
            }
            return new Summary(mean, n > 1 ? ss / (n - 1) : Double.NaN, n);
        }
    }

    /**
     * @param diff   meanB - meanA
     * @param ciLow  lower end of the confidence interval of diff
     * @param ciHigh upper end
     * @param t      Welch's t statistic (B - A)
     * @param df     Welch-Satterthwaite degrees of freedom
     * @param p      two-sided p-value
     */
    public record Result(Summary a, Summary b, double diff, double ciLow, double ciHigh, double t, double df,
                         double p) {
        /** Neither side varied: the t statistic is undefined and so is the interval's width. */
        public boolean noVariance() {
            return a.variance() == 0 && b.variance() == 0;
        }
    }

    private Welch() {
    }

    /** Needs n &gt;= 2 on both sides. {@code confidence} e.g. 0.95. */
    public static Result test(Summary a, Summary b, double confidence) {
        if (a.n() < 2 || b.n() < 2) {
            throw new IllegalArgumentException("Welch's test needs at least two samples per side");
        }
        double diff = b.mean() - a.mean();
        double va = a.variance() / a.n();
        double vb = b.variance() / b.n();
        double se2 = va + vb;
        if (se2 == 0) {
            // Constant samples on both sides: no sampling error is measurable. Equal means are
            // no difference (p = 1); different ones are a difference no test can size (p = 0).
            return new Result(a, b, diff, diff, diff, diff == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, diff),
                    Double.NaN, diff == 0 ? 1.0 : 0.0);
        }
        double se = Math.sqrt(se2);
        double df = se2 * se2 / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double t = diff / se;
        TDistribution dist = new TDistribution(null, df);
        double p = 2.0 * dist.cumulativeProbability(-Math.abs(t));
        double q = dist.inverseCumulativeProbability(1.0 - (1.0 - confidence) / 2.0);
        return new Result(a, b, diff, diff - q * se, diff + q * se, t, df, p);
    }
}
