package io.jfio.compare;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jfio-compare on interval series read from fio's averaged bw logs and from jfio's NDJSON
 * intervals: the samples are AR(1) series built here with a known lag-1 autocorrelation
 * (phi = 0.8, so n_eff = n (1 - phi) / (1 + phi) = n / 9), and the comparison uses n_eff in
 * place of n: the reported effective sizes, the wider interval, the note on the row; the
 * ratio interval still never reaches below -100 %.
 */
class IntervalSeriesCompareTest {
    private static final int N = 3000;
    private static final double PHI = 0.8;

    /** x_t = mu + phi (x_t-1 - mu) + e_t, e ~ N(0, sd^2), started at mu. */
    static double[] ar1(long seed, double mu, double sd, double phi, int n) {
        Random r = new Random(seed);
        double[] x = new double[n];
        double prev = mu;
        for (int i = 0; i < n; i++) {
            prev = mu + phi * (prev - mu) + sd * r.nextGaussian();
            x[i] = Math.max(1, prev);
        }
        return x;
    }

    /** fio's averaged bw log: "time, KiB/s, ddir, 0, 0" every 100 ms. */
    static Path bwLog(Path dir, String name, double[] kib) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < kib.length; i++) {
            b.append((i + 1) * 100).append(", ").append(Math.round(kib[i])).append(", 0, 0, 0\n");
        }
        Path f = dir.resolve(name + "_bw.1.log");
        Files.writeString(f, b.toString());
        return f;
    }

    static JsonNode compare(Path a, Path b, StringBuilder table) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, CompareMain.run(new String[] {"--output-format=json", a.toString(), b.toString()},
                new PrintStream(out, true), new PrintStream(err, true)), err.toString());
        ByteArrayOutputStream t = new ByteArrayOutputStream();
        assertEquals(0, CompareMain.run(new String[] {a.toString(), b.toString()}, new PrintStream(t, true),
                new PrintStream(err, true)), err.toString());
        table.append(t.toString(StandardCharsets.UTF_8));
        return JsonParser.parse(out.toString(StandardCharsets.UTF_8).strip());
    }

    static JsonNode row(JsonNode cmp, String metric) {
        for (JsonNode m : cmp.get("metrics").elements()) {
            if (m.getString("metric").equals(metric)) {
                return m;
            }
        }
        return null;
    }

    @Test
    void bwLogsOfAr1SeriesUseTheEffectiveSampleSize(@TempDir Path tmp) throws Exception {
        double[] a = ar1(1, 100_000, 4_000, PHI, N);
        double[] b = ar1(2, 101_000, 4_000, PHI, N);
        Path fa = bwLog(tmp, "a", a);
        Path fb = bwLog(tmp, "b", b);
        StringBuilder table = new StringBuilder();
        JsonNode cmp = compare(fa, fb, table);
        JsonNode bw = row(cmp, "read_bw");
        assertNotNull(bw, cmp.toString());
        assertNull(row(cmp, "read_clat_mean"), "a bw log has no latency rows");
        assertEquals("intervals", bw.getString("basis"));
        assertEquals(N, bw.getLong("n_a"));

        // The effective sizes are the lag-1 estimate of the logged (KiB/s, rounded) series, near n/9.
        double[] la = new double[N];
        double[] lb = new double[N];
        for (int i = 0; i < N; i++) {
            la[i] = Math.round(a[i]) * 1024.0;
            lb[i] = Math.round(b[i]) * 1024.0;
        }
        double ea = Welch.effectiveSampleSize(la);
        double eb = Welch.effectiveSampleSize(lb);
        assertEquals(ea, bw.getDouble("n_eff_a"), 1e-9);
        assertEquals(eb, bw.getDouble("n_eff_b"), 1e-9);
        double known = N * (1 - PHI) / (1 + PHI);
        assertEquals(known, ea, known * 0.25, "n_eff of an AR(1) series with phi 0.8");
        assertEquals(known, eb, known * 0.25);

        // The interval is the Welch interval with n_eff: about sqrt(n / n_eff) = 3 times as wide
        // as the one that takes the windows for independent samples.
        Welch.Result withEff = Welch.test(Welch.Summary.ofSeries(la), Welch.Summary.ofSeries(lb), 0.95);
        Welch.Result naive = Welch.test(Welch.Summary.of(la), Welch.Summary.of(lb), 0.95);
        assertEquals(withEff.ciLow(), bw.getDouble("ci_low"), Math.abs(withEff.ciLow()) * 1e-9 + 1e-6);
        assertEquals(withEff.ciHigh(), bw.getDouble("ci_high"), Math.abs(withEff.ciHigh()) * 1e-9 + 1e-6);
        double widen = (withEff.ciHigh() - withEff.ciLow()) / (naive.ciHigh() - naive.ciLow());
        assertTrue(widen > 2.4 && widen < 3.6, "interval widened by " + widen);
        assertTrue(withEff.p() > naive.p(), "p no longer optimistic");
        // The note says what was done, on the row and under the table.
        assertTrue(bw.getString("note").contains("effective sample size"), bw.getString("note"));
        assertTrue(table.toString().contains("* read bw: interval samples are autocorrelated; effective sample size"),
                table.toString());
        assertTrue(bw.getDouble("rel_ci_low") >= -1);
    }

    @Test
    void ndjsonIntervalsOfAr1SeriesAreTestedWithTheirEffectiveSampleSize(@TempDir Path tmp) throws Exception {
        Skewed s = skewedAr1(tmp);
        for (String metric : new String[] {"read_bw", "read_iops"}) {
            JsonNode r = row(s.cmp, metric);
            assertNotNull(r, metric + " in " + s.cmp);
            assertEquals("intervals", r.getString("basis"));
            assertTrue(r.getDouble("n_eff_a") < 400 / 4.0, metric + " n_eff_a " + r.getDouble("n_eff_a"));
            assertTrue(r.getDouble("n_eff_b") < 400 / 10.0, metric + " n_eff_b " + r.getDouble("n_eff_b"));
        }
        double[] bytes = new double[s.b.length];
        for (int i = 0; i < s.b.length; i++) {
            bytes[i] = Math.round(s.b[i]);
        }
        assertEquals(Welch.effectiveSampleSize(bytes), row(s.cmp, "read_bw").getDouble("n_eff_b"), 1e-9);
        assertTrue(s.table.toString().contains("read IOPS: interval samples are autocorrelated"), s.table.toString());
    }

    @Test
    void relativeBoundsOfAWideIntervalNeverGoBelowMinus100Percent(@TempDir Path tmp) throws Exception {
        Skewed s = skewedAr1(tmp);
        for (String metric : new String[] {"read_bw", "read_iops"}) {
            JsonNode r = row(s.cmp, metric);
            assertNotNull(r, metric + " in " + s.cmp);
            assertTrue(r.getDouble("rel_ci_low") >= -1, metric + ": " + r.getDouble("rel_ci_low"));
        }
    }

    private record Skewed(double[] b, JsonNode cmp, StringBuilder table) {
    }

    private static Skewed skewedAr1(Path tmp) throws Exception {
        // B's windows: a small mean with a large, strongly autocorrelated spread, so a symmetric
        // interval would go far below -100 %.
        double[] a = ar1(3, 50_000_000, 1_000_000, PHI, 400);
        double[] b = ar1(4, 2_000_000, 3_000_000, 0.95, 400);
        Path fa = ndjson(tmp.resolve("a.ndjson"), a);
        Path fb = ndjson(tmp.resolve("b.ndjson"), b);
        StringBuilder table = new StringBuilder();
        return new Skewed(b, compare(fa, fb, table), table);
    }

    /** jfio-interval/1 lines: one job, read only, 4 KiB I/Os, 1 s intervals with bw_bytes = the series. */
    static Path ndjson(Path f, double[] bytesPerSec) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < bytesPerSec.length; i++) {
            long bytes = Math.round(bytesPerSec[i]);
            long ios = bytes / 4096;
            b.append("{\"schema\":\"jfio-interval/1\",\"type\":\"interval\",\"seq\":").append(i + 1)
                    .append(",\"jobname\":\"j\",\"groupid\":0,\"jobs\":1,\"start_ms\":").append(i * 1000)
                    .append(",\"end_ms\":").append((i + 1) * 1000).append(",\"timestamp_ms\":0,\"read\":{\"io_bytes\":")
                    .append(bytes).append(",\"total_ios\":").append(ios).append(",\"completed_ios\":").append(ios)
                    .append(",\"bw_bytes\":").append(bytes).append(",\"bw\":").append(bytes / 1024).append(",\"iops\":")
                    .append(ios).append(".000000},\"write\":{\"io_bytes\":0,\"total_ios\":0,\"completed_ios\":0,")
                    .append("\"bw_bytes\":0,\"bw\":0,\"iops\":0.000000}}\n");
        }
        b.append("{\"schema\":\"jfio-interval/1\",\"type\":\"total\",\"seq\":").append(bytesPerSec.length)
                .append(",\"jobname\":\"j\",\"groupid\":0,\"jobs\":1,\"start_ms\":0,\"end_ms\":0,\"timestamp_ms\":0}\n");
        Files.writeString(f, b.toString());
        return f;
    }
}
