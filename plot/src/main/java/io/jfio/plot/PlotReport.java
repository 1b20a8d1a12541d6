package io.jfio.plot;

import io.jfio.plot.chart.Charts;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.ComparisonFile;
import io.jfio.plot.input.HistLogFile;
import io.jfio.plot.input.HistPercentiles;
import io.jfio.plot.input.IntervalFile;
import io.jfio.plot.input.LogFile;
import io.jfio.plot.input.PlotInput;
import io.jfio.plot.input.Series;
import io.jfio.report.DirectionStats;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;
import org.jfree.chart.JFreeChart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which charts jfio-plot draws from its inputs, in order: per result, job and direction the
 * latency distribution and percentile curve (json+ bins); per NDJSON file and job IOPS,
 * bandwidth and clat over time; per log file its values over time; per comparison the B vs A
 * forest plot; and, for two results or more, one side-by-side bar chart per metric.
 */
public final class PlotReport {
    private static final String[] DDIR = {"read", "write", "trim"};

    private final List<SvgChart> charts = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    /**
     * How the charts are laid out.
     *
     * @param separate   one chart per file (and job) even where several of one kind could share
     *                   one chart: sample logs of one kind, json+ percentile curves of several
     *                   jobs, histogram logs' whole-run curves
     * @param histMsec   the interval of histogram-log percentiles in ms (fiologparser_hist.py's
     *                   {@code -i}); 0: each log's own (see {@link HistLogFile#inferredIntervalMs})
     */
    public record Options(boolean separate, long histMsec) {
        public static final Options DEFAULT = new Options(false, 0);
    }

    /** The percentiles drawn per histogram-log interval. */
    public static final double[] HIST_PERCENTILES = {50, 90, 99, 99.9};

    private final Options options;

    public PlotReport(List<PlotInput> inputs) {
        this(inputs, Options.DEFAULT);
    }

    public PlotReport(List<PlotInput> inputs, Options options) {
        this.options = options;
        List<PlotInput.Result> results = new ArrayList<>();
        Map<LogFile.Kind, List<PlotInput.Log>> logsByKind = new LinkedHashMap<>();
        int jobs = 0;
        int curveCount = 0;
        int histCurveCount = 0;
        for (PlotInput in : inputs) {
            if (in instanceof PlotInput.Log l && !l.log().series().isEmpty()) {
                logsByKind.computeIfAbsent(l.log().kind(), k -> new ArrayList<>()).add(l);
            } else if (in instanceof PlotInput.Result r) {
                jobs += r.run().threadStats().size();
                for (JobResult j : r.run().threadStats()) {
                    for (int d = 0; d < DirectionStats.COUNT; d++) {
                        curveCount += j.dir(d).clatHist.count() > 0 ? 1 : 0;
                    }
                }
            } else if (in instanceof PlotInput.HistLog h) {
                histCurveCount += h.log().directions().length;
            }
        }
        boolean combineCurves = !options.separate() && jobs >= 2 && curveCount <= MAX_SHARED;
        boolean separateHist = options.separate() || histCurveCount > MAX_SHARED;
        List<CurveSeries> curves = new ArrayList<>();
        List<CurveSeries> histCurves = new ArrayList<>();
        for (PlotInput in : inputs) {
            sources.add(in.path().toString());
            String file = shortName(in.path());
            if (in instanceof PlotInput.Result r) {
                results.add(r);
                latency(file, r.run(), inputs.size() > 1, combineCurves ? curves : null);
            } else if (in instanceof PlotInput.Intervals i) {
                intervals(file, i.file());
            } else if (in instanceof PlotInput.Log l) {
                LogFile log = l.log();
                if (log.series().isEmpty()) {
                    notes.add(file + ": empty log, nothing to plot (fio writes no slat for synchronous engines)");
                    continue;
                }
                List<PlotInput.Log> same = logsByKind.get(log.kind());
                if (options.separate() || same.size() < 2
                        || same.stream().mapToInt(x -> x.log().series().size()).sum() > MAX_SHARED) {
                    add(Charts.timeSeries(file + ": " + log.kind().label + " over time",
                            log.kind().label + " (" + log.kind().unit + ")", log.series()));
                } else if (same.get(0) == l) {
                    logsTogether(same);
                }
            } else if (in instanceof PlotInput.HistLog h) {
                histLog(file, h.log(), histCurves);
            } else if (in instanceof PlotInput.Comparisons c) {
                for (ComparisonFile.Comparison cmp : c.comparisons()) {
                    add(Charts.comparison("B vs A: " + shortLabel(cmp.labelB()) + " vs " + shortLabel(cmp.labelA()), cmp));
                }
            }
        }
        for (String lat : new String[] {"clat", "lat"}) {
            List<Series> s = curves.stream().filter(c -> c.lat().equals(lat)).map(CurveSeries::series).toList();
            if (!s.isEmpty()) {
                add(Charts.percentileCurves(lat + " percentiles: " + s.size() + " jobs and directions", lat, s));
            }
        }
        if (!histCurves.isEmpty()) {
            if (separateHist) {
                for (CurveSeries c : histCurves) {
                    add(Charts.percentileCurves(c.series().name() + ": whole-run " + c.lat() + " percentiles", c.lat(),
                            List.of(c.series())));
                }
            } else {
                String lat = histCurves.get(0).lat();
                add(Charts.percentileCurves("histogram logs: whole-run " + lat + " percentiles", lat,
                        histCurves.stream().map(CurveSeries::series).toList()));
            }
        }
        if (results.size() >= 2) {
            sideBySide(results);
        }
    }

