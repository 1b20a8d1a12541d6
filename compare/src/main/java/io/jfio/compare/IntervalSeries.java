package io.jfio.compare;

import io.jfio.report.DirectionStats;
import io.jfio.report.json.JsonNode;
import io.jfio.report.interval.IntervalReader;
import io.jfio.report.log.SampleLog;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bandwidth and IOPS series of one run read from the files that hold them window by window:
 * fio's averaged bw/iops logs ({@code log_avg_msec}) and jfio's NDJSON intervals
 * ({@code --interval-output}). Unlike the JSON report (mean, deviation and count only) these
 * keep the order of the windows, so the effective sample size can be computed.
 */
final class IntervalSeries {
    private static final String[] DDIR = {"read", "write", "trim"};

    private IntervalSeries() {
    }

    /** True when the file is a sample log (by name and first line) or an NDJSON interval file. */
    static boolean handles(Path f) throws IOException {
        String first = IntervalReader.firstLine(f);
        if (first == null) {
            return false;
        }
        return first.trim().startsWith("{\"schema\":\"jfio-interval/")
                || (SampleLog.kindOf(f) != null && SampleLog.looksLikeLogLine(first));
    }

    /**
     * The series per metric (bytes/s, I/Os per second). {@code job}: only that job's lines of an
     * NDJSON file (null: all jobs, summed interval by interval).
     */
    static Map<Metric, double[]> read(Path f, String job) throws ResultSet.LoadException {
        try {
            return IntervalReader.firstLine(f).trim().startsWith("{") ? ndjson(f, job) : log(f);
        } catch (IOException e) {
            throw new ResultSet.LoadException("cannot read " + f + ": " + e.getMessage());
        }
    }

    private static Map<Metric, double[]> log(Path f) throws IOException, ResultSet.LoadException {
        SampleLog log = SampleLog.read(f);
        if (log.kind() != SampleLog.Kind.BW && log.kind() != SampleLog.Kind.IOPS) {
            throw new ResultSet.LoadException(f + ": a latency log; jfio-compare compares bw and iops logs");
        }
        if (!log.averaged()) {
            throw new ResultSet.LoadException(f + ": a per-I/O log (each line one I/O's rate, not a window's);"
                    + " write it with log_avg_msec=MS to compare windows");
        }
        Map<Metric, double[]> out = new EnumMap<>(Metric.class);
        for (SampleLog.Direction d : log.directions()) {
            Metric m = metric(d.ddir(), log.kind() == SampleLog.Kind.BW);
            if (m == null) {
                continue; // trim: not a compared metric
            }
            double[] v = new double[d.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = log.kind() == SampleLog.Kind.BW ? d.values()[i] * 1024.0 : d.values()[i]; // KiB/s -> bytes/s
            }
            out.put(m, v);
        }
        return out;
    }

    private static Map<Metric, double[]> ndjson(Path f, String job) throws IOException, ResultSet.LoadException {
        // seq -> per direction {bytes/s, iops}, summed over jobs; and whether any I/O happened
        TreeMap<Long, double[]> bySeq = new TreeMap<>();
        List<JsonNode> lines;
        try {
            lines = IntervalReader.intervals(f, "jfio-compare");
        } catch (IOException e) {
            throw new ResultSet.LoadException(e.getMessage());
        }
        for (JsonNode o : lines) {
            if (job != null && !job.equals(o.getString("jobname"))) {
                continue;
            }
            double[] v = bySeq.computeIfAbsent(o.getLong("seq"), k -> new double[7]);
            for (int d = 0; d < 2; d++) {
                JsonNode dn = o.get(DDIR[d]);
                if (dn == null) {
                    continue;
                }
                v[2 * d] += dn.getDouble("bw_bytes");
                v[2 * d + 1] += dn.getDouble("iops");
                v[6] += dn.getLong("io_bytes") + dn.getLong("completed_ios");
                v[4 + d] += dn.getLong("completed_ios");
            }
        }
        if (bySeq.isEmpty()) {
            throw new ResultSet.LoadException("no interval lines" + (job != null ? " of job " + job : "") + " in " + f);
        }
        // Leading intervals without any I/O (ramp_time, start-up) are not samples of the run.
        List<double[]> rows = new ArrayList<>(bySeq.values());
        while (!rows.isEmpty() && rows.get(0)[6] == 0) {
            rows.remove(0);
        }
        Map<Metric, double[]> out = new EnumMap<>(Metric.class);
        for (int d = 0; d < 2; d++) {
            final int dd = d;
            if (rows.stream().noneMatch(r -> r[4 + dd] > 0)) {
                continue;
            }
            double[] bw = new double[rows.size()];
            double[] iops = new double[rows.size()];
            for (int i = 0; i < bw.length; i++) {
                bw[i] = rows.get(i)[2 * d];
                iops[i] = rows.get(i)[2 * d + 1];
            }
            out.put(metric(d, true), bw);
            out.put(metric(d, false), iops);
        }
        return out;
    }

    private static Metric metric(int ddir, boolean bw) {
        return switch (ddir) {
            case DirectionStats.READ -> bw ? Metric.READ_BW : Metric.READ_IOPS;
            case DirectionStats.WRITE -> bw ? Metric.WRITE_BW : Metric.WRITE_IOPS;
            default -> null;
        };
    }
}
