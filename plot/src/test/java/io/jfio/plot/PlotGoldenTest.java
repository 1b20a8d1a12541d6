package io.jfio.plot;

import io.jfio.plot.chart.Charts;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.PlotInput;
import io.jfio.report.DirectionStats;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * jfio-plot on real fio 3.33 json+ outputs (../shared/golden): the SVGs parse; the latency
 * distribution has one bar per non-empty bin, spanning the bins' range; the percentile curve
 * passes through the percentiles fio itself printed; the HTML inlines every chart and loads nothing.
 */
class PlotGoldenTest {
    static Path golden() {
        Path g = Path.of(System.getProperty("jfio.shared", "../../shared")).resolve("golden");
        assumeTrue(Files.isDirectory(g), "no golden fio outputs at " + g + " (../shared is not here)");
        return g;
    }

    @Test
    void distributionBarsAreTheJsonPlusBins() throws Exception {
        Path f = golden().resolve("c_io_uring_loop_randread_qd32/jsonplus.txt");
        PlotInput.Result in = (PlotInput.Result) PlotInput.load(f);
        DirectionStats read = in.run().threadStats().get(0).dir(DirectionStats.READ);
        PlotReport report = new PlotReport(List.of(in));
        SvgChart dist = find(report, "read clat distribution");
        SvgDoc svg = SvgDoc.parse(dist.document());
        List<String> texts = svg.texts();
        assertTrue(texts.contains("job uring-randread read clat distribution"), texts.toString());
        assertTrue(texts.contains("clat (µs)"), texts.toString());
        assertTrue(texts.contains("I/Os in bucket (%)"), texts.toString());

        List<Integer> used = new ArrayList<>();
        for (int i = 0; i < LatencyHistogram.PLAT_NR; i++) {
            if (read.clatHist.bucket(i) > 0) {
                used.add(i);
            }
        }
        List<Rectangle2D> bars = svg.rects(Charts.PALETTE[0]);
        assertEquals(used.size(), bars.size(), "one bar per non-empty json+ bin");
        // The leftmost bar starts at the first bin's lower edge, the rightmost ends at the last
        // bin's upper edge (mapped back through the drawn log axis), the tallest is the largest share.
        bars.sort(Comparator.comparingDouble(Rectangle2D::getX));
        Rectangle2D first = bars.get(0);
        Rectangle2D last = bars.get(bars.size() - 1);
        double lo = SvgDoc.data(dist, new Point2D.Double(first.getMinX(), first.getMaxY()))[0];
        double hi = SvgDoc.data(dist, new Point2D.Double(last.getMaxX(), last.getMaxY()))[0];
        assertEquals(low(used.get(0)) / 1000.0, lo, low(used.get(0)) / 1000.0 * 0.01);
        int end = used.get(used.size() - 1) + 1;
        assertEquals(low(end) / 1000.0, hi, low(end) / 1000.0 * 0.01);
        long max = used.stream().mapToLong(read.clatHist::bucket).max().orElseThrow();
        Rectangle2D tallest = bars.stream().min(Comparator.comparingDouble(Rectangle2D::getY)).orElseThrow();
        double top = SvgDoc.data(dist, new Point2D.Double(tallest.getCenterX(), tallest.getMinY()))[1];
        assertEquals(max * 100.0 / read.clatHist.count(), top, 0.01);
        // The axis spans the data and its labelled ticks lie inside it.
        XYPlot plot = (XYPlot) dist.chart().getPlot();
        assertTrue(plot.getDomainAxis().getLowerBound() <= low(used.get(0)) / 1000.0);
        assertTrue(plot.getDomainAxis().getUpperBound() >= low(end) / 1000.0);
    }