    /**
     * Lines on a shared chart at the most: beyond that (say every golden json+ at once) the
     * legend would crowd out the plot, and each file or job keeps its own chart.
     */
    static final int MAX_SHARED = 12;

    /** One curve for a shared percentile chart: its latency kind and its series (nines, µs). */
    private record CurveSeries(String lat, Series series) {
    }

    /** Several sample logs of one kind on one chart: a line per file and direction. */
    private void logsTogether(List<PlotInput.Log> logs) {
        LogFile.Kind kind = logs.get(0).log().kind();
        long distinct = logs.stream().map(l -> l.path().getFileName().toString()).distinct().count();
        List<Series> all = new ArrayList<>();
        for (PlotInput.Log l : logs) {
            String name = distinct == logs.size() ? l.path().getFileName().toString() : shortName(l.path());
            for (Series s : l.log().series()) {
                all.add(new Series(name + " " + s.name(), s.x(), s.y()));
            }
        }
        add(Charts.timeSeries(kind.label + " over time: " + logs.size() + " logs", kind.label + " (" + kind.unit + ")",
                all));
    }

    /**
     * A histogram log: per direction its percentiles per interval and its heatmap; its
     * whole-run curves go to {@code curves} (drawn after all inputs).
     */
    private void histLog(String file, HistLogFile log, List<CurveSeries> curves) {
        if (log.rows().isEmpty()) {
            notes.add(file + ": empty histogram log, nothing to plot");
            return;
        }
        long interval = options.histMsec() > 0 ? options.histMsec() : log.inferredIntervalMs();
        HistPercentiles hp = new HistPercentiles(log.coarseness());
        List<HistPercentiles.Stats> rows = hp.weighted(log, interval, HIST_PERCENTILES);
        for (int d : log.directions()) {
            List<Series> lines = new ArrayList<>();
            for (int k = 0; k < HIST_PERCENTILES.length; k++) {
                List<double[]> pts = new ArrayList<>();
                for (HistPercentiles.Stats st : rows) {
                    if (st.ddir() == d) {
                        pts.add(new double[] {st.endMs() / 1000.0, st.percentiles()[k] / 1000.0});
                    }
                }
                lines.add(Series.of(percentileName(HIST_PERCENTILES[k]), pts));
            }
            String what = file + ": " + DDIR[d] + " " + log.latName();
            add(Charts.latencyOverTime(what + " percentiles per " + interval + " ms", log.latName(), lines));
            add(Charts.heatmap(what + " heatmap", log.latName(), heatCells(log, d, interval)));
        }
        for (HistPercentiles.Stats st : hp.wholeRun(log, new double[0])) {
            double[] ps = Charts.curvePercentiles(st.samples());
            double[] v = hp.wholeRun(log, ps).stream().filter(x -> x.ddir() == st.ddir()).findFirst().orElseThrow()
                    .percentiles();
            double[] x = new double[ps.length];
            double[] y = new double[ps.length];
            for (int i = 0; i < ps.length; i++) {
                x[i] = Charts.nines(ps[i]);
                y[i] = v[i] / 1000.0;
            }
            curves.add(new CurveSeries(log.latName(), new Series(file + " " + DDIR[st.ddir()], x, y)));
        }
    }

