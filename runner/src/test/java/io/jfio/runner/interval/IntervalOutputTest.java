package io.jfio.runner.interval;

import io.jfio.jobfile.MachineInfo;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.Run;
import io.jfio.runner.RunRequest;
import io.jfio.runner.cli.Main;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.PatternSource;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --interval-output: the NDJSON intervals of each job (or group) sum exactly to its total line and
 * to the json+ report (bytes, I/O counts and every histogram bin); each interval's percentiles are
 * the percentiles of its own bins; the job threads' snapshots allocate nothing in the I/O loop.
 */
@Timeout(60)
class IntervalOutputTest {
    private static final String[] DIRS = {"read", "write", "trim"};
    private static final String[] LATS = {"slat_ns", "clat_ns", "lat_ns"};
    private static final String JOBS = "[global]\nioengine=null\nbs=4k\nsize=1g\nnorandommap\ntime_based\nruntime=2200ms\n"
            + "lat_percentiles=1\n"
            + "[mixed]\nrw=randrw\nrwmixread=70\niodepth=8\n"
            + "[ramped]\nrw=randread\nramp_time=700ms\n"
            + "[pair]\nrw=randwrite\nnumjobs=2\ngroup_reporting\nnew_group\n";

    @TempDir
    static Path runDir;

    /** The run's jobs, its NDJSON lines by job (intervals and total) and the final json+ jobs. */
    private record Outputs(List<Job> jobs, Map<String, List<JsonNode>> intervals, Map<String, JsonNode> totals,
            Map<String, JsonNode> reported) {
    }

    private static Outputs outputs;

