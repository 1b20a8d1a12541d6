package io.jfio.plot;

import io.jfio.jobfile.MachineInfo;
import io.jfio.plot.chart.Charts;
import io.jfio.plot.input.HistLogFile;
import io.jfio.plot.input.HistPercentiles;
import io.jfio.plot.input.PlotInput;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * jfio-plot's histogram-log numbers are fio's own tools/hist/fiologparser_hist.py's, for logs
 * written by jfio, by fio 3.42 and by fio 3.33 (log_hist_msec=100, coarseness 0 and 2): per
 * interval (the tool's weighted default, at the logged interval and at 250 ms) every row's
 * sample count, min, mean, p50/p90/p99/p99.9 and max, and for the whole run ({@code --noweight}
 * over one interval) every point of the percentile curve. Needs /usr/bin/python3 with numpy and
 * pandas and fio's source tree (JFIO_FIO342_SRC, default /opt/fio-3.42-src); skips without them.
 */
@Timeout(300)
class HistLogIT {
    private static final String JOB_TAIL = "bs=4k\ntime_based\nruntime=1\nlog_hist_msec=100\n"
            + "[a]\nrw=randrw\n[b]\nrw=randread\nlog_hist_coarseness=2\n";

    @Test
    void jfioHistLogsGiveFiologparserHistsNumbers(@TempDir Path tmp) throws Exception {
        Path script = script();
        Path job = tmp.resolve("h.fio");
        Files.writeString(job, "[global]\nioengine=psync\nfilename=" + tmp + "/data\nsize=8m\nwrite_hist_log=" + tmp
                + "/h\n" + JOB_TAIL);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, Main.run(new String[] {"--output=" + tmp.resolve("out.txt"), job.toString()},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true), Map.of(),
                MachineInfo.current()), err.toString());
        check(script, tmp.resolve("h_clat_hist.1.log"), 0);
        check(script, tmp.resolve("h_clat_hist.2.log"), 2, new long[] {100}, true);
        // log_unix_epoch times (ms since 1970): the tool jumps its first interval to the lines,
        // and (as it reads one line ahead at first) weighs the first line negatively in the
        // next interval; its CDF then falls in places, where numpy's own search decides.
        Path epoch = tmp.resolve("epoch_clat_hist.1.log");
        List<String> shifted = new ArrayList<>();
        for (String l : Files.readAllLines(tmp.resolve("h_clat_hist.1.log"))) {
            int c = l.indexOf(',');
            shifted.add((Long.parseLong(l.substring(0, c)) + 1_764_000_000_123L) + l.substring(c));
        }
        Files.write(epoch, shifted);
        check(script, epoch, 0, new long[] {100}, false);
    }

    @Test
    void fio342HistLogsGiveFiologparserHistsNumbers(@TempDir Path tmp) throws Exception {
        Path script = script();
        String env = System.getenv("JFIO_FIO342");
        Path fio = Path.of(env != null && !env.isEmpty() ? env : "/opt/fio-3.42-src/fio");
        assumeTrue(Files.isExecutable(fio), "no fio 3.42 at " + fio + " (set JFIO_FIO342)");
        fio(fio, tmp);
        check(script, tmp.resolve("h_clat_hist.1.log"), 0);
        check(script, tmp.resolve("h_clat_hist.2.log"), 2, new long[] {100}, true);
    }

    @Test
    void fio333HistLogsGiveFiologparserHistsNumbers(@TempDir Path tmp) throws Exception {
        Path script = script();
        Path fio = Path.of("/usr/bin/fio");
        assumeTrue(Files.isExecutable(fio), "no fio at /usr/bin/fio (Debian package fio)");
        fio(fio, tmp);
        check(script, tmp.resolve("h_clat_hist.1.log"), 0, new long[] {100}, true);
        check(script, tmp.resolve("h_clat_hist.2.log"), 2, new long[] {250}, true);
    }

    private static void fio(Path fio, Path tmp) throws Exception {
        Path job = tmp.resolve("h.fio");
        Files.writeString(job, "[global]\nioengine=psync\nfilename=" + tmp + "/data\nsize=8m\nwrite_hist_log=h\n"
                + JOB_TAIL);
        Process p = new ProcessBuilder(fio.toString(), "--output=out.txt", job.toString()).directory(tmp.toFile())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("fio.log").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "fio did not finish");
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("fio.log")));
    }

    static Path script() throws Exception {
        String env = System.getenv("JFIO_FIO342_SRC");
        Path src = Path.of(env != null && !env.isEmpty() ? env : "/opt/fio-3.42-src");
        Path script = src.resolve("tools/hist/fiologparser_hist.py");
        assumeTrue(Files.isRegularFile(script), "no fio source tree with tools/hist/fiologparser_hist.py at " + src
                + " (set JFIO_FIO342_SRC)");
        Path python = Path.of("/usr/bin/python3");
        assumeTrue(Files.isExecutable(python), "no /usr/bin/python3");
        Process p = new ProcessBuilder(python.toString(), "-c", "import numpy, pandas").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assumeTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0,
                "/usr/bin/python3 has no numpy/pandas (fiologparser_hist.py needs them; Debian python3-pandas)");
        return script;
    }

    private static List<String[]> tool(Path script, Path log, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/python3", script.toString()));
        cmd.addAll(List.of(args));
        cmd.add(log.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fiologparser_hist.py did not finish");
        assertEquals(0, p.exitValue(), out);
        List<String[]> rows = new ArrayList<>();
        for (String l : out.lines().skip(1).toList()) {
            rows.add(l.split(",\\s*"));
        }
        return rows;
    }

    private static final String[] DIR = {"r", "w", "t"};
    /**
     * The tool prints 6 decimals (ns); epoch-size times (1.7e12 ms) cost the weights their last
     * bits, so one unit of the last printed digit may differ.
     */
    private static final double TOL = 1.5e-6;

    private static void check(Path script, Path log, int coarseness) throws Exception {
        check(script, log, coarseness, new long[] {100, 250}, true);
    }

    /**
     * The tool's rows per interval for each of {@code intervals} (one call each), and with
     * {@code wholeRun} its whole-run row per direction (one call, the directions' curve
     * percentiles together): each python start with pandas takes seconds on a loaded machine.
     */
    private static void check(Path script, Path log, int coarseness, long[] intervals, boolean wholeRun)
            throws Exception {
        HistLogFile f = ((PlotInput.HistLog) PlotInput.load(log)).log();
        assertEquals(coarseness, f.coarseness(), log.toString());
        HistPercentiles hp = new HistPercentiles(coarseness);
        String name = log.getFileName().toString();
        // Per interval: the logged one and one that cuts the lines' spans (the weights matter).
        for (long interval : intervals) {
            List<String[]> rows = tool(script, log, "-i", String.valueOf(interval), "--directions", "rwt",
                    "--percentiles", "90:99:99.9", "--decimals", "6");
            List<HistPercentiles.Stats> mine = hp.weighted(f, interval, PlotReport.HIST_PERCENTILES);
            assertEquals(rows.size(), mine.size(), name + " -i " + interval + ": rows");
            assertTrue(rows.size() >= f.directions().length * 1000 / interval / 2, name + ": only " + rows.size() + " rows");
            Map<String, HistPercentiles.Stats> byKey = new HashMap<>();
            for (HistPercentiles.Stats s : mine) {
                byKey.put((long) s.endMs() + DIR[s.ddir()], s);
            }
            for (String[] r : rows) {
                String what = name + " -i " + interval + " at " + r[0] + " " + r[1];
                HistPercentiles.Stats s = byKey.get(r[0] + r[1]);
                assertTrue(s != null, what + ": no such row of mine: " + byKey.keySet());
                assertEquals(Long.parseLong(r[2]), s.samples(), what + " samples");
                assertEquals(Long.parseLong(r[3]), (long) s.min(), what + " min");
                assertEquals(Double.parseDouble(r[4]), s.avg(), TOL, what + " avg");
                for (int k = 0; k < 4; k++) {
                    assertEquals(Double.parseDouble(r[5 + k]), s.percentiles()[k], TOL,
                            what + " p" + PlotReport.HIST_PERCENTILES[k]);
                }
                assertEquals(Long.parseLong(r[9]), (long) s.max(), what + " max");
            }
        }
        if (!wholeRun) {
            return;
        }
        // The whole run: every point of the curve jfio-plot draws, per direction.
        List<HistPercentiles.Stats> wholes = hp.wholeRun(f, new double[0]);
        java.util.TreeSet<Double> union = new java.util.TreeSet<>();
        for (HistPercentiles.Stats w : wholes) {
            for (double p : Charts.curvePercentiles(w.samples())) {
                union.add(p);
            }
        }
        double[] all = union.stream().mapToDouble(Double::doubleValue).toArray();
        String list = java.util.Arrays.stream(all).mapToObj(Double::toString).collect(Collectors.joining(":"));
        List<String[]> rows = tool(script, log, "--noweight", "-i", "1000000000", "--directions", "rwt",
                "--percentiles", list, "--decimals", "6");
        assertEquals(wholes.size(), rows.size(), name + " whole run: a row per direction");
        for (String[] r : rows) {
            int ddir = List.of(DIR).indexOf(r[1]);
            HistPercentiles.Stats whole = wholes.stream().filter(x -> x.ddir() == ddir).findFirst().orElseThrow();
            double[] ps = Charts.curvePercentiles(whole.samples());
            HistPercentiles.Stats s = hp.wholeRun(f, ps).stream().filter(x -> x.ddir() == ddir).findFirst()
                    .orElseThrow();
            String what = name + " whole run " + r[1];
            assertEquals(Long.parseLong(r[2]), s.samples(), what + " samples");
            assertEquals(Long.parseLong(r[3]), (long) s.min(), what + " min");
            assertEquals(Double.parseDouble(r[4]), s.avg(), 1e-6, what + " avg");
            assertEquals(Double.parseDouble(r[5]), s.percentiles()[java.util.Arrays.binarySearch(ps, 50.0)], 1e-6,
                    what + " median");
            for (int k = 0; k < ps.length; k++) {
                int col = 6 + java.util.Arrays.binarySearch(all, ps[k]);
                assertEquals(Double.parseDouble(r[col]), s.percentiles()[k], 1e-6, what + " p" + ps[k]);
            }
            assertEquals(Long.parseLong(r[6 + all.length]), (long) s.max(), what + " max");
        }
    }
}
