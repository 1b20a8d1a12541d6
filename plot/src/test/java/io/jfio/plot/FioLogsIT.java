package io.jfio.plot;

import io.jfio.plot.chart.Charts;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.LogFile;
import io.jfio.plot.input.PlotInput;
import io.jfio.plot.input.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.awt.geom.Point2D;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Logs written by real fio plot as their lines say: per-I/O and averaged bw/iops/lat logs of
 * fio 3.33 (/usr/bin/fio), and fio 3.42's log_window_value=both (a max column) and log_offset
 * (an offset column) layouts, where 3.42 is installed (JFIO_FIO342 or /opt/fio-3.42-src/fio).
 */
@Timeout(120)
class FioLogsIT {
    private static final String JOB = "[global]\nioengine=null\nbs=4k\nsize=64m\ntime_based\nruntime=1\n"
            + "rw=randrw\nrwmixread=50\nrate_iops=800\n";

    @Test
    void fio333LogsPlotAsTheirLines(@TempDir Path tmp) throws Exception {
        Path fio = Path.of("/usr/bin/fio");
        assumeTrue(Files.isExecutable(fio), "no fio at /usr/bin/fio (Debian package fio)");
        run(fio, tmp, JOB + "[perio]\nwrite_bw_log=" + tmp + "/p\nwrite_iops_log=" + tmp + "/p\nwrite_lat_log=" + tmp
                + "/p\n[avg]\nwrite_bw_log=" + tmp + "/a\nwrite_lat_log=" + tmp + "/a\nlog_avg_msec=100\n");
        List<Path> logs = logs(tmp);
        assertTrue(logs.size() >= 7, logs.toString());
        for (Path l : logs) {
            check(l, false);
        }
    }

    @Test
    void fio342WindowMaxColumnsRead(@TempDir Path tmp) throws Exception {
        run(fio342(), tmp, JOB + "[both]\nwrite_bw_log=" + tmp + "/m\nwrite_lat_log=" + tmp + "/m\nlog_avg_msec=100\n"
                + "log_window_value=both\n");
        List<Path> logs = logs(tmp);
        assertTrue(logs.size() >= 4, logs.toString());
        for (Path l : logs) {
            check(l, true);
        }
    }

    @Test
    void fio342OffsetColumnsRead(@TempDir Path tmp) throws Exception {
        run(fio342(), tmp, JOB + "[offset]\nwrite_bw_log=" + tmp + "/o\nwrite_iops_log=" + tmp + "/o\nlog_offset=1\n");
        List<Path> logs = logs(tmp);
        assertTrue(logs.size() >= 2, logs.toString());
        for (Path l : logs) {
            check(l, false);
        }
    }

    private static Path fio342() {
        String env = System.getenv("JFIO_FIO342");
        Path fio = Path.of(env != null && !env.isEmpty() ? env : "/opt/fio-3.42-src/fio");
        assumeTrue(Files.isExecutable(fio), "no fio 3.42 at " + fio + " (set JFIO_FIO342)");
        return fio;
    }

    private static void run(Path fio, Path dir, String job) throws Exception {
        Path f = dir.resolve("logs.fio");
        Files.writeString(f, job);
        Process p = new ProcessBuilder(fio.toString(), "--output=" + dir.resolve("out.txt"), f.toString())
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("fio.log").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "fio did not finish");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("fio.log")));
    }

    private static List<Path> logs(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".log") && !p.getFileName().toString().equals("fio.log"))
                    .sorted().toList();
        }
    }

    /** The file's lines, by direction, against the parsed series and the drawn path. */
    private static void check(Path log, boolean max) throws Exception {
        List<String> lines = Files.readAllLines(log);
        PlotInput in = PlotInput.load(log);
        LogFile f = ((PlotInput.Log) in).log();
        assertEquals(lines.size(), f.lines(), log.toString());
        if (lines.isEmpty()) {
            assertTrue(f.series().isEmpty());
            return; // slat of a synchronous engine
        }
        assertEquals(max, f.windowMax(), log + ": window-max layout detected wrongly");
        int ddirCol = max ? 3 : 2;
        String name = log.getFileName().toString();
        LogFile.Kind kind = f.kind();
        assertEquals(name.contains("_bw") ? LogFile.Kind.BW : name.contains("_iops") ? LogFile.Kind.IOPS
                : name.contains("_clat") ? LogFile.Kind.CLAT : name.contains("_slat") ? LogFile.Kind.SLAT
                : LogFile.Kind.LAT, kind, name);
        SvgChart chart = new PlotReport(List.of(in)).charts().get(0);
        SvgDoc svg = SvgDoc.parse(chart.document());
        int k = 0;
        for (Series s : f.series()) {
            int ddir = s.name().equals("read") ? 0 : s.name().equals("write") ? 1 : 2;
            List<long[]> mine = new ArrayList<>();
            for (String l : lines) {
                String[] c = l.split(",\\s*");
                if (Integer.parseInt(c[ddirCol]) == ddir) {
                    mine.add(new long[] {Long.parseLong(c[0]), Long.parseLong(c[1])});
                }
            }
            assertEquals(mine.size(), s.size(), name + " " + s.name());
            assertEquals(mine.get(0)[0] / 1000.0, s.x()[0], 1e-9);
            assertEquals(mine.get(0)[1] / kind.divisor, s.y()[0], 1e-9);
            List<Point2D> path = svg.seriesPath(Charts.PALETTE[k++]);
            int drawn = Math.min(mine.size(), Charts.MAX_POINTS);
            assertEquals(drawn, path.size(), name + " " + s.name() + " drawn points");
            if (mine.size() <= Charts.MAX_POINTS) {
                long[] z = mine.get(mine.size() - 1);
                PlotFreshRunTest.checkEnd(chart, path.get(path.size() - 1), z[0] / 1000.0, z[1] / kind.divisor);
            }
        }
    }
}
