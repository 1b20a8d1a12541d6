package io.jfio.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Compares two {@link ResultSet}s metric by metric: the two means, the relative difference
 * (B - A) / A with a confidence interval of the ratio B / A on the log scale (never below -100 %),
 * the t interval of B - A and Welch's t-test.
 *
 * <p>Which samples are tested, in order of preference:
 * <ol>
 *   <li>{@code results}: the per-result values when both sides have at least two results
 *       (repeats, or the instances of a group): independent runs, the sound basis;</li>
 *   <li>{@code intervals}: for bandwidth and IOPS, fio's per-interval samples (bw_avg_time /
 *       iops_avg_time windows) from each side's results when a side has one result. Windows of
 *       one run are autocorrelated, so this basis understates the variance: it answers "did
 *       these two runs differ", not "do these setups differ";</li>
 *   <li>otherwise the means are shown and the verdict is "n too small": never a fake test.</li>
 * </ol>
 * Failed results (a job with err != 0) never count as samples; a side with only failed results
 * gets a verdict naming the error.
 */
public final class Comparison {
    public static final double DEFAULT_ALPHA = 0.05;

    public enum Basis { RESULTS, INTERVALS, NONE }

    /** One metric's comparison. welch is null when no test was possible (see verdict). */
    public record Row(Metric metric, Basis basis, long nA, long nB, double meanA, double meanB, Welch.Result welch,
                      Welch.Ratio ratio, String verdict) {
        /**
         * Why the row's samples may not be independent, or null: fio's bw/iops windows of one run
         * follow each other (a slow phase spans several), and the JSON results hold only their mean,
         * deviation and count, not the series an effective sample size needs.
         */
        public String independenceNote() {
            if (basis != Basis.INTERVALS) {
                return null;
            }
            if (welch != null && !Double.isNaN(welch.a().effectiveN()) && !Double.isNaN(welch.b().effectiveN())) {
                return String.format(java.util.Locale.ROOT, "%s: interval samples are autocorrelated; effective sample"
                        + " size n(1-r1)/(1+r1) A %.1f of %d, B %.1f of %d, used in place of n", metric.label,
                        welch.a().effectiveN(), welch.a().n(), welch.b().effectiveN(), welch.b().n());
            }
            return "interval samples of single runs are autocorrelated; the results hold no"
                    + " window series, so the effective sample size is unknown and below n (p is optimistic)";
        }

        public double relDiff() {
            return meanA == 0 ? Double.NaN : (meanB - meanA) / meanA;
        }

        public boolean significant() {
            return welch != null && verdict.startsWith("significant");
        }

        public double p() {
            return welch == null ? Double.NaN : welch.p();
        }
    }

    private final ResultSet a;
    private final ResultSet b;
    private final double alpha;
    private final List<Row> rows = new ArrayList<>();

    public Comparison(ResultSet a, ResultSet b, double alpha) {
        this.a = a;
        this.b = b;
        this.alpha = alpha;
        for (Metric m : Metric.values()) {
            Row r = compare(m);
            if (r != null) {
                rows.add(r);
            }
        }
    }

    public ResultSet a() {
        return a;
    }

    public ResultSet b() {
        return b;
    }

    public double alpha() {
        return alpha;
    }

    public List<Row> rows() {
        return rows;
    }

    public Row row(Metric m) {
        for (Row r : rows) {
            if (r.metric() == m) {
                return r;
            }
        }
        return null;
    }

    /** "source: job X: err=95 (...)" lines of one side. */
    public static List<String> errors(ResultSet s) {
        List<String> out = new ArrayList<>();
        for (ResultSample r : s.samples()) {
            for (String e : r.errors()) {
                out.add(r.source() + ": " + e);
            }
        }
        return out;
    }

