package io.jfio.plot;

import io.jfio.jobfile.MachineInfo;
import io.jfio.plot.chart.Charts;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.HistLogFile;
import io.jfio.plot.input.HistPercentiles;
import io.jfio.plot.input.PlotInput;
import io.jfio.plot.input.Series;
import io.jfio.runner.cli.Main;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYZDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jfio-plot on a fresh jfio run's histogram logs (log_hist_msec=100, coarseness 0 and 3), bw
 * logs and json+ of two jobs: the percentiles-per-interval lines are HistPercentiles' rows, the
 * heatmap's cells are the log's columns summed, the whole-run curves share one chart with a
 * legend naming each file and direction; several jobs' bw logs and percentile curves share one
 * chart each, and {@code --separate} keeps them apart. (HistLogIT checks the numbers against
 * fio's own tools/hist/fiologparser_hist.py.)
 */
@Timeout(120)
class PlotHistLogTest {
    @TempDir
    static Path dir;
    private static List<Path> files;

    /** Runs the 1 s two-job psync run once: [hist.1.log, hist.2.log, bw.1.log, bw.2.log, out.json]. */
    static synchronized List<Path> run() throws Exception {
        if (files != null) {
            return files;
        }
        String job = "[global]\nfilename=" + dir + "/data\nsize=8m\nbs=4k\nioengine=psync\ntime_based\nruntime=1\n"
                + "write_hist_log=" + dir + "/h\nlog_hist_msec=100\nwrite_bw_log=" + dir + "/h\nlog_avg_msec=100\n"
                + "[a]\nrw=randrw\n[b]\nrw=randread\nlog_hist_coarseness=3\n";
        Path jobFile = dir.resolve("h.fio");
        Files.writeString(jobFile, job);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--output-format=json+", "--output=" + dir.resolve("out.json"), jobFile.toString()},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true), Map.of(),
                MachineInfo.current());
        assertEquals(0, rc, err.toString());
        files = List.of(dir.resolve("h_clat_hist.1.log"), dir.resolve("h_clat_hist.2.log"), dir.resolve("h_bw.1.log"),
                dir.resolve("h_bw.2.log"), dir.resolve("out.json"));
        for (Path f : files) {
            assertTrue(Files.size(f) > 0, f + " empty");
        }
        return files;
    }

    @Test
    void histLogsReadAsWritten() throws Exception {
        List<Path> f = run();
        for (int k = 0; k < 2; k++) {
            PlotInput in = PlotInput.load(f.get(k));
            HistLogFile log = ((PlotInput.HistLog) in).log();
            List<String> lines = Files.readAllLines(f.get(k));
            assertEquals(lines.size(), log.rows().size());
            assertEquals(k == 0 ? 0 : 3, log.coarseness());
            assertEquals(lines.get(0).split(",").length - 3, log.columns());
            String[] first = lines.get(0).split(",\\s*");
            assertEquals(Long.parseLong(first[0]), log.rows().get(0).timeMs());
            assertEquals(Long.parseLong(first[5]), log.rows().get(0).bins()[2]);
        }
    }

    @Test
    void percentilesPerIntervalAreTheRowsOfFiologparserHist() throws Exception {
        Path hist = run().get(0);
        PlotInput.HistLog in = (PlotInput.HistLog) PlotInput.load(hist);
        PlotReport report = new PlotReport(List.of(in), new PlotReport.Options(false, 100));
        List<HistPercentiles.Stats> rows = new HistPercentiles(0).weighted(in.log(), 100, PlotReport.HIST_PERCENTILES)
                .stream().filter(r -> r.ddir() == 0).toList();
        assertTrue(rows.size() >= 5, rows.size() + " intervals");
        SvgChart chart = PlotGoldenTest.find(report, "read clat percentiles per 100 ms");
        SvgDoc svg = SvgDoc.parse(chart.document());
        assertTrue(svg.texts().containsAll(List.of("time (s)", "clat (µs)", "p50", "p90", "p99", "p99.9")),
                svg.texts().toString());
        XYDataset data = ((XYPlot) chart.chart().getPlot()).getDataset();
        assertEquals(4, data.getSeriesCount());
        for (int k = 0; k < 4; k++) {
            assertEquals(rows.size(), data.getItemCount(k));
            for (int i = 0; i < rows.size(); i++) {
                assertEquals(rows.get(i).endMs() / 1000.0, data.getXValue(k, i), 1e-12);
                assertEquals(rows.get(i).percentiles()[k] / 1000.0, data.getYValue(k, i), 1e-12);
            }
            // The drawn line: one point per interval, its ends where the data says.
            List<Point2D> path = svg.seriesPath(Charts.PALETTE[k]);
            assertEquals(rows.size(), path.size(), "p" + PlotReport.HIST_PERCENTILES[k]);
            PlotFreshRunTest.checkEnd(chart, path.get(0), data.getXValue(k, 0), data.getYValue(k, 0));
            int z = rows.size() - 1;
            PlotFreshRunTest.checkEnd(chart, path.get(z), data.getXValue(k, z), data.getYValue(k, z));
        }
    }

    @Test
    void heatmapCellsAreTheLogsColumns() throws Exception {
        for (int k = 0; k < 2; k++) {
            Path hist = run().get(k);
            PlotInput.HistLog in = (PlotInput.HistLog) PlotInput.load(hist);
            HistLogFile log = in.log();
            SvgChart chart = PlotGoldenTest.find(new PlotReport(List.of(in)), "read clat heatmap");
            // Expected cells straight from the file: per read line, 8 fio buckets per cell.
            int stride = 1 << log.coarseness();
            int per = Math.max(8, stride) / stride;
            List<double[]> cells = new ArrayList<>();
            for (String l : Files.readAllLines(hist)) {
                String[] c = l.split(",\\s*");
                if (!c[1].equals("0")) {
                    continue;
                }
                long[] sum = new long[(c.length - 3) / per];
                for (int i = 3; i < c.length; i++) {
                    sum[(i - 3) / per] += Long.parseLong(c[i]);
                }
                for (int i = 0; i < sum.length; i++) {
                    if (sum[i] > 0) {
                        cells.add(new double[] {Long.parseLong(c[0]) / 1000.0, i * (double) Math.max(8, stride), sum[i]});
                    }
                }
            }
            XYZDataset data = (XYZDataset) ((XYPlot) chart.chart().getPlot()).getDataset();
            assertEquals(cells.size(), data.getItemCount(0), hist.getFileName().toString());
            for (int i = 0; i < cells.size(); i++) {
                assertEquals(cells.get(i)[0], data.getXValue(0, i), 1e-12);
                assertEquals(cells.get(i)[1], data.getYValue(0, i), 1e-12);
                assertEquals(cells.get(i)[2], data.getZValue(0, i), 1e-12);
            }
            // Drawn: one filled block per cell inside the plot area; the biggest cell's block maps
            // back to its time (right edge) and its first bucket (bottom edge).
            SvgDoc svg = SvgDoc.parse(chart.document());
            Rectangle2D area = chart.info().getPlotInfo().getDataArea();
            List<Rectangle2D> blocks = new ArrayList<>();
            for (Element e : svg.elements("rect")) {
                String style = e.getAttribute("style");
                if (style.startsWith("fill:rgb(") && !style.contains("fill:rgb(255,255,255)")) {
                    Rectangle2D r = new Rectangle2D.Double(Double.parseDouble(e.getAttribute("x")),
                            Double.parseDouble(e.getAttribute("y")), Double.parseDouble(e.getAttribute("width")),
                            Double.parseDouble(e.getAttribute("height")));
                    if (area.contains(r.getCenterX(), r.getCenterY())) {
                        blocks.add(r);
                    }
                }
            }
            assertEquals(cells.size(), blocks.size(), "one block per cell");
            assertTrue(svg.texts().containsAll(List.of("time (s)", "clat (µs, fio buckets)", "I/Os per cell")),
                    svg.texts().toString());
            Rectangle2D first = blocks.get(0);
            double[] corner = SvgDoc.data(chart, new Point2D.Double(first.getMaxX(), first.getMaxY()));
            assertEquals(cells.get(0)[0], corner[0], 0.005, "right edge at the line's time");
            assertEquals(cells.get(0)[1], corner[1], 0.5, "bottom edge at the cell's first bucket");
        }
    }

    @Test
    void aLongLogsHeatmapSumsRunsOfLines(@TempDir Path tmp) throws Exception {
        // 700 read lines of 29 columns (coarseness 6), 100 ms apart: 3 lines per heatmap column.
        Path f = tmp.resolve("long_clat_hist.1.log");
        StringBuilder b = new StringBuilder();
        long total = 0;
        for (int i = 1; i <= 700; i++) {
            b.append(i * 100).append(", 0, 4096");
            for (int c = 0; c < 29; c++) {
                long v = (c == 10 + i % 5) ? i : (c == 20 ? 1 : 0);
                total += v;
                b.append(", ").append(v);
            }
            b.append('\n');
        }
        Files.writeString(f, b.toString());
        HistLogFile log = ((PlotInput.HistLog) PlotInput.load(f)).log();
        assertEquals(6, log.coarseness());
        assertEquals(100, log.inferredIntervalMs());
        Charts.HeatCells cells = PlotReport.heatCells(log, 0, 100);
        double sum = 0;
        java.util.Set<Double> columns = new java.util.TreeSet<>();
        for (int i = 0; i < cells.size(); i++) {
            sum += cells.count()[i];
            columns.add(cells.endS()[i]);
            assertEquals(0, cells.bucket()[i] % 64, 1e-12, "a coarseness-6 column is 64 fio buckets");
        }
        assertEquals(total, sum, 1e-9, "every I/O in some cell");
        assertEquals(234, columns.size(), "700 lines in runs of 3");
        assertEquals(0.3, cells.widthS(), 1e-12);
        assertEquals(64, cells.buckets());
        assertEquals(0.3, columns.iterator().next(), 1e-12, "a run's column ends at its last line");
        SvgDoc.parse(SvgChart.render("c01", Charts.heatmap("long", "clat", cells)).document());
    }

    @Test
    void severalHistLogsShareTheWholeRunCurveChart() throws Exception {
        List<Path> f = run();
        List<PlotInput> in = List.of(PlotInput.load(f.get(0)), PlotInput.load(f.get(1)));
        PlotReport report = new PlotReport(in);
        SvgChart chart = PlotGoldenTest.find(report, "histogram logs: whole-run clat percentiles");
        XYDataset data = ((XYPlot) chart.chart().getPlot()).getDataset();
        // h_clat_hist.1.log: read and write; h_clat_hist.2.log: read.
        assertEquals(3, data.getSeriesCount());
        SvgDoc svg = SvgDoc.parse(chart.document());
        String d = dir.getFileName().toString();
        for (String name : new String[] {d + "/h_clat_hist.1.log read", d + "/h_clat_hist.1.log write",
            d + "/h_clat_hist.2.log read"}) {
            assertTrue(svg.texts().contains(name), name + " not in the legend: " + svg.texts());
        }
        HistLogFile log = ((PlotInput.HistLog) in.get(1)).log();
        HistPercentiles.Stats whole = new HistPercentiles(3).wholeRun(log, new double[0]).get(0);
        double[] ps = Charts.curvePercentiles(whole.samples());
        double[] v = new HistPercentiles(3).wholeRun(log, ps).get(0).percentiles();
        assertEquals(ps.length, data.getItemCount(2));
        for (int i = 0; i < ps.length; i++) {
            assertEquals(Charts.nines(ps[i]), data.getXValue(2, i), 1e-12);
            assertEquals(v[i] / 1000.0, data.getYValue(2, i), 1e-12);
        }
        List<Point2D> path = svg.seriesPath(Charts.PALETTE[2]);
        assertEquals(ps.length, path.size());
        PlotFreshRunTest.checkEnd(chart, path.get(path.size() - 1), data.getXValue(2, ps.length - 1),
                data.getYValue(2, ps.length - 1));
        // --separate: one whole-run chart per file and direction.
        PlotReport apart = new PlotReport(in, new PlotReport.Options(true, 0));
        assertEquals(3, apart.charts().stream().filter(c -> c.title().contains("whole-run")).count());
    }

    @Test
    void severalJobsLogsShareOneChartWithALegend() throws Exception {
        List<Path> f = run();
        List<PlotInput> in = List.of(PlotInput.load(f.get(2)), PlotInput.load(f.get(3)));
        PlotReport report = new PlotReport(in);
        assertEquals(1, report.charts().size(), report.charts().stream().map(SvgChart::title).toList().toString());
        SvgChart chart = report.charts().get(0);
        assertEquals("bandwidth over time: 2 logs", chart.title());
        SvgDoc svg = SvgDoc.parse(chart.document());
        assertTrue(svg.texts().containsAll(List.of("h_bw.1.log read", "h_bw.1.log write", "h_bw.2.log read")),
                svg.texts().toString());
        XYDataset data = ((XYPlot) chart.chart().getPlot()).getDataset();
        assertEquals(3, data.getSeriesCount());
        // Each series is its file's lines of that direction, in order.
        int s = 0;
        for (int k = 0; k < 2; k++) {
            for (String ddir : k == 0 ? new String[] {"0", "1"} : new String[] {"0"}) {
                List<long[]> lines = new ArrayList<>();
                for (String l : Files.readAllLines(f.get(2 + k))) {
                    String[] c = l.split(",\\s*");
                    if (c[2].equals(ddir)) {
                        lines.add(new long[] {Long.parseLong(c[0]), Long.parseLong(c[1])});
                    }
                }
                assertEquals(lines.size(), data.getItemCount(s));
                for (int i = 0; i < lines.size(); i++) {
                    assertEquals(lines.get(i)[0] / 1000.0, data.getXValue(s, i), 1e-12);
                    assertEquals(lines.get(i)[1], data.getYValue(s, i), 1e-12);
                }
                List<Point2D> path = svg.seriesPath(Charts.PALETTE[s]);
                assertEquals(lines.size(), path.size());
                long[] z = lines.get(lines.size() - 1);
                PlotFreshRunTest.checkEnd(chart, path.get(path.size() - 1), z[0] / 1000.0, z[1]);
                s++;
            }
        }
        assertEquals(2, new PlotReport(in, new PlotReport.Options(true, 0)).charts().size(), "--separate");
    }

    @Test
    void severalJobsPercentileCurvesShareOneChart() throws Exception {
        PlotInput.Result in = (PlotInput.Result) PlotInput.load(run().get(4));
        PlotReport report = new PlotReport(List.of(in));
        SvgChart chart = PlotGoldenTest.find(report, "clat percentiles: 3 jobs and directions");
        SvgDoc svg = SvgDoc.parse(chart.document());
        assertTrue(svg.texts().containsAll(List.of("a read", "a write", "b read")), svg.texts().toString());
        XYDataset data = ((XYPlot) chart.chart().getPlot()).getDataset();
        int s = 0;
        for (var j : in.run().threadStats()) {
            for (int d = 0; d < 2; d++) {
                var st = j.dir(d);
                if (st.clatHist.count() == 0) {
                    continue;
                }
                Series want = Charts.curveSeries("x", st.clatHist, st.clat.samples());
                assertEquals(want.size(), data.getItemCount(s));
                for (int i = 0; i < want.size(); i++) {
                    assertEquals(want.y()[i], data.getYValue(s, i), 1e-12);
                }
                assertEquals(want.size(), svg.seriesPath(Charts.PALETTE[s]).size());
                s++;
            }
        }
        assertEquals(3, s);
        // No per-job curve charts beside it; --separate gives those back.
        assertEquals(1, report.charts().stream().filter(c -> c.title().contains("percentiles")).count());
        assertEquals(3, new PlotReport(List.of(in), new PlotReport.Options(true, 0)).charts().stream()
                .filter(c -> c.title().endsWith("clat percentiles")).count());
    }

    @Test
    void plotMainTakesTheOptions() throws Exception {
        List<Path> f = run();
        Path out = dir.resolve("plots");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = PlotMain.run(new String[] {"-o", out.toString(), "--hist-msec=200", f.get(0).toString()},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
        assertEquals(0, rc, err.toString());
        try (Stream<Path> s = Files.list(out)) {
            List<String> names = s.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().anyMatch(n -> n.endsWith("read-clat-percentiles-per-200-ms.svg")), names.toString());
        }
        assertEquals(1, PlotMain.run(new String[] {"--hist-msec=0", f.get(0).toString()},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true)));
    }
}
