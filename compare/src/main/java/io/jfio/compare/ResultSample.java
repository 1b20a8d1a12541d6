package io.jfio.compare;

import io.jfio.report.DirectionStats;
import io.jfio.report.ErrnoText;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One result (one fio/jfio run, or the jobs of it picked by name) seen as one sample of every
 * metric. Several jobs are aggregated as fio's group status line does: bytes and I/Os summed,
 * over the sum of each group's longest runtime (stonewalled groups run one after another);
 * clat merged; percentiles from the merged json+ histograms.
 */
public final class ResultSample {
    private final String source;
    private final List<JobResult> jobs;
    /** For a sample read from an interval series (a bw/iops log, NDJSON intervals): per metric the series; else null. */
    private final Map<Metric, double[]> series;

    /** @param jobName only this job's thread_stats, or null for all */
    public ResultSample(String source, RunResult run, String jobName) {
        this.source = source;
        this.series = null;
        this.jobs = new ArrayList<>();
        for (JobResult j : run.threadStats()) {
            if (jobName == null || jobName.equals(j.name)) {
                jobs.add(j);
            }
        }
    }

    /**
     * A result known only as interval series (fio's averaged bw/iops logs, jfio's NDJSON
     * intervals): per metric its values in the metric's unit, one per window. Its value is the
     * series' mean; its interval samples are the series, with their effective sample size.
     */
    public ResultSample(String source, Map<Metric, double[]> series) {
        this.source = source;
        this.jobs = List.of();
        this.series = Map.copyOf(series);
    }

    /** True for a sample read from interval series. */
    public boolean isSeries() {
        return series != null;
    }

    public String source() {
        return source;
    }

    public boolean isEmpty() {
        return series != null ? series.isEmpty() : jobs.isEmpty();
    }

    /** "job NAME: err=95 (Operation not supported)" for each failed job; empty when none failed. */
    public List<String> errors() {
        List<String> out = new ArrayList<>();
        for (JobResult j : jobs) {
            if (j.error != 0) {
                out.add("job " + j.name + ": err=" + j.error + " (" + ErrnoText.strerror(j.error) + ")");
            }
        }
        return out;
    }

    public boolean failed() {
        return !errors().isEmpty();
    }

    /** True when some job did I/O in that direction. */
    public boolean has(int ddir) {
        if (series != null) {
            return series.keySet().stream().anyMatch(m -> m.ddir == ddir);
        }
        for (JobResult j : jobs) {
            if (j.dir(ddir).totalIos > 0) {
                return true;
            }
        }
        return false;
    }

    /** The metric's value for this result; NaN when the result cannot give it. */
    public double value(Metric m) {
        if (!has(m.ddir)) {
            return Double.NaN;
        }
        if (series != null) {
            double[] v = series.get(m);
            return v == null ? Double.NaN : Welch.Summary.of(v).mean();
        }
        return switch (m.kind) {
            case BW -> perSecond(m.ddir, true);
            case IOPS -> perSecond(m.ddir, false);
            case CLAT_MEAN -> clat(m.ddir).mean();
            default -> percentile(m.ddir, m.kind.percentile());
        };
    }

    private double perSecond(int ddir, boolean bytes) {
        long sum = 0;
        Map<Integer, Long> groupRuntime = new HashMap<>();
        for (JobResult j : jobs) {
            DirectionStats d = j.dir(ddir);
            sum += bytes ? d.ioBytes : d.totalIos;
            groupRuntime.merge(j.groupId, d.runtimeMs, Math::max);
        }
        long ms = 0;
        for (long r : groupRuntime.values()) {
            ms += r;
        }
        return ms == 0 ? Double.NaN : sum * 1000.0 / ms;
    }

    private StreamStat clat(int ddir) {
        StreamStat s = new StreamStat();
        for (JobResult j : jobs) {
            s.mergeLatency(j.dir(ddir).clat);
        }
        return s;
    }

    private double percentile(int ddir, double p) {
        List<DirectionStats> with = new ArrayList<>();
        for (JobResult j : jobs) {
            if (j.dir(ddir).totalIos > 0) {
                with.add(j.dir(ddir));
            }
        }
        boolean bins = true;
        for (DirectionStats d : with) {
            bins &= d.clatHist.count() > 0;
        }
        if (bins) {
            LatencyHistogram h = new LatencyHistogram();
            for (DirectionStats d : with) {
                h.merge(d.clatHist);
            }
            return h.percentiles(new double[] {p}, clat(ddir).samples())[0];
        }
        if (with.size() != 1) {
            return Double.NaN; // printed percentiles of several jobs cannot be combined (json+ can)
        }
        // Plain JSON: the printed value, if the job's percentile list has it.
        JobResult j = jobOf(with.get(0));
        double[] list = j.report.percentiles();
        long[] values = with.get(0).clatHist.percentiles(list, with.get(0).clat.samples());
        for (int i = 0; i < list.length; i++) {
            if (Math.abs(list[i] - p) < 1e-9) {
                return values[i];
            }
        }
        return Double.NaN;
    }

    private JobResult jobOf(DirectionStats d) {
        for (JobResult j : jobs) {
            for (int k = 0; k < DirectionStats.COUNT; k++) {
                if (j.dir(k) == d) {
                    return j;
                }
            }
        }
        throw new IllegalStateException();
    }

    /**
     * fio's per-interval samples of bw (bytes/s) or IOPS in this result (bw_avg_time windows):
     * summed over jobs (their windows run side by side), variances added, n the smallest
     * count; null when some job has no samples. From a JSON result the effective sample size is
     * unknown (NaN: the report holds no window series); from interval series it is computed.
     */
    public Welch.Summary intervals(Metric m) {
        if (m.kind != Metric.Kind.BW && m.kind != Metric.Kind.IOPS) {
            return null;
        }
        if (series != null) {
            double[] v = series.get(m);
            return v == null ? null : Welch.Summary.ofSeries(v);
        }
        double scale = m.kind == Metric.Kind.BW ? 1024.0 : 1.0;
        double mean = 0;
        double var = 0;
        long n = Long.MAX_VALUE;
        boolean any = false;
        for (JobResult j : jobs) {
            DirectionStats d = j.dir(m.ddir);
            if (d.totalIos == 0) {
                continue;
            }
            StreamStat s = m.kind == Metric.Kind.BW ? d.bw : d.iops;
            if (s.samples() == 0) {
                return null;
            }
            any = true;
            mean += s.mean() * scale;
            double sd = s.stddev() * scale;
            var += sd * sd;
            n = Math.min(n, s.samples());
        }
        return any ? new Welch.Summary(mean, var, n, Double.NaN) : null;
    }
}
