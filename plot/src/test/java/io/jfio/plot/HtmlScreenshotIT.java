package io.jfio.plot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * report.html rendered by headless Chromium shows the charts: inside every chart's box (the
 * page gives each box's place) a real share of the pixels is drawn, in more than one colour,
 * while the margins between the boxes stay page background. Skips where Chromium is absent.
 */
@Timeout(180)
class HtmlScreenshotIT {
    private static final Pattern BOX = Pattern.compile(
            "<figure class=\"chart\" id=\"([^\"]+)\" data-x=\"(\\d+)\" data-y=\"(\\d+)\" data-w=\"(\\d+)\" data-h=\"(\\d+)\"");
    private static final Pattern BODY = Pattern.compile("<body data-width=\"(\\d+)\" data-height=\"(\\d+)\"");

    static Path chromium() {
        for (String c : new String[] {System.getenv().getOrDefault("JFIO_CHROMIUM", ""), "/usr/bin/chromium",
            "/usr/bin/chromium-browser", "/usr/bin/google-chrome"}) {
            if (!c.isEmpty() && Files.isExecutable(Path.of(c))) {
                return Path.of(c);
            }
        }
        return null;
    }

    @Test
    void chromiumShowsEveryChart(@TempDir Path tmp) throws Exception {
        Path chromium = chromium();
        assumeTrue(chromium != null, "no headless Chromium (/usr/bin/chromium; Debian package chromium) to render with");
        Path g = PlotGoldenTest.golden();
        Path out = tmp.resolve("plots");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // Every kind of chart: fio's json+ (distributions, percentiles, side by side), a fresh
        // jfio run's NDJSON intervals, bw log (over time) and histogram log (percentiles per interval,
        // heatmap, whole-run curve), jfio-compare's JSON (B vs A).
        Path job = tmp.resolve("shot.fio");
        Files.writeString(job, "[shot]\nioengine=null\nrw=randrw\nbs=4k\nsize=1g\nnorandommap\ntime_based\n"
                + "runtime=2200ms\nwrite_bw_log=" + tmp + "/shot\nlog_avg_msec=200\nwrite_hist_log=" + tmp + "/shot\n"
                + "log_hist_msec=200\n");
        assertEquals(0, io.jfio.runner.cli.Main.run(new String[] {"--output-format=json+", "--output=" + tmp.resolve("shot.json"),
            "--status-interval=1", "--interval-output=" + tmp.resolve("shot.ndjson"), job.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true), java.util.Map.of(),
                io.jfio.jobfile.MachineInfo.current()), err.toString());
        ByteArrayOutputStream cmp = new ByteArrayOutputStream();
        assertEquals(0, io.jfio.compare.CompareMain.run(new String[] {"--output-format=json",
            g.resolve("b_psync_loop_randread/json.txt").toString(), g.resolve("c_io_uring_loop_randread_qd32/json.txt").toString()},
                new PrintStream(cmp, true), new PrintStream(err, true)), err.toString());
        Files.write(tmp.resolve("compare.json"), cmp.toByteArray());
        int rc = PlotMain.run(new String[] {"-o", out.toString(), g.resolve("c_io_uring_loop_randread_qd32/jsonplus.txt").toString(),
            g.resolve("e_pvsync2_rw_group_reporting/jsonplus.txt").toString(), tmp.resolve("shot.ndjson").toString(),
            tmp.resolve("shot_bw.1.log").toString(), tmp.resolve("shot_clat_hist.1.log").toString(),
            tmp.resolve("compare.json").toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true));
        assertEquals(0, rc, err.toString());
        String html = Files.readString(out.resolve("report.html"));
        Matcher b = BODY.matcher(html);
        assertTrue(b.find(), "no page size in report.html");
        int w = Integer.parseInt(b.group(1));
        int h = Integer.parseInt(b.group(2));
        List<int[]> boxes = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        Matcher m = BOX.matcher(html);
        while (m.find()) {
            ids.add(m.group(1));
            boxes.add(new int[] {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                Integer.parseInt(m.group(5))});
        }
        assertTrue(boxes.size() >= 15, boxes.size() + " charts");
        // The histogram log's charts are there: percentiles per interval, heatmap, whole-run curve.
        for (String t : new String[] {"read clat percentiles per ", "read clat heatmap", "whole-run clat percentiles"}) {
            assertTrue(html.contains(t), "no chart '" + t + "'");
        }

        Path png = tmp.resolve("shot.png");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + tmp.resolve("profile"),
                "--screenshot=" + png, "--window-size=" + w + "," + h, out.resolve("report.html").toUri().toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("chromium.log").toFile()).start();
        assertTrue(p.waitFor(150, TimeUnit.SECONDS), "chromium did not finish");
        assertTrue(Files.size(png) > 0, Files.readString(tmp.resolve("chromium.log")));
        BufferedImage img = ImageIO.read(new File(png.toString()));
        assertEquals(w, img.getWidth());
        assertEquals(h, img.getHeight());
        int background = img.getRGB(2, h - 2) & 0xffffff;
        assertEquals(0xffffff, background, "page background");

        for (int i = 0; i < boxes.size(); i++) {
            int[] r = boxes.get(i);
            long drawn = 0;
            java.util.Set<Integer> colours = new java.util.HashSet<>();
            for (int y = r[1]; y < r[1] + r[3]; y++) {
                for (int x = r[0]; x < r[0] + r[2]; x++) {
                    int c = img.getRGB(x, y) & 0xffffff;
                    if (c != background) {
                        drawn++;
                        colours.add(c);
                    }
                }
            }
            double share = drawn / (double) (r[2] * r[3]);
            // Axes, grid, ticks, labels and data: a few per cent of the box at the least.
            assertTrue(share > 0.02, ids.get(i) + ": only " + share + " of the chart's box is drawn");
            assertTrue(colours.size() > 10, ids.get(i) + ": " + colours.size() + " colours");
            // The margin left of the box (between boxes) is untouched: what was drawn is the chart.
            for (int y = r[1]; y < r[1] + r[3]; y++) {
                for (int x = r[0] - HtmlMargins.GAP; x < r[0] - 2; x++) {
                    assertEquals(background, img.getRGB(x, y) & 0xffffff, ids.get(i) + ": drawn outside, at " + x + "," + y);
                }
            }
        }
    }

    /** The gap between boxes that the check above reads. */
    static final class HtmlMargins {
        static final int GAP = io.jfio.plot.chart.HtmlReport.MARGIN - 4;
    }
}
