package io.jfio.plot.chart;

import io.jfio.plot.input.ComparisonFile;
import io.jfio.plot.input.Series;
import io.jfio.report.LatencyHistogram;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.text.DecimalFormat;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;

/** The chart kinds of jfio-plot, built as JFreeChart charts (drawn to SVG by {@link SvgChart}). */
public final class Charts {
    /** Points per series beyond which a series is averaged down (see {@link Series#atMost}). */
    public static final int MAX_POINTS = 2000;
    /** fio's default percentile_list: the percentile curve passes through each of them. */
    static final double[] FIO_PERCENTILES = {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95,
        99.99};

    /** Series colours, in order (colour-blind-safe, after Okabe and Ito). */
    public static final Color[] PALETTE = {new Color(0x00, 0x72, 0xb2), new Color(0xd5, 0x5e, 0x00),
        new Color(0x00, 0x9e, 0x73), new Color(0xcc, 0x79, 0xa7), new Color(0xe6, 0x9f, 0x00),
        new Color(0x56, 0xb4, 0xe9), new Color(0x00, 0x00, 0x00)};

    private Charts() {
    }

    /** A line per series over time: x in seconds. */
    public static JFreeChart timeSeries(String title, String yLabel, List<Series> series) {
        XYSeriesCollection data = collection(series, true);
        NumberAxis x = new NumberAxis("time (s)");
        x.setAutoRangeIncludesZero(true);
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer r = lines();
        XYPlot plot = new XYPlot(data, x, y, r);
        return chart(title, plot, true); // the legend names the direction even when there is one
    }