    @Test
    void percentileCurvePassesThroughFioPrintedPercentiles() throws Exception {
        for (String c : new String[] {"b_psync_loop_randread", "c_io_uring_loop_randread_qd32", "fio-3.42/b_psync_loop_randread"}) {
            Path f = golden().resolve(c).resolve("jsonplus.txt");
            if (!Files.isRegularFile(f)) {
                continue;
            }
            PlotInput.Result in = (PlotInput.Result) PlotInput.load(f);
            JobResult job = in.run().threadStats().get(0);
            SvgChart curve = find(new PlotReport(List.of(in)), "read clat percentiles");
            SvgDoc svg = SvgDoc.parse(curve.document());
            assertTrue(svg.texts().containsAll(List.of("percentile", "clat (µs)", "90", "99", "99.9")), svg.texts().toString());
            XYDataset data = ((XYPlot) curve.chart().getPlot()).getDataset();
            long n = job.dir(DirectionStats.READ).clat.samples();
            double[] ps = Charts.curvePercentiles(n);
            assertEquals(ps.length, data.getItemCount(0));

            // fio's own printed percentiles (json+'s clat_ns.percentile) are points of the curve.
            JsonNode printed = JsonParser.parseDocument(Files.readString(f)).get("jobs").elements().get(0).get("read")
                    .get("clat_ns").get("percentile");
            int matched = 0;
            for (JsonNode.Member m : printed.members()) {
                double p = Double.parseDouble(m.key());
                for (int i = 0; i < ps.length; i++) {
                    if (Math.abs(ps[i] - p) < 1e-9) {
                        assertEquals(m.value().asLong() / 1000.0, data.getYValue(0, i), 1e-9, c + " p" + p);
                        matched++;
                    }
                }
            }
            assertTrue(matched >= 12, c + ": only " + matched + " of fio's percentiles on the curve");

            // The drawn line has every point, and its ends map back to the first and last values.
            List<Point2D> path = svg.seriesPath(Charts.PALETTE[0]);
            assertEquals(ps.length, path.size(), c);
            double[] a = SvgDoc.data(curve, path.get(0));
            double[] z = SvgDoc.data(curve, path.get(path.size() - 1));
            assertEquals(Charts.nines(ps[0]), a[0], 0.01);
            assertEquals(data.getYValue(0, 0), a[1], data.getYValue(0, 0) * 0.01);
            assertEquals(Charts.nines(ps[ps.length - 1]), z[0], 0.01);
            assertEquals(data.getYValue(0, ps.length - 1), z[1], data.getYValue(0, ps.length - 1) * 0.01);
        }
    }

    @Test
    void everyGoldenJsonPlusPlots() throws Exception {
        List<Path> svgs = plotAllGolden();
        assertTrue(svgs.size() > 20, svgs.size() + " charts");
        for (Path p : svgs) {
            SvgDoc.parse(Files.readString(p));
        }
        // Several results: the side-by-side charts.
        assertTrue(svgs.stream().anyMatch(p -> p.toString().endsWith("read-bw-side-by-side.svg")), svgs.toString());
    }

    @Test
    void theHtmlReportOfTheGoldenPlotsIsSelfContained() throws Exception {
        List<Path> svgs = plotAllGolden();
        String html = Files.readString(goldenPlots.resolve("report.html"));
        for (Path p : svgs) {
            String text = Files.readString(p);
            String element = text.substring(text.indexOf("<svg"));
            assertTrue(html.contains(element.strip()), p + " is not inlined in report.html");
        }
        // Nothing to fetch: no script, no stylesheet link, no image or font from anywhere.
        assertFalse(html.contains("<script"), "script in report.html");
        assertFalse(html.matches("(?s).*(src|href)=[\"'](?!#).*"), "a src/href to another resource");
        assertFalse(html.replace("http://www.w3.org/", "").replace("http://www.jfree.org/jfreesvg/svg", "")
                .contains("http"), "an external URL in report.html");
    }

    @TempDir
    static Path goldenPlots;

    private static List<Path> goldenSvgs;

    /** jfio-plot of every golden json+ file, once for the tests that look at its charts and HTML. */
    private static synchronized List<Path> plotAllGolden() throws Exception {
        if (goldenSvgs != null) {
            return goldenSvgs;
        }
        Path tmp = goldenPlots;
        List<String> args = new ArrayList<>(List.of("-o", tmp.toString()));
        try (Stream<Path> s = Files.walk(golden())) {
            s.filter(p -> p.getFileName().toString().equals("jsonplus.txt")).sorted().forEach(p -> args.add(p.toString()));
        }
        assertTrue(args.size() > 10, args.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = PlotMain.run(args.toArray(String[]::new), new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(0, rc, err.toString());
        List<Path> svgs;
        try (Stream<Path> s = Files.list(tmp)) {
            svgs = s.filter(p -> p.toString().endsWith(".svg")).sorted().toList();
        }
        goldenSvgs = svgs;
        return svgs;
    }

    static SvgChart find(PlotReport r, String titleEnd) {
        return r.charts().stream().filter(c -> c.title().endsWith(titleEnd)).findFirst()
                .orElseThrow(() -> new AssertionError("no chart '" + titleEnd + "' in "
                        + r.charts().stream().map(SvgChart::title).toList()));
    }

    /** fio's bucket lower edge in ns, computed here from the bucket layout (64 per power of two). */
    static double low(int i) {
        if (i < 128) {
            return i;
        }
        int bits = (i >> 6) - 1;
        return (1L << (bits + 6)) + ((long) (i % 64) << bits);
    }
}
