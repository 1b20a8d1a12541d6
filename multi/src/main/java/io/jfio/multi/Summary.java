package io.jfio.multi;

import io.jfio.report.json.FioJsonPrinter;
import io.jfio.report.json.JsonNode;
import io.jfio.compare.Metric;
import io.jfio.compare.ResultSample;

import java.util.List;
import java.util.Locale;

/**
 * The one table of a multi run: per run and instance, read/write bandwidth and IOPS and the
 * p50/p99/p99.9 completion latencies, with the same aggregation as jfio-compare (so the table,
 * the per-instance reports and the comparison agree), plus each instance's I/O window.
 */
public final class Summary {
    private static final Metric[] COLUMNS = {
        Metric.READ_BW, Metric.READ_IOPS, Metric.WRITE_BW, Metric.WRITE_IOPS,
        Metric.READ_CLAT_P50, Metric.READ_CLAT_P99, Metric.READ_CLAT_P999,
        Metric.WRITE_CLAT_P50, Metric.WRITE_CLAT_P99, Metric.WRITE_CLAT_P999,
    };

    private Summary() {
    }

    public static ResultSample sample(InstanceResult r) {
        return new ResultSample("run-" + r.run() + "/" + r.instance().fileStem(), r.result(), null);
    }

    public static String table(List<List<InstanceResult>> runs) {
        StringBuilder b = new StringBuilder();
        String head = "%-4s %-12s %-28s %10s %9s %10s %9s %9s %9s %9s %9s %9s %9s %17s  %s%n";
        b.append(String.format(Locale.ROOT, head, "run", "instance", "target", "read MiB/s", "read IOPS",
                "write MiB/s", "wr IOPS", "r p50 us", "r p99", "r p99.9", "w p50 us", "w p99", "w p99.9",
                "I/O window ms", "status"));
        for (List<InstanceResult> run : runs) {
            for (InstanceResult r : run) {
                Object[] row = new Object[3 + COLUMNS.length + 2];
                row[0] = Integer.toString(r.run());
                row[1] = r.instance().fileStem();
                row[2] = clip(r.instance().label(), 28);
                String status;
                if (r.result() != null) {
                    ResultSample s = sample(r);
                    // A failed run's numbers (often one I/O) are no measurement: the status says why.
                    for (int c = 0; c < COLUMNS.length; c++) {
                        row[3 + c] = s.failed() ? "-" : COLUMNS[c].cell(s.value(COLUMNS[c]));
                    }
                    status = s.failed() ? String.join("; ", s.errors()) : "ok";
                } else {
                    for (int c = 0; c < COLUMNS.length; c++) {
                        row[3 + c] = "-";
                    }
                    status = "no report (exit " + r.exitStatus() + ")";
                }
                row[3 + COLUMNS.length] = r.firstIoMs() < 0 ? "no I/O"
                        : String.format(Locale.ROOT, "%.0f..%.0f", r.firstIoMs(), r.lastIoMs());
                row[4 + COLUMNS.length] = status;
                b.append(String.format(Locale.ROOT, head, row));
            }
            combinedRow(b, head, run);
        }
        return b.toString();
    }

    public static String json(List<List<InstanceResult>> runs) {
        JsonNode root = JsonNode.array();
        for (List<InstanceResult> run : runs) {
            for (InstanceResult r : run) {
                JsonNode o = JsonNode.object();
                o.put("run", r.run());
                o.put("instance", r.instance().number());
                o.put("label", r.instance().label());
                o.put("job_file", r.instance().jobFile().toString());
                if (r.instance().target() != null) {
                    o.put("target", r.instance().target());
                }
                o.put("exit_status", r.exitStatus());
                if (r.firstIoMs() >= 0) {
                    o.put("first_io_ms", JsonNode.number(String.format(Locale.ROOT, "%.3f", r.firstIoMs())));
                    o.put("last_io_ms", JsonNode.number(String.format(Locale.ROOT, "%.3f", r.lastIoMs())));
                }
                if (r.result() != null) {
                    ResultSample s = sample(r);
                    JsonNode errs = JsonNode.array();
                    for (String e : s.errors()) {
                        errs.add(JsonNode.string(e));
                    }
                    o.put("errors", errs);
                    for (Metric m : COLUMNS) {
                        double v = s.failed() ? Double.NaN : s.value(m);
                        if (!Double.isNaN(v)) {
                            o.put(m.key(), JsonNode.number(Double.toString(v)));
                        }
                    }
                }
                root.add(o);
            }
        }
        return FioJsonPrinter.print(root);
    }

    /** The "all" row: every instance of the run merged exactly (jfio-merge), when two or more reported. */
    private static void combinedRow(StringBuilder b, String head, List<InstanceResult> run) {
        io.jfio.report.RunResult all = Combined.of(run);
        if (all == null) {
            return;
        }
        ResultSample s = new ResultSample("run-" + run.get(0).run() + "/all", all, null);
        Object[] row = new Object[3 + COLUMNS.length + 2];
        row[0] = Integer.toString(run.get(0).run());
        row[1] = "all";
        row[2] = "exact merge of the instances";
        for (int c = 0; c < COLUMNS.length; c++) {
            row[3 + c] = s.failed() ? "-" : COLUMNS[c].cell(s.value(COLUMNS[c]));
        }
        double[] w = Combined.window(run);
        row[3 + COLUMNS.length] = w[0] < 0 ? "no I/O" : String.format(Locale.ROOT, "%.0f..%.0f", w[0], w[1]);
        row[4 + COLUMNS.length] = s.failed() ? String.join("; ", s.errors()) : "ok";
        b.append(String.format(Locale.ROOT, head, row));
    }

    private static String clip(String s, int n) {
        if (s.length() <= n) {
            return s;
        }
        int head = (n - 3) / 2;
        return s.substring(0, head) + "..." + s.substring(s.length() - (n - 3 - head));
    }
}
