package io.jfio.plot;

import io.jfio.plot.chart.Charts;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.ComparisonFile;
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

    public PlotReport(List<PlotInput> inputs) {
        List<PlotInput.Result> results = new ArrayList<>();
        for (PlotInput in : inputs) {
            sources.add(in.path().toString());
            String file = shortName(in.path());
            if (in instanceof PlotInput.Result r) {
                results.add(r);
                latency(file, r.run(), inputs.size() > 1);
            } else if (in instanceof PlotInput.Intervals i) {
                intervals(file, i.file());
            } else if (in instanceof PlotInput.Log l) {
                LogFile log = l.log();
                if (log.series().isEmpty()) {
                    notes.add(file + ": empty log, nothing to plot (fio writes no slat for synchronous engines)");
                    continue;
                }
                add(Charts.timeSeries(file + ": " + log.kind().label + " over time",
                        log.kind().label + " (" + log.kind().unit + ")", log.series()));
            } else if (in instanceof PlotInput.Comparisons c) {
                for (ComparisonFile.Comparison cmp : c.comparisons()) {
                    add(Charts.comparison("B vs A: " + shortLabel(cmp.labelB()) + " vs " + shortLabel(cmp.labelA()), cmp));
                }
            }
        }
        if (results.size() >= 2) {
            sideBySide(results);
        }
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

    private void latency(String file, RunResult run, boolean prefix) {
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
                    add(Charts.percentileCurve(what + " percentiles", lat, h, n > 0 ? n : h.count()));
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
