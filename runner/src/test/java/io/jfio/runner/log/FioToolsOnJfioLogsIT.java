package io.jfio.runner.log;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * fio's own log tools read jfio's logs: tools/fiologparser.py, tools/hist/fiologparser_hist.py,
 * tools/hist/fio-histo-log-pctiles.py, tools/plot/fio2gnuplot and tools/fio_generate_plots exit 0
 * with output that holds numbers. Needs fio's source tree (JFIO_FIO_SRC, default /opt/fio-3.42-src),
 * /usr/bin/python3 with pandas (fiologparser_hist) and gnuplot (the two plotters).
 */
@Timeout(300)
class FioToolsOnJfioLogsIT {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @Test
    void fiosToolsRunOnJfiosLogs() throws Exception {
        Path src = LogRuns.fioSource();
        assumeTrue(src != null, "skipped: fio's source tree (tools/) is absent; set JFIO_FIO_SRC");
        assumeTrue(Files.isExecutable(PYTHON), "skipped: no /usr/bin/python3 for fio's tools");
        Path dir = LogRuns.scratch("tools");
        try {
            String job = "[t]\nioengine=io_uring\niodepth=8\nrw=randrw\nbs=4k\nsize=16m\nfilename=" + dir + "/f\n"
                    + "write_bw_log=" + dir + "/t\nwrite_lat_log=" + dir + "/t\nwrite_iops_log=" + dir + "/t\n"
                    + "write_hist_log=" + dir + "/t\nlog_avg_msec=200\nlog_hist_msec=200\nruntime=2\ntime_based\n"
                    + "per_job_logs=0\n";
            LogRuns.jfio(dir, job);
            Files.delete(dir.resolve("f"));
            Path tools = src.resolve("tools");
            String out = run(dir, PYTHON.toString(), tools.resolve("fiologparser.py").toString(), "-f", "t_bw.log");
            assertTrue(out.matches("(?s)\\d+, [0-9.]+.*"), "fiologparser.py: " + out);
            out = run(dir, PYTHON.toString(), tools.resolve("fiologparser.py").toString(), "-A", "-f", "t_clat.log");
            assertTrue(out.matches("(?s)\\d+, [0-9.]+.*"), "fiologparser.py -A: " + out);
            out = run(dir, PYTHON.toString(), tools.resolve("hist/fio-histo-log-pctiles.py").toString(), "t_clat_hist.log");
            assertTrue(out.contains("percentiles"), "fio-histo-log-pctiles.py: " + out);
            if (pythonHas("pandas")) {
                out = run(dir, PYTHON.toString(), tools.resolve("hist/fiologparser_hist.py").toString(), "t_clat_hist.log");
                assertTrue(out.startsWith("end-time, samples, min, avg, median"), "fiologparser_hist.py: " + out);
                assertTrue(out.lines().count() >= 2, "fiologparser_hist.py rows: " + out);
            } else {
                System.out.println("fiologparser_hist.py not run: /usr/bin/python3 has no pandas");
            }
            if (Files.isExecutable(Path.of("/usr/bin/gnuplot"))) {
                run(dir, PYTHON.toString(), tools.resolve("plot/fio2gnuplot").toString(), "-p", "t_bw.log", "-g");
                assertTrue(Files.list(dir).anyMatch(p -> p.toString().endsWith(".png")), "fio2gnuplot drew no png");
                run(dir, "sh", tools.resolve("fio_generate_plots").toString(), "jfio");
                for (String kind : List.of("lat", "clat", "slat", "bw", "iops")) {
                    assertTrue(Files.size(dir.resolve("jfio-" + kind + ".svg")) > 1000, "fio_generate_plots: " + kind);
                }
            } else {
                System.out.println("fio2gnuplot and fio_generate_plots not run: no /usr/bin/gnuplot");
            }
        } finally {
            LogRuns.delete(dir);
        }
    }

    private static boolean pythonHas(String module) throws Exception {
        Process p = new ProcessBuilder(PYTHON.toString(), "-c", "import " + module).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    private static String run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(new ArrayList<>(List.of(cmd))).directory(dir.toFile()).redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", cmd) + " did not finish");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
