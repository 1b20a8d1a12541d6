package io.jfio.compare;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** jfio-compare over fio's own JSON and JSON+ outputs (../shared/golden). */
class CompareGoldenTest {
    private static Path golden;

    @BeforeAll
    static void findGolden() {
        golden = Path.of(System.getProperty("jfio.shared", "../shared")).resolve("golden");
        assumeTrue(Files.isDirectory(golden), "golden outputs not found at " + golden + " (set -Djfio.shared)");
    }

    private static String g(String c, String f) {
        return golden.resolve(c).resolve(f).toString();
    }

    @Test
    void everyGoldenJsonComparedWithItselfShowsNoDifference() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(golden)) {
            files = s.filter(p -> p.getFileName().toString().equals("json.txt")
                    || p.getFileName().toString().equals("jsonplus.txt")).sorted().toList();
        }
        assertTrue(files.size() >= 40, "golden json files: " + files.size());
        for (Path f : files) {
            ResultSet a = ResultSet.load(f.toString());
            Comparison c = new Comparison(a, a, 0.05);
            assertFalse(c.rows().isEmpty(), f.toString());
            for (Comparison.Row r : c.rows()) {
                assertFalse(r.significant(), f + " " + r);
                if (r.welch() == null) {
                    assertTrue(r.verdict().equals("n too small") || r.verdict().contains("failed"), f + " " + r);
                } else {
                    assertEquals(Comparison.Basis.INTERVALS, r.basis(), f + " " + r);
                    assertEquals(1.0, r.p(), 1e-12, f + " " + r);
                }
            }
        }
    }

    @Test
    void jsonKeepsThePrintedLatencies() throws Exception {
        // json keeps the printed values; json+ recomputes from bins (the same run is in combined.txt).
        ResultSample plain = ResultSet.load(g("b_psync_loop_randread", "json.txt")).samples().get(0);
        assertEquals(ResultSet.read(Path.of(g("b_psync_loop_randread", "json.txt"))).jobs.get(0).dir(0).clat.mean(),
                plain.value(Metric.READ_CLAT_MEAN), 1e-9);
        double p99 = plain.value(Metric.READ_CLAT_P99);
        assertTrue(p99 > 0, "p99 " + p99);
    }

    @Test
    void jsonPlusPercentilesFromBinsAreOrdered() throws Exception {
        ResultSample plus = ResultSet.load(g("b_psync_loop_randread", "combined.txt")).samples().get(0);
        assertTrue(plus.value(Metric.READ_CLAT_P999) >= plus.value(Metric.READ_CLAT_P99));
        assertTrue(plus.value(Metric.READ_CLAT_P99) >= plus.value(Metric.READ_CLAT_P50));
    }

    @Test
    void differentEnginesDifferSignificantlyOnIntervalSamples() throws Exception {
        // psync QD1 (~235 MiB/s) vs io_uring QD32 (~918 MiB/s) on the same loop device.
        Comparison c = new Comparison(ResultSet.load(g("b_psync_loop_randread", "json.txt")),
                ResultSet.load(g("c_io_uring_loop_randread_qd32", "json.txt")), 0.05);
        Comparison.Row bw = c.row(Metric.READ_BW);
        assertEquals(Comparison.Basis.INTERVALS, bw.basis());
        assertEquals(3, bw.nA());
        assertTrue(bw.significant(), bw.toString());
        assertTrue(bw.verdict().contains("B higher"));
        assertTrue(bw.p() < 0.001, "p " + bw.p());
        assertTrue(bw.welch().ciLow() > 0);
        // Latency of single results: shown, never tested.
        Comparison.Row lat = c.row(Metric.READ_CLAT_MEAN);
        assertNull(lat.welch());
        assertEquals("n too small", lat.verdict());
        assertNull(c.row(Metric.WRITE_BW));
    }

    @Test
    void repeatsInADirectoryAreTestedPerResult(@TempDir Path tmp) throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        // Same job, fio 3.33 and 3.42 runs: two results per side.
        Files.copy(Path.of(g("b_psync_loop_randread", "json.txt")), a.resolve("1.json"));
        Files.copy(Path.of(g("fio-3.42/b_psync_loop_randread", "jsonplus.txt")), a.resolve("2.json"));
        Files.copy(Path.of(g("c_io_uring_loop_randread_qd32", "json.txt")), b.resolve("1.json"));
        Files.copy(Path.of(g("fio-3.42/c_io_uring_loop_randread_qd32", "jsonplus.txt")), b.resolve("2.json"));
        Comparison c = new Comparison(ResultSet.load(a.toString()), ResultSet.load(b.toString()), 0.05);
        for (Comparison.Row r : c.rows()) {
            assertEquals(Comparison.Basis.RESULTS, r.basis(), r.toString());
            assertEquals(2, r.nA());
            assertNotNull(r.welch());
        }
        Comparison.Row iops = c.row(Metric.READ_IOPS);
        // Two results a side that scatter widely (the 3.42 runs were on another day): df ~ 1, so
        // even a 4x mean difference is honestly "not significant" at n = 2.
        assertTrue(iops.meanB() > 3 * iops.meanA());
        assertTrue(iops.welch().df() < 2, iops.toString());
        assertEquals("not significant", iops.verdict());
        // Means are the means of the per-result values.
        double m = (ResultSet.load(g("b_psync_loop_randread", "json.txt")).samples().get(0).value(Metric.READ_IOPS)
                + ResultSet.load(g("fio-3.42/b_psync_loop_randread", "jsonplus.txt")).samples().get(0)
                .value(Metric.READ_IOPS)) / 2;
        assertEquals(m, iops.meanA(), 1e-6);
    }

    @Test
    void failedJobsAreNamedNotCounted() throws Exception {
        Comparison c = new Comparison(ResultSet.load(g("i_sync_fsync", "json.txt")),
                ResultSet.load(g("m_error_dev_full", "json.txt")), 0.05);
        Comparison.Row w = c.row(Metric.WRITE_BW);
        assertNull(w.welch());
        assertEquals("B failed: err=28 (No space left on device)", w.verdict());
        String table = ComparisonReport.table(c);
        assertTrue(table.contains("B error: m_error_dev_full/json.txt: job "), table);
    }

    @Test
    void jobSelectorPicksOneJobOfAResult() throws Exception {
        ResultSet read = ResultSet.load(g("f_stonewall_two_groups", "json.txt") + "#seqread");
        ResultSet write = ResultSet.load(g("f_stonewall_two_groups", "json.txt") + "#seqwrite");
        assertTrue(read.samples().get(0).has(0));
        assertFalse(read.samples().get(0).has(1));
        assertFalse(write.samples().get(0).has(0));
    }

    @Test
    void commandLinePrintsATable() throws Exception {
        String a = g("b_psync_loop_randread", "json.txt");
        String b = g("c_io_uring_loop_randread_qd32", "jsonplus.txt");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, CompareMain.run(new String[] {a, b}, new PrintStream(out), new PrintStream(err)));
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("read bw") && table.contains("significant (B higher)"), table);
    }

    @Test
    void commandLinePrintsJson() throws Exception {
        String a = g("b_psync_loop_randread", "json.txt");
        String b = g("c_io_uring_loop_randread_qd32", "jsonplus.txt");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, CompareMain.run(new String[] {"--output-format=json", a, b}, new PrintStream(out),
                new PrintStream(err)));
        String json = out.toString(StandardCharsets.UTF_8);
        assertTrue(json.contains("\"significant\" : true"), json);
        // The report module's parser reads fio's JSON, which has no true/false literals.
        JsonNode root = JsonParser.parse(json.replace(": true", ": 1").replace(": false", ": 0"));
        JsonNode first = root.get("metrics").elements().get(0);
        assertEquals("read_bw", first.getString("metric"));
        assertEquals("intervals", first.getString("basis"));
        assertTrue(first.getDouble("p") < 0.05);
        assertEquals(3, first.getLong("n_a"));
    }

    @Test
    void commandLineNamesAMissingResult() throws Exception {
        String a = g("b_psync_loop_randread", "json.txt");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(1, CompareMain.run(new String[] {a, "/nonexistent/x.json"}, new PrintStream(out),
                new PrintStream(err)));
        assertEquals("jfio-compare: no such result file or directory: /nonexistent/x.json\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void multiRunInstanceSelector(@TempDir Path tmp) throws IOException, ResultSet.LoadException {
        for (int run = 1; run <= 3; run++) {
            Path d = Files.createDirectories(tmp.resolve("run-" + run));
            Files.copy(Path.of(g("b_psync_loop_randread", "json.txt")), d.resolve("instance-1.json"));
            Files.copy(Path.of(g("c_io_uring_loop_randread_qd32", "json.txt")), d.resolve("instance-2.json"));
        }
        assertEquals(3, ResultSet.load(tmp.resolve("instance-1").toString()).samples().size());
        assertEquals(6, ResultSet.load(tmp.resolve("instance-1,instance-2").toString()).samples().size());
        ResultSet.LoadException e = org.junit.jupiter.api.Assertions.assertThrows(ResultSet.LoadException.class,
                () -> ResultSet.load(tmp.toString()));
        assertTrue(e.getMessage().contains("name an instance"), e.getMessage());
    }
}
