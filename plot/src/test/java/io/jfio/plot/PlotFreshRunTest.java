package io.jfio.plot;

import io.jfio.compare.CompareMain;
import io.jfio.jobfile.MachineInfo;
import io.jfio.plot.chart.Charts;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.ComparisonFile;
import io.jfio.plot.input.IntervalFile;
import io.jfio.plot.input.LogFile;
import io.jfio.plot.input.PlotInput;
import io.jfio.plot.input.Series;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.cli.Main;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import java.awt.geom.Point2D;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jfio-plot on a fresh jfio run (null engine, in this JVM): its json+ result, its NDJSON
 * intervals and its bw/iops/lat logs all plot, and each drawn series is the data of its file
 * (point count, first and last point mapped back through the axes); jfio-compare's JSON of two
 * fio results plots as B vs A with the interval bars at rel_ci_low/rel_ci_high.
 */
@Timeout(120)
class PlotFreshRunTest {
    @TempDir
    static Path freshDir;

    /** The fresh run's outputs: json+, NDJSON intervals and its logs. */
    private record Fresh(Path json, Path ndjson, List<Path> logs) {
    }

    private static Fresh fresh;

    /** Runs the 3.2 s job once for the tests that plot it. */
    private static synchronized Fresh fresh() throws Exception {
        if (fresh != null) {
            return fresh;
        }
        Path tmp = freshDir;
        String job = "[global]\nioengine=null\nbs=4k\nsize=1g\nnorandommap\ntime_based\nruntime=3200ms\n"
                + "write_bw_log=" + tmp + "/fresh\nwrite_iops_log=" + tmp + "/fresh\nwrite_lat_log=" + tmp + "/fresh\n"
                + "log_avg_msec=100\n[mix]\nrw=randrw\nrwmixread=60\n";
        Path jobFile = tmp.resolve("fresh.fio");
        Files.writeString(jobFile, job);
        Path json = tmp.resolve("fresh.json");
        Path ndjson = tmp.resolve("fresh.ndjson");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--output-format=json+", "--output=" + json, "--status-interval=1",
            "--interval-output=" + ndjson, jobFile.toString()}, new PrintStream(out, true), new PrintStream(err, true),
                Map.of(), MachineInfo.current());
        assertEquals(0, rc, err.toString());

        List<Path> logs;
        try (Stream<Path> s = Files.list(tmp)) {
            logs = s.filter(p -> p.toString().endsWith(".log")).sorted().toList();
        }
        assertEquals(5, logs.size(), logs.toString()); // bw, iops, lat, clat, slat
        fresh = new Fresh(json, ndjson, logs);
        return fresh;
    }

    @Test
    void everyOutputOfAFreshJfioRunPlots() throws Exception {
        Fresh f = fresh();
        Path tmp = freshDir;
        Path json = f.json();
        Path ndjson = f.ndjson();
        List<Path> logs = f.logs();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("-o", tmp.resolve("plots").toString(), json.toString(),
                ndjson.toString()));
        logs.forEach(l -> args.add(l.toString()));
        int rc = PlotMain.run(args.toArray(String[]::new), new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(0, rc, err.toString());
        List<Path> svgs;
        try (Stream<Path> s = Files.list(tmp.resolve("plots"))) {
            svgs = s.filter(p -> p.toString().endsWith(".svg")).sorted().toList();
        }
        // json+: read and write clat distribution and percentiles (4); NDJSON: IOPS, bw, clat (3);
        // one per log but the empty slat log (4).
        assertEquals(11, svgs.size(), svgs.toString());
        assertTrue(err.toString().contains("fresh_slat.1.log: empty log"), err.toString());
        for (Path p : svgs) {
            SvgDoc.parse(Files.readString(p));
        }
    }

    @Test
    void theIntervalChartsSeriesAreTheNdjsonsData() throws Exception {
        Path ndjson = fresh().ndjson();
        // The NDJSON's IOPS chart: one point per interval line, at end_ms, the line's iops.
        List<JsonNode> lines = new ArrayList<>();
        for (String l : Files.readAllLines(ndjson, StandardCharsets.UTF_8)) {
            JsonNode n = JsonParser.parse(l);
            if (n.getString("type").equals("interval")) {
                lines.add(n);
            }
        }
        assertTrue(lines.size() >= 3, lines.size() + " intervals");
        PlotInput.Intervals iv = (PlotInput.Intervals) PlotInput.load(ndjson);
        SvgChart iops = PlotGoldenTest.find(new PlotReport(List.of(iv)), "mix IOPS per interval");
        SvgDoc svg = SvgDoc.parse(iops.document());
        assertTrue(svg.texts().containsAll(List.of("time (s)", "IOPS", "read", "write")), svg.texts().toString());
        for (int d = 0; d < 2; d++) {
            String dir = d == 0 ? "read" : "write";
            List<Point2D> path = svg.seriesPath(Charts.PALETTE[d]);
            assertEquals(lines.size(), path.size(), dir + " points");
            checkEnd(iops, path.get(0), lines.get(0).getLong("end_ms") / 1000.0,
                    lines.get(0).get(dir).getDouble("iops"));
            JsonNode z = lines.get(lines.size() - 1);
            checkEnd(iops, path.get(path.size() - 1), z.getLong("end_ms") / 1000.0, z.get(dir).getDouble("iops"));
        }

    }

    @Test
    void theBwLogChartsSeriesIsTheLogsData() throws Exception {
        List<Path> logs = fresh().logs();
        // The bw log's chart: per direction one point per log line, x the time column in s.
        Path bw = logs.stream().filter(p -> p.getFileName().toString().equals("fresh_bw.1.log")).findFirst()
                .orElseThrow();
        List<long[]> reads = new ArrayList<>();
        for (String l : Files.readAllLines(bw)) {
            String[] f = l.split(",\\s*");
            if (f[2].equals("0")) {
                reads.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])});
            }
        }
        PlotInput.Log log = (PlotInput.Log) PlotInput.load(bw);
        assertEquals(LogFile.Kind.BW, log.log().kind());
        assertFalse(log.log().windowMax());
        SvgChart bwChart = new PlotReport(List.of(log)).charts().get(0);
        SvgDoc bwSvg = SvgDoc.parse(bwChart.document());
        assertTrue(bwSvg.texts().contains("bandwidth (KiB/s)"), bwSvg.texts().toString());
        List<Point2D> path = bwSvg.seriesPath(Charts.PALETTE[0]);
        assertEquals(reads.size(), path.size());
        checkEnd(bwChart, path.get(0), reads.get(0)[0] / 1000.0, reads.get(0)[1]);
        long[] z = reads.get(reads.size() - 1);
        checkEnd(bwChart, path.get(path.size() - 1), z[0] / 1000.0, z[1]);
        // The axes cover the data.
        XYPlot plot = (XYPlot) bwChart.chart().getPlot();
        assertTrue(plot.getDomainAxis().getUpperBound() >= z[0] / 1000.0);
        assertEquals(0, plot.getDomainAxis().getLowerBound(), 1e-9);
    }

    @Test
    void comparisonJsonPlotsTheIntervals(@TempDir Path tmp) throws Exception {
        Path g = PlotGoldenTest.golden();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = CompareMain.run(new String[] {"--output-format=json", g.resolve("b_psync_loop_randread/json.txt").toString(),
            g.resolve("c_io_uring_loop_randread_qd32/json.txt").toString()}, new PrintStream(out, true),
                new PrintStream(err, true));
        assertEquals(0, rc, err.toString());
        Path cmp = tmp.resolve("compare.json");
        Files.writeString(cmp, out.toString(StandardCharsets.UTF_8));
        PlotInput.Comparisons in = (PlotInput.Comparisons) PlotInput.load(cmp);
        ComparisonFile.Comparison c = in.comparisons().get(0);
        SvgChart chart = new PlotReport(List.of(in)).charts().get(0);
        SvgDoc svg = SvgDoc.parse(chart.document());
        assertTrue(svg.texts().contains("B vs A (%)"), svg.texts().toString());
        List<ComparisonFile.Row> withCi = c.rows().stream().filter(ComparisonFile.Row::hasInterval).toList();
        assertFalse(withCi.isEmpty(), "the golden pair compares on the intervals basis (bw, iops)");
        for (ComparisonFile.Row r : c.rows()) {
            assertTrue(svg.texts().contains(r.metric()), r.metric() + " not on the chart");
        }
        // Each interval is one thick line from rel_ci_low to rel_ci_high (in %), on its metric's row.
        List<double[]> bars = new ArrayList<>();
        for (Element e : svg.elements("line")) {
            String style = e.getAttribute("style") + ((Element) e.getParentNode()).getAttribute("style");
            if (style.contains("stroke-width:2.0")) {
                Point2D a = new Point2D.Double(Double.parseDouble(e.getAttribute("x1")), Double.parseDouble(e.getAttribute("y1")));
                Point2D b = new Point2D.Double(Double.parseDouble(e.getAttribute("x2")), Double.parseDouble(e.getAttribute("y2")));
                double[] da = SvgDoc.data(chart, a);
                double[] db = SvgDoc.data(chart, b);
                if (Math.abs(da[1] - db[1]) > 1e-6) { // the bar, not its end caps
                    bars.add(new double[] {da[0], Math.min(da[1], db[1]), Math.max(da[1], db[1])});
                }
            }
        }
        assertEquals(withCi.size(), bars.size(), "one interval bar per row with an interval");
        for (int i = 0; i < c.rows().size(); i++) {
            ComparisonFile.Row r = c.rows().get(i);
            if (!r.hasInterval()) {
                continue;
            }
            int row = c.rows().size() - 1 - i;
            double[] bar = bars.stream().filter(b -> Math.abs(b[0] - row) < 0.01).findFirst()
                    .orElseThrow(() -> new AssertionError("no bar on the row of " + r.metric()));
            assertEquals(r.relLow() * 100, bar[1], Math.abs(r.relLow() * 100) * 0.01 + 0.1, r.metric());
            assertEquals(r.relHigh() * 100, bar[2], Math.abs(r.relHigh() * 100) * 0.01 + 0.1, r.metric());
            assertTrue(bar[1] >= -100, "below -100 %");
        }
    }

    @Test
    void multiComparisonJsonGivesOneChartPerComparison(@TempDir Path tmp) throws Exception {
        Path g = PlotGoldenTest.golden();
        io.jfio.compare.ResultSet psync = io.jfio.compare.ResultSet.load(g.resolve("b_psync_loop_randread/json.txt").toString());
        io.jfio.compare.ResultSet uring = io.jfio.compare.ResultSet.load(
                g.resolve("c_io_uring_loop_randread_qd32/json.txt").toString());
        io.jfio.compare.ResultSet libaio = io.jfio.compare.ResultSet.load(
                g.resolve("d_libaio_loop_randwrite_qd16/json.txt").toString());
        // jfio-multi writes comparison.json with ComparisonReport.jsonText(List)
        String json = io.jfio.compare.ComparisonReport.jsonText(List.of(new io.jfio.compare.Comparison(psync, uring, 0.05),
                new io.jfio.compare.Comparison(psync, libaio, 0.05)));
        Path f = tmp.resolve("comparison.json");
        Files.writeString(f, json);
        PlotInput.Comparisons in = (PlotInput.Comparisons) PlotInput.load(f);
        assertEquals(2, in.comparisons().size());
        List<SvgChart> charts = new PlotReport(List.of(in)).charts();
        assertEquals(2, charts.size());
        assertTrue(charts.get(1).title().contains("d_libaio_loop_randwrite_qd16/json.txt vs "), charts.get(1).title());
        for (SvgChart c : charts) {
            SvgDoc.parse(c.document());
        }
    }

    /**
     * The SVG point maps back to (x, y): within 0.5 % or what 0.05 px is worth on that axis
     * (JFreeSVG writes coordinates to 1/100 px, so a value small against its axis' range, such
     * as a log's last partial window, is only as exact as the pixel).
     */
    static void checkEnd(SvgChart c, Point2D p, double x, double y) {
        double[] d = SvgDoc.data(c, p);
        double[] e = SvgDoc.data(c, new Point2D.Double(p.getX() + 0.05, p.getY() + 0.05));
        assertEquals(x, d[0], Math.max(1e-3, Math.abs(x) * 0.005) + Math.abs(e[0] - d[0]), "x");
        assertEquals(y, d[1], Math.max(1e-3, Math.abs(y) * 0.005) + Math.abs(e[1] - d[1]), "y");
    }
}
