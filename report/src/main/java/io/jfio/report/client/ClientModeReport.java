package io.jfio.report.client;

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
 * What fio's client prints once its servers are done (fio's client.c), for every way jfio gathers
 * the results of several machines (fio's client/server protocol, jfio-multi --hosts): per client
 * its thread_stats and group stats, then, when more than one thread_stat came in, the "All clients"
 * sum (summed bin by bin, {@link ExactMerge}, every thread_stat into one whatever its group, with
 * the last one's group id) tagged with the last client; JSON as a {@code client_stats} array whose
 * entries carry {@code hostname} and {@code port}.
 */
public final class ClientModeReport {
    /**
     * One client that reported.
     *
     * @param hostname the host as fio's client names it in JSON (as given on the command line)
     * @param port     the port it reports
     * @param label    the name the sum's errors use for this client
     * @param result   its thread_stats and global options
     * @param document its own JSON (json+) document when its results came as one: its jobs and
     *                 disk_util are printed as they came; null to render them from {@code result}
     * @param normal   its part of the normal report, as the caller's transport prints it
     */
    public record Client(String hostname, int port, String label, RunResult result, JsonNode document,
            String normal) {
    }

    private final int configured;
    private final List<Client> reported;
    private final RunResult all;

    /**
     * @param configured how many clients the run had (fio prints one server's global options as a
     *                   plain object, several servers' as an array)
     * @param reported   the clients that sent their results, in order
     */
    public ClientModeReport(int configured, List<Client> reported) {
        this.configured = configured;
        this.reported = List.copyOf(reported);
        int stats = 0;
        List<RunResult> results = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Client c : reported) {
            stats += c.result.jobs.size();
            results.add(c.result);
            labels.add(c.label);
        }
        // fio's client sums once the thread_stats of all its clients together number more than one
        all = stats > 1 ? ExactMerge.merge(results, labels, ExactMerge.Naming.ALL_CLIENTS) : null;
    }

    public List<Client> reported() {
        return reported;
    }

    /** The "All clients" sum, or null when no more than one thread_stat came in. */
    public RunResult all() {
        return all;
    }

    /** fio --client --output-format=json(+) as a tree, for callers that add keys before printing. */
    public JsonNode tree(boolean plus, long nowMs) {
        JsonNode root = JsonNode.object();
        root.put("fio version", reported.isEmpty() ? "fio-3.42" : reported.get(0).result.fioVersion);
        root.put("timestamp", nowMs / 1000);
        root.put("time", RunResult.ctime(nowMs));
        JsonNode single = JsonNode.object();
        JsonNode globals = JsonNode.array();
        JsonNode stats = JsonNode.array();
        JsonNode disks = JsonNode.array();
        for (Client c : reported) {
            if (!c.result.globalOptions.isEmpty()) {
                // fio's client: one server's options in a plain object; several servers' one object
                // each, tagged before its first option, added when its first thread_stat came in
                JsonNode tagged = JsonNode.object();
                tagged.put("hostname", c.hostname);
                tagged.put("port", c.port);
                for (JobOption o : c.result.globalOptions) {
                    tagged.put(o.name(), o.value() == null ? "" : o.value());
                    single.put(o.name(), o.value() == null ? "" : o.value());
                }
                globals.add(tagged);
            }
            JsonNode jobs = c.document == null ? JsonFormat.tree(c.result, plus).get("jobs") : c.document.get("jobs");
            for (JsonNode job : jobs.elements()) {
                stats.add(tagged(job, c, c.document != null && !plus));
            }
            JsonNode du = c.document == null ? null : c.document.get("disk_util");
            if (du != null) {
                for (JsonNode d : du.elements()) {
                    disks.add(d);
                }
            }
        }
        if (all != null) {
            for (JsonNode job : JsonFormat.tree(all, plus).get("jobs").elements()) {
                stats.add(tagged(job, reported.get(reported.size() - 1), false));
            }
        }
        root.put("global options", configured == 1 ? single : globals);
        root.put("client_stats", stats);
        root.put("disk_util", disks);
        return root;
    }

    public String json(boolean plus, long nowMs) {
        return FioJsonPrinter.print(tree(plus, nowMs));
    }

    /**
     * A thread_stat as fio's client prints it: no eta/elapsed (a client has no ETA), hostname and
     * port last; {@code dropBins} turns a json+ thread_stat into a json one.
     */
    private static JsonNode tagged(JsonNode job, Client c, boolean dropBins) {
        JsonNode o = JsonNode.object();
        for (JsonNode.Member m : job.members()) {
            if (!m.key().equals("eta") && !m.key().equals("elapsed")) {
                o.put(m.key(), dropBins ? withoutBins(m.value()) : m.value());
            }
        }
        o.put("hostname", c.hostname);
        o.put("port", c.port);
        return o;
    }

    private static JsonNode withoutBins(JsonNode n) {
        if (n.kind() != JsonNode.Kind.OBJECT) {
            return n;
        }
        JsonNode o = JsonNode.object();
        for (JsonNode.Member m : n.members()) {
            if (!m.key().equals("bins")) {
                o.put(m.key(), withoutBins(m.value()));
            }
        }
        return o;
    }

    /** Each client's part of the normal report, then "All clients" (fio's client prints no run status group for it). */
    public String normal() {
        StringBuilder b = new StringBuilder();
        for (Client c : reported) {
            b.append(c.normal);
        }
        if (all != null) {
            b.append(NormalFormat.jobBlocks(all));
        }
        return b.toString();
    }

    /** Each client's terse lines, then the sum's. */
    public String terse(int version) {
        StringBuilder b = new StringBuilder();
        for (Client c : reported) {
            b.append(TerseFormat.write(c.result, version));
        }
        if (all != null) {
            b.append(TerseFormat.write(all, version));
        }
        return b.toString();
    }
}
