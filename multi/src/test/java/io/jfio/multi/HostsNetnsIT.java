package io.jfio.multi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.report.merge.MergeMain;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * jfio-multi --hosts over real ssh to three namespace hosts ({@link NetnsHosts}), each with its
 * own loop device: the combined client-mode report is the exact merge of the hosts' json+, the
 * hosts ran together, and a host that dies mid-run or cannot be reached is named while the
 * others are reported, in bounded time.
 */
@ExtendWith({LoopDevices.class, NetnsHosts.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostsNetnsIT {

    @BeforeAll
    static void hosts(@Loop(mib = 64) LoopDevice d1, @Loop(mib = 64) LoopDevice d2, @Loop(mib = 64) LoopDevice d3)
            throws Exception {
        NetnsHosts.start(d1.device(), d2.device(), d3.device());
    }

    private static Path job(Path dir, int runtime) throws Exception {
        Path f = dir.resolve("shared.fio");
        Files.writeString(f, "[global]\nioengine=psync\nrw=randread\nbs=4k\nfilename=${JFIO_DEV}\n"
                + "runtime=" + runtime + "\ntime_based\n[shared]\n");
        return f;
    }

    private static int multi(List<String> args, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        return MultiMain.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @TempDir
    static Path threeHostsDir;

    /** The run of the shared job on the three hosts: its output dir, stdout and stderr. */
    private record ThreeHosts(Path dir, String text, String diag) {
    }

    private static ThreeHosts threeHosts;

    /** Runs the 3 s job on h1..h3 once, before the test that kills a host (they are ordered). */
    private static synchronized ThreeHosts threeHosts() throws Exception {
        if (threeHosts != null) {
            return threeHosts;
        }
        Path tmp = threeHostsDir;
        Path dir = tmp.resolve("out");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = multi(List.of("--hosts", "h1,h2,h3", "--ssh", NetnsHosts.ssh(), "--output-dir", dir.toString(),
                "--output-format=normal", job(tmp, 3).toString()), out, err);
        String text = out.toString(StandardCharsets.UTF_8);
        String diag = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, text + diag);
        threeHosts = new ThreeHosts(dir, text, diag);
        return threeHosts;
    }

    @Test
    @Order(1)
    void threeHostsMergeExactly() throws Exception {
        Path dir = threeHosts().dir();
        // fio's client-mode shape: every host's thread_stat with hostname and port, then All clients
        JsonNode doc = JsonParser.parseDocument(Files.readString(dir.resolve("clients.json")));
        List<JsonNode> stats = doc.get("client_stats").elements();
        assertEquals(4, stats.size());
        for (int i = 0; i < 3; i++) {
            assertEquals("h" + (i + 1), stats.get(i).getString("hostname"));
            assertEquals(22, stats.get(i).getLong("port"));
            assertEquals("shared", stats.get(i).getString("jobname"));
            assertTrue(stats.get(i).get("read").getLong("total_ios") > 0);
            assertTrue(!stats.get(i).has("eta"), "a client prints no eta");
        }
        // several clients: 'global options' is an array, one object per host, tagged as fio does
        List<JsonNode> globals = doc.get("global options").elements();
        assertEquals(3, globals.size());
        for (int i = 0; i < 3; i++) {
            assertEquals("h" + (i + 1), globals.get(i).getString("hostname"));
            assertEquals("randread", globals.get(i).getString("rw"));
        }
        JsonNode all = stats.get(3);
        assertEquals("All clients", all.getString("jobname"));
        assertEquals("h3", all.getString("hostname"), "fio tags the sum with the last client");
        // ... and the sum is jfio-merge of the three per-host json+ files
        ByteArrayOutputStream merged = new ByteArrayOutputStream();
        assertEquals(0, MergeMain.run(new String[] {"--name=All clients", dir.resolve("h1.json").toString(),
            dir.resolve("h2.json").toString(), dir.resolve("h3.json").toString()},
                new PrintStream(merged, true, StandardCharsets.UTF_8), System.err));
        JsonNode expect = JsonParser.parseDocument(merged.toString(StandardCharsets.UTF_8)).get("jobs").elements()
                .get(0);
        List<String> diffs = new ArrayList<>();
        AtomicInteger n = new AtomicInteger();
        same("", expect, all, diffs, n);
        assertEquals(List.of(), diffs);
        assertTrue(n.get() > 200, "values compared: " + n);
        long sum = 0;
        for (int i = 0; i < 3; i++) {
            sum += stats.get(i).get("read").getLong("total_ios");
        }
        assertEquals(sum, all.get("read").getLong("total_ios"));
        System.out.println("HostsNetnsIT: " + n + " values of All clients equal jfio-merge of the hosts");
    }

    @Test
    @Order(1)
    void theNormalReportHasEachHostsBlockThenAllClients() throws Exception {
        String text = threeHosts().text();
        // normal output: each host's block, then All clients; the hosts table with skew and overlap
        assertTrue(text.contains("<h1> Starting 1 process") && text.contains("All clients: (groupid=0, jobs=3)"), text);
    }

    @Test
    @Order(1)
    void threeHostsRunTogether() throws Exception {
        ThreeHosts h = threeHosts();
        Path dir = h.dir();
        String diag = h.diag();
        JsonNode doc = JsonParser.parseDocument(Files.readString(dir.resolve("clients.json")));
        JsonNode start = doc.get("jfio_hosts").get("start");
        double overlap = start.getDouble("overlap_percent");
        double skew = start.getDouble("start_skew_ms");
        System.out.println("HostsNetnsIT: 3 hosts, start skew " + skew + " ms, I/O windows overlap " + overlap
                + " % of the shortest");
        System.out.print(Files.readString(dir.resolve("hosts.txt")));
        // 3 s windows released together: on this loaded 2-CPU machine a generous bound, the figure is printed
        assertTrue(overlap > 80, "overlap " + overlap + "%");
        assertTrue(skew >= 0 && skew < 1000, "skew " + skew);
    }

    @Test
    @Order(1)
    void statusLinesAreStreamed() throws Exception {
        String diag = threeHosts().diag();
        assertTrue(diag.contains("<h2> status:"), "status lines are streamed: " + diag);
    }

    /** Every value of the expected job, except identity fields, is equal in the actual one. */
    private static void same(String path, JsonNode e, JsonNode a, List<String> diffs, AtomicInteger n) {
        if (e.kind() == JsonNode.Kind.OBJECT) {
            for (JsonNode.Member m : e.members()) {
                if (List.of("job options", "job_start", "eta", "elapsed").contains(m.key())) {
                    continue;
                }
                JsonNode o = a.get(m.key());
                if (o == null) {
                    diffs.add(path + "/" + m.key() + " missing");
                } else {
                    same(path + "/" + m.key(), m.value(), o, diffs, n);
                }
            }
            return;
        }
        n.incrementAndGet();
        if (!e.text().equals(a.text())) {
            diffs.add(path + ": " + e.text() + " vs " + a.text());
        }
    }

    @Test
    @Order(2)
    void failedHostsAreNamedWhileTheOthersAreReported(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("out");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] rc = {-1};
        Path jobFile = job(tmp, 8);
        // 10.231.1.77 is on host 1's link but nobody answers there: ssh's connect times out.
        Thread t = new Thread(() -> rc[0] = multi(List.of("--hosts", "h1,h2,h3,10.231.1.77", "--ssh",
                NetnsHosts.ssh() + " -o StrictHostKeyChecking=no", "--connect-timeout", "3", "--barrier-timeout", "40",
                "--output-dir", dir.toString(), "--output-format=json+", jobFile.toString()), out, err));
        long t0 = System.nanoTime();
        t.start();
        long deadline = t0 + 90_000_000_000L;
        while (!err.toString(StandardCharsets.UTF_8).contains("<h2> status:") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("<h2> status:"), err.toString(StandardCharsets.UTF_8));
        long killedAt = System.nanoTime();
        NetnsHosts.kill(2);
        t.join(120_000);
        assertTrue(!t.isAlive(), "jfio-multi did not end within 120 s of the kill");
        double afterKill = (System.nanoTime() - killedAt) / 1e9;
        double total = (System.nanoTime() - t0) / 1e9;
        String diag = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, rc[0], diag);
        String table = Files.readString(dir.resolve("hosts.txt"));
        System.out.println("HostsNetnsIT: host h2 killed; jfio-multi ended " + String.format("%.1f", afterKill)
                + " s after the kill, " + String.format("%.1f", total) + " s in all (job runtime 8 s)\n" + table);
        assertTrue(table.matches("(?s).*h2 .*FAILED: died mid-run.*"), table);
        assertTrue(table.matches("(?s).*10\\.231\\.1\\.77 .*FAILED: unreachable.*"), table);
        JsonNode doc = JsonParser.parseDocument(out.toString(StandardCharsets.UTF_8));
        List<String> names = new ArrayList<>();
        for (JsonNode s : doc.get("client_stats").elements()) {
            names.add(s.getString("hostname") + "/" + s.getString("jobname"));
        }
        assertEquals(List.of("h1/shared", "h3/shared", "h3/All clients"), names);
        assertTrue(total < 60, "bounded: " + total + " s");
    }
}