    /** "p50", "p99.9". */
    static String percentileName(double p) {
        return "p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p));
    }

    /** Heatmap columns beyond which consecutive lines are summed, so the SVG stays small. */
    static final int MAX_HEAT_COLUMNS = 300;

    /** fio buckets per heatmap cell at the least: eight cells per power of two of latency. */
    static final int HEAT_BUCKETS = 8;

    /**
     * One direction's lines as heatmap cells: a column per line ({@code interval} wide, ending at
     * the line's time); a cell per non-empty run of {@link #HEAT_BUCKETS} fio buckets (or the
     * log's own coarser columns), its count their sum; beyond {@link #MAX_HEAT_COLUMNS} lines,
     * runs of consecutive lines are summed into one column ending at the run's last line.
     */
    static Charts.HeatCells heatCells(HistLogFile log, int ddir, long interval) {
        List<HistLogFile.Row> rows = log.rows().stream().filter(r -> r.ddir() == ddir).toList();
        int per = Math.max(1, (rows.size() + MAX_HEAT_COLUMNS - 1) / MAX_HEAT_COLUMNS);
        int logStride = 1 << log.coarseness();
        int stride = Math.max(logStride, HEAT_BUCKETS);
        int colsPerCell = stride / logStride;
        List<double[]> cells = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += per) {
            int to = Math.min(rows.size(), from + per);
            long[] sum = new long[log.columns() / colsPerCell];
            for (int i = from; i < to; i++) {
                long[] b = rows.get(i).bins();
                for (int c = 0; c < b.length; c++) {
                    sum[c / colsPerCell] += b[c];
                }
            }
            double end = rows.get(to - 1).timeMs() / 1000.0;
            for (int c = 0; c < sum.length; c++) {
                if (sum[c] > 0) {
                    cells.add(new double[] {end, (double) c * stride, sum[c]});
                }
            }
        }
        double[] x = new double[cells.size()];
        double[] y = new double[cells.size()];
        double[] z = new double[cells.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = cells.get(i)[0];
            y[i] = cells.get(i)[1];
            z[i] = cells.get(i)[2];
        }
        return new Charts.HeatCells(x, y, z, per * interval / 1000.0, stride);
    }

    public List<SvgChart> charts() {
        return charts;
    }

    public List<String> sources() {
        return sources;
    }

    /** Inputs that gave no chart, and why. */
    public List<String> notes() {
        return notes;
    }

    /** "dir/file": the file name and its directory's (results of several hosts are often all "out.json"). */
    static String shortName(java.nio.file.Path p) {
        java.nio.file.Path dir = p.toAbsolutePath().getParent();
        return dir == null || dir.getFileName() == null ? p.getFileName().toString()
                : dir.getFileName() + "/" + p.getFileName();
    }

    /** A jfio-compare label that is a path: its last two parts, so the title fits the chart. */
    static String shortLabel(String label) {
        String[] parts = label.split("/");
        return parts.length <= 2 ? label : parts[parts.length - 2] + "/" + parts[parts.length - 1];
    }

    private void add(JFreeChart chart) {
        String id = String.format(Locale.ROOT, "c%02d", charts.size() + 1);
        charts.add(SvgChart.render(id, chart));
    }

    /**
     * Per job and direction the latency distribution, and the percentile curve: its own chart,
     * or into {@code curves} when several jobs share one curve chart.
     */
    private void latency(String file, RunResult run, boolean prefix, List<CurveSeries> curves) {
        for (JobResult j : run.threadStats()) {
            for (int d = 0; d < DirectionStats.COUNT; d++) {
                DirectionStats s = j.dir(d);
                for (String lat : new String[] {"clat", "lat"}) {
                    LatencyHistogram h = lat.equals("clat") ? s.clatHist : s.latHist;
                    if (h.count() == 0) {
                        continue;
                    }
                    long n = (lat.equals("clat") ? s.clat : s.lat).samples();
                    String what = (prefix ? file + ": " : "") + "job " + j.name + " " + DDIR[d] + " " + lat;
                    add(Charts.latencyDistribution(what + " distribution", lat, h));
                    if (curves == null) {
                        add(Charts.percentileCurve(what + " percentiles", lat, h, n > 0 ? n : h.count()));
                    } else {
                        curves.add(new CurveSeries(lat, Charts.curveSeries((prefix ? file + ": " : "") + j.name + " "
                                + DDIR[d], h, n > 0 ? n : h.count())));
                    }
                }
            }
        }
    }

    private void intervals(String file, IntervalFile f) {
        for (IntervalFile.Job j : f.jobs()) {
            String what = file + ": " + j.label(f.severalGroups());
            add(Charts.timeSeries(what + " IOPS per interval", "IOPS", j.iops()));
            add(Charts.timeSeries(what + " bandwidth per interval", "bandwidth (MiB/s)", j.bandwidthMiB()));
            List<Series> clat = j.clat();
            if (!clat.isEmpty()) {
                add(Charts.timeSeries(what + " clat per interval", "clat (µs)", clat));
            }
        }
    }

    /** The metrics of the side-by-side view: what jfio-compare calls them, and how to get them. */
    private enum Metric {
        READ_BW("read bw", "MiB/s"), WRITE_BW("write bw", "MiB/s"), READ_IOPS("read IOPS", "IOPS"),
        WRITE_IOPS("write IOPS", "IOPS"), READ_P99("read clat p99", "µs"), WRITE_P99("write clat p99", "µs");

        final String label;
        final String unit;

        Metric(String label, String unit) {
            this.label = label;
            this.unit = unit;
        }

        int ddir() {
            return name().startsWith("READ") ? DirectionStats.READ : DirectionStats.WRITE;
        }
    }

    private void sideBySide(List<PlotInput.Result> results) {
        for (Metric m : Metric.values()) {
            List<String> labels = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (PlotInput.Result r : results) {
                double v = value(r.run(), m);
                if (!Double.isNaN(v)) {
                    labels.add(shortName(r.path()));
                    values.add(v);
                }
            }
            if (values.size() < 2) {
                continue;
            }
            double[] vs = values.stream().mapToDouble(Double::doubleValue).toArray();
            add(Charts.sideBySide(m.label + " side by side", m.label + " (" + m.unit + ")", labels, vs));
        }
    }

    /**
     * One result's metric over all its jobs, as fio's group status line sums them: bytes or
     * I/Os over the sum of each group's longest runtime; p99 from the merged json+ bins (NaN
     * without bins). NaN when no job did I/O in that direction.
     */
    static double value(RunResult run, Metric m) {
        long sum = 0;
        long ios = 0;
        Map<Integer, Long> runtime = new HashMap<>();
        LatencyHistogram h = new LatencyHistogram();
        StreamStat clat = new StreamStat();
        boolean bins = true;
        for (JobResult j : run.threadStats()) {
            DirectionStats d = j.dir(m.ddir());
            if (d.totalIos == 0) {
                continue;
            }
            sum += d.ioBytes;
            ios += d.totalIos;
            runtime.merge(j.groupId, d.runtimeMs, Math::max);
            bins &= d.clatHist.count() > 0;
            h.merge(d.clatHist);
            clat.mergeLatency(d.clat);
        }
        long ms = runtime.values().stream().mapToLong(Long::longValue).sum();
        if (ios == 0) {
            return Double.NaN;
        }
        return switch (m) {
            case READ_BW, WRITE_BW -> ms == 0 ? Double.NaN : sum * 1000.0 / ms / (1024.0 * 1024.0);
            case READ_IOPS, WRITE_IOPS -> ms == 0 ? Double.NaN : ios * 1000.0 / ms;
            case READ_P99, WRITE_P99 -> bins ? h.percentiles(new double[] {99.0}, clat.samples())[0] / 1000.0
                    : Double.NaN;
        };
    }
}
