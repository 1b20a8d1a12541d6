package io.jfio.runner.log;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The log options whose columns or names are fio 3.42's (log_window_value, log_issue_time,
 * log_prio, log_unix_epoch, per_job_logs=0, log_store_compressed) against fio 3.42 itself: the
 * same file names and columns, and each tool's --inflate-log reading the other's .fz files line
 * for line. Skipped without fio 3.42 (JFIO_FIO342).
 */
@Timeout(300)
class LogOptionsVsFio342IT {

    private static final String JOB = """
            [global]
            ioengine=null
            size=2m
            bs=4k
            [avg]
            rw=randrw
            write_lat_log=DIR/w
            write_bw_log=DIR/w
            log_avg_msec=1
            log_window_value=both
            per_job_logs=0
            [offs]
            rw=randread
            write_lat_log=DIR/o
            log_offset=1
            log_issue_time=1
            log_prio=1
            log_unix_epoch=1
            [gz]
            rw=randwrite
            write_lat_log=DIR/z
            write_iops_log=DIR/z
            log_offset=1
            log_store_compressed=1
            log_compression=64k
            """;

    private interface Check {
        void check(Path fio, Path fioDir, Path jfioDir) throws Exception;
    }

    /** Runs the job under fio 3.42 and jfio into scratch directories, checks, and removes them. */
    private static void bothRan(Check check) throws Exception {
        Path fio = LogRuns.fio342();
        assumeTrue(fio != null, "skipped: no fio 3.42 (set JFIO_FIO342 to its binary)");
        Path f = LogRuns.scratch("342-fio");
        Path j = LogRuns.scratch("342-jfio");
        try {
            LogRuns.fio(fio, f, JOB.replace("DIR", f.toString()));
            LogRuns.jfio(j, JOB.replace("DIR", j.toString()));
            check.check(fio, f, j);
        } finally {
            LogRuns.delete(f);
            LogRuns.delete(j);
        }
    }

    @Test
    void fileNamesAreFios() throws Exception {
        bothRan((fio, f, j) -> assertEquals(names(f), names(j), "file names"));
    }

    @Test
    void columnsAreFios() throws Exception {
        bothRan((fio, f, j) -> {
            TreeMap<String, List<String>> fl = LogRuns.logs(f);
            TreeMap<String, List<String>> jl = LogRuns.logs(j);
            for (String n : fl.keySet()) {
                List<String> jlog = jl.getOrDefault(n, List.of());
                System.out.printf("%-14s fio %5d lines %s, jfio %5d lines %s%n", n, fl.get(n).size(),
                        LogRuns.columns(fl.get(n)), jlog.size(), LogRuns.columns(jlog));
                if (!fl.get(n).isEmpty() && !jlog.isEmpty()) {
                    assertEquals(LogRuns.columns(fl.get(n)), LogRuns.columns(jlog), n + " columns");
                }
            }
        });
    }

    @Test
    void logPrioPrintsThePriorityInHex() throws Exception {
        bothRan((fio, f, j) -> {
            // log_prio prints the priority as 0x%04x
            String line = LogRuns.logs(j).get("o_clat.2.log").get(0);
            assertTrue(line.matches("\\d+, \\d+, [01], 4096, \\d+, 0x[0-9a-f]{4}, \\d+"), line);
        });
    }

    @Test
    void logUnixEpochTimesAreWallClockMilliseconds() throws Exception {
        bothRan((fio, f, j) -> {
            String line = LogRuns.logs(j).get("o_clat.2.log").get(0);
            long t = Long.parseLong(line.substring(0, line.indexOf(',')));
            assertTrue(Math.abs(t - System.currentTimeMillis()) < 3_600_000L, "log_unix_epoch time " + t);
        });
    }

    @Test
    void perIoLogsHaveALinePerCompletedIo() throws Exception {
        // per-I/O lines: every completed I/O of the 2 MiB job
        bothRan((fio, f, j) -> assertEquals(512, LogRuns.logs(j).get("o_lat.2.log").size()));
    }

    @Test
    void compressedLogsInflateInEitherTool() throws Exception {
        bothRan((fio, f, j) -> {
            for (String fz : List.of("z_clat.3.log.fz", "z_iops.3.log.fz")) {
                List<String> fioOfJfio = inflate(List.of(fio.toString(), "--inflate-log=" + j.resolve(fz)));
                List<String> jfioOfFio = jfioInflate(f.resolve(fz));
                assertEquals(512, fioOfJfio.size(), "fio --inflate-log of jfio's " + fz);
                assertEquals(512, jfioOfFio.size(), "jfio --inflate-log of fio's " + fz);
                assertEquals(LogRuns.columns(jfioOfFio), LogRuns.columns(fioOfJfio), fz + " columns");
                assertEquals(List.copyOf(LogRuns.columns(fioOfJfio)), List.of(6), fz + ": offset column");
            }
        });
    }

    private static List<String> names(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.contains(".log")).sorted().toList();
        }
    }

    private static List<String> inflate(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", cmd));
        return out.lines().toList();
    }

    private static List<String> jfioInflate(Path fz) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = io.jfio.runner.cli.Main.run(new String[] {"--inflate-log=" + fz}, new PrintStream(out, true),
                new PrintStream(err, true), System.getenv(), io.jfio.jobfile.MachineInfo.current());
        assertEquals(0, rc, err.toString());
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
