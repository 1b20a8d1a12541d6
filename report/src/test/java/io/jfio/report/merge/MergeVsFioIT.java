package io.jfio.report.merge;

import io.jfio.testsupport.Ports;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jfio-merge against fio's own sum: fio's client mode sums the thread_stats of its servers with
 * the same function group_reporting uses (fio's stat.c sum_thread_stats) and prints the sum as
 * "All clients" beside each server's own json+. Two fio servers on loopback run two different
 * jobs; the two per-server entries, written as two json+ files and merged by jfio-merge, must
 * equal fio's "All clients": bins, percentiles, counts and bytes exactly, means and deviations
 * to fio's printing precision.
 */
class MergeVsFioIT {
    private static final List<String> SKIP = List.of("jobname", "job_start", "hostname", "port", "job options",
            "eta", "elapsed");

    @Test
    void mergeEqualsFio333GroupSum(@TempDir Path tmp) throws Exception {
        Path fio = Path.of("/usr/bin/fio");
        assumeTrue(Files.isExecutable(fio), "fio 3.33 is not installed at /usr/bin/fio");
        compare(fio, tmp);
    }

    @Test
    void mergeEqualsFio342GroupSum(@TempDir Path tmp) throws Exception {
        String p = System.getProperty("jfio.fio342", System.getenv("JFIO_FIO342"));
        assumeTrue(p != null && Files.isExecutable(Path.of(p)), "no fio 3.42 (set JFIO_FIO342=/path/to/fio)");
        compare(Path.of(p), tmp);
    }

    private static void compare(Path fio, Path tmp) throws Exception {
        Path a = tmp.resolve("a.fio");
        Path b = tmp.resolve("b.fio");
        Files.writeString(a, "[reader]\nfilename=" + tmp.resolve("a.dat") + "\nsize=4m\nrw=randread\nbs=4k\n"
                + "ioengine=psync\nnumber_ios=3000\n");
        Files.writeString(b, "[mixer]\nfilename=" + tmp.resolve("b.dat") + "\nsize=4m\nrw=randrw\nbs=8k\n"
                + "ioengine=psync\nnumber_ios=2000\nrwmixread=60\n");
        int p1 = Ports.free();
        int p2 = Ports.free();
        List<Process> servers = new ArrayList<>();
        try {
            for (int port : new int[] {p1, p2}) {
                servers.add(new ProcessBuilder(fio.toString(), "--server=ip:127.0.0.1," + port)
                        .redirectErrorStream(true).redirectOutput(tmp.resolve("server-" + port + ".log").toFile())
                        .start());
            }
            awaitPort(p1);
            awaitPort(p2);
            Process client = new ProcessBuilder(fio.toString(), "--output-format=json+",
                    "--client=ip:127.0.0.1," + p1, a.toString(), "--client=ip:127.0.0.1," + p2, b.toString())
                    .redirectErrorStream(false).redirectOutput(tmp.resolve("client.json").toFile())
                    .redirectError(tmp.resolve("client.err").toFile()).start();
            assertTrue(client.waitFor(120, TimeUnit.SECONDS), "fio --client did not finish in 120 s");
            assertEquals(0, client.exitValue(), Files.readString(tmp.resolve("client.err")));
        } finally {
            for (Process s : servers) {
                s.destroy();
                if (!s.waitFor(10, TimeUnit.SECONDS)) {
                    s.destroyForcibly();
                }
            }
        }
        JsonNode doc = JsonParser.parseDocument(Files.readString(tmp.resolve("client.json")));
        List<JsonNode> stats = doc.get("client_stats").elements();
        assertEquals(3, stats.size(), "two servers and All clients");
        JsonNode fioSum = stats.get(2);
        assertEquals("All clients", fioSum.getString("jobname"));
        // With several servers fio 3.42 prints "global options" as an array (one object per
        // server with global options; 3.33 an object): the client-mode document reads as a
        // whole either way (jfio-plot reads it so).
        io.jfio.report.RunResult whole = io.jfio.report.format.JsonReader.read(doc);
        assertEquals(List.of("mixer", "reader", "All clients"),
                whole.threadStats().stream().map(j -> j.name).sorted((x, y) -> x.equals("All clients") ? 1
                        : y.equals("All clients") ? -1 : x.compareTo(y)).toList());
        List<String> files = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            JsonNode one = JsonNode.object();
            one.put("fio version", doc.getString("fio version"));
            one.put("timestamp", doc.getLong("timestamp"));
            one.put("time", doc.getString("time"));
            JsonNode jobs = JsonNode.array();
            jobs.add(stats.get(i));
            one.put("jobs", jobs);
            Path f = tmp.resolve("host" + i + ".json");
            Files.writeString(f, io.jfio.report.json.FioJsonPrinter.print(one));
            files.add(f.toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("--output-format=json+", "--name=All clients"));
        args.addAll(files);
        int rc = MergeMain.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        JsonNode merged = JsonParser.parseDocument(out.toString(StandardCharsets.UTF_8)).get("jobs").elements()
                .get(0);
        List<String> diffs = new ArrayList<>();
        int[] compared = new int[1];
        diff("", fioSum, merged, diffs, compared);
        System.out.println("MergeVsFioIT " + doc.getString("fio version") + ": " + compared[0]
                + " values compared, differences: " + diffs);
        assertTrue(diffs.isEmpty(), "jfio-merge differs from fio's sum: " + diffs);
        // fio 3.33's client prints bins for each server but not for "All clients" (3.42 does)
        long bins = stats.get(0).get("read").get("clat_ns").get("bins").members().size();
        assertTrue(bins > 10, "the inputs have real latency bins: " + bins);
        // (where fio printed the sum's bins, diff() compared every one of them)
    }

    /** Every value fio printed for its sum must be in the merge (except identity fields). */
    static void diff(String path, JsonNode fio, JsonNode jfio, List<String> diffs, int[] compared) {
        if (fio.kind() == JsonNode.Kind.OBJECT) {
            for (JsonNode.Member m : fio.members()) {
                if (SKIP.contains(m.key())) {
                    continue;
                }
                JsonNode other = jfio == null ? null : jfio.get(m.key());
                if (other == null) {
                    // fio's client prints a latency target block only when the server sent one
                    if (!m.key().startsWith("latency_") || !(m.value().kind() != JsonNode.Kind.OBJECT)) {
                        diffs.add(path + "/" + m.key() + " missing");
                    }
                    continue;
                }
                diff(path + "/" + m.key(), m.value(), other, diffs, compared);
            }
            return;
        }
        compared[0]++;
        String e = fio.text();
        String a = jfio.text();
        if (e.equals(a)) {
            return;
        }
        if (fio.kind() == JsonNode.Kind.FLOAT || jfio.kind() == JsonNode.Kind.FLOAT) {
            double x = Double.parseDouble(e);
            double y = Double.parseDouble(a);
            // printed to 6 decimals from inputs printed to 6 decimals: a few units of the last digit
            double tol = Math.max(5e-6, Math.abs(x) * 1e-9);
            if (path.contains("iodepth_submit") || path.contains("iodepth_complete")) {
                tol = 0.5; // JSON lacks the submit/reap call counts: weighted by I/Os issued
            }
            if (Math.abs(x - y) <= tol) {
                return;
            }
        }
        diffs.add(path + ": fio " + e + ", jfio " + a);
    }


    private static void awaitPort(int port) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (java.io.IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("fio --server did not listen on " + port + " within 20 s");
    }
}