    /** Runs the 2.2 s jobs once, for the tests that read their NDJSON and json+. */
    private static synchronized Outputs outputs() throws IOException {
        if (outputs != null) {
            return outputs;
        }
        Path ndjson = runDir.resolve("intervals.ndjson");
        Path jsonOut = runDir.resolve("out.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run r = new Run(new RunRequest(Jobs.parse(JOBS), Set.of("json+"), 3, jsonOut.toString(), "never", 0, 400,
                false, List.of(), ndjson.toString()), new PrintStream(out, true), new PrintStream(err, true),
                Run.defaultEngines(), PatternSource.FACTORY);
        assertEquals(0, r.execute(), err.toString());
        Map<String, List<JsonNode>> intervals = new LinkedHashMap<>();
        Map<String, JsonNode> totals = new LinkedHashMap<>();
        for (String line : Files.readAllLines(ndjson, StandardCharsets.UTF_8)) {
            JsonNode n = JsonParser.parse(line);
            assertEquals("jfio-interval/1", n.getString("schema"));
            String key = n.getString("jobname");
            if (n.getString("type").equals("total")) {
                totals.put(key, n);
            } else {
                assertEquals("interval", n.getString("type"));
                intervals.computeIfAbsent(key, k -> new ArrayList<>()).add(n);
            }
        }
        String text = Files.readString(jsonOut);
        // --status-interval printed one document per interval before the final one: take the last
        int last = text.lastIndexOf("\n{\n");
        JsonNode report = JsonParser.parseDocument(last < 0 ? text : text.substring(last + 1));
        Map<String, JsonNode> reported = new LinkedHashMap<>();
        for (JsonNode job : report.get("jobs").elements()) {
            reported.put(job.getString("jobname"), job);
        }
        outputs = new Outputs(r.jobs(), intervals, totals, reported);
        return outputs;
    }

    @Test
    void snapshotsAllocateNothingPerIo() throws IOException {
        for (Job j : outputs().jobs()) {
            // The job threads copy their histograms into preallocated snapshots: nothing per I/O.
            assertTrue(j.loopAllocatedBytes() >= 0 && j.loopAllocatedBytes() < 256 * 1024,
                    j.spec().name() + ": " + j.loopAllocatedBytes() + " bytes allocated in the I/O loop");
        }
    }

    @Test
    void thereIsOneTotalLinePerJobOrGroup() throws IOException {
        Outputs o = outputs();
        // One line per job and group: pair's two clones are one group with group_reporting.
        assertEquals(List.of("mixed", "ramped", "pair"), new ArrayList<>(o.totals().keySet()));
        assertEquals(2, o.totals().get("pair").getLong("jobs"));
        assertEquals(o.totals().keySet(), o.reported().keySet());
    }

    @Test
    void intervalsAreContiguous() throws IOException {
        Outputs o = outputs();
        for (String name : o.totals().keySet()) {
            List<JsonNode> list = o.intervals().get(name);
            // 2.2 s at 400 ms: a loaded machine may run late, but there is always more than one
            assertTrue(list.size() >= 2, name + ": " + list.size() + " intervals");
            long prevEnd = 0;
            for (JsonNode iv : list) {
                assertEquals(prevEnd, iv.getLong("start_ms"), name + ": intervals are contiguous");
                prevEnd = iv.getLong("end_ms");
            }
        }
    }

    @Test
    void intervalsSumToTheTotalLine() throws IOException {
        Outputs o = outputs();
        for (String name : o.totals().keySet()) {
            List<JsonNode> list = o.intervals().get(name);
            JsonNode total = o.totals().get(name);
            for (int d = 0; d < 3; d++) {
                String dir = DIRS[d];
                long bytes = 0;
                long ios = 0;
                long completed = 0;
                for (JsonNode iv : list) {
                    bytes += iv.get(dir).getLong("io_bytes");
                    ios += iv.get(dir).getLong("total_ios");
                    completed += iv.get(dir).getLong("completed_ios");
                }
                assertEquals(total.get(dir).getLong("io_bytes"), bytes, name + " " + dir);
                assertEquals(total.get(dir).getLong("total_ios"), ios, name + " " + dir);
                assertEquals(total.get(dir).getLong("completed_ios"), completed, name + " " + dir);
                if (d == 2) {
                    assertEquals(0, bytes);
                }
                for (String lat : LATS) {
                    long[] fromTotal = new long[LatencyHistogram.PLAT_NR];
                    bins(total.get(dir).get(lat), fromTotal);
                    assertArrayEquals(fromTotal, summedBins(list, dir, lat),
                            name + " " + dir + " " + lat + ": interval bins sum to the total's");
                }
            }
            System.out.printf("%s: %d intervals ending at %s ms; read %d + write %d bytes summed = total%n", name,
                    list.size(), list.stream().map(iv -> Long.toString(iv.getLong("end_ms"))).toList(),
                    total.get("read").getLong("io_bytes"), total.get("write").getLong("io_bytes"));
        }
    }

    @Test
    void intervalsSumToTheJsonPlusReport() throws IOException {
        Outputs o = outputs();
        for (String name : o.totals().keySet()) {
            List<JsonNode> list = o.intervals().get(name);
            JsonNode total = o.totals().get(name);
            JsonNode job = o.reported().get(name);
            for (int d = 0; d < 3; d++) {
                String dir = DIRS[d];
                long bytes = 0;
                long ios = 0;
                for (JsonNode iv : list) {
                    bytes += iv.get(dir).getLong("io_bytes");
                    ios += iv.get(dir).getLong("total_ios");
                }
                assertEquals(job.get(dir).getLong("io_bytes"), bytes, name + " " + dir + " vs json+");
                assertEquals(job.get(dir).getLong("total_ios"), ios, name + " " + dir + " vs json+");
                assertEquals(job.get(dir).getLong("runtime"), total.get(dir).getLong("runtime_ms"), name + " " + dir);
                assertEquals(job.get(dir).getDouble("iops"), total.get(dir).getDouble("iops"), 1e-3,
                        name + " " + dir + " iops");
                for (String lat : LATS) {
                    if (job.get(dir).has(lat) && job.get(dir).get(lat).has("bins")) {
                        long[] fromReport = new long[LatencyHistogram.PLAT_NR];
                        bins(job.get(dir).get(lat), fromReport);
                        assertArrayEquals(fromReport, summedBins(list, dir, lat),
                                name + " " + dir + " " + lat + ": vs json+ bins");
                    }
                }
            }
        }
        assertTrue(o.totals().get("mixed").get("read").get("clat_ns").getLong("N") > 0);
        assertTrue(o.reported().get("mixed").get("read").get("clat_ns").has("bins"), "json+ has bins to compare with");
    }

    @Test
    void eachPercentileIsThatOfItsOwnBins() throws IOException {
        Outputs o = outputs();
        for (String name : o.totals().keySet()) {
            JsonNode total = o.totals().get(name);
            for (String dir : DIRS) {
                for (String lat : LATS) {
                    for (JsonNode iv : o.intervals().get(name)) {
                        JsonNode l = iv.get(dir).get(lat);
                        LatencyHistogram h = bins(l, new long[LatencyHistogram.PLAT_NR]);
                        assertEquals(h.count(), l.getLong("N"));
                        if (h.count() > 0) {
                            assertPercentiles(l, h, name + " " + dir + " " + lat + " interval " + iv.getLong("seq"));
                        }
                    }
                    LatencyHistogram th = bins(total.get(dir).get(lat), new long[LatencyHistogram.PLAT_NR]);
                    if (th.count() > 0) {
                        assertPercentiles(total.get(dir).get(lat), th, name + " " + dir + " " + lat + " total");
                    }
                }
            }
        }
    }

    @Test
    void rampTimeIoIsDiscarded() throws IOException {
        // ramp_time I/O is discarded as fio discards it: intervals that end inside the ramp are empty
        // (run time is at least job time, so an interval ending before 700 ms of the run is inside it).
        int inRamp = 0;
        for (JsonNode iv : outputs().intervals().get("ramped")) {
            if (iv.getLong("end_ms") < 700) {
                assertEquals(0, iv.get("read").getLong("io_bytes"), "ramp I/O in interval " + iv.getLong("seq"));
                inRamp++;
            }
        }
        System.out.println(inRamp + " interval(s) inside ramp_time, all empty");
    }

    /** The bins of every interval's {@code lat} of {@code dir}, summed by bucket index. */
    private static long[] summedBins(List<JsonNode> list, String dir, String lat) {
        long[] summed = new long[LatencyHistogram.PLAT_NR];
        for (JsonNode iv : list) {
            bins(iv.get(dir).get(lat), summed);
        }
        return summed;
    }

    @Test
    void intervalOutputNeedsAStatusInterval(@TempDir Path dir) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int st = Main.run(new String[] {"--interval-output=" + dir.resolve("x.ndjson"), "--name=a", "--ioengine=null",
                "--size=1m"}, new PrintStream(out, true), new PrintStream(err, true), Map.of(), MachineInfo.current());
        assertEquals(1, st);
        assertTrue(err.toString().contains("--interval-output needs --status-interval"), err.toString());
        assertFalse(Files.exists(dir.resolve("x.ndjson")));
    }

    /** The interval's bins (value: count) into a histogram, added to {@code into} by bucket index. */
    private static LatencyHistogram bins(JsonNode lat, long[] into) {
        LatencyHistogram h = new LatencyHistogram();
        if (!lat.has("bins")) {
            return h;
        }
        for (JsonNode.Member m : lat.get("bins").members()) {
            int idx = LatencyHistogram.indexOf(Long.parseLong(m.key()));
            assertEquals(Long.parseLong(m.key()), LatencyHistogram.valueOf(idx), "a bin key is a bucket value");
            long c = m.value().asLong();
            assertTrue(c > 0, "bins are positive: " + m.key() + "=" + c);
            h.addToBucket(idx, c);
            into[idx] += c;
        }
        return h;
    }

    private static void assertPercentiles(JsonNode lat, LatencyHistogram h, String what) {
        JsonNode p = lat.get("percentile");
        double[] list = new double[p.members().size()];
        long[] got = new long[list.length];
        for (int i = 0; i < list.length; i++) {
            list[i] = Double.parseDouble(p.members().get(i).key());
            got[i] = p.members().get(i).value().asLong();
        }
        assertArrayEquals(h.percentiles(list, h.count()), got, what);
    }
}
