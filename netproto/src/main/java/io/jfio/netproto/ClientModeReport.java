package io.jfio.netproto;

import io.jfio.report.JobOption;
import io.jfio.report.RunResult;
import io.jfio.report.format.JsonFormat;
import io.jfio.report.format.NormalFormat;
import io.jfio.report.format.TerseFormat;
import io.jfio.report.json.FioJsonPrinter;
import io.jfio.report.json.JsonNode;
import io.jfio.report.merge.ExactMerge;

import java.util.ArrayList;
import java.util.List;

/**
 * What fio's client prints once its servers are done (fio's client.c): per server its thread_stats
 * and group stats, and, when more than one thread_stat came in, the "All clients" sum (summed bin
 * by bin, {@link ExactMerge}); JSON as a {@code client_stats} array whose entries carry
 * {@code hostname} and {@code port}.
 */
public final class ClientModeReport {
    private final List<FioClient> clients;
    private final List<FioClient> reported = new ArrayList<>();
    private final RunResult all;

    public ClientModeReport(List<FioClient> clients) {
        this.clients = clients;
        int stats = 0;
        List<RunResult> results = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (FioClient c : clients) {
            if (!c.result.jobs.isEmpty()) {
                reported.add(c);
                stats += c.result.jobs.size();
                results.add(c.result);
                labels.add(c.name);
            }
        }
        all = stats > 1 ? ExactMerge.merge(results, labels, ExactMerge.Naming.ALL_CLIENTS) : null;
    }

    public String json(boolean plus, long nowMs) {
        JsonNode root = JsonNode.object();
        root.put("fio version", reported.isEmpty() ? "fio-3.42" : reported.get(0).result.fioVersion);
        root.put("timestamp", nowMs / 1000);
        root.put("time", RunResult.ctime(nowMs));
        JsonNode single = JsonNode.object();
        JsonNode globals = JsonNode.array();
        JsonNode stats = JsonNode.array();
        for (FioClient c : reported) {
            if (!c.result.globalOptions.isEmpty()) {
                // fio's client: with one server a plain object, with several one per server, tagged first
                JsonNode tagged = JsonNode.object();
                tagged.put("hostname", c.host());
                tagged.put("port", c.port());
                for (JobOption o : c.result.globalOptions) {
                    tagged.put(o.name(), o.value() == null ? "" : o.value());
                    single.put(o.name(), o.value() == null ? "" : o.value());
                }
                globals.add(tagged);
            }
            for (JsonNode job : JsonFormat.tree(c.result, plus).get("jobs").elements()) {
                stats.add(tagged(job, c));
            }
        }
        if (all != null) {
            for (JsonNode job : JsonFormat.tree(all, plus).get("jobs").elements()) {
                stats.add(tagged(job, reported.get(reported.size() - 1)));
            }
        }
        root.put("global options", clients.size() == 1 ? single : globals);
        root.put("client_stats", stats);
        root.put("disk_util", JsonNode.array());
        return FioJsonPrinter.print(root);
    }

    private static JsonNode tagged(JsonNode job, FioClient c) {
        JsonNode o = JsonNode.object();
        for (JsonNode.Member m : job.members()) {
            if (!m.key().equals("eta") && !m.key().equals("elapsed")) {
                o.put(m.key(), m.value());
            }
        }
        o.put("hostname", c.host());
        o.put("port", c.port());
        return o;
    }

    /** Each server's job blocks and run status groups, then "All clients". */
    public String normal() {
        StringBuilder b = new StringBuilder();
        for (FioClient c : reported) {
            // the server's last text line already separates its messages from the report
            String r = NormalFormat.write(c.result);
            b.append(r.startsWith("\n") ? r.substring(1) : r);
        }
        if (all != null) {
            b.append(NormalFormat.write(all));
        }
        return b.toString();
    }

    public String terse(int version) {
        StringBuilder b = new StringBuilder();
        for (FioClient c : reported) {
            b.append(TerseFormat.write(c.result, version));
        }
        if (all != null) {
            b.append(TerseFormat.write(all, version));
        }
        return b.toString();
    }
}
