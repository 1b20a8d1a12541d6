package io.jfio.multi;

import io.jfio.report.RunResult;
import io.jfio.report.client.ClientModeReport;
import io.jfio.report.json.FioJsonPrinter;
import io.jfio.report.json.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The reports of a --hosts run in fio's client-mode shapes ({@link ClientModeReport}: JSON with
 * {@code client_stats}, normal output with each host's blocks, then the "All clients" sum from
 * the hosts' json+ bins), plus what only a --hosts run knows: the hosts table, the start skew and
 * the I/O windows' overlap, and the {@code jfio_hosts} JSON key.
 */
final class ClientReport {
    final List<HostsRun.Host> hosts;
    final List<HostsRun.Host> reported = new ArrayList<>();
    final List<RunResult> results = new ArrayList<>();
    private final ClientModeReport clientMode;

    ClientReport(List<HostsRun.Host> hosts) {
        this.hosts = hosts;
        List<ClientModeReport.Client> clients = new ArrayList<>();
        for (HostsRun.Host h : hosts) {
            if (h.ok()) {
                reported.add(h);
                ClientModeReport.Client c = h.asReported();
                results.add(c.result());
                clients.add(c);
            }
        }
        clientMode = new ClientModeReport(hosts.size(), clients);
    }

    /** fio --client --output-format=json(+) shape; {@code plus} keeps the bins. */
    String json(boolean plus, long nowMs) {
        JsonNode root = clientMode.tree(plus, nowMs);
        root.put("jfio_hosts", hostsJson());
        return FioJsonPrinter.print(root);
    }

    /** Normal output: each host's report (its preamble lines tagged "<host> "), then "All clients". */
    String normal() {
        return clientMode.normal();
    }

    /** Terse: each host's lines, then the sum's. */
    String terse(int version) {
        return clientMode.terse(version);
    }

    /** Start skew: spread of the hosts' barrier release times (their clocks), ms; NaN below two. */
    double startSkewMs() {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int n = 0;
        for (HostsRun.Host h : reported) {
            if (h.startedEpochUs >= 0) {
                min = Math.min(min, h.startedEpochUs);
                max = Math.max(max, h.startedEpochUs);
                n++;
            }
        }
        return n < 2 ? Double.NaN : (max - min) / 1000.0;
    }

    /**
     * The last release acknowledgement after the scheduled start, on the controller's clock, ms:
     * a bound that does not trust the hosts' clocks (it includes the ssh return trip).
     */
    double goSpreadMs() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (HostsRun.Host h : reported) {
            if (h.ackNanos != 0) {
                first = Math.min(first, h.goSentNanos);
                last = Math.max(last, h.ackNanos);
            }
        }
        return first == Long.MAX_VALUE ? Double.NaN : (last - first - HostsRun.START_AHEAD_US * 1000) / 1e6;
    }

    /** Each host's I/O window on the hosts' clocks: {first, last} in ms since the epoch. */
    static double[] window(HostsRun.Host h) {
        if (h.startedEpochUs < 0 || h.firstIoMs < 0) {
            return null;
        }
        double base = h.startedEpochUs / 1000.0;
        return new double[] {base + h.firstIoMs, base + h.lastIoMs};
    }

    /** Common I/O time of all reporting hosts as a share of the shortest window, percent. */
    double overlapPercent() {
        double start = Double.NEGATIVE_INFINITY;
        double end = Double.POSITIVE_INFINITY;
        double shortest = Double.POSITIVE_INFINITY;
        int n = 0;
        for (HostsRun.Host h : reported) {
            double[] w = window(h);
            if (w == null) {
                continue;
            }
            n++;
            start = Math.max(start, w[0]);
            end = Math.min(end, w[1]);
            shortest = Math.min(shortest, w[1] - w[0]);
        }
        if (n < 2 || shortest <= 0) {
            return Double.NaN;
        }
        return Math.max(0, end - start) * 100.0 / shortest;
    }

    /** One line per host and the figures of the start. */
    String hostsTable() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-24s %-14s %17s  %s%n", "host", "version", "I/O window ms", "status"));
        double t0 = Double.POSITIVE_INFINITY;
        for (HostsRun.Host h : reported) {
            double[] w = window(h);
            if (w != null) {
                t0 = Math.min(t0, h.startedEpochUs / 1000.0);
            }
        }
        for (HostsRun.Host h : hosts) {
            double[] w = window(h);
            String win = w == null ? "-" : String.format(Locale.ROOT, "%.0f..%.0f", w[0] - t0, w[1] - t0);
            String status = h.failure != null ? "FAILED: " + h.failure : h.note != null ? h.note : "ok";
            b.append(String.format(Locale.ROOT, "%-24s %-14s %17s  %s%n", h.spec.name(),
                    h.hello == null ? "-" : h.hello.split(" ")[0], win, status));
        }
        b.append(String.format(Locale.ROOT, "start skew %.3f ms (hosts' release times), last release ack %.3f ms after the start,"
                + " I/O windows overlap %.1f%% of the shortest%n", startSkewMs(), goSpreadMs(), overlapPercent()));
        String v = null;
        for (HostsRun.Host h : hosts) {
            if (h.hello != null) {
                String hv = h.hello.split(" ")[0];
                if (v != null && !v.equals(hv)) {
                    b.append("note: the hosts run different agent versions (").append(v).append(", ").append(hv)
                            .append("); the json+ results were merged as read\n");
                }
                v = hv;
            }
        }
        for (RunResult r : results) {
            if (!r.fioVersion.equals(results.get(0).fioVersion)) {
                b.append("note: the hosts report different fio versions (").append(results.get(0).fioVersion)
                        .append(", ").append(r.fioVersion).append(")\n");
                break;
            }
        }
        return b.toString();
    }

    private JsonNode hostsJson() {
        JsonNode arr = JsonNode.array();
        for (HostsRun.Host h : hosts) {
            JsonNode o = JsonNode.object();
            o.put("hostname", h.spec.name());
            o.put("status", h.failure != null ? "failed" : h.note != null ? "job failed" : "ok");
            if (h.failure != null) {
                o.put("error", h.failure);
            }
            if (h.hello != null) {
                o.put("agent", h.hello);
            }
            if (h.startedEpochUs >= 0) {
                o.put("start_epoch_us", h.startedEpochUs);
            }
            if (h.firstIoMs >= 0) {
                o.put("first_io_ms", JsonNode.number(String.format(Locale.ROOT, "%.3f", h.firstIoMs)));
                o.put("last_io_ms", JsonNode.number(String.format(Locale.ROOT, "%.3f", h.lastIoMs)));
            }
            arr.add(o);
        }
        JsonNode start = JsonNode.object();
        double skew = startSkewMs();
        double ov = overlapPercent();
        JsonNode wrap = JsonNode.object();
        wrap.put("hosts", arr);
        if (!Double.isNaN(skew)) {
            start.put("start_skew_ms", JsonNode.number(String.format(Locale.ROOT, "%.3f", skew)));
        }
        if (!Double.isNaN(ov)) {
            start.put("overlap_percent", JsonNode.number(String.format(Locale.ROOT, "%.2f", ov)));
        }
        wrap.put("start", start);
        return wrap;
    }
}
