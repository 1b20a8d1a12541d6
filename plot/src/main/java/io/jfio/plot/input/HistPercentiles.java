package io.jfio.plot.input;

import io.jfio.report.LatencyHistogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Latency statistics of a histogram log computed by the rules of fio's
 * tools/hist/fiologparser_hist.py, so that jfio-plot's numbers are the ones that tool prints for
 * the same file (with {@code --directions}, per direction):
 * <ul>
 * <li>a column's latency is its lower edge plus half the distance to the upper edge of the
 *     <em>next</em> column (the tool's plat_idx_to_val_coarse; below 128 ns a bucket's value is
 *     its index), so with coarseness 0 a column at 1 µs sits half a bucket above fio's own midpoint;</li>
 * <li>a percentile interpolates linearly between column latencies on the weighted CDF
 *     {@code 100 (cumsum(w) - w/2) / sum(w)} (numpy's interp, its search included: clamped at
 *     both ends, the last of equal CDF points taken);</li>
 * <li>per interval (the tool's default, weighted mode) each line's column is spread over the
 *     time from {@code end - interval/2 - latency} to {@code end}, and an interval gets the share
 *     that overlaps it; its sample count is the unweighted sum of the columns that start
 *     before its end, its min the lower edge of the column before the first non-empty one and
 *     its max the upper edge of the column after the last;</li>
 * <li>the whole run is the tool's {@code --noweight} with one interval over everything: the
 *     columns summed, min and max the first and last non-empty column's latency.</li>
 * </ul>
 * Sums are numpy's (pairwise, as np.sum does), so the figures agree to the last digit printed.
 */
public final class HistPercentiles {
    /** What the tool prints per row: samples, min, avg, the percentiles asked for, max (ns). */
    public record Stats(double endMs, int ddir, long samples, double min, double avg, double[] percentiles,
                        double max) {
    }

    /** fiologparser_hist.py's --max_latency default: seconds of lines read ahead of an interval's end. */
    static final double MAX_LATENCY = 20;

    private final double[] binVals;
    private final double[] lowerBinVals;
    private final double[] upperBinVals;

    public HistPercentiles(int coarseness) {
        int n = LatencyHistogram.PLAT_NR >> coarseness;
        binVals = new double[n];
        lowerBinVals = new double[n];
        upperBinVals = new double[n];
        for (int i = 0; i < n; i++) {
            binVals[i] = coarseValue(i, coarseness, 0.5);
            lowerBinVals[i] = coarseValue(i, coarseness, 0.0);
            upperBinVals[i] = coarseValue(i, coarseness, 1.0);
        }
    }

    /** The latency (ns) the tool gives column {@code i}. */
    public double binValue(int i) {
        return binVals[i];
    }

    /** The lower edge (ns) of column {@code i} as the tool computes it. */
    public double lowerEdge(int i) {
        return lowerBinVals[i];
    }

    /** The upper edge (ns) of column {@code i} as the tool computes it. */
    public double upperEdge(int i) {
        return upperBinVals[i];
    }

    private static double value(int idx, double edge) {
        if (idx < (LatencyHistogram.PLAT_VAL << 1)) {
            return idx;
        }
        int errorBits = (idx >> LatencyHistogram.PLAT_BITS) - 1;
        double base = (double) (1L << (errorBits + LatencyHistogram.PLAT_BITS));
        int k = idx % LatencyHistogram.PLAT_VAL;
        return base + ((k + edge) * (double) (1L << errorBits));
    }

    private static double coarseValue(int idx, int coarseness, double edge) {
        int stride = 1 << coarseness;
        int i = idx * stride;
        double lower = value(i, 0.0);
        double upper = value(i + stride, 1.0);
        return lower + (upper - lower) * edge;
    }

    /**
     * The whole run per direction that has samples (the tool's {@code --noweight} with one
     * interval longer than the run): every line's columns summed.
     */
    public List<Stats> wholeRun(HistLogFile log, double[] percs) {
        List<Stats> out = new ArrayList<>();
        for (int d : log.directions()) {
            long[] sum = new long[binVals.length];
            for (HistLogFile.Row r : log.rows()) {
                if (r.ddir() == d) {
                    for (int i = 0; i < sum.length; i++) {
                        sum[i] += r.bins()[i];
                    }
                }
            }
            long n = 0;
            int first = -1;
            int last = -1;
            double[] w = new double[sum.length];
            for (int i = 0; i < sum.length; i++) {
                n += sum[i];
                w[i] = sum[i];
                if (sum[i] != 0) {
                    first = first < 0 ? i : first;
                    last = i;
                }
            }
            if (n == 0) {
                continue;
            }
            // Integer weights: cumsum and sum are exact integers, the CDF's w/2 a float.
            double[] cdf = new double[sum.length];
            long c = 0;
            for (int i = 0; i < sum.length; i++) {
                c += sum[i];
                cdf[i] = 100 * ((double) c - w[i] / 2.0) / (double) n;
            }
            double[] vw = new double[sum.length];
            for (int i = 0; i < sum.length; i++) {
                vw[i] = binVals[i] * w[i];
            }
            double avg = pairwiseSum(vw, 0, vw.length) / (double) n;
            out.add(new Stats(Double.NaN, d, n, binVals[first], avg, interp(percs, cdf, binVals), binVals[last]));
        }
        return out;
    }

    /**
     * Per interval of {@code intervalMs} and direction, the tool's default (weighted) rows, in
     * the order it prints them: by interval, then read before write before trim.
     */
    public List<Stats> weighted(HistLogFile log, long intervalMs, double[] percs) {
        List<Stats> out = new ArrayList<>();
        List<HistLogFile.Row> all = log.rows();
        int next = 0;
        List<HistLogFile.Row> arr = new ArrayList<>();
        double start = 0;
        double end = intervalMs;
        boolean more = true;
        int n = binVals.length;
        double[] startTimes = new double[n];
        while (more || !arr.isEmpty()) {
            while (arr.isEmpty() || arr.get(arr.size() - 1).timeMs() < MAX_LATENCY * 1000 + end) {
                if (next >= all.size()) {
                    more = false;
                    break;
                }
                arr.add(all.get(next++));
            }
            if (!arr.isEmpty()) {
                // The tool jumps to its first line (log_unix_epoch times), subtracting
                // max_latency as a number of ms.
                if (start == 0 && arr.get(0).timeMs() - MAX_LATENCY > end) {
                    start = arr.get(0).timeMs() - MAX_LATENCY;
                    start = start - pyMod(start, intervalMs);
                    end = start + intervalMs;
                }
                double[][] iHist = new double[3][n];
                long[] ssCnt = new long[3];
                double[] mn = {Double.NaN, Double.NaN, Double.NaN};
                double[] mx = {Double.NaN, Double.NaN, Double.NaN};
                for (HistLogFile.Row r : arr) {
                    double endTime = r.timeMs();
                    double shifted = endTime - 0.5 * intervalMs;
                    int from = n;
                    for (int i = 0; i < n; i++) {
                        startTimes[i] = shifted - binVals[i] / 1e6;
                        if (startTimes[i] < end && from == n) {
                            from = i; // start times fall with the latency: the rest are earlier too
                        }
                    }
                    int d = r.ddir();
                    long[] hs = r.bins();
                    int firstNz = -1;
                    int lastNz = -1;
                    for (int i = from; i < n; i++) {
                        double sb = Math.max(startTimes[i], start);
                        double eb = Math.min(endTime, end);
                        double w = (eb - sb) / (endTime - startTimes[i]);
                        if (Double.isNaN(w)) {
                            w = 0;
                        }
                        iHist[d][i] += hs[i] * w;
                        ssCnt[d] += hs[i];
                        if (hs[i] != 0) {
                            firstNz = firstNz < 0 ? i : firstNz;
                            lastNz = i;
                        }
                    }
                    if (firstNz >= 0) {
                        double lo = lowerBinVals[Math.max(from, firstNz - 1)];
                        double hi = upperBinVals[Math.min(n - 1, lastNz + 1)];
                        mn[d] = Double.isNaN(mn[d]) ? lo : Math.min(mn[d], lo);
                        mx[d] = Double.isNaN(mx[d]) ? hi : Math.max(mx[d], hi);
                    }
                }
                for (int d = 0; d < 3; d++) {
                    if (ssCnt[d] > 0) {
                        out.add(stats(end, d, ssCnt[d], mn[d], iHist[d], mx[d], percs));
                    }
                }
                double e = end;
                arr.removeIf(r -> r.timeMs() <= e);
            }
            start += intervalMs;
            end = start + intervalMs;
        }
        return out;
    }

    private Stats stats(double end, int ddir, long samples, double mn, double[] ws, double mx, double[] percs) {
        int n = ws.length;
        double[] cdf = new double[n];
        double total = pairwiseSum(ws, 0, n);
        double c = 0;
        for (int i = 0; i < n; i++) {
            c += ws[i];
            cdf[i] = 100 * (c - ws[i] / 2.0) / total;
        }
        double[] vw = new double[n];
        for (int i = 0; i < n; i++) {
            vw[i] = binVals[i] * ws[i];
        }
        double avg = pairwiseSum(vw, 0, n) / total;
        return new Stats(end, ddir, samples, mn, avg, interp(percs, cdf, binVals), mx);
    }

    /** Python's float modulo (the sign of the divisor). */
    private static double pyMod(double a, double b) {
        double m = a % b;
        return m != 0 && (m < 0) != (b < 0) ? m + b : m;
    }

    /**
     * numpy's interp: below the first point the first value, above the last the last;
     * otherwise from the point numpy's binary search finds to the next. The search is numpy's
     * own (a guess carried from one x to the next, then bisection), because with log_unix_epoch
     * times the tool's weights can be negative and its CDF then falls in places, where another
     * search would land elsewhere.
     */
    static double[] interp(double[] xs, double[] xp, double[] fp) {
        double[] out = new double[xs.length];
        int len = xp.length;
        int j = 0;
        for (int q = 0; q < xs.length; q++) {
            double x = xs[q];
            j = searchWithGuess(x, xp, len, j);
            if (j == -1) {
                out[q] = fp[0];
            } else if (j == len) {
                out[q] = fp[len - 1];
            } else if (j == len - 1 || xp[j] == x) {
                out[q] = fp[j];
            } else {
                double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
                out[q] = slope * (x - xp[j]) + fp[j];
                if (Double.isNaN(out[q])) {
                    out[q] = slope * (x - xp[j + 1]) + fp[j + 1];
                    if (Double.isNaN(out[q]) && fp[j] == fp[j + 1]) {
                        out[q] = fp[j];
                    }
                }
            }
        }
        return out;
    }

    /** numpy's binary_search_with_guess (compiled_base.c), step for step. */
    private static int searchWithGuess(double key, double[] arr, int len, int guess) {
        final int likelyInCache = 8;
        int imin = 0;
        int imax = len;
        if (key > arr[len - 1]) {
            return len;
        } else if (key < arr[0]) {
            return -1;
        }
        if (len <= 4) {
            int i = 1;
            while (i < len && key >= arr[i]) {
                i++;
            }
            return i - 1;
        }
        if (guess > len - 3) {
            guess = len - 3;
        }
        if (guess < 1) {
            guess = 1;
        }
        if (key < arr[guess]) {
            if (key < arr[guess - 1]) {
                imax = guess - 1;
                if (guess > likelyInCache && key >= arr[guess - likelyInCache]) {
                    imin = guess - likelyInCache;
                }
            } else {
                return guess - 1;
            }
        } else {
            if (key < arr[guess + 1]) {
                return guess;
            } else if (key < arr[guess + 2]) {
                return guess + 1;
            } else {
                imin = guess + 2;
                if (guess < len - likelyInCache - 1 && key < arr[guess + likelyInCache]) {
                    imax = guess + likelyInCache;
                }
            }
        }
        while (imin < imax) {
            int imid = imin + ((imax - imin) >> 1);
            if (key >= arr[imid]) {
                imin = imid + 1;
            } else {
                imax = imid;
            }
        }
        return imin - 1;
    }

    /** numpy's pairwise summation of doubles (np.sum): eight accumulators per block of up to 128. */
    static double pairwiseSum(double[] a, int from, int n) {
        if (n < 8) {
            double res = 0;
            for (int i = 0; i < n; i++) {
                res += a[from + i];
            }
            return res;
        } else if (n <= 128) {
            double[] r = new double[8];
            System.arraycopy(a, from, r, 0, 8);
            int i;
            for (i = 8; i < n - (n % 8); i += 8) {
                for (int k = 0; k < 8; k++) {
                    r[k] += a[from + i + k];
                }
            }
            double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            for (; i < n; i++) {
                res += a[from + i];
            }
            return res;
        } else {
            int n2 = n / 2;
            n2 -= n2 % 8;
            return pairwiseSum(a, from, n2) + pairwiseSum(a, from + n2, n - n2);
        }
    }
}
