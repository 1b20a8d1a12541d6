package io.jfio.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.DirectionStats;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.RunResult;
import io.jfio.report.format.JsonFormat;
import io.jfio.report.format.JsonReader;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exact merge without fio: in-memory results, their json+ round trip, and what it refuses. */
class ExactMergeTest {

    /** One job whose clat values lie in [base, base + spread). */
    private static RunResult run(String name, long base, long spread, int n, long seed) {
        JobResult t = new JobResult();
        t.name = name;
        t.pid = 1000 + seed;
        DirectionStats read = t.dir(DirectionStats.READ);
        long x = seed;
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            long clat = base + ((x >>> 33) % spread);
            t.recordDepth(i % 3 == 0 ? 2 : 1, 1);
            t.recordSubmit(1);
            t.recordComplete(1);
            read.totalIos++;
            read.recordClat(clat);
            read.recordLat(clat + 700, false);
            t.recordLatencyBucket(clat);
            read.ioBytes += 4096;
        }
        read.runtimeMs = 500 + n / 10;
        read.bw.add(4000 + n);
        read.iops.add(1000 + n);
        t.totalRunTimeMs = 1000;
        t.usrTimeMs = 120 + n % 7;
        t.sysTimeMs = 300;
        t.ctx = n;
        RunResult r = new RunResult();
        r.timestampMs = 1_700_000_000_000L;
        r.addJob(t);
        return r;
    }

    private static JsonNode job(RunResult r) {
        return JsonFormat.tree(r, true).get("jobs").elements().get(0);
    }

    @Test
    void percentilesComeFromSummedBinsNotAverages() {
        RunResult fast = run("fast", 10_000, 1_000, 4000, 1);
        RunResult slow = run("slow", 900_000, 50_000, 1000, 2);
        RunResult merged = ExactMerge.merge(List.of(fast, slow));
        JobResult m = merged.jobs.get(0);
        DirectionStats d = m.dir(DirectionStats.READ);
        assertEquals("fast", m.name, "group_reporting names the sum after its first member");
        assertEquals(5000, d.totalIos);
        assertEquals(5000L * 4096, d.ioBytes);
        assertEquals(900, d.runtimeMs, "runtime: the longest (500 + 4000 / 10)");
        assertEquals(10_000, d.clat.min());
        assertTrue(d.clat.max() >= 900_000);
        // One histogram fed with every sample gives the reference percentiles.
        LatencyHistogram all = new LatencyHistogram();
        all.merge(fast.jobs.get(0).dir(0).clatHist);
        all.merge(slow.jobs.get(0).dir(0).clatHist);
        double[] list = m.report.percentiles();
        long[] want = all.percentiles(list, 5000);
        long[] got = d.clatHist.percentiles(list, d.clat.samples());
        assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(got));
        // p50 of the sum is a fast I/O; the average of the two p50s would be ~455 us.
        int p50 = java.util.Arrays.binarySearch(list, 50.0);
        assertTrue(got[p50] < 20_000, "p50 " + got[p50]);
        double mean = (fast.jobs.get(0).dir(0).clat.mean() * 4000 + slow.jobs.get(0).dir(0).clat.mean() * 1000) / 5000;
        assertEquals(mean, d.clat.mean(), 1e-6);
        assertEquals((4000 + 4000) + (4000 + 1000), (long) d.bw.mean(), "bw sample means summed, as fio does");
    }

    @Test
    void mergingJsonPlusEqualsMergingTheRunsThemselves() {
        RunResult a = run("a", 20_000, 5_000, 3000, 3);
        RunResult b = run("b", 40_000, 90_000, 1700, 4);
        JsonNode direct = job(ExactMerge.merge(List.of(run("a", 20_000, 5_000, 3000, 3),
                run("b", 40_000, 90_000, 1700, 4))));
        RunResult ra = JsonReader.read(JsonFormat.write(a, true));
        RunResult rb = JsonReader.read(JsonFormat.write(b, true));
        JsonNode viaJson = job(ExactMerge.merge(List.of(ra, rb)));
        List<String> diffs = new java.util.ArrayList<>();
        int[] n = new int[1];
        MergeVsFioIT.diff("", direct, viaJson, diffs, n);
        assertTrue(n[0] > 100, "compared " + n[0]);
        assertEquals(List.of(), diffs);
        // the CPU time came back from usr_cpu x job_runtime, not from the first member's percentage
        assertNotEquals(job(a).getDouble("usr_cpu"), viaJson.getDouble("usr_cpu"));
    }

    @Test
    void inputsAreLeftAsTheyWere() {
        RunResult a = run("a", 20_000, 5_000, 100, 5);
        RunResult b = run("b", 20_000, 5_000, 100, 6);
        String before = JsonFormat.write(a, true);
        ExactMerge.merge(List.of(a, b));
        assertFalse(a.jobs.get(0).report.groupReporting);
        assertEquals(before, JsonFormat.write(a, true));
    }

    @Test
    void plainJsonIsRefusedRatherThanAveraged() {
        RunResult plain = JsonReader.read(JsonFormat.write(run("p", 1000, 100, 50, 7), false));
        RunResult plus = run("q", 1000, 100, 50, 8);
        ExactMerge.NotExactException e = assertThrows(ExactMerge.NotExactException.class,
                () -> ExactMerge.merge(List.of(plus, plain), List.of("q.json", "p.json"), ExactMerge.Naming.GROUP_REPORTING));
        assertTrue(e.getMessage().contains("p.json") && e.getMessage().contains("json+"), e.getMessage());
    }

    /** a and c in group 0 (a with a job option), b in group 1, merged with {@code naming}. */
    private static RunResult clientMerge(ExactMerge.Naming naming) {
        RunResult a = run("a", 1000, 100, 50, 9);
        RunResult b = run("b", 1000, 100, 60, 10);
        b.jobs.get(0).groupId = 1;
        RunResult c = run("c", 1000, 100, 70, 11);
        a.jobs.get(0).options.add(new io.jfio.report.JobOption("bs", "4k"));
        RunResult m = ExactMerge.merge(List.of(a, b, c), List.of("a", "b", "c"), naming);
        assertEquals(1, b.jobs.get(0).groupId, "the inputs keep their group ids");
        return m;
    }

    private static RunResult clientMerge() {
        return clientMerge(ExactMerge.Naming.ALL_CLIENTS);
    }

    @Test
    void groupsStaySeparateUnderGroupReporting() {
        RunResult m = clientMerge(ExactMerge.Naming.GROUP_REPORTING);
        assertEquals(2, m.jobs.size());
        assertEquals(120, m.jobs.get(0).dir(0).totalIos);
        assertEquals(60, m.jobs.get(1).dir(0).totalIos);
    }

    /** fio 3.42's client (client.c handle_ts) sums every thread_stat, with the last one's group id. */
    @Test
    void allClientsIsOneSumOverEveryGroup() {
        RunResult m = clientMerge();
        assertEquals(1, m.jobs.size());
        assertEquals(180, m.jobs.get(0).dir(0).totalIos);
        assertEquals(0, m.jobs.get(0).groupId, "c, the last thread_stat, is in group 0");
    }

    @Test
    void clientNamingDropsOptions() {
        RunResult m = clientMerge();
        assertEquals("All clients", m.jobs.get(0).name);
        assertTrue(m.jobs.get(0).options.isEmpty());
    }

    @Test
    void clientSumHasPidZeroAsFiosClient() {
        RunResult m = clientMerge();
        assertEquals(0, m.jobs.get(0).pid, "fio 3.42's client prints 'All clients: ... pid=0:'");
    }

    @Test
    void cliMergesFiles(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a.json");
        Path b = tmp.resolve("b.json");
        Files.writeString(a, JsonFormat.write(run("a", 5000, 100, 300, 12), true));
        Files.writeString(b, JsonFormat.write(run("b", 5000, 100, 200, 13), true));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = MergeMain.run(new String[] {"--output-format=json+,normal", a.toString(), b.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        JsonNode doc = JsonParser.parseDocument(text);
        assertEquals(500, doc.get("jobs").elements().get(0).get("read").getLong("total_ios"));
        assertTrue(text.contains("a: (groupid=0, jobs=2)"), text);
    }

    @Test
    void cliRefusesAMissingFile(@TempDir Path tmp) {
        assertEquals(1, MergeMain.run(new String[] {tmp.resolve("none.json").toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));
    }
}