    private Row compare(Metric m) {
        boolean anyA = false;
        boolean anyB = false;
        for (ResultSample s : a.samples()) {
            anyA |= s.has(m.ddir);
        }
        for (ResultSample s : b.samples()) {
            anyB |= s.has(m.ddir);
        }
        if (!anyA && !anyB) {
            return null;
        }
        double[] va = values(a, m);
        double[] vb = values(b, m);
        if (va.length == 0 && vb.length == 0 && seriesOnly()) {
            return null; // interval series carry bw and iops only: no latency rows to show
        }
        double meanA = mean(va);
        double meanB = mean(vb);
        String failA = failure(a, va, "A");
        String failB = failure(b, vb, "B");
        if (failA != null || failB != null) {
            String v = failA != null && failB != null ? failA + "; " + failB : failA != null ? failA : failB;
            return new Row(m, Basis.NONE, va.length, vb.length, meanA, meanB, null, null, v);
        }
        if (va.length >= 2 && vb.length >= 2) {
            Welch.Result w = Welch.test(Welch.Summary.of(va), Welch.Summary.of(vb), 1 - alpha);
            return new Row(m, Basis.RESULTS, va.length, vb.length, meanA, meanB, w,
                    Welch.ratio(w.a(), w.b(), 1 - alpha), verdict(w));
        }
        Welch.Summary ia = intervals(a, m);
        Welch.Summary ib = intervals(b, m);
        if (ia != null && ib != null && ia.n() >= 2 && ib.n() >= 2 && (ia.errorN() < 2 || ib.errorN() < 2)) {
            return new Row(m, Basis.NONE, ia.n(), ib.n(), ia.mean(), ib.mean(), null, null, String.format(
                    java.util.Locale.ROOT, "n too small (intervals autocorrelated: effective n A %.1f, B %.1f)",
                    ia.errorN(), ib.errorN()));
        }
        if (ia != null && ib != null && ia.n() >= 2 && ib.n() >= 2) {
            Welch.Result w = Welch.test(ia, ib, 1 - alpha);
            return new Row(m, Basis.INTERVALS, ia.n(), ib.n(), ia.mean(), ib.mean(), w, Welch.ratio(ia, ib, 1 - alpha),
                    verdict(w));
        }
        return new Row(m, Basis.NONE, va.length, vb.length, meanA, meanB, null, null, "n too small");
    }

    private String verdict(Welch.Result w) {
        if (w.noVariance()) {
            return w.diff() == 0 ? "not significant (identical, no variance)" : "significant (no variance)";
        }
        if (w.p() < alpha) {
            return "significant (B " + (w.diff() > 0 ? "higher" : "lower") + ")";
        }
        return "not significant";
    }

    private boolean seriesOnly() {
        return a.samples().stream().allMatch(ResultSample::isSeries) && b.samples().stream().allMatch(ResultSample::isSeries);
    }

    /** Why a side has no usable value, or null. */
    private static String failure(ResultSet s, double[] values, String side) {
        if (values.length > 0) {
            return null;
        }
        Set<String> errs = new LinkedHashSet<>();
        for (ResultSample r : s.samples()) {
            if (r.failed()) {
                for (String e : r.errors()) {
                    errs.add(e.substring(e.indexOf(": ") + 2));
                }
            }
        }
        if (!errs.isEmpty()) {
            return side + " failed: " + String.join(", ", errs);
        }
        return "no data in " + side;
    }

    /** The metric over the side's successful results that have it. */
    static double[] values(ResultSet s, Metric m) {
        List<Double> out = new ArrayList<>();
        for (ResultSample r : s.samples()) {
            if (r.failed()) {
                continue;
            }
            double v = r.value(m);
            if (!Double.isNaN(v)) {
                out.add(v);
            }
        }
        double[] d = new double[out.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = out.get(i);
        }
        return d;
    }

    /**
     * Per-interval samples of the side's successful results pooled (parallel variance merge); the
     * effective sizes of independent runs add up (unknown if one is unknown).
     */
    static Welch.Summary intervals(ResultSet s, Metric m) {
        long n = 0;
        double mean = 0;
        double ss = 0;
        double eff = 0;
        for (ResultSample r : s.samples()) {
            if (r.failed()) {
                continue;
            }
            Welch.Summary x = r.intervals(m);
            if (x == null) {
                continue;
            }
            double xss = x.n() > 1 ? x.variance() * (x.n() - 1) : 0;
            eff += x.effectiveN();
            if (n == 0) {
                n = x.n();
                mean = x.mean();
                ss = xss;
                continue;
            }
            double d = x.mean() - mean;
            long total = n + x.n();
            ss += xss + d * d * n * x.n() / total;
            mean += d * x.n() / total;
            n = total;
        }
        return n == 0 ? null : new Welch.Summary(mean, n > 1 ? ss / (n - 1) : Double.NaN, n, eff);
    }

    private static double mean(double[] v) {
        return v.length == 0 ? Double.NaN : Welch.Summary.of(v).mean();
    }
}
