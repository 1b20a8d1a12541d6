package io.jfio.plot.input;

import io.jfio.report.json.JsonNode;
import io.jfio.report.interval.IntervalReader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An NDJSON file of jfio's {@code --interval-output} (schema {@code jfio-interval/1}): the
 * {@code interval} lines of each job or group as time series. Points sit at each interval's
 * end ({@code end_ms}); values are the interval's own (not cumulative) IOPS, bandwidth and
 * completion latency.
 */
public final class IntervalFile {
    public static final String SCHEMA_PREFIX = "jfio-interval/";
    private static final String[] DDIR = {"read", "write", "trim"};

    /** One job's (or group's) intervals. */
    public record Job(String name, int groupId, List<JsonNode> intervals) {
        /** "NAME" or "NAME (group G)" when the file has several groups. */
        public String label(boolean withGroup) {
            return withGroup ? name + " (group " + groupId + ")" : name;
        }

        /** Per direction with completions: the interval's IOPS ({@code iops}). */
        public List<Series> iops() {
            return perDir((d, o) -> o.getDouble("iops"));
        }

        /** Per direction with completions: the interval's bandwidth in MiB/s ({@code bw_bytes}). */
        public List<Series> bandwidthMiB() {
            return perDir((d, o) -> o.getDouble("bw_bytes") / (1024.0 * 1024.0));
        }

        /**
         * Per direction: the interval's clat mean and its 99th percentile in µs (intervals
         * without completions are left out, as they have neither).
         */
        public List<Series> clat() {
            List<Series> out = new ArrayList<>();
            for (int d = 0; d < 3; d++) {
                List<double[]> mean = new ArrayList<>();
                List<double[]> p99 = new ArrayList<>();
                for (JsonNode line : intervals) {
                    JsonNode c = line.get(DDIR[d]) == null ? null : line.get(DDIR[d]).get("clat_ns");
                    if (c == null || c.getLong("N") == 0) {
                        continue;
                    }
                    double t = line.getLong("end_ms") / 1000.0;
                    if (c.has("mean")) {
                        mean.add(new double[] {t, c.getDouble("mean") / 1000.0});
                    }
                    JsonNode p = c.get("percentile");
                    if (p != null && p.has("99.000000")) {
                        p99.add(new double[] {t, p.getDouble("99.000000") / 1000.0});
                    }
                }
                if (!mean.isEmpty()) {
                    out.add(series(DDIR[d] + " clat mean", mean));
                }
                if (!p99.isEmpty()) {
                    out.add(series(DDIR[d] + " clat p99", p99));
                }
            }
            return out;
        }

        private interface Value {
            double of(int ddir, JsonNode dirObject);
        }

        private List<Series> perDir(Value v) {
            List<Series> out = new ArrayList<>();
            for (int d = 0; d < 3; d++) {
                boolean any = false;
                List<double[]> pts = new ArrayList<>();
                for (JsonNode line : intervals) {
                    JsonNode o = line.get(DDIR[d]);
                    if (o == null) {
                        continue;
                    }
                    any |= o.getLong("completed_ios") > 0 || o.getLong("io_bytes") > 0;
                    pts.add(new double[] {line.getLong("end_ms") / 1000.0, v.of(d, o)});
                }
                if (any) {
                    out.add(series(DDIR[d], pts));
                }
            }
            return out;
        }
    }

    private final Path path;
    private final List<Job> jobs;

    private IntervalFile(Path path, List<Job> jobs) {
        this.path = path;
        this.jobs = jobs;
    }

    public Path path() {
        return path;
    }

    public List<Job> jobs() {
        return jobs;
    }

    /** True when several group ids appear (labels then name the group). */
    public boolean severalGroups() {
        return jobs.stream().map(Job::groupId).distinct().count() > 1;
    }

    /** True when the line is a jfio-interval object. */
    public static boolean looksLikeIntervalLine(String line) {
        String t = line.trim();
        return t.startsWith("{") && t.contains("\"schema\":\"" + SCHEMA_PREFIX);
    }

    public static IntervalFile read(Path p) throws IOException {
        Map<String, Job> jobs = new LinkedHashMap<>();
        for (JsonNode o : IntervalReader.intervals(p, "jfio-plot")) {
            String name = o.getString("jobname");
            int group = (int) o.getLong("groupid");
            jobs.computeIfAbsent(group + "\u0000" + name, k -> new Job(name, group, new ArrayList<>())).intervals().add(o);
        }
        return new IntervalFile(p, List.copyOf(jobs.values()));
    }

    static Series series(String name, List<double[]> pts) {
        double[] x = new double[pts.size()];
        double[] y = new double[pts.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = pts.get(i)[0];
            y[i] = pts.get(i)[1];
        }
        return new Series(name, x, y);
    }
}