    /**
     * The completion-latency distribution from fio's histogram: one bar per non-empty bucket,
     * from the bucket's lower edge to the next bucket's, height the bucket's share of the I/Os in
     * per cent, on a log latency axis (fio's buckets are log-linear: 64 per power of two).
     */
    public static JFreeChart latencyDistribution(String title, String latName, LatencyHistogram h) {
        XYIntervalSeries s = new XYIntervalSeries("I/Os", false, true);
        long total = h.count();
        for (int i = 0; i < LatencyHistogram.PLAT_NR; i++) {
            long c = h.bucket(i);
            if (c == 0) {
                continue;
            }
            double lo = Math.max(bucketLow(i), 0.5) / 1000.0;
            double hi = bucketLow(i + 1) / 1000.0;
            double pct = c * 100.0 / total;
            s.add(LatencyHistogram.valueOf(i) / 1000.0, lo, hi, pct, pct, pct);
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        data.addSeries(s);
        LatencyAxis x = new LatencyAxis(latName + " (µs)");
        NumberAxis y = new NumberAxis("I/Os in bucket (%)");
        XYBarRenderer r = new XYBarRenderer();
        r.setBarPainter(new StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        r.setSeriesPaint(0, PALETTE[0]);
        XYPlot plot = new XYPlot(data, x, y, r);
        return chart(title, plot, false);
    }

    /**
     * The percentile curve: latency against percentile, the percentile axis in "nines"
     * (-log10(1 - p/100): 90 % at 1, 99 % at 2, 99.9 % at 3), so the tail gets the room. Each
     * point is fio's own percentile of the histogram (the first bucket whose running count
     * reaches p % of N), at fio's default percentile_list and in steps of 0.05 nines up to the
     * last percentile the N samples resolve (1 - p/100 &gt;= 1/N).
     */
    public static JFreeChart percentileCurve(String title, String latName, LatencyHistogram h, long n) {
        Series s = curveSeries(latName, h, n);
        XYSeriesCollection data = new XYSeriesCollection(xy(s));
        NumberAxis x = new NumberAxis("percentile");
        x.setTickUnit(new NumberTickUnit(1, new NinesFormat()));
        x.setAutoRangeIncludesZero(true);
        LatencyAxis y = new LatencyAxis(latName + " (µs)");
        return chart(title, new XYPlot(data, x, y, lines()), false);
    }

    /** The percentile curve's points (see {@link #percentileCurve}): x in nines, y in µs. */
    public static Series curveSeries(String name, LatencyHistogram h, long n) {
        double[] ps = curvePercentiles(n);
        long[] v = h.percentiles(ps, n);
        double[] x = new double[ps.length];
        double[] y = new double[ps.length];
        for (int i = 0; i < ps.length; i++) {
            x[i] = nines(ps[i]);
            y[i] = v[i] / 1000.0;
        }
        return new Series(name, x, y);
    }

    /**
     * Several percentile curves on one chart (one per job/file and direction, the legend naming
     * them): each series' x in nines ({@link #nines}), y the latency in µs.
     */
    public static JFreeChart percentileCurves(String title, String latName, List<Series> series) {
        XYSeriesCollection data = collection(series, false);
        NumberAxis x = new NumberAxis("percentile");
        x.setTickUnit(new NumberTickUnit(1, new NinesFormat()));
        x.setAutoRangeIncludesZero(true);
        LatencyAxis y = new LatencyAxis(latName + " (µs)");
        return chart(title, new XYPlot(data, x, y, lines()), true);
    }

    /** Lines over time (x in s) on a log latency axis (µs): percentiles per interval. */
    public static JFreeChart latencyOverTime(String title, String latName, List<Series> series) {
        XYSeriesCollection data = collection(series, true);
        NumberAxis x = new NumberAxis("time (s)");
        x.setAutoRangeIncludesZero(true);
        LatencyAxis y = new LatencyAxis(latName + " (µs)");
        return chart(title, new XYPlot(data, x, y, lines()), true);
    }

    /**
     * The cells of a latency heatmap: per cell its time span's end (s), its first fio bucket
     * and its I/O count; every cell {@code widthS} wide and {@code buckets} fio buckets high.
     */
    public record HeatCells(double[] endS, double[] bucket, double[] count, double widthS, int buckets) {
        public int size() {
            return count.length;
        }
    }

    /**
     * Colours of the heatmap, light (one I/O) through teal to dark (the most), on a log scale of
     * the count (the ends and middle of matplotlib's viridis, readable in grey and by the colour-blind).
     */
    static final Color HEAT_LOW = new Color(0xfd, 0xe7, 0x25);
    static final Color HEAT_MID = new Color(0x21, 0x91, 0x8c);
    static final Color HEAT_HIGH = new Color(0x44, 0x01, 0x54);

    /**
     * A latency heatmap: time (x) against fio's histogram buckets (y, each bucket the same
     * height: log2 latency above 128 ns, labelled in µs), one block per non-empty cell, its
     * colour the cell's I/O count on a log scale (the legend's axis).
     */
    public static JFreeChart heatmap(String title, String latName, HeatCells cells) {
        org.jfree.data.xy.DefaultXYZDataset data = new org.jfree.data.xy.DefaultXYZDataset();
        data.addSeries("I/Os", new double[][] {cells.endS(), cells.bucket(), cells.count()});
        double max = 1;
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (int i = 0; i < cells.size(); i++) {
            max = Math.max(max, cells.count()[i]);
            lo = Math.min(lo, cells.bucket()[i]);
            hi = Math.max(hi, cells.bucket()[i] + cells.buckets());
        }
        LogPaintScale scale = new LogPaintScale(max);
        HeatBlockRenderer r = new HeatBlockRenderer();
        r.setBlockWidth(cells.widthS());
        r.setBlockHeight(cells.buckets());
        r.setBlockAnchor(org.jfree.chart.ui.RectangleAnchor.BOTTOM_RIGHT); // the data range; drawItem anchors so too
        r.setPaintScale(scale);
        NumberAxis x = new NumberAxis("time (s)");
        x.setAutoRangeIncludesZero(true);
        BucketAxis y = new BucketAxis(latName + " (µs, fio buckets)");
        if (cells.size() > 0) {
            double pad = Math.max(8, (hi - lo) * 0.05);
            y.setRange(Math.max(0, lo - pad), Math.min(LatencyHistogram.PLAT_NR, hi + pad));
        }
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart c = chart(title, plot, false);
        // The legend's strips are equal steps of its scale's value: drawn in log10(count), so
        // each decade of counts gets the same room, and labelled back in counts.
        double top = Math.log10(Math.max(10, max));
        NumberAxis legendAxis = new NumberAxis("I/Os per cell");
        legendAxis.setRange(0, top);
        legendAxis.setTickUnit(new NumberTickUnit(1, new DecadeFormat()));
        org.jfree.chart.renderer.PaintScale decades = new org.jfree.chart.renderer.PaintScale() {
            @Override
            public double getLowerBound() {
                return 0;
            }

            @Override
            public double getUpperBound() {
                return top;
            }

            @Override
            public java.awt.Paint getPaint(double log10) {
                return scale.getPaint(Math.pow(10, log10));
            }
        };
        org.jfree.chart.title.PaintScaleLegend legend = new org.jfree.chart.title.PaintScaleLegend(decades, legendAxis);
        legend.setPosition(org.jfree.chart.ui.RectangleEdge.RIGHT);
        legend.setSubdivisionCount(32);
        legend.setMargin(4, 4, 4, 4);
        legend.setBackgroundPaint(Color.WHITE);
        c.addSubtitle(legend);
        return c;
    }

    /** Light to dark over log10(count) from 1 to {@code max}. */
    static final class LogPaintScale implements org.jfree.chart.renderer.PaintScale, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final double max;

        LogPaintScale(double max) {
            this.max = Math.max(max, 1);
        }

        @Override
        public double getLowerBound() {
            return 1;
        }

        @Override
        public double getUpperBound() {
            return max;
        }

        @Override
        public java.awt.Paint getPaint(double value) {
            double f = max <= 1 ? 1 : Math.log(Math.max(1, Math.min(value, max))) / Math.log(max);
            Color a = f < 0.5 ? HEAT_LOW : HEAT_MID;
            Color b = f < 0.5 ? HEAT_MID : HEAT_HIGH;
            double g = f < 0.5 ? f * 2 : f * 2 - 1;
            return new Color(mix(a.getRed(), b.getRed(), g), mix(a.getGreen(), b.getGreen(), g),
                    mix(a.getBlue(), b.getBlue(), g));
        }

        private static int mix(int a, int b, double f) {
            return (int) Math.round(a + (b - a) * f);
        }
    }

    /** The percentiles the curve is drawn at, ascending: see {@link #percentileCurve}. */
    public static double[] curvePercentiles(long n) {
        double maxNines = n <= 1 ? 0 : Math.log10(n);
        java.util.TreeSet<Double> set = new java.util.TreeSet<>();
        for (int k = 1; k * 0.05 <= maxNines + 1e-9; k++) {
            double p = 100 * (1 - Math.pow(10, -k * 0.05));
            set.add(Math.round(p * 1e6) / 1e6);
        }
        for (double p : FIO_PERCENTILES) {
            if (nines(p) <= maxNines + 1e-9) {
                set.add(p);
            }
        }
        double[] out = new double[set.size()];
        int i = 0;
        for (double p : set) {
            out[i++] = p;
        }
        return out;
    }

    public static double nines(double percentile) {
        return -Math.log10(1 - percentile / 100.0);
    }

    /**
     * jfio-compare's result as a forest plot: one row per metric, B vs A in % (a point) with its
     * confidence interval (a bar; none where the row has no test). An unbounded upper end is
     * drawn to the axis' right end and its row's name says "unbounded".
     */
    public static JFreeChart comparison(String title, ComparisonFile.Comparison c) {
        List<ComparisonFile.Row> rows = c.rows();
        String[] names = new String[rows.size()];
        double finiteMax = 0;
        double finiteMin = 0;
        for (ComparisonFile.Row r : rows) {
            for (double v : new double[] {r.relDiff(), r.relLow(), r.relHigh()}) {
                if (Double.isFinite(v)) {
                    finiteMax = Math.max(finiteMax, v * 100);
                    finiteMin = Math.min(finiteMin, v * 100);
                }
            }
        }
        double right = finiteMax + Math.max(10, (finiteMax - finiteMin) * 0.1);
        YIntervalSeries withCi = new YIntervalSeries("B vs A, " + Math.round(c.confidence() * 100) + "% CI");
        YIntervalSeries noCi = new YIntervalSeries("B vs A, no test (n too small)");
        for (int i = 0; i < rows.size(); i++) {
            ComparisonFile.Row r = rows.get(i);
            int row = rows.size() - 1 - i; // first metric on top
            names[row] = r.metric() + (Double.isInfinite(r.relHigh()) ? " (CI unbounded)" : "");
            if (!Double.isFinite(r.relDiff())) {
                continue;
            }
            double d = r.relDiff() * 100;
            if (r.hasInterval()) {
                double hi = Double.isInfinite(r.relHigh()) ? right : r.relHigh() * 100;
                withCi.add(row, d, r.relLow() * 100, hi);
            } else {
                noCi.add(row, d, d, d);
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(withCi);
        data.addSeries(noCi);
        SymbolAxis metrics = new SymbolAxis("metric", names);
        metrics.setGridBandsVisible(false);
        NumberAxis pct = new NumberAxis("B vs A (%)");
        pct.setRange(Math.min(-100, finiteMin - 10), right);
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(false);
        r.setDrawYError(true);
        r.setErrorStroke(new BasicStroke(2f));
        r.setDefaultLinesVisible(false);
        r.setDefaultShapesVisible(true);
        r.setSeriesPaint(0, PALETTE[0]);
        r.setSeriesPaint(1, PALETTE[1]);
        XYPlot plot = new XYPlot(data, metrics, pct, r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.addRangeMarker(new ValueMarker(0, Color.DARK_GRAY, new BasicStroke(1f)));
        return chart(title, plot, true);
    }

    /** One bar per input: several results (hosts, instances, runs) side by side for one metric. */
    public static JFreeChart sideBySide(String title, String yLabel, List<String> labels, double[] values) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < labels.size(); i++) {
            data.addValue(values[i], "value", labels.get(i));
        }
        CategoryAxis x = new CategoryAxis("input");
        if (labels.size() > 4) {
            x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        x.setMaximumCategoryLabelLines(2);
        NumberAxis y = new NumberAxis(yLabel);
        BarRenderer r = new BarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, PALETTE[0]);
        CategoryPlot plot = new CategoryPlot(data, x, y, r);
        return chart(title, plot, false);
    }

    /** fio's bucket {@code i}'s lowest value in ns (bucket PLAT_NR: the end of the last one). */
    static double bucketLow(int i) {
        if (i < 2 * LatencyHistogram.PLAT_VAL) {
            return i;
        }
        int errorBits = (i >> LatencyHistogram.PLAT_BITS) - 1;
        long base = 1L << (errorBits + LatencyHistogram.PLAT_BITS);
        return base + ((long) (i % LatencyHistogram.PLAT_VAL) << errorBits);
    }

    private static XYSeries xy(Series s) {
        return xy(s, s.name());
    }

    private static XYSeriesCollection collection(List<Series> series, boolean thin) {
        XYSeriesCollection data = new XYSeriesCollection();
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Series s : series) {
            // Two jobs of one name (numjobs=2) or two hosts' same file: the legend tells them apart.
            String name = s.name();
            for (int k = 2; !names.add(name); k++) {
                name = s.name() + " #" + k;
            }
            data.addSeries(xy(thin ? s.atMost(MAX_POINTS) : s, name));
        }
        return data;
    }

    private static XYSeries xy(Series s, String name) {
        XYSeries x = new XYSeries(name, false, true);
        for (int i = 0; i < s.size(); i++) {
            x.add(s.x()[i], s.y()[i]);
        }
        return x;
    }

    private static XYLineAndShapeRenderer lines() {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < PALETTE.length; i++) {
            r.setSeriesPaint(i, PALETTE[i]);
        }
        // One <path> per series in the SVG instead of one per segment.
        r.setDrawSeriesLineAsPath(true);
        return r;
    }

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot, boolean legend) {
        JFreeChart c = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT.deriveFont(16f), plot, legend);
        c.setBackgroundPaint(Color.WHITE);
        c.setElementHinting(true);
        return c;
    }

    /** Tick labels of a log10 axis as the numbers: 1, 10, 100, ... */
    static final class DecadeFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double log10, StringBuffer b, FieldPosition pos) {
            return b.append(Math.round(Math.pow(10, log10)));
        }

        @Override
        public StringBuffer format(long log10, StringBuffer b, FieldPosition pos) {
            return format((double) log10, b, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return null;
        }
    }

    /** Tick labels of the nines axis as percentiles: 0, 90, 99, 99.9, ... */
    static final class NinesFormat extends NumberFormat {
        @Override
        public StringBuffer format(double nines, StringBuffer b, FieldPosition pos) {
            double p = 100 * (1 - Math.pow(10, -nines));
            return b.append(new DecimalFormat("0.####", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT))
                    .format(Math.round(p * 1e4) / 1e4));
        }

        @Override
        public StringBuffer format(long nines, StringBuffer b, FieldPosition pos) {
            return format((double) nines, b, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return null;
        }
    }
}
