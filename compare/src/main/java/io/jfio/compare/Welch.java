package io.jfio.compare;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Welch's unequal-variance t-test and the matching confidence interval of the difference of
 * means (B - A), from summary statistics: the same statistic and Welch-Satterthwaite degrees of
 * freedom as commons-math's {@code TTest.tTest(StatisticalSummary, StatisticalSummary)}, which
 * gives the p-value but no interval.
 */
public final class Welch {
    /**
     * Sample summary: mean, unbiased variance (n - 1 denominator), size, and the effective sample
     * size the standard error and degrees of freedom use: n for independent samples, less for an
     * autocorrelated series ({@link #ofSeries}), NaN when the samples are known to be a series but
     * the series itself is not at hand (then n is used and the caller says so).
     */
    public record Summary(double mean, double variance, long n, double effectiveN) {
        /** Independent samples: the effective size is n. */
        public Summary(double mean, double variance, long n) {
            this(mean, variance, n, n);
        }

        /** The size the standard error uses: effectiveN when known, else n. */
        public double errorN() {
            return Double.isNaN(effectiveN) ? n : effectiveN;
        }

        /** A series (fio's bw/iops windows, NDJSON intervals): its effective size from the lag-1 autocorrelation. */
        public static Summary ofSeries(double[] series) {
            Summary s = of(series);
            return new Summary(s.mean(), s.variance(), s.n(), effectiveSampleSize(series));
        }

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

    /**
     * Needs n &gt;= 2 (and an effective n &gt;= 2) on both sides. {@code confidence} e.g. 0.95. The
     * standard errors and the Welch-Satterthwaite degrees of freedom use each side's
     * {@link Summary#errorN()}: for an autocorrelated series the variance of its mean is about
     * variance / n_eff, not variance / n.
     */
    public static Result test(Summary a, Summary b, double confidence) {
        if (a.n() < 2 || b.n() < 2 || a.errorN() < 2 || b.errorN() < 2) {
            throw new IllegalArgumentException("Welch's test needs at least two (effective) samples per side");
        }
        double diff = b.mean() - a.mean();
        double va = a.variance() / a.errorN();
        double vb = b.variance() / b.errorN();
        double se2 = va + vb;
        if (se2 == 0) {
            // Constant samples on both sides: no sampling error is measurable. Equal means are
            // no difference (p = 1); different ones are a difference no test can size (p = 0).
            return new Result(a, b, diff, diff, diff, diff == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, diff),
                    Double.NaN, diff == 0 ? 1.0 : 0.0);
        }
        double se = Math.sqrt(se2);
        double df = se2 * se2 / (va * va / (a.errorN() - 1) + vb * vb / (b.errorN() - 1));
        double t = diff / se;
        TDistribution dist = new TDistribution(null, df);
        double p = 2.0 * dist.cumulativeProbability(-Math.abs(t));
        double q = dist.inverseCumulativeProbability(1.0 - (1.0 - confidence) / 2.0);
        return new Result(a, b, diff, diff - q * se, diff + q * se, t, df, p);
    }

    /**
     * The ratio meanB / meanA with Fieller's confidence interval: every ratio rho for which
     * (meanB - rho meanA)^2 &lt;= q^2 (varB / nB + rho^2 varA / nA), q the t quantile at Welch's
     * degrees of freedom (those of the test, so the interval holds 1 exactly when the test is not
     * significant). The metrics are positive, so a bound below 0 is cut at 0: as a relative
     * difference (ratio - 1) the interval never reaches below -100 %. Where A's mean is itself not
     * distinguishable from 0 the interval has no upper end ({@code high} is +infinity).
     *
     * @param low  lower bound of B / A, at least 0 (NaN when there is no test: n &lt; 2 or no variance)
     * @param high upper bound of B / A (+infinity when unbounded)
     */
    public record Ratio(double ratio, double low, double high, double df) {
    }

    public static Ratio ratio(Summary a, Summary b, double confidence) {
        double r = a.mean() == 0 ? Double.NaN : b.mean() / a.mean();
        if (a.n() < 2 || b.n() < 2 || a.errorN() < 2 || b.errorN() < 2 || !(a.mean() > 0) || b.mean() < 0) {
            return new Ratio(r, Double.NaN, Double.NaN, Double.NaN);
        }
        double sa2 = a.variance() / a.errorN();
        double sb2 = b.variance() / b.errorN();
        double se2 = sa2 + sb2;
        if (se2 == 0) {
            return new Ratio(r, r, r, Double.NaN);
        }
        double df = se2 * se2 / (sa2 * sa2 / (a.errorN() - 1) + sb2 * sb2 / (b.errorN() - 1));
        double q = new TDistribution(null, df).inverseCumulativeProbability(1.0 - (1.0 - confidence) / 2.0);
        double q2 = q * q;
        double ma = a.mean();
        double mb = b.mean();
        double quad = ma * ma - q2 * sa2;
        if (quad <= 0) {
            return new Ratio(r, 0, Double.POSITIVE_INFINITY, df);
        }
        double disc = q2 * (ma * ma * sb2 + mb * mb * sa2) - q2 * q2 * sa2 * sb2;
        double root = Math.sqrt(Math.max(0, disc));
        double low = (ma * mb - root) / quad;
        double high = (ma * mb + root) / quad;
        return new Ratio(r, Math.max(0, low), high, df);
    }

    /**
     * Effective sample size of a series with lag-1 autocorrelation rho (an AR(1) reading):
     * n (1 - rho) / (1 + rho), at most n (negative rho is not taken as extra information) and at
     * least 1. rho is the sample autocorrelation sum((x_i - m)(x_i+1 - m)) / sum((x_i - m)^2).
     */
    public static double effectiveSampleSize(double[] series) {
        int n = series.length;
        if (n < 3) {
            return n;
        }
        double rho = lag1Autocorrelation(series);
        if (Double.isNaN(rho) || rho <= 0) {
            return n;
        }
        return Math.max(1.0, n * (1 - rho) / (1 + rho));
    }

    /** The sample lag-1 autocorrelation (NaN for a constant series). */
    public static double lag1Autocorrelation(double[] x) {
        double m = Summary.of(x).mean();
        double num = 0;
        double den = 0;
        for (int i = 0; i < x.length; i++) {
            double d = x[i] - m;
            den += d * d;
            if (i + 1 < x.length) {
                num += d * (x[i + 1] - m);
            }
        }
        return den == 0 ? Double.NaN : num / den;
    }
}
