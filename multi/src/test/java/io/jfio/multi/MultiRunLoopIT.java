package io.jfio.multi;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.report.JobResult;
import io.jfio.report.RunResult;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.api.Jfio;
import io.jfio.api.MultiResult;
import io.jfio.compare.Comparison;
import io.jfio.compare.ComparisonReport;
import io.jfio.compare.Metric;
import io.jfio.compare.ResultSample;
import io.jfio.compare.ResultSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jfio-multi on real loop devices (root): instances run concurrently, their reports are complete
 * and parse back, the summary is the reports' numbers, and the comparison tells a rate-limited
 * job from an unlimited one but not a job from itself.
 */
@ExtendWith(LoopDevices.class)
class MultiRunLoopIT {
    private static LoopDevice dev1;
    private static LoopDevice dev2;
    private static LoopDevice dev3;

    @BeforeAll
    static void devices(@Loop(mib = 64) LoopDevice dev1Param, @Loop(mib = 64) LoopDevice dev2Param, @Loop(mib = 64) LoopDevice dev3Param) {
        dev1 = dev1Param;
        dev2 = dev2Param;
        dev3 = dev3Param;
    }

    private static Path job(Path dir, String name, String body) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, body);
        return f;
    }

    @TempDir
    static Path twoTargetsDir;

    /** The two-target run: its output dir and stdout. */
    private record TwoTargets(Path out, String text) {
    }

    private static TwoTargets twoTargets;

    /** Runs the 2 s randrw job on dev1 and dev2 together once, for the tests that read its results. */
    private static synchronized TwoTargets twoTargets() throws Exception {
        if (twoTargets != null) {
            return twoTargets;
        }
        Path tmp = twoTargetsDir;
        Path f = job(tmp, "randrw.fio", "[global]\nioengine=psync\nrw=randrw\nrwmixread=70\nbs=4k\nsize=32m\n"
                + "runtime=2\ntime_based\nfilename=${TARGET}\n[randrw]\n");
        Path out = tmp.resolve("out");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int rc = MultiMain.run(new String[] {"--target", dev1.device(), "--target", dev2.device(), "--output-dir",
            out.toString(), "--output-format=normal,json+,terse", f.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        String text = stdout.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, text + stderr.toString(StandardCharsets.UTF_8));
        twoTargets = new TwoTargets(out, text);
        return twoTargets;
    }

    private static List<JsonNode> summaryRows(Path out) throws IOException {
        List<JsonNode> rows = JsonParser.parse(Files.readString(out.resolve("summary.json"))).elements();
        assertEquals(2, rows.size());
        return rows;
    }

    @Test
    void eachInstancesReportIsComplete() throws Exception {
        Path out = twoTargets().out();
        for (int i = 0; i < 2; i++) {
            // Each report is complete: the normal text, terse line and JSON+ all parse back.
            Path dir = out.resolve("run-1");
            String normal = Files.readString(dir.resolve("instance-" + (i + 1) + ".txt"));
            assertTrue(normal.contains("Starting 1 process") && normal.contains("Run status group 0"), normal);
            assertTrue(normal.contains("randrw: (groupid=0, jobs=1): err= 0"), normal);
            RunResult json = ResultSet.read(dir.resolve("instance-" + (i + 1) + ".json"));
            RunResult terse = ResultSet.read(dir.resolve("instance-" + (i + 1) + ".terse"));
            JobResult j = json.jobs.get(0);
            assertEquals("randrw", j.name);
            assertTrue(j.dir(0).totalIos > 0 && j.dir(1).totalIos > 0);
            assertTrue(j.dir(0).clatHist.count() > 0, "json+ bins");
            assertEquals(j.dir(0).ioBytes / 1024, terse.jobs.get(0).dir(0).ioBytes / 1024);
            // The target filled ${TARGET}: the disk statistics are those of this instance's device.
            String dev = Path.of((i == 0 ? dev1 : dev2).device()).getFileName().toString();
            assertTrue(json.disks.stream().anyMatch(d -> d.name.equals(dev)), "disk_util of " + dev);
        }
    }

    @Test
    void theSummaryIsTheReportsNumbers() throws Exception {
        Path out = twoTargets().out();
        List<JsonNode> rows = summaryRows(out);
        for (int i = 0; i < 2; i++) {
            RunResult json = ResultSet.read(out.resolve("run-1").resolve("instance-" + (i + 1) + ".json"));
            // The summary is the report's numbers (same aggregation as jfio-compare).
            ResultSample s = new ResultSample("x", json, null);
            for (Metric m : new Metric[] {Metric.READ_BW, Metric.READ_IOPS, Metric.WRITE_BW, Metric.WRITE_IOPS,
                Metric.READ_CLAT_P50, Metric.READ_CLAT_P99, Metric.READ_CLAT_P999, Metric.WRITE_CLAT_P99}) {
                assertEquals(s.value(m), rows.get(i).getDouble(m.key()), 1e-6 * s.value(m), m.key());
            }
        }
        String text = twoTargets().text();
        assertTrue(text.contains("Summary (2 instances started together"), text);
        assertTrue(Files.readString(out.resolve("comparison.txt")).contains("read bw"));
    }

    @Test
    void instancesRunTogether() throws Exception {
        List<JsonNode> rows = summaryRows(twoTargets().out());
        double[] first = new double[2];
        double[] last = new double[2];
        for (int i = 0; i < 2; i++) {
            first[i] = rows.get(i).getDouble("first_io_ms");
            last[i] = rows.get(i).getDouble("last_io_ms");
        }
        // Concurrency: both instances were doing I/O at the same time for most of their windows.
        double overlap = Math.min(last[0], last[1]) - Math.max(first[0], first[1]);
        double shorter = Math.min(last[0] - first[0], last[1] - first[1]);
        System.out.printf("I/O windows: [%.1f, %.1f] and [%.1f, %.1f] ms, overlap %.1f ms (%.1f%% of the shorter)%n",
                first[0], last[0], first[1], last[1], overlap, 100 * overlap / shorter);
        // Started together at the gate; on a loaded machine one instance may get going later, so
        // "most of the windows" is a half, not a tight figure.
        assertTrue(overlap > 0.5 * shorter, "windows " + first[0] + ".." + last[0] + " / " + first[1] + ".." + last[1]);
    }

    @Test
    void theCombinedResultIsTheMergeOfTheInstances() throws Exception {
        TwoTargets t = twoTargets();
        // The combined result is jfio-merge of the two instances' json+ (percentiles from summed bins).
        Path dir = t.out().resolve("run-1");
        RunResult all = ResultSet.read(dir.resolve("all.json"));
        ByteArrayOutputStream merged = new ByteArrayOutputStream();
        assertEquals(0, io.jfio.report.merge.MergeMain.run(new String[] {"--name=All instances",
            dir.resolve("instance-1.json").toString(), dir.resolve("instance-2.json").toString()},
                new PrintStream(merged, true, StandardCharsets.UTF_8), System.err));
        RunResult viaFiles = io.jfio.report.format.JsonReader.read(merged.toString(StandardCharsets.UTF_8));
        JobResult a = all.jobs.get(0);
        JobResult b = viaFiles.jobs.get(0);
        assertEquals("All instances", a.name);
        for (int d = 0; d < 2; d++) {
            assertEquals(b.dir(d).totalIos, a.dir(d).totalIos);
            assertEquals(b.dir(d).ioBytes, a.dir(d).ioBytes);
            assertEquals(b.dir(d).clat.samples(), a.dir(d).clat.samples());
            double[] list = a.report.percentiles();
            assertEquals(java.util.Arrays.toString(b.dir(d).clatHist.percentiles(list, b.dir(d).clat.samples())),
                    java.util.Arrays.toString(a.dir(d).clatHist.percentiles(list, a.dir(d).clat.samples())));
            assertEquals(b.dir(d).clat.mean(), a.dir(d).clat.mean(), 1e-5);
        }
        assertTrue(t.text().contains("exact merge of the instances"), t.text());
    }

    @Test
    void repeatedRunsCompareARateLimitedInstanceLower(@TempDir Path tmp) throws Exception {
        Path f = job(tmp, "randread.fio", "[global]\nioengine=psync\nrw=randread\nbs=16k\ndirect=1\nsize=32m\nruntime=1\n"
                + "time_based\n[randread]\n");
        List<Map.Entry<String, String>> none = List.of();
        List<Instance> instances = List.of(
                new Instance(1, "a", f, dev1.device(), none),
                new Instance(2, "b", f, dev2.device(), none),
                new Instance(3, "limited", f, dev3.device(), List.of(Map.entry("rate_iops", "50"))));
        MultiRun m = new MultiRun(new MultiRun.Settings(instances, 5, null, null, 3, false, List.of()),
                new PrintStream(OutputStream.nullOutputStream()), System.err);
        List<List<InstanceResult>> runs = m.execute();
        Comparison same = Groups.compare(new Groups.Pair(List.of(1), List.of(2)), runs, 0.05);
        Comparison limited = Groups.compare(new Groups.Pair(List.of(1), List.of(3)), runs, 0.05);
        System.out.print(ComparisonReport.table(same));
        System.out.print(ComparisonReport.table(limited));
        Comparison.Row s = same.row(Metric.READ_IOPS);
        Comparison.Row l = limited.row(Metric.READ_IOPS);
        System.out.printf("p same job = %.4f, p rate-limited vs unlimited = %.2e%n", s.p(), l.p());
        // One sample per repetition and instance.
        assertEquals(Comparison.Basis.RESULTS, l.basis());
        assertEquals(5, l.nA());
        assertEquals(5, l.nB());
        // Whether a difference is significant depends on how steady the machine is (two loop
        // devices on a shared machine differ by more than chance, and a neighbour's burst can
        // scatter the unlimited runs): the verdict must agree with the p-value, which is not
        // asserted. The Welch arithmetic is checked exactly in WelchTest and CompareGoldenTest.
        assertEquals(l.p() < 0.05, l.significant(), l.toString());
        if (l.significant()) {
            assertTrue(l.verdict().contains("B lower"), l.toString());
        }
        // rate_iops=50 cannot run ahead of its schedule; an unlimited psync job on a RAM-backed
        // loop device does thousands a second, and hundreds even on a loaded machine.
        assertTrue(l.meanB() <= 51, l.toString());
        assertTrue(l.meanB() < l.meanA(), l.toString());
    }

    @Test
    void apiRunsOneTargetWithAnOverride(@TempDir Path tmp) throws Exception {
        Path f = seqJob(tmp);
        RunResult r = Jfio.parse(f).set("bs", "64k").target(dev1.device()).run();
        JobResult j = r.threadStats().get(0);
        assertEquals(0, j.error);
        assertEquals(16L << 20, j.dir(0).ioBytes);
        assertEquals(256, j.dir(0).totalIos); // 64k blocks: the override won
    }

    @Test
    void apiRunsTwoTargetsTogether(@TempDir Path tmp) throws Exception {
        Path f = seqJob(tmp);
        MultiResult m = Jfio.together(List.of(Jfio.parse(f).target(dev1.device()), Jfio.parse(f).target(dev2.device())),
                1);
        assertNotNull(m.report(1, 2));
        assertTrue(m.summary().contains("instance-2"));
    }

    private static Path seqJob(Path tmp) throws IOException {
        return job(tmp, "seq.fio", "[global]\nioengine=psync\nrw=read\nsize=16m\n[seq]\n");
    }

    @Test
    void uncachedOnARawDeviceIsNamedAsTheFailure(@TempDir Path tmp) throws Exception {
        Path f = job(tmp, "p2.fio", "[global]\nioengine=pvsync2\nrw=rw\nrwmixread=70\nbs=64k\nsize=16m\nruntime=1\n"
                + "time_based\nfilename=${TARGET}\n[p2]\n");
        List<Instance> instances = List.of(new Instance(1, "buffered", f, dev1.device(), List.of()),
                new Instance(2, "uncached", f, dev2.device(), List.of(Map.entry("uncached", "1"))));
        MultiRun m = new MultiRun(new MultiRun.Settings(instances, 1, null, null, 3, false, List.of()),
                new PrintStream(OutputStream.nullOutputStream()), new PrintStream(OutputStream.nullOutputStream()));
        List<List<InstanceResult>> runs = m.execute();
        assertEquals(0, runs.get(0).get(0).exitStatus());
        assertEquals(1, runs.get(0).get(1).exitStatus());
        Comparison c = Groups.compare(new Groups.Pair(List.of(1), List.of(2)), runs, 0.05);
        String table = ComparisonReport.table(c);
        assertTrue(table.contains("B error: run-1/instance-2: job p2: err=95 (Operation not supported)"), table);
        assertEquals("B failed: err=95 (Operation not supported)", c.row(Metric.READ_BW).verdict());
        String summary = Summary.table(runs);
        assertTrue(summary.contains("job p2: err=95 (Operation not supported)"), summary);
    }

    @Test
    void anInstanceFailingInSetupDoesNotHoldTheOthersAtTheBarrier(@TempDir Path tmp) throws Exception {
        Path f = job(tmp, "r.fio", "[global]\nioengine=psync\nrw=read\nbs=64k\nsize=8m\n[r]\n");
        List<Instance> instances = List.of(new Instance(1, "ok", f, dev1.device(), List.of()),
                new Instance(2, "missing", f, tmp.resolve("no/such/dir/file").toString(), List.of()));
        MultiRun m = new MultiRun(new MultiRun.Settings(instances, 1, null, null, 3, false, List.of()),
                new PrintStream(OutputStream.nullOutputStream()), new PrintStream(OutputStream.nullOutputStream()));
        List<InstanceResult> run = m.execute().get(0);
        assertEquals(0, run.get(0).exitStatus());
        assertEquals(8L << 20, run.get(0).result().jobs.get(0).dir(0).ioBytes);
        assertEquals(1, run.get(1).exitStatus());
        assertTrue(run.get(1).firstIoMs() < 0);
    }
}
